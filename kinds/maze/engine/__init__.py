"""Maze (seed 001): walk from the start to the exit of a Prim or Kruskal maze, in the fog from
``normal`` on. Imports nothing of the project outside ``puzzle`` (see DESIGN.md's layers).

``KIND`` (``MazeKind``) is the engine behind ``puzzle.kind.Kind``. What a front end needs:

- **Parameters** (``notation``): ``12x12`` (normal level, Prim), letters or words after the
  size for the level and the generator — ``12x12e``/``12x12 easy`` (no fog), ``12x12h``/
  ``12x12 hard`` (fog and loops), ``12x12k``/``12x12 kruskal``, ``12x12kh`` — 5 to 40 cells a
  side. ``format_params`` writes the compact form; a daily choice is that form, the same
  maze kind every day.
- **Description** (kept exactly, other tools read it):
  ``<W>x<H>;start=<cell>;exit=<cell>;<row 1>/<row 2>/…``, each row ``W`` hex digits, one per
  cell, of its open sides (left=1, up=2, right=4, down=8, as Pipes' tiles); a side open on one
  cell is open on its neighbour, none opens onto the border, every cell is reachable. The
  solution is the shortest path, one direction letter a step (``RRDL…``); par is its steps.
- **Puzzle** (``Maze``): ``width``, ``height``, ``cells`` (the open-side masks), ``start``,
  ``exit``, ``level``, ``algorithm``, ``fog``, ``path`` (a shortest path, cells from start to
  exit: draw it once the board is over and its solution may be shown), ``par``, ``name(cell)``.
- **State** (``State``): ``player`` (a cell), ``visited`` (every cell walked on: the trail),
  ``steps``. Its text is ``<player>:<steps>:<visited as hex>`` (``encode_state``).
- **Moves**: ``U``/``D``/``L``/``R`` run to the next junction, dead end or the exit, following
  corridors round corners (``rules.run``); ``RRDL`` is four runs; ``B3`` or ``go B3`` walks to
  a visited cell by the shortest way through seen cells. A wall or an unvisited cell refuses
  the batch (``MoveError``, one sentence). Each move counts the cells it passes (the steps);
  ``Applied.marks.cells`` are those cells in order, ``marks.focus`` the player's cell, and a
  batch of several moves has the state after each as its ``trace``.
- **Status**: solved on the exit (no loss). ``details``: ``player``, ``visited``, ``seen``
  (cells out of the fog: all on ``easy``), ``steps``, ``path`` (the shortest path once solved,
  else empty). No points: ``scoring`` ranks by steps, then time.
- **Hint**: a run in the first direction of a shortest path from the player to the exit.
"""

from kinds.maze.engine.generator import generate, kruskal, prim
from kinds.maze.engine.kind import GENERATOR, KIND, MazeKind, describe, read
from kinds.maze.engine.notation import (
    Go,
    Move,
    Params,
    Run,
    format_move,
    format_params,
    parse_moves,
    parse_params,
)
from kinds.maze.engine.rules import Maze, State, distances, make_maze, run, seen, sight, walk

__all__ = [
    "GENERATOR",
    "KIND",
    "Go",
    "Maze",
    "MazeKind",
    "Move",
    "Params",
    "Run",
    "State",
    "describe",
    "distances",
    "format_move",
    "format_params",
    "generate",
    "kruskal",
    "make_maze",
    "parse_moves",
    "parse_params",
    "prim",
    "read",
    "run",
    "seen",
    "sight",
    "walk",
]  # fmt: skip
