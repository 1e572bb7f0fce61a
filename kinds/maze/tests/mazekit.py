"""Maze tests' own helpers, independent of the engine's: mazes from links written by hand,
networkx graphs of mazes, and sight in the fog."""

import networkx as nx

from kinds.maze.engine import make_maze
from puzzle.grid import parse_cell

#: The bit of each step (dx, dy) on a cell's mask, as the description defines them.
BIT = {(-1, 0): 1, (0, -1): 2, (1, 0): 4, (0, 1): 8}


def maze_of(width, height, links, start, exit, level="normal"):
    """A maze from links between side-by-side cells written 'A1-B1 B1-B2 …'."""
    cells = [0] * (width * height)
    for link in links.split():
        a, b = (parse_cell(name, width, height) for name in link.split("-"))
        step = (b % width - a % width, b // width - a // width)
        cells[a] |= BIT[step]
        cells[b] |= BIT[(-step[0], -step[1])]
    at = [parse_cell(name, width, height) for name in (start, exit)]
    return make_maze(width, height, cells, *at, level)


def graph_of(maze):
    """The maze's cells and open passages as a networkx graph."""
    graph = nx.Graph()
    graph.add_nodes_from(range(maze.width * maze.height))
    for cell, mask in enumerate(maze.cells):
        if mask & 4:
            graph.add_edge(cell, cell + 1)
        if mask & 8:
            graph.add_edge(cell, cell + maze.width)
    return graph


def in_sight(maze, visited):
    """Every cell seen from the visited ones: straight along open sides until a wall."""
    seen = set(visited)
    for cell in visited:
        for (dx, dy), bit in BIT.items():
            x, y = cell % maze.width, cell // maze.width
            while maze.cells[x + y * maze.width] & bit:
                x, y = x + dx, y + dy
                seen.add(x + y * maze.width)
    return seen
