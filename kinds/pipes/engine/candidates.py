"""Candidate sets: the orientations a tile may still take, as a 16-bit set (bit ``m`` set when
mask ``m`` is possible), with tables computed once for every set that can occur.

Candidates only ever shrink from one rotation orbit, so only subsets of orbits are filled in.
Edges have ids: the right edge of cell ``i`` is ``2i``, its lower edge ``2i + 1`` (on a
wrapping board the last column's right edge joins the first column, and so on).
"""

from __future__ import annotations

from functools import cache

from kinds.pipes.engine.grid import grid
from kinds.pipes.engine.tiles import orientations

#: ``SIDES[m]``: the direction indices a mask opens.
SIDES = tuple(tuple(d for d in range(4) if m >> d & 1) for m in range(16))
#: The candidate sets that keep side ``d`` open / closed.
KEEP_OPEN = tuple(sum(1 << m for m in range(16) if m >> d & 1) for d in range(4))
KEEP_CLOSED = tuple(0xFFFF ^ keep for keep in KEEP_OPEN)

#: ``MASKS[s]``: the masks in set ``s``; ``ALL_OPEN[s]`` / ``ANY_OPEN[s]``: the sides open in
#: every / some mask of ``s``; ``ONLY[s]``: the mask of a one-mask set, else -1;
#: ``SETTLED[s]``: (side, open) for every side that all masks of ``s`` open or all close.
MASKS: list[tuple[int, ...]] = [()] * 65536
ALL_OPEN = [0] * 65536
ANY_OPEN = [0] * 65536
ONLY = [-1] * 65536
SETTLED: list[tuple[tuple[int, bool], ...]] = [()] * 65536
for _mask in range(16):
    _orbit = orientations(_mask)
    for _pick in range(1, 1 << len(_orbit)):
        _masks = tuple(sorted(_orbit[k] for k in range(len(_orbit)) if _pick >> k & 1))
        _set = sum(1 << m for m in _masks)
        _all, _any = 15, 0
        for _m in _masks:
            _all &= _m
            _any |= _m
        MASKS[_set], ALL_OPEN[_set], ANY_OPEN[_set] = _masks, _all, _any
        ONLY[_set] = _masks[0] if len(_masks) == 1 else -1
        SETTLED[_set] = tuple(
            (d, bool(_all >> d & 1)) for d in range(4) if (_all >> d & 1) or not _any >> d & 1
        )


def _initial(tile: int, border: int) -> int:
    keep = sum(1 << m for m in orientations(tile))
    for d in range(4):
        if border >> d & 1:
            keep &= KEEP_CLOSED[d]
    return keep


#: ``INITIAL[tile][border]``: the candidate set of a tile, its orientations that open no side
#: facing the border (``border``: the sides that do).
INITIAL = tuple(tuple(_initial(tile, border) for border in range(16)) for tile in range(16))


@cache
def edge_ids(width: int, height: int, wrap: bool = False) -> tuple[tuple[int, int, int, int], ...]:
    """``ids[i][d]``: id of the edge on side ``d`` of cell ``i``, or -1 at the border."""
    nb = grid(width, height, wrap).neighbours
    return tuple(
        (
            2 * row[0] if row[0] >= 0 else -1,
            2 * row[1] + 1 if row[1] >= 0 else -1,
            2 * i if row[2] >= 0 else -1,
            2 * i + 1 if row[3] >= 0 else -1,
        )
        for i, row in enumerate(nb)
    )
