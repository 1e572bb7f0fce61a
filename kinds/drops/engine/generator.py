"""Ten Drops generation (generator ``drops/2``): boards drawn like the WeChat game's, kept
once their optimum is proven and they need their level.

**Drawing.** The WeChat game (mfl512/tenDrops) fills 6×6 from a pool of 40 drops: 8 empty
cells, 6 ones, 10 twos, 10 threes and 6 fours, shuffled, the first 36 taken. Other sizes
scale the pool to ``40 / 36`` of their cells (largest remainders, ties to the smaller
value). The shuffle is Knuth's, drawn from ``puzzle.prng.Stream`` seeded with the puzzle
code, never the global random state.

**Keeping.** A board is kept when the exact search (``solver.solve``) proves its optimum
within ``candidate_limit`` taps tried and it needs its level, measured against a greedy
player (``solver.greedy``: the most bursts each tap) and the seed's best-first bot
(``solver.best_first``):

- easy: greedy clears it, at most 2 drops short of par;
- normal: greedy fails, or ends at least 3 drops short of par (a board worth a day);
- hard: a normal board the best-first bot misses par on too (most of them: the bot is no
  better than greedy on the boards the search proves quickly).

**Screening** (``wanted``, new in ``drops/2``; ``drops/1`` proved every candidate). Before
its proof a candidate is judged by greedy's line ``g`` and the bound on par (``solver.
ceiling``): an easy one needs greedy to clear it and a ceiling at most ``EASY_ROOM`` above
``g``; the search is told the par the level needs (``g`` to ``g + 2`` for easy, at least
``g + 3`` for normal and hard when greedy clears) and stops, unproven, as soon as par surely
lies outside. A skipped board could not have been kept, but for the ceiling rule, which
skips boards easy ones are rare among. Every board kept still has its optimum proven.

Candidates are drawn one after another from the same stream until one fits; after
``MAX_CANDIDATES`` the first proven one is taken, with the hardest level it fits. The start
drops are 10 on every size.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from functools import lru_cache

from kinds.drops.engine.solver import Line, best_first, ceiling, greedy, solve
from puzzle.levels import LEVELS
from puzzle.prng import Stream

#: The WeChat game's pool for 6×6: how many cells hold 0, 1, 2, 3 and 4 drops, of 40.
COMPOSITION = (8, 6, 10, 10, 6)
START_DROPS = 10
#: Taps the exact search may try for one candidate (some 0.03 s): about 1 in 5 random 6×6
#: boards is proven within it, and more of the larger ones.
CANDIDATE_LIMIT = 2_000
#: The same on boards of at most ``SMALL_AREA`` cells: their proofs are longer (10 drops go
#: far on 16 cells), and measured, 6,000 taps a candidate made a 4×4 board for about a
#: third of the taps 2,000 did.
SMALL_LIMIT, SMALL_AREA = 6_000, 16
#: Past this many drops above greedy's line the bound may allow, an easy candidate is skipped
#: unproven: of 400 random 4×4 to 6×6 boards, every easy one was within it, and so were one
#: in six of the others (with none of the expensive proofs).
EASY_ROOM = 5
#: Boards the best-first bot may expand to decide a hard board.
BOT_LIMIT = 3_000
MAX_CANDIDATES = 1_000


@dataclass(frozen=True, slots=True)
class Made:
    """A kept board: its cells, the start drops, an optimal line (its drops left are par),
    the greedy player's drops left (None: it fails) and its level."""

    cells: bytes
    drops: int
    line: Line
    greedy: int | None
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


def fits(width: int, height: int, cells: bytes, drops: int, par: int, level: str) -> bool:
    """Whether a board of proven ``par`` fits a level (see the module)."""
    line = greedy(width, height, cells, drops)
    if level == "easy":
        return line is not None and par - line.drops <= 2
    if line is not None and par - line.drops < 3:
        return False
    bot = best_first(width, height, cells, drops, BOT_LIMIT) if level == "hard" else None
    return level == "normal" or bot is None or bot.drops < par


def wanted(width: int, height: int, cells: bytes, drops: int, level: str) -> tuple[int, int] | None:
    """The par a candidate must have to fit a level, judged before its proof (see the
    module), as the least and most drops left; None: it is skipped unproven."""
    line = greedy(width, height, cells, drops)
    if line is None:
        return None if level == "easy" else (0, sys.maxsize)
    if level != "easy":
        return line.drops + 3, sys.maxsize
    if ceiling(width, height, cells, drops) - line.drops > EASY_ROOM:
        return None
    return line.drops, line.drops + 2


def candidate_limit(area: int) -> int:
    """Taps the exact search may try for one candidate of ``area`` cells."""
    return SMALL_LIMIT if area <= SMALL_AREA else CANDIDATE_LIMIT


@lru_cache(maxsize=64)
def generate(width: int, height: int, level: str, code: str) -> Made:
    """The board of a code (its parameters are the caller's to check); a code's board is
    made once a process (it takes up to seconds)."""
    rng = Stream(f"daily-pipes/drops/1/{code}")
    first: tuple[bytes, Line] | None = None
    for _ in range(MAX_CANDIDATES):
        cells = draw(width * height, rng)
        sought = wanted(width, height, cells, START_DROPS, level)
        if sought is None:
            continue
        limit = candidate_limit(width * height)
        search = solve(width, height, cells, START_DROPS, limit, wanted=sought)
        if not search.proven or search.line is None:
            continue
        if fits(width, height, cells, START_DROPS, search.line.drops, level):
            return _made(width, height, cells, search.line, level)
        first = first or (cells, search.line)
    if first is None:
        raise RuntimeError(f"no Ten Drops board proven for {code} in {MAX_CANDIDATES} draws")
    cells, line = first
    found = [lv for lv in LEVELS if fits(width, height, cells, START_DROPS, line.drops, lv)]
    return _made(width, height, cells, line, found[-1])  # every board is easy or normal


def _made(width: int, height: int, cells: bytes, line: Line, level: str) -> Made:
    played = greedy(width, height, cells, START_DROPS)
    return Made(cells, START_DROPS, line, None if played is None else played.drops, level)
