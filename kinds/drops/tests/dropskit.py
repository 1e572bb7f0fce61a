"""Ten Drops written again from the issue's rules, for the tests: a tick simulator that
shares nothing with the engine (splashes as objects with a position and a heading), an
exhaustive search over every line of taps, and stored puzzles from descriptions."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from kinds.drops.engine import KIND
from puzzle import Generated

#: (dx, dy) of left, up, right, down: the order a burst sends its splashes in.
HEADINGS = ((-1, 0), (0, -1), (1, 0), (0, 1))


@dataclass
class Splash:
    x: int
    y: int
    heading: int


def play_tap(rows: list[list[int]], x: int, y: int) -> dict:
    """Tap (x, y) of ``rows`` (changed in place); what happened, tick by tick: each tick's
    board, the splashes in flight (cell index, heading) and the cells that burst."""
    width, height = len(rows[0]), len(rows)
    frames, bursts, lost = [], 0, 0

    def burst(bx, by, born):
        nonlocal bursts
        rows[by][bx] = 0
        bursts += 1
        born.extend(Splash(bx, by, heading) for heading in range(4))

    flying: list[Splash] = []
    popped = []
    if rows[y][x] == 4:
        burst(x, y, flying)
        popped.append(y * width + x)
    else:
        rows[y][x] += 1

    def snapshot(popped):
        return (
            tuple(v for row in rows for v in row),
            tuple((s.y * width + s.x, s.heading) for s in flying),
            tuple(popped),
        )

    frames.append(snapshot(popped))
    while flying:
        still, born, popped = [], [], []
        for splash in flying:
            dx, dy = HEADINGS[splash.heading]
            splash.x += dx
            splash.y += dy
            if not (0 <= splash.x < width and 0 <= splash.y < height):
                lost += 1
            elif rows[splash.y][splash.x] == 0:
                still.append(splash)
            elif rows[splash.y][splash.x] < 4:
                rows[splash.y][splash.x] += 1
            else:
                burst(splash.x, splash.y, born)
                popped.append(splash.y * width + splash.x)
        flying = still + born
        frames.append(snapshot(popped))
    return {"bursts": bursts, "lost": lost, "frames": frames}


def as_rows(cells, width):
    return [list(cells[y : y + width]) for y in range(0, len(cells), width)]


def after_tap(cells: tuple[int, ...], width: int, cell: int) -> tuple[tuple[int, ...], int]:
    """The cells after tapping ``cell``, and the bursts."""
    rows = as_rows(cells, width)
    bursts = play_tap(rows, cell % width, cell // width)["bursts"]
    return tuple(v for row in rows for v in row), bursts


def exhaustive(cells: tuple[int, ...], width: int, drops: int, depth: int):
    """The most drops any line of at most ``depth`` taps clears the board with, then its
    fewest taps: (drops, taps), or None if none does. Every line is tried (memoised on the
    board, the drops and the taps left)."""

    @cache
    def best(cells, drops, left):
        found = None
        if not left or not drops:
            return None
        for cell in range(len(cells)):
            after, bursts = after_tap(cells, width, cell)
            now = drops - 1 + bursts // 3
            if not any(after):
                result = (now, -1)
            else:
                rest = best(after, now, left - 1)
                if rest is None:
                    continue
                result = (rest[0], rest[1] - 1)
            if found is None or result > found:
                found = result
        return found

    result = best(tuple(cells), drops, depth)
    return None if result is None else (result[0], -result[1])


def stored(description: str, params: str, solution: str = "", seed: str = "fixture"):
    """A stored puzzle of a description (a fixture), as ``Kind.load`` reads it."""
    width, height = KIND.size(KIND.parse_params(params))
    return Generated(
        "drops", params, seed, width, height, description, solution, 0, 0.0, KIND.generator
    )
