"""Independent oracles the engine is checked against: networkx and a naive backtracker."""

from __future__ import annotations

import networkx as nx


def connection_graph(width: int, height: int, tiles, wrap: bool = False) -> nx.Graph:
    """The graph of connected tiles (both point at each other), built naively; with ``wrap``
    the last column meets the first and the last row the top one."""
    graph = nx.Graph()
    graph.add_nodes_from(range(width * height))
    for y in range(height):
        for x in range(width):
            i = y * width + x
            if x + 1 < width or wrap:
                right = y * width + (x + 1) % width
                if tiles[i] & 4 and tiles[right] & 1:
                    graph.add_edge(i, right)
            if y + 1 < height or wrap:
                below = (y + 1) % height * width + x
                if tiles[i] & 8 and tiles[below] & 2:
                    graph.add_edge(i, below)
    return graph


def oracle_check(
    width: int, height: int, tiles, source, wrap: bool = False
) -> tuple[frozenset, frozenset, bool]:
    """(flooded, loops, solved) computed with networkx."""
    graph = connection_graph(width, height, tiles, wrap)
    flooded = frozenset(nx.node_connected_component(graph, source[1] * width + source[0]))
    loops = frozenset(
        node
        for component in nx.biconnected_components(graph)
        if len(component) >= 3
        for node in component
    )
    return flooded, loops, len(flooded) == width * height and not loops


def rotations(mask: int) -> set[int]:
    return {((mask << t) | (mask >> (4 - t))) & 15 for t in range(4)}


def brute_force_solutions(width: int, height: int, tiles, wrap: bool = False) -> set[tuple]:
    """Every orientation of the tiles that forms a spanning tree using every pipe end:
    row-major backtracking on edge agreement, then networkx's is_tree on the result."""
    n = width * height
    options = [sorted(rotations(t)) for t in tiles]
    found: set[tuple[int, ...]] = set()
    board = [0] * n

    def place(i: int) -> None:
        if i == n:
            if nx.is_tree(connection_graph(width, height, board, wrap)):
                found.add(tuple(board))
            return
        x, y = i % width, i // width
        for m in options[i]:
            if not wrap and ((x == 0 and m & 1) or (y == 0 and m & 2)):
                continue
            if not wrap and ((x == width - 1 and m & 4) or (y == height - 1 and m & 8)):
                continue
            if x > 0 and bool(m & 1) != bool(board[i - 1] & 4):
                continue
            if y > 0 and bool(m & 2) != bool(board[i - width] & 8):
                continue
            # Wrapping: the last column meets the first, the last row the top one.
            if wrap and x == width - 1 and bool(m & 4) != bool(board[i - x] & 1):
                continue
            if wrap and y == height - 1 and bool(m & 8) != bool(board[x] & 2):
                continue
            board[i] = m
            place(i + 1)

    place(0)
    return found
