"""Pure puzzle engines, one package per kind, behind one interface (``puzzle.kind.Kind``).

``KINDS`` maps a kind's name to its engine. Imports nothing else of the project (see
DESIGN.md's layers).
"""

from typing import Any

from .codes import Code, normalize_seed, parse_code, quote
from .kind import Generated, Kind, MoveError, PuzzleText, Status
from .pipes import KIND as PIPES

#: Every kind, by name: the front ends look kinds up here and nowhere else.
KINDS: dict[str, Kind[Any, Any, Any, Any]] = {PIPES.name: PIPES}


def kind_of(name: str) -> Kind[Any, Any, Any, Any]:
    """The kind of that name; ValueError with a readable message if there is none."""
    try:
        return KINDS[name]
    except KeyError:
        raise ValueError(f"There is no puzzle kind called {name[:20]!r}.") from None


__all__ = [
    "KINDS", "Code", "Generated", "Kind", "MoveError", "PuzzleText", "Status", "kind_of",
    "normalize_seed", "parse_code", "quote",
]  # fmt: skip
