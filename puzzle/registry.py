"""The one list of puzzle kinds: each kind's engine, by name, in the order the front ends
show them. A kind is its folder in ``kinds/`` and its line here (and its face's line in
``bot.kinds``)."""

from __future__ import annotations

from typing import Any

from kinds.choco.engine import KIND as CHOCO
from kinds.drops.engine import KIND as DROPS
from kinds.maze.engine import KIND as MAZE
from kinds.mines.engine import KIND as MINES
from kinds.pipes.engine import KIND as PIPES

from .kind import Kind

#: Every kind, by name: the front ends look kinds up here and nowhere else.
KINDS: dict[str, Kind[Any, Any, Any, Any]] = {
    kind.name: kind for kind in (PIPES, MINES, MAZE, DROPS, CHOCO)
}
