"""Double Choco (seed 002, Nikoli's ダブルチョコ): draw walls that cut a grid of white and
gray cells into blocks, each one white part and one gray part of the same shape. Imports
nothing of the project outside ``puzzle`` (see DESIGN.md's layers).

``KIND`` (``ChocoKind``) is the engine behind ``puzzle.kind.Kind``. What a front end needs:

- **Grid** (``grid``): every cell's colour (``gray``) and number (None, a size, or
  ``UNKNOWN``), the inner edges between side-by-side cells (``Edge``: two row-major cell
  indices, low first) in pzprjs's border order.
- **Parameters** (``notation``): ``8x8`` (normal), ``8x8e`` / ``8x8 easy``, ``8x8h`` /
  ``8x8 hard``, 6 to 10 cells a side, an even number of cells in all.
- **Description** (other tools read it): the puzz.link text, ``<W>/<H>/<colours><numbers>``
  as pzprjs writes ``dbchoco`` URLs (``Choco.link`` opens it on puzz.link); ``load`` takes
  any such text of its size. The solution is its walls (``kind.walls_text``); par is how
  many (the fewest toggles from an empty board).
- **State** (``State``): the walls drawn, whether the last move was a check, and the pen
  (``lines.Pen``: the last wall toggled and the end drawing goes on from); its text is
  ``<W>x<H>;walls=<hex>``, ``;pen=<i>>`` once a wall is toggled, ``;checked`` after a check.
- **Moves**: ``B3-C3`` toggles a wall (counts one); a run ``B3-B7r`` (``lines.Run``: the
  walls on one side of a column or a row of cells) draws the walls it lacks or erases a
  whole line, each wall counting one; ``check`` marks what breaks a rule (counts none; a
  toggle clears the marks); ``Applied.marks.edges`` are the walls toggled. ``extend`` is the
  line from the pen's wall to a clicked cell (a button mode).
- **Status**: solved once no rule is broken; ``details``: ``walls``, ``checked``,
  ``breaches`` (``rules.Breaches`` after a check, else None), ``pen`` (its corner). Ranked
  by time.
- **Hint**: a wall of the solution the board gets wrong (a wrong one first).
- **Rules** (``rules``): blocks, parts, shapes and every breach of the walls drawn.
- **Solver** (``solver``): ``solutions`` (SAT over the edges, cuts from the rules, capped);
  **generator** (``generator``): tilings, numbers until one solution is proven.
"""

from kinds.choco.engine.generator import Made, generate, largest_part, tile
from kinds.choco.engine.grid import UNKNOWN, Edge, Grid, decode, edge, edges, encode
from kinds.choco.engine.kind import (
    GENERATOR,
    KIND,
    PUZZLINK,
    Choco,
    ChocoKind,
    State,
    read_walls,
    walls_text,
)
from kinds.choco.engine.lines import Pen, Run, extend
from kinds.choco.engine.notation import (
    CHECK,
    Move,
    Params,
    format_move,
    format_params,
    parse_moves,
    parse_params,
)
from kinds.choco.engine.rules import (
    MORE_PARTS,
    ONE_COLOUR,
    SHAPES_DIFFER,
    Breaches,
    blocks,
    breaches,
    open_edges,
    parts,
    shape,
    walls_of,
)
from kinds.choco.engine.solver import Search, solutions

__all__ = [
    "CHECK", "GENERATOR", "KIND", "MORE_PARTS", "ONE_COLOUR", "PUZZLINK", "SHAPES_DIFFER",
    "UNKNOWN", "Breaches", "Choco", "ChocoKind", "Edge", "Grid", "Made", "Move", "Params",
    "Pen", "Run", "Search", "State", "blocks", "breaches", "decode", "edge", "edges", "encode",
    "extend", "format_move", "format_params", "generate", "largest_part", "open_edges",
    "parse_moves",
    "parse_params", "parts", "read_walls", "shape", "solutions", "tile", "walls_of",
    "walls_text",
]  # fmt: skip
