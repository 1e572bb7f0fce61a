"""Ten Drops generation (generator ``drops/3``): boards drawn like the WeChat game's, kept
once their optimum is proven and their grade (``grade``) lies in their level's band.

**Drawing.** The WeChat game (mfl512/tenDrops) fills 6×6 from a pool of 40 drops: 8 empty
cells, 6 ones, 10 twos, 10 threes and 6 fours, shuffled, the first 36 taken. Other sizes
scale the pool to ``40 / 36`` of their cells (largest remainders, ties to the smaller
value). The shuffle is Knuth's, drawn from ``puzzle.prng.Stream`` seeded with the puzzle
code, never the global random state.

**Keeping.** Candidates are drawn one after another from the same stream. Each is first
played by the grade's random tappers (``grade.failing``, cheap), which gives the taps its
optimal line would need for the grade to lie in the band. It is skipped unproven when no
such line can be (fewer taps than the bound, ``solver.taps_at_least``, allows), or when it
is one the search seldom proves within its budget (more than ``MOST_FAILING`` of the random
tappers fail, or the line must be over ``MOST_EXTRA_TAPS`` taps longer than the bound).
The others are proven by the exact search (``solver.solve``) within their level's budget
(``BUDGETS``: harder boards take longer proofs; ``drops/2`` kept only boards proven within
2,000 taps, the easiest fifth), and a board is kept once proven with its grade in the
band: every board kept has its optimum proven. After ``MAX_CANDIDATES`` the proven board
whose grade lies nearest the band is taken, with the level its grade says (``Made.level``;
measured, it practically never happens on the preset sizes, see the README).
The start drops are 10 on every size.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from kinds.drops.engine.grade import GRADES, WEIGHT, distance, failing, grade, level
from kinds.drops.engine.solver import Line, solve, taps_at_least
from puzzle.prng import Stream

#: The WeChat game's pool for 6×6: how many cells hold 0, 1, 2, 3 and 4 drops, of 40.
COMPOSITION = (8, 6, 10, 10, 6)
START_DROPS = 10
#: Taps the exact search may try for one candidate of each level (some 10 µs a tap on
#: 6×6). Measured on 6×6: easy boards are proven within 2,000; of the normal and hard
#: candidates the screening lets through, some two in three are not proven within these
#: (and hardly more within 20,000 or 30,000 taps, at twice the time a board).
BUDGETS = {"easy": 2_000, "normal": 10_000, "hard": 15_000}
#: Candidates more random tappers fail are skipped unproven: measured on 6×6, 28 of 32 such
#: boards were not proven within 50,000 taps (and 6 of 7 within 400,000), some 1.5 s each.
MOST_FAILING = 0.9
#: Nor is one whose line must be more than this many taps longer than the bound allows
#: (``solver.taps_at_least``): of 140 random 4×4 and 6×6 boards proven within 30,000 taps,
#: none was (6×6: the bound 1, lines of 2–6 taps; 4×4: 3–8, lines of 5–9).
MOST_EXTRA_TAPS = 5
MAX_CANDIDATES = 1_000


@dataclass(frozen=True, slots=True)
class Made:
    """A kept board: its cells, the start drops, an optimal line (its drops left are par),
    its grade and the level the grade says."""

    cells: bytes
    drops: int
    line: Line
    grade: float
    level: str


def composition(area: int) -> list[int]:
    """The drops of every cell in the pool for a board of ``area`` cells, sorted."""
    size = round(40 * area / 36)
    shares = [count * size / 40 for count in COMPOSITION]
    counts = [int(share) for share in shares]
    order = sorted(range(5), key=lambda v: (counts[v] - shares[v], v))
    for value in order[: size - sum(counts)]:
        counts[value] += 1
    return [value for value, count in enumerate(counts) for _ in range(count)]


def draw(area: int, rng: Stream) -> bytes:
    """A board: the first ``area`` drops of a Knuth shuffle of the pool."""
    pool = composition(area)
    for k in range(area):
        j = k + rng.below(len(pool) - k)
        pool[k], pool[j] = pool[j], pool[k]
    return bytes(pool[:area])


def taps_wanted(failed: float, name: str) -> tuple[int, int]:
    """The taps of an optimal line that put a board ``failed`` (a share) of random tappers
    do not clear in a level's band: the least and the most (none when the least is more)."""
    low, high = GRADES[name]
    return max(0, math.ceil(round(low - WEIGHT * failed, 6))), math.ceil(
        round(high - WEIGHT * failed, 6)
    ) - 1


@lru_cache(maxsize=64)
def generate(width: int, height: int, name: str, code: str) -> Made:
    """The board of a code at a level (its parameters are the caller's to check); a code's
    board is made once a process (it takes up to seconds)."""
    rng = Stream(f"daily-pipes/drops/3/{code}")
    nearest: Made | None = None
    for _ in range(MAX_CANDIDATES):
        cells = draw(width * height, rng)
        failed = failing(width, height, cells, START_DROPS)
        least, most = taps_wanted(failed, name)
        fewest = taps_at_least(width, height, cells)
        most = min(most, fewest + MOST_EXTRA_TAPS)
        hopeless = failed > MOST_FAILING or most < max(least, fewest)
        if hopeless and nearest is not None:
            continue
        search = solve(width, height, cells, START_DROPS, BUDGETS[name])
        if not search.proven or search.line is None:
            continue
        value = grade(len(search.line.taps), failed)
        made = Made(cells, START_DROPS, search.line, value, level(value))
        if distance(value, name) == 0:
            return made
        if nearest is None or distance(value, name) < distance(nearest.grade, name):
            nearest = made
    if nearest is None:
        raise RuntimeError(f"no Ten Drops board proven for {code} in {MAX_CANDIDATES} draws")
    return nearest
