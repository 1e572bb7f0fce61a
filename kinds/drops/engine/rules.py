"""Ten Drops' rules: cells holding 0–4 drops, and what one tap sets off, tick by tick.

A tap costs one drop and adds one to the tapped cell (an empty one too). A cell at 4 that gets
one more *bursts*: it becomes 0 and sends four splashes from it, in the order left, up, right,
down (direction ``d`` of ``puzzle.grid.OFFSETS``). The tap's own burst happens at tick 0.
In each later tick every flying splash moves one cell, in a fixed order: those already flying
in the order they were made, then those made during the previous tick. A splash leaving the
board is gone (*lost*); over an empty cell it flies on; on a cell with 1–3 it adds one and
stops; on a cell with 4 it stops and the cell bursts at once (its splashes first move next
tick), so a later splash reaching that cell in the same tick finds it empty and flies on.
A tap refunds ⌊bursts / 3⌋ drops.

Drops are conserved: after a tap, the drops on the board are those before, plus the tapped
one, less one a burst (a cell bursts holding 5: its 4 and the drop that hit it, and sends 4
on), less the splashes lost.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from puzzle.grid import beside

#: The most drops a cell holds; one more bursts it.
FULL = 4
#: Bursts per drop refunded.
PER_REFUND = 3


@dataclass(frozen=True, slots=True)
class Tick:
    """One tick of a tap's chain, as it ends: every cell's drops (row-major), the splashes
    still flying (cell, direction 0 left / 1 up / 2 right / 3 down) where they have moved to,
    and the cells that burst during the tick."""

    cells: tuple[int, ...]
    splashes: tuple[tuple[int, int], ...]
    bursts: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Tapped:
    """What a tap did: the board after it (one byte a cell), how many cells burst and how
    many splashes left the board, the cells that burst and those a splash reached or that
    burst (bit ``1 << cell``), and the ticks when asked for."""

    cells: bytes
    bursts: int
    lost: int
    burst: int
    reached: int
    ticks: tuple[Tick, ...] = ()

    @property
    def refund(self) -> int:
        return self.bursts // PER_REFUND


#: ``SPRAYS[cell]``: the four splashes a burst at ``cell`` sends, as ``4 * cell + d`` in the
#: order ``d`` = left, up, right, down; ``ahead`` makes it long enough for its board.
SPRAYS: list[tuple[int, int, int, int]] = []


@cache
def ahead(width: int, height: int) -> tuple[int, ...]:
    """``ahead(w, h)[4 * cell + d]``: where a splash at ``cell`` flying in direction ``d``
    is after one tick, as ``4 * cell' + d``, or -1 off the board."""
    SPRAYS.extend(
        (4 * c, 4 * c + 1, 4 * c + 2, 4 * c + 3) for c in range(len(SPRAYS), width * height)
    )
    return tuple(
        -1 if there < 0 else 4 * there + d
        for row in beside(width, height)
        for d, there in enumerate(row)
    )


def tap(width: int, height: int, board: bytes, cell: int, ticks: bool = False) -> Tapped:
    """Tap ``cell`` of a ``width × height`` board (drops per cell, row-major) and run the
    chain to its end; with ``ticks``, keep every tick (``Tick``) from tick 0."""
    cells = bytearray(board)
    value = cells[cell]
    if value < FULL:
        cells[cell] = value + 1
        frames = (Tick(tuple(cells), (), ()),) if ticks else ()
        return Tapped(bytes(cells), 0, 0, 0, 1 << cell, frames)
    kept: list[Tick] = []
    seen = None
    if ticks:

        def seen(cells: bytearray, flying: list[int], born: list[int], *_: int) -> None:
            splashes = tuple((s >> 2, s & 3) for s in flying)
            kept.append(Tick(tuple(cells), splashes, tuple(s >> 2 for s in born[::4])))

    bursts, lost, burst, reached = burst_at(ahead(width, height), cells, cell, seen)
    return Tapped(bytes(cells), bursts, lost, burst, reached, tuple(kept))


#: What ``flow`` shows each tick as it ends: the cells, the splashes flying (``4 * cell +
#: direction``, in their order), those born during the tick, then the bursts, splashes lost,
#: cells burst and cells reached so far (bit masks).
Watch = Callable[[bytearray, list[int], list[int], int, int, int, int], None]


def burst_at(
    step: tuple[int, ...], cells: bytearray, cell: int, seen: Watch | None = None
) -> tuple[int, int, int, int]:
    """Burst ``cell`` of ``cells`` (changed in place) at tick 0 and run the chain to its end
    (``step``: ``ahead``); the bursts, splashes lost, cells burst and cells reached."""
    cells[cell] = 0
    flying = list(SPRAYS[cell])
    if seen is not None:
        seen(cells, flying, flying, 1, 0, 1 << cell, 1 << cell)
    return flow(step, cells, flying, 1, 0, 1 << cell, 1 << cell, seen)


def flow(
    step: tuple[int, ...],
    cells: bytearray,
    flying: list[int],
    bursts: int,
    lost: int,
    burst: int,
    reached: int,
    seen: Watch | None = None,
) -> tuple[int, int, int, int]:
    """Run a chain from the end of a tick to its end: ``flying`` the splashes in flight,
    over ``cells`` (changed in place), with the counts and masks so far (as ``burst_at``
    returns them; ``step`` from ``ahead``, which sizes ``SPRAYS``); ``seen`` is shown every
    tick. The one simulation of the rules: ``tap`` and the solver run it."""
    quads = SPRAYS
    while flying:
        moved: list[int] = []
        born: list[int] = []
        for splash in flying:
            splash = step[splash]
            if splash < 0:
                lost += 1
                continue
            there = splash >> 2
            value = cells[there]
            reached |= 1 << there
            if not value:
                moved.append(splash)
            elif value < FULL:
                cells[there] = value + 1
            else:
                cells[there] = 0
                burst |= 1 << there
                born += quads[there]
        if born:
            bursts += len(born) >> 2
            moved += born
        flying = moved
        if seen is not None:
            seen(cells, flying, born, bursts, lost, burst, reached)
    return bursts, lost, burst, reached
