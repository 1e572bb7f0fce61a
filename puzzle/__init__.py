"""The shared core of every puzzle kind: the interface a kind implements
(``puzzle.kind.Kind``), grid names, levels, codes and the random source; and ``KINDS``,
every kind's engine by name (``puzzle.registry``, imported on first use, so that a kind's
engine can import the core without importing every kind).

Imports nothing else of the project (see DESIGN.md's layers).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .codes import Code, normalize_seed, parse_code, quote
from .kind import (
    Applied,
    CanLose,
    Generated,
    Graded,
    Kind,
    Marks,
    MoveError,
    PuzzleText,
    Scoring,
    Status,
)

if TYPE_CHECKING:
    from .registry import KINDS


def __getattr__(name: str) -> Any:
    """``puzzle.KINDS``, read from the registry the first time it is asked for."""
    if name == "KINDS":
        from .registry import KINDS

        return KINDS
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "KINDS", "Applied", "CanLose", "Code", "Generated", "Graded", "Kind", "Marks", "MoveError",
    "PuzzleText", "Scoring", "Status",
    "normalize_seed", "parse_code", "quote",
]  # fmt: skip
