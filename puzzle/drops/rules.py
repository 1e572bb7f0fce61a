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

from dataclasses import dataclass
from functools import cache

from ..grid import beside

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


@cache
def ahead(width: int, height: int) -> tuple[int, ...]:
    """``ahead(w, h)[4 * cell + d]``: where a splash at ``cell`` flying in direction ``d``
    is after one tick, as ``4 * cell' + d``, or -1 off the board."""
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
    step = ahead(width, height)
    cells[cell] = 0
    first = 4 * cell
    flying = [first, first + 1, first + 2, first + 3]
    burst = reached = 1 << cell
    bursts, lost = 1, 0
    kept = [Tick(tuple(cells), tuple((cell, d) for d in range(4)), (cell,))] if ticks else None
    while flying:
        moved: list[int] = []
        born: list[int] = []
        for splash in flying:
            splash = step[splash]
            if splash < 0:
                lost += 1
                continue
            there = splash >> 2
            reached |= 1 << there
            value = cells[there]
            if not value:
                moved.append(splash)
            elif value < FULL:
                cells[there] = value + 1
            else:
                cells[there] = 0
                burst |= 1 << there
                first = 4 * there
                born += (first, first + 1, first + 2, first + 3)
        if kept is not None:
            popped = tuple(s >> 2 for s in born[::4])
            kept.append(Tick(tuple(cells), tuple((s >> 2, s & 3) for s in moved + born), popped))
        bursts += len(born) >> 2
        moved += born
        flying = moved
    return Tapped(bytes(cells), bursts, lost, burst, reached, tuple(kept or ()))
