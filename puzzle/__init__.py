"""Pure puzzle engines, one package per kind, behind one interface (``puzzle.kind.Kind``).

``KINDS`` maps a kind's name to its engine. Imports nothing else of the project (see
DESIGN.md's layers).
"""

from typing import Any

from .choco import KIND as CHOCO
from .codes import Code, normalize_seed, parse_code, quote
from .drops import KIND as DROPS
from .kind import Applied, Generated, Kind, Marks, MoveError, PuzzleText, Scoring, Status
from .maze import KIND as MAZE
from .mines import KIND as MINES
from .pipes import KIND as PIPES

#: Every kind, by name: the front ends look kinds up here and nowhere else.
KINDS: dict[str, Kind[Any, Any, Any, Any]] = {
    PIPES.name: PIPES,
    MINES.name: MINES,
    MAZE.name: MAZE,
    DROPS.name: DROPS,
    CHOCO.name: CHOCO,
}


__all__ = [
    "KINDS", "Applied", "Code", "Generated", "Kind", "Marks", "MoveError", "PuzzleText",
    "Scoring", "Status",
    "normalize_seed", "parse_code", "quote",
]  # fmt: skip
