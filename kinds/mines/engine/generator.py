"""No-guess generation (generator ``mines/5``): every board clears by deduction alone from its
first opening, needs the rules of its level, and its first opening leaves enough to play.

All draws come from ``puzzle.prng.Stream`` seeded with the code, so a code gives the same
board on every platform and Python version. The first opening is drawn among the cells off
the border (so it opens at least its 3×3 block); the mines are the first cells of a Knuth
(Fisher–Yates) shuffle of the cells outside that block, so the first opening is a zero.

Then, as in Simon Tatham's ``mines.c``: the solver runs from the first opening; where it gets
stuck, the layout is *perturbed* — a set it could not decide (the unknown neighbours of a
number, with their mine count) is emptied or filled, the mines swapped with unknown cells
outside it, those next to what is known first, then those deep in the unknown — and the
solver goes on from where it was, its sets recounted. A run that needed perturbations proves
nothing (what it had deduced may rest on numbers that changed), so the solver runs again from
the first opening on the new layout, until a run needs none: that run is the proof that the
board clears. A layout whose runs stop needing fewer perturbations, or that cannot be
perturbed, is dropped for a fresh shuffle.

The first opening (``mines/3``): a layout whose first opening opens more than the level's
share of the safe cells (``MOST_OPENED``: three quarters on easy, two thirds on normal and
hard) is dropped for a fresh shuffle, before the solver runs and whenever a perturbation
grows it (taking mines away from around it can turn its border numbers into zeros; nothing
can shrink it, as no mine ever moves next to an open zero). Boards too sparse for the share
(a handful of mines on a big board) get it lifted after ``OPENING_LAYOUTS`` shuffles; a
board its first opening clears is drawn again up to ``MAX_LAYOUTS``.

Levels (``mines/5``): the solver is held to the level's rules (easy: one set; normal: two
sets; hard: the mine count too), so it perturbs where those are stuck; a board whose grade
(``grade.grade``) lies outside the level's band (``grade.GRADES``: too easy, say a hard board
that needs the count but no two numbers together) is dropped for a fresh shuffle. After
``LEVEL_LAYOUTS`` shuffles the board nearest the band is taken (sparse boards only: big
openings, few numbers): a board's level is its grade's (``Layout.level``), not always the one
asked for. The level gives way before the first opening's share does.

The random stream keeps the name it had under ``mines/2``: a code whose draws never met an
opening above its share gives the board ``mines/2`` gave.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache

from kinds.mines.engine.grade import distance, grade
from kinds.mines.engine.grade import level as level_of_grade
from kinds.mines.engine.grid import block, count_numbers, flood
from kinds.mines.engine.solver import UNKNOWN, Solver
from puzzle.levels import LEVELS
from puzzle.prng import Stream

#: Give up on a layout after this many perturbations in one run.
MAX_PERTURBATIONS = 400
#: Fresh layouts tried at most before generation gives up (never reached in the tests).
MAX_LAYOUTS = 1000
#: Fresh layouts tried for a board whose grade lies in its level's band before the one
#: nearest the band is taken.
LEVEL_LAYOUTS = 450
#: The largest share of its safe cells (numerator, denominator) a board's first opening may
#: open, per level, and the fresh layouts tried before it is lifted (only boards too sparse
#: for it get that far). The kind's README gives the figures behind them.
MOST_OPENED = {"easy": (3, 4), "normal": (2, 3), "hard": (2, 3)}
OPENING_LAYOUTS = 500


@dataclass(frozen=True, slots=True)
class Layout:
    """A no-guess board, and what making it took."""

    width: int
    height: int
    mines: frozenset[int]
    start: int
    #: The level whose band holds its grade (see the module's docstring).
    level: str
    #: Its grade (``grade.grade``).
    difficulty: float
    #: Perturbations over every run, and shuffled layouts tried (1 = the first one did).
    perturbations: int
    layouts: int


def draw_start(width: int, height: int, rng: Stream) -> int:
    """The first opening: a cell off the border."""
    return 1 + rng.below(width - 2) + (1 + rng.below(height - 2)) * width


def shuffled_mines(width: int, height: int, count: int, start: int, rng: Stream) -> list[int]:
    """``count`` mines: the first cells of a Knuth shuffle of the cells outside the start's
    3×3 block (the shuffle stops once they are drawn)."""
    cells = list(_outside(width, height, start))
    for k in range(count):
        j = k + rng.below(len(cells) - k)
        cells[k], cells[j] = cells[j], cells[k]
    return cells[:count]


@cache
def _outside(width: int, height: int, start: int) -> tuple[int, ...]:
    kept = set(block(width, height, start))
    return tuple(c for c in range(width * height) if c not in kept)


def generate(width: int, height: int, count: int, code: str, level: str = "normal") -> Layout:
    """The no-guess board of a code at a level (its parameters are the caller's to check)."""
    rules = LEVELS.index(level) + 1
    rng = Stream(f"daily-pipes/mines/2/{code}")  # the name of mines/2: see the docstring
    start = draw_start(width, height, rng)
    cells = _outside(width, height, start)  # where mines can be
    safe = width * height - count
    perturbations = 0
    nearest: Layout | None = None
    for attempt in range(1, MAX_LAYOUTS + 1):
        most = _most_opened(safe, level, attempt)
        layout = bytearray(width * height)
        for mine in shuffled_mines(width, height, count, start, rng):
            layout[mine] = 1
        fewest: int | None = None
        while True:
            numbers = list(count_numbers(width, height, [c for c in cells if layout[c]]))
            opening = flood(width, height, numbers, start)
            if len(opening) > most:
                break  # a perturbation never closes what the first opening opens
            solver = Solver(width, height, count, layout, opening, rules, numbers=numbers)
            used = _run(solver, rng)
            perturbations += max(used, 0)
            if used == 0:
                value = grade(solver.steps, len(opening), safe)
                mines = frozenset(c for c in cells if layout[c])
                made = Layout(
                    width, height, mines, start, level_of_grade(value), value, perturbations,
                    attempt,
                )  # fmt: skip
                if not distance(value, level):
                    return made
                if nearest is None or distance(value, level) < distance(nearest.difficulty, level):
                    nearest = made
                break  # a board outside the level's band: another shuffle
            if used < 0 or (fewest is not None and used >= fewest):
                break
            fewest = used
        if nearest is not None and attempt >= LEVEL_LAYOUTS:
            return replace(nearest, perturbations=perturbations, layouts=attempt)
    raise RuntimeError(f"no no-guess {width}×{height} board with {count} mines was found")


def _most_opened(safe: int, level: str, attempt: int) -> int:
    """The most of the ``safe`` cells the first opening of the ``attempt``-th layout may open:
    the level's share while ``OPENING_LAYOUTS`` are left, then all but one (a board its first
    opening clears is no puzzle) while any are, then all."""
    if attempt < OPENING_LAYOUTS:
        share, whole = MOST_OPENED[level]
        return safe * share // whole
    return safe - (attempt < MAX_LAYOUTS)


def _run(solver: Solver, rng: Stream) -> int:
    """Solve, perturbing where stuck: the perturbations used, or -1 if the layout could not
    be perturbed any further."""
    used = 0
    while not solver.run():
        if used == MAX_PERTURBATIONS:
            return -1
        changes = perturb(solver, rng)
        if not changes:
            return -1
        solver.shift(changes)
        used += 1
    return used


def perturb(solver: Solver, rng: Stream) -> list[tuple[int, int]]:
    """Empty or fill one undecided set at random by swapping mines with unknown cells outside
    it (Tatham's ``mineperturb``): [(cell, +1 gains a mine / -1 loses it)], empty if there is
    no set or nothing to swap with. The caller applies it (``Solver.shift``)."""
    sets = solver.undecided()
    if not sets:
        return []
    target = sets[rng.below(len(sets))]
    layout, grid, nb = solver.layout, solver.grid, solver.nb
    full = [c for c in target if layout[c]]
    empty = [c for c in target if not layout[c]]
    inside = set(target)
    near: list[int] = []
    far: list[int] = []
    for cell, value in enumerate(grid):
        if value == UNKNOWN and cell not in inside:
            known_next = any(grid[j] != UNKNOWN for j in nb[cell])
            (near if known_next else far).append(cell)
    outside_full: list[int] = []
    outside_empty: list[int] = []
    for group in (near, far):
        for k in range(len(group)):  # a Knuth shuffle, drawn only as far as it is read
            j = k + rng.below(len(group) - k)
            group[k], group[j] = group[j], group[k]
            cell = group[k]
            if layout[cell]:
                outside_full.append(cell)
                if len(outside_full) == len(empty):  # fill the set
                    return [(c, -1) for c in outside_full] + [(c, +1) for c in empty]
            else:
                outside_empty.append(cell)
                if len(outside_empty) == len(full):  # empty the set
                    return [(c, +1) for c in outside_empty] + [(c, -1) for c in full]
    # Too dense to empty, too sparse to fill: move in every mine found, at random spots.
    for k in range(len(outside_full)):
        j = k + rng.below(len(empty) - k)
        empty[k], empty[j] = empty[j], empty[k]
    return [(c, -1) for c in outside_full] + [(c, +1) for c in empty[: len(outside_full)]]
