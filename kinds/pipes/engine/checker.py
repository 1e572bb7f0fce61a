"""Board checker: which tiles are flooded from the source, which sit in loops, is it solved.

Two tiles are *connected* when both point at each other. A tile is *in a loop* when it belongs
to a biconnected component of 3 or more tiles (Tarjan's low-link, as in the seed design) which,
in a simple graph, is the same as touching an edge that is not a bridge. Loops are searched in
every component, not only the flooded one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from kinds.pipes.engine.grid import grid


@dataclass(frozen=True, slots=True)
class Check:
    """What the checker found on a board."""

    flooded: frozenset[int]
    loops: frozenset[int]
    solved: bool


def connections(
    width: int, height: int, tiles: Sequence[int], wrap: bool = False
) -> list[list[int]]:
    """Adjacency lists of the graph of connected tiles."""
    g = grid(width, height, wrap)
    if len(tiles) != g.size:
        raise ValueError(f"expected {g.size} tiles for a {width}×{height} board, got {len(tiles)}")
    adj: list[list[int]] = [[] for _ in range(g.size)]
    for i, j in g.right:
        if tiles[i] & 4 and tiles[j] & 1:
            adj[i].append(j)
            adj[j].append(i)
    for i, j in g.down:
        if tiles[i] & 8 and tiles[j] & 2:
            adj[i].append(j)
            adj[j].append(i)
    return adj


def _flood(adj: list[list[int]], start: int) -> set[int]:
    seen = {start}
    stack = [start]
    while stack:
        for j in adj[stack.pop()]:
            if j not in seen:
                seen.add(j)
                stack.append(j)
    return seen


def flow_layers(
    width: int, height: int, tiles: Sequence[int], source: tuple[int, int], wrap: bool = False
) -> list[list[int]]:
    """Cells grouped by their distance in pipes from the source (unreached cells left out);
    read in order, the layers are the breadth-first order of the water."""
    adj = connections(width, height, tiles, wrap)
    start = source[1] * width + source[0]
    seen = {start}
    layer = [start]
    layers = []
    while layer:
        layers.append(layer)
        following = []
        for i in layer:
            for j in adj[i]:
                if j not in seen:
                    seen.add(j)
                    following.append(j)
        layer = following
    return layers


def _two_core(adj: list[list[int]]) -> bytearray:
    """Mark the 2-core: peel tiles of degree <= 1 until none is left. Cycles live in the core."""
    n = len(adj)
    degree = [len(a) for a in adj]
    removed = bytearray(n)
    stack = [i for i in range(n) if degree[i] <= 1]
    while stack:
        i = stack.pop()
        removed[i] = 1
        for j in adj[i]:
            if not removed[j]:
                degree[j] -= 1
                if degree[j] == 1:
                    stack.append(j)
    return removed


def _loop_tiles(adj: list[list[int]], removed: bytearray) -> set[int]:
    """Tiles touching a non-bridge edge, by an iterative Tarjan low-link DFS over the core."""
    n = len(adj)
    disc = [0] * n
    low = [0] * n
    loops: set[int] = set()
    timer = 1
    for root in range(n):
        if removed[root] or disc[root]:
            continue
        disc[root] = low[root] = timer
        timer += 1
        stack = [(root, -1, iter(adj[root]))]
        while stack:
            v, parent, neighbours = stack[-1]
            for w in neighbours:
                if removed[w] or w == parent:
                    continue
                if not disc[w]:
                    disc[w] = low[w] = timer
                    timer += 1
                    stack.append((w, v, iter(adj[w])))
                    break
                # A back edge always lies on a cycle.
                if disc[w] < low[v]:
                    low[v] = disc[w]
                loops.add(v)
                loops.add(w)
            else:
                stack.pop()
                if parent >= 0:
                    if low[v] < low[parent]:
                        low[parent] = low[v]
                    if low[v] <= disc[parent]:  # the tree edge parent–v is not a bridge
                        loops.add(v)
                        loops.add(parent)
    return loops


def check(
    width: int, height: int, tiles: Sequence[int], source: tuple[int, int], wrap: bool = False
) -> Check:
    """Flooded tiles, loop tiles and whether the board is solved (``wrap``: edges connect
    across the border)."""
    adj = connections(width, height, tiles, wrap)
    sx, sy = source
    if not (0 <= sx < width and 0 <= sy < height):
        raise ValueError(f"source {source} is outside the {width}×{height} board")
    flooded = _flood(adj, sy * width + sx)
    removed = _two_core(adj)
    loops = _loop_tiles(adj, removed) if not all(removed) else set()
    return Check(
        flooded=frozenset(flooded),
        loops=frozenset(loops),
        solved=len(flooded) == len(adj) and not loops,
    )
