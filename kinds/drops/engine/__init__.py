"""Ten Drops (seed 003, 十滴水, Cartoon Network's "Splash Back"): tap cells to add drops; a
cell holding 4 that gets one more bursts and sends four splashes flying, and chains refund
drops. Imports nothing of the project outside ``puzzle`` (see DESIGN.md's layers).

``KIND`` (``DropsKind``) is the engine behind ``puzzle.kind.Kind``. What a front end needs:

- **Rules** (``rules``, the one simulation the engine, the solver and the pictures share):
  a tap costs a drop and adds one to its cell (an empty one too); chains resolve tick by
  tick; a tap refunds ⌊bursts / 3⌋ drops. Start: 10 drops.
- **Parameters** (``notation``): ``6x6`` (normal), ``6x6e`` / ``6x6 easy``, ``6x6h`` /
  ``6x6 hard``, 4 to 8 cells a side. A daily choice is the compact form, the same kind of
  board every day.
- **Description** (kept exactly, other tools read it): ``<W>x<H>;drops=<n>;<row 1>/<row
  2>/…``, one digit 0–4 a cell. The solution is an optimal line of taps, cell names
  separated by spaces (``C4 C4 D2``); par is the drops it leaves (``kind.best_drops``).
- **Puzzle** (``Drops``): ``width``, ``height``, ``cells`` (row-major), ``drops`` (to start
  with), ``level``, ``solution`` (cells), ``par``, ``name(cell)``.
- **State** (``State``): ``width``, ``cells``, ``drops`` (left); in memory only, ``bursts``
  (of the tap that made it). Its text is ``drops=<n>;<row 1>/…``; the taps made are the
  game's counted moves.
- **Moves**: taps, one cell name each, several per command (``C4 D2``), played in order;
  none after the game ends, and none on a finished game (``MoveError``). Each counts one;
  ``Applied.marks`` holds the cells tapped, ``focus`` the last. ``Applied.trace`` holds a
  ``Chain`` for each tap that burst cells, in order: its ``Tick``s from tick 0 (the tap
  itself) to the last tick where anything moved, the drops left and bursts after it, and
  the taps played after it. ``Tick(cells, splashes, bursts)``: every cell's drops at the end
  of the tick, each splash still flying as (cell, direction 0 left / 1 up / 2 right / 3
  down) where it has moved to, and the cells that burst during it.
- **Status**: solved once the board is clear, scoring ``points`` = drops left; lost with no
  drops left and drops on the board. ``details``: ``drops``, ``bursts`` and
  ``refund`` (the last tap's), ``cells``. ``scoring`` ranks by points (more first), then
  fewer taps, then time.
- **Hint**: the next tap of a line with the most drops left from the state (the exact
  search, within a budget; see ``DropsKind.hint``).
- **Grade** (``grade``): the optimal line's taps plus ``WEIGHT`` times the share of random
  tappers that fail to clear; each level is a band of it (``GRADES``).
- **Solver** (``solver``): ``solve`` (exact A* with a proven consistent bound), ``greedy``
  and ``best_first`` (the seed's bot), ``replay``.
"""

from kinds.drops.engine.generator import Made, composition, draw, generate
from kinds.drops.engine.grade import GRADES, failing, grade
from kinds.drops.engine.kind import (
    GENERATOR,
    KIND,
    Chain,
    Drops,
    DropsKind,
    State,
    best_drops,
    describe,
    read,
    rows,
)
from kinds.drops.engine.notation import (
    Params,
    format_move,
    format_params,
    parse_moves,
    parse_params,
)
from kinds.drops.engine.rules import FULL, PER_REFUND, Tapped, Tick, ahead, tap
from kinds.drops.engine.solver import Line, Search, best_first, greedy, greedy_tap, replay, solve

__all__ = [
    "FULL",
    "GENERATOR",
    "GRADES",
    "KIND",
    "PER_REFUND",
    "Chain",
    "Drops",
    "DropsKind",
    "Line",
    "Made",
    "Params",
    "Search",
    "State",
    "Tapped",
    "Tick",
    "ahead",
    "best_drops",
    "best_first",
    "composition",
    "describe",
    "draw",
    "failing",
    "format_move",
    "format_params",
    "generate",
    "grade",
    "greedy",
    "greedy_tap",
    "parse_moves",
    "parse_params",
    "read",
    "replay",
    "rows",
    "solve",
    "tap",
]  # fmt: skip
