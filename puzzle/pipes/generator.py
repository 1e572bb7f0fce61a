"""Puzzle generation: randomized Prim with the T-cap, made unique, then scrambled.

Why the T-cap never strands a cell (the argument of Tatham's ``net.c``, restated):
Prim grows one tree from the source and only ever links a tree cell to a cell outside it, and
a cell with three links takes no fourth. Suppose growth stops while some cells are outside the
tree. Take a connected group of them. Every tree cell next to the group must be capped (else
it could grow into the group), so it already links its three other neighbours, and has
exactly one neighbour in the group. So no tree cell touches the group on two sides: the group
has no concave corner, it is a rectangle. Nor does it touch the board edge: the tree cells
that continue its row or column along that edge (or, if it spans the board, the end cells of
the row beside it) have only three neighbours, one in the group, so they cannot be capped.
The capped cells along each side of the rectangle link to each other, and those at the ends
link around the corners through the diagonal cells, so together they close a ring of links
around the rectangle: a cycle in a tree, which is impossible. So Prim always spans the board.
``spanning_tree`` still verifies it and ``tests/test_generator.py`` checks thousands of seeds.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..prng import Rng
from .checker import check
from .grid import grid
from .notation import make_code, parse_code, parse_size
from .solver import deduce
from .tiles import rotate, turns_between

#: Give up on a tree (and grow another) after this many perturbation rounds.
MAX_PERTURB_ROUNDS = 40
#: At least this share of the tiles must start away from their solved orientation.
MIN_SCRAMBLED_SHARE = 2 / 3


@dataclass(frozen=True, slots=True)
class Puzzle:
    """A generated puzzle; ``tiles`` is the scrambled board, ``solution`` the solved one."""

    width: int
    height: int
    source: tuple[int, int]
    solution: tuple[int, ...]
    tiles: tuple[int, ...]
    code: str
    #: Fewest clockwise quarter turns from ``tiles`` to ``solution``.
    par: int
    #: Solver deduction steps per tile to solve it without guessing (higher is harder);
    #: 0.0 for puzzles made with ``unique=False``, which deduction may not finish.
    difficulty: float
    unique: bool

    @property
    def size(self) -> str:
        return f"{self.width}×{self.height}"

    def to_json(self) -> dict[str, object]:
        """A JSON-ready dict (the CLI's ``--json`` output)."""
        return {
            "code": self.code,
            "width": self.width,
            "height": self.height,
            "source": list(self.source),
            "tiles": list(self.tiles),
            "solution": list(self.solution),
            "par": self.par,
            "difficulty": self.difficulty,
            "unique": self.unique,
        }


def source_of(width: int, height: int) -> tuple[int, int]:
    """The source cell: the centre, (width // 2, height // 2)."""
    return width // 2, height // 2


def spanning_tree(width: int, height: int, rng: Rng) -> list[int]:
    """Randomized Prim from the centre with the T-cap: tile masks of a spanning tree."""
    g = grid(width, height)
    sx, sy = source_of(width, height)
    start = sy * width + sx
    nb = g.neighbours
    tree = [0] * g.size
    visited = bytearray(g.size)
    visited[start] = 1
    frontier = [(start, d) for d in range(4) if nb[start][d] >= 0]
    reached = 1
    while frontier:
        k = rng.below(len(frontier))
        frontier[k], frontier[-1] = frontier[-1], frontier[k]
        i, d = frontier.pop()
        j = nb[i][d]
        if visited[j] or tree[i] in (7, 11, 13, 14):  # reached already, or capped at a T
            continue
        tree[i] |= 1 << d
        tree[j] |= 1 << (d ^ 2)
        visited[j] = 1
        reached += 1
        frontier.extend((j, d2) for d2 in range(4) if nb[j][d2] >= 0 and not visited[nb[j][d2]])
    if reached != g.size:  # impossible by the argument above; never return a broken puzzle
        raise RuntimeError(f"Prim stranded {g.size - reached} cells")
    return tree


def _regions(width: int, height: int, cells: list[int]) -> list[list[int]]:
    """4-connected groups of ``cells``."""
    nb = grid(width, height).neighbours
    todo = set(cells)
    groups = []
    for start in cells:
        if start not in todo:
            continue
        todo.discard(start)
        group, stack = [start], [start]
        while stack:
            for j in nb[stack.pop()]:
                if j in todo:
                    todo.discard(j)
                    group.append(j)
                    stack.append(j)
        groups.append(group)
    return groups


def _tree_path(width: int, height: int, tree: list[int], a: int, b: int) -> list[tuple[int, int]]:
    """The edges (cell, direction) on the tree path from ``a`` to ``b``."""
    nb = grid(width, height).neighbours
    came: dict[int, tuple[int, int]] = {a: (-1, -1)}
    stack = [a]
    while b not in came:
        i = stack.pop()
        for d in range(4):
            if tree[i] >> d & 1 and nb[i][d] not in came:
                came[nb[i][d]] = (i, d)
                stack.append(nb[i][d])
    path = []
    while b != a:
        i, d = came[b]
        path.append((i, d))
        b = i
    return path


def _perturb(width: int, height: int, tree: list[int], region: list[int], rng: Rng) -> bool:
    """Tatham's fix for an ambiguous region: add a link across its edge (never making a
    cross), then cut the loop this closes at a random other link. False if no link fits."""
    nb = grid(width, height).neighbours
    inside = set(region)
    options = []
    for a in region:
        for d in range(4):
            b = nb[a][d]
            if b < 0 or b in inside or tree[a] >> d & 1:
                continue
            if (tree[a] | 1 << d) != 15 and (tree[b] | 1 << (d ^ 2)) != 15:
                options.append((a, d))
    if not options:
        return False
    a, d = options[rng.below(len(options))]
    b = nb[a][d]
    path = _tree_path(width, height, tree, a, b)
    tree[a] |= 1 << d
    tree[b] |= 1 << (d ^ 2)
    i, d2 = path[rng.below(len(path))]
    tree[i] &= ~(1 << d2)
    tree[nb[i][d2]] &= ~(1 << (d2 ^ 2))
    return True


def _make_unique(width: int, height: int, tree: list[int], rng: Rng) -> float | None:
    """Perturb ``tree`` in place until deduction alone solves it (so it has exactly one
    solution); returns the difficulty, or None to ask for a fresh tree."""
    for _ in range(MAX_PERTURB_ROUNDS):
        deduction = deduce(width, height, tree)
        if deduction is None:
            raise RuntimeError("the solver rejected a spanning tree")
        if deduction.solved:
            return round(deduction.steps / (width * height), 2)
        for region in _regions(width, height, deduction.undecided):
            _perturb(width, height, tree, region, rng)
    return None


def scramble(width: int, height: int, solution: list[int], rng: Rng) -> list[int]:
    """Turn every tile by a uniform random amount, then re-draw tiles caught in loops (a new
    board should not start with a warning). Redo the whole scramble unless at least
    ``MIN_SCRAMBLED_SHARE`` of the tiles are away from their solved orientation and the
    board is not solved."""
    n = width * height
    source = source_of(width, height)
    while True:
        tiles = [rotate(t, rng.below(4)) for t in solution]
        for _ in range(20):
            result = check(width, height, tiles, source)
            if not result.loops:
                break
            for i in sorted(result.loops):
                tiles[i] = rotate(solution[i], rng.below(4))
        else:
            continue
        away = sum(1 for t, s in zip(tiles, solution, strict=True) if t != s)
        if not result.solved and away >= MIN_SCRAMBLED_SHARE * n:
            return tiles


def generate(width: int, height: int, seed: str, *, unique: bool = True) -> Puzzle:
    """The puzzle of a size and seed; the same on every platform and Python version."""
    width, height = parse_size(f"{width}x{height}")
    code = make_code(width, height, seed, unique)
    rng = Rng(f"daily-pipes/v1/{code}")
    while True:
        tree = spanning_tree(width, height, rng)
        difficulty = _make_unique(width, height, tree, rng) if unique else 0.0
        if difficulty is not None:
            break
    tiles = scramble(width, height, tree, rng)
    par = sum(turns_between(t, s) or 0 for t, s in zip(tiles, tree, strict=True))
    return Puzzle(
        width=width,
        height=height,
        source=source_of(width, height),
        solution=tuple(tree),
        tiles=tuple(tiles),
        code=code,
        par=par,
        difficulty=difficulty,
        unique=unique,
    )


def from_code(code: str) -> Puzzle:
    """The puzzle a code such as '8x8-d20261122' stands for."""
    width, height, seed, unique = parse_code(code)
    return generate(width, height, seed, unique=unique)
