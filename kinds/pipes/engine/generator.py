"""Puzzle generation (generator ``pipes/4``): randomized Prim with the T-cap, made unique by
Tatham's perturbation until the solver's deduction decides every tile, then scrambled.

Each deduction runs over the whole board, so the generator spends them sparingly (a 60×60
board took 11 a puzzle with ``pipes/2``, which did as Tatham does, and takes 2.3 now):
the commonest ambiguities, rings of 4, 6 or 8 cells whose links can swap and still make a
tree, are found without the solver and perturbed before its first run, and again wherever
a perturbation made new ones; a tree is kept until it is unique
(every region can be perturbed: one that no link fits takes in the cells around it, where
Tatham grows a new tree); and each region is perturbed three times a round, cut beside
itself.

Why the T-cap never strands a cell (the argument of Tatham's ``net.c``, restated):
Prim grows one tree from the source and only ever links a tree cell to a cell outside it, and
a cell with three links takes no fourth. Suppose growth stops while some cells are outside the
tree. Take a connected group of them. Every tree cell next to the group must be capped (else
it could grow into the group), so it already links its three other neighbours, and has
exactly one neighbour in the group. So no tree cell touches the group on two sides: the group
has no concave corner, it is a rectangle (on a wrapping board possibly a band all the way
round). Nor does it touch the board edge: the tree cells that continue its row or column along
that edge (or, if it spans the board, the end cells of the row beside it) have only three
neighbours, one in the group, so they cannot be capped. The capped cells along each side of
the rectangle link to each other, and those at the ends link around the corners through the
diagonal cells, so together they close a ring of links around it (a band's sides are rings
already): a cycle in a tree, which is impossible. So Prim always spans the board.
``spanning_tree`` still verifies it and ``kinds/pipes/tests/test_generator.py`` checks
thousands of seeds.

Levels by grade (``grade.py``): a level's board is made unique for its rule tier (easy: edges
and loops; normal: Tatham's; hard: those with trials), and kept only when its grade lies in
the level's band, i.e. when the tier below does not solve it; else a new tree is drawn, up to
``MAX_CANDIDATES`` (then the candidate nearest the band is kept). Boards too small for a level
to occur often (``SMALLEST``) draw ``FEW_CANDIDATES`` at most. A puzzle's ``difficulty`` is
its grade.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache

from kinds.pipes.engine.candidates import SIDES
from kinds.pipes.engine.grade import GRADES, TIERS, grade
from kinds.pipes.engine.grid import grid
from kinds.pipes.engine.notation import WRAP_NOT_EASY, make_code, parse_code
from kinds.pipes.engine.solver import Deduction, deduce
from kinds.pipes.engine.tiles import QUARTERS, ROTATED, TURNS
from puzzle.grid import parse_size
from puzzle.levels import LEVELS
from puzzle.prng import Stream

#: Give up on a tree (and grow another) after this many perturbation rounds.
MAX_PERTURB_ROUNDS = 30
#: Perturbations of each ambiguous region per round: one often leaves it ambiguous, and a
#: round costs a deduction over the whole board (a 60×60 board takes 2.5 deductions a puzzle
#: with one, 2.3 with three).
PERTURBS = 3
#: Passes of perturbing swappable rings before a deduction, each over the rings the last
#: one made; a ring reaches at most ``RING_REACH`` cells from its top-left corner.
RING_PASSES, RING_REACH = 3, 4
#: Rings of cells an ambiguous region takes in at most while no link fits around it.
MAX_GROWTH = 4
#: Passes re-drawing the loop-closing connections in a scramble before it starts over.
MAX_REDRAWS = 200
#: Trees drawn for one puzzle at most: each made unique for its level's rule tier, kept
#: when its grade lies in the level's band. On flat boards of at least ``SMALLEST`` tiles a
#: hard board is one tree in 170 (8×8) to 500 (6×6), a normal one in 14 (8×8) to 140 (5×4),
#: so the fallback to the nearest candidate practically never happens.
MAX_CANDIDATES = 5000
#: Flat boards under this many tiles need more than the level's tier too seldom to search:
#: they draw ``FEW_CANDIDATES`` at most (no 3×3 or 4×3 board of 2,000 needed more than the
#: easy rules, nor a 5×4 one of 4,000 trials).
SMALLEST = {"easy": 0, "normal": 16, "hard": 36}
FEW_CANDIDATES = 16


def too_small(width: int, height: int, wrap: bool, level: str) -> str | None:
    """Why people cannot ask for a flat board this small at ``level`` (its boards would
    seldom need the level: see ``SMALLEST``), in one sentence; None if they can."""
    least = SMALLEST.get(level, 0)
    if wrap or width * height >= least:
        return None
    side = math.isqrt(least)
    return (
        f"A {width}×{height} board is too small to be {level}: a {level} board has at least "
        f"{least} tiles, like {side}×{side}."
    )


def hardest(width: int, height: int, wrap: bool, level: str) -> str:
    """``level``, or the hardest level below it that a board of this size can be."""
    fits = [
        lv for lv in LEVELS[: LEVELS.index(level) + 1] if not too_small(width, height, wrap, lv)
    ]
    return fits[-1]


#: At least this share of the tiles must start away from their solved orientation.
MIN_SCRAMBLED_SHARE = 2 / 3
_CAPPED = frozenset((7, 11, 13, 14))
#: Prim's frontier entry: (cell, side bit, the neighbour's facing bit, neighbour).
Exit = tuple[int, int, int, int]
#: A tree hung from a root: each cell's parent (-1 at the root) and depth.
Rooted = tuple[list[int], list[int]]
#: ``grid(...).neighbours``: per cell, the cell beyond each side (-1 at the border).
Neighbours = tuple[tuple[int, int, int, int], ...]


@dataclass(frozen=True, slots=True)
class Puzzle:
    """A generated puzzle; ``tiles`` is the scrambled board, ``solution`` the solved one."""

    width: int
    height: int
    source: tuple[int, int]
    solution: tuple[int, ...]
    tiles: tuple[int, ...]
    code: str
    #: The grade (``grade.py``: the rule tier it needs, plus the share of tiles the tier below
    #: leaves); 0.0 for puzzles made with ``unique=False``.
    difficulty: float
    unique: bool
    #: Edges connect across the border.
    wrap: bool = False
    #: ``easy``, ``normal`` or ``hard``; empty for puzzles made with ``unique=False``.
    level: str = "normal"

    @property
    def size(self) -> str:
        return f"{self.width}×{self.height}"

    @property
    def par(self) -> int:
        """The fewest quarter turns, either way, from ``tiles`` to ``solution``: what the
        clicks that turn each tile the short way round count."""
        return sum(QUARTERS[t][s] for t, s in zip(self.tiles, self.solution, strict=True))

    def to_json(self) -> dict[str, object]:
        """A JSON-ready dict (the CLI's ``--json`` output)."""
        return {
            "code": self.code,
            "width": self.width,
            "height": self.height,
            "wrap": self.wrap,
            "source": list(self.source),
            "tiles": list(self.tiles),
            "solution": list(self.solution),
            "par": self.par,
            "difficulty": self.difficulty,
            "level": self.level,
            "unique": self.unique,
        }


def source_of(width: int, height: int) -> tuple[int, int]:
    """The source cell: the centre, (width // 2, height // 2)."""
    return width // 2, height // 2


def spanning_tree(width: int, height: int, rng: Stream, wrap: bool = False) -> list[int]:
    """Randomized Prim from the centre with the T-cap: tile masks of a spanning tree."""
    out = _exits(width, height, wrap)
    n = width * height
    sx, sy = source_of(width, height)
    start = sy * width + sx
    tree = [0] * n
    visited = bytearray(n)
    visited[start] = 1
    # Frontier entries are (cell, side bit, other side's bit, neighbour); entries that went
    # stale are skipped when drawn.
    frontier = list(out[start])
    draw = rng.draw
    reached = 1
    while frontier:
        k = int(draw() * len(frontier))
        i, bit, back, j = frontier[k]
        last = frontier.pop()
        if k < len(frontier):
            frontier[k] = last
        if visited[j] or tree[i] in _CAPPED:
            continue
        tree[i] |= bit
        tree[j] |= back
        visited[j] = 1
        reached += 1
        for entry in out[j]:
            if not visited[entry[3]]:
                frontier.append(entry)
    if reached != n:  # impossible by the argument above; never return a broken puzzle
        raise RuntimeError(f"Prim stranded {n - reached} cells")
    return tree


@cache
def _exits(width: int, height: int, wrap: bool) -> tuple[tuple[Exit, ...], ...]:
    """Per cell, (cell, side bit, the neighbour's facing bit, neighbour) for each side that
    has a neighbour: Prim's frontier entries, made once per grid."""
    return tuple(
        tuple((i, 1 << d, 1 << (d ^ 2), j) for d, j in enumerate(row) if j >= 0)
        for i, row in enumerate(grid(width, height, wrap).neighbours)
    )


def regions(nb: Neighbours, cells: list[int]) -> list[list[int]]:
    """4-connected groups of ``cells``."""
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


def _tree_path(nb: Neighbours, tree: list[int], a: int, b: int) -> list[tuple[int, int]]:
    """The edges (cell, direction) on the tree path from ``a`` to ``b``: a search from both
    ends at once, so it costs about the path's neighbourhood, not the tree."""
    came = [{a: (-1, -1)}, {b: (-1, -1)}]
    layers = [[a], [b]]
    meet = -1
    while meet < 0:
        side = 0 if len(layers[0]) <= len(layers[1]) else 1
        mine, other = came[side], came[1 - side]
        following = []
        for i in layers[side]:
            for d in range(4):
                if tree[i] >> d & 1:
                    j = nb[i][d]
                    if j not in mine:
                        mine[j] = (i, d)
                        following.append(j)
                        if j in other:
                            meet = j
        layers[side] = following
    path = []
    for side in (0, 1):
        c = meet
        while came[side][c][0] >= 0:
            i, d = came[side][c]
            path.append((i, d))
            c = i
    return path


def _perturb(nb: Neighbours, tree: list[int], region: list[int], rng: Stream) -> tuple[int, ...]:
    """Tatham's fix for an ambiguous region: add a link across its edge (never making a
    cross), then cut the loop this closes at a random other link beside the region. When no
    link across the edge fits, a link inside the region will do; when none fits either (a
    block of Ts whose free sides face each other), the region takes in the cells around it
    and tries again, where Tatham would give up and grow a new tree. Returns the cells whose
    tiles changed (none when nothing fits even so)."""
    inside = set(region)
    for _ in range(MAX_GROWTH):
        options = _joins(nb, tree, region, inside)
        if options:
            break
        ring = []
        for i in region:
            for j in nb[i]:
                if j >= 0 and j not in inside:
                    inside.add(j)
                    ring.append(j)
        region = region + ring
    else:
        return ()
    a, d = options[rng.below(len(options))]
    b = nb[a][d]
    path = _tree_path(nb, tree, a, b)
    tree[a] |= 1 << d
    tree[b] |= 1 << (d ^ 2)
    # Cut the loop beside the region (the link at ``a`` always is): a cut far away would often
    # leave a new ambiguity there (before rings were found up front, a 60×60 board took 5.3
    # deductions a puzzle with cuts anywhere on the loop, 4.3 with cuts beside).
    path = [e for e in path if e[0] in inside or nb[e[0]][e[1]] in inside]
    i, d2 = path[rng.below(len(path))]
    j = nb[i][d2]
    tree[i] &= ~(1 << d2)
    tree[j] &= ~(1 << (d2 ^ 2))
    return a, b, i, j


def _joins(
    nb: Neighbours, tree: list[int], region: list[int], inside: set[int]
) -> list[tuple[int, int]]:
    """Links (cell, direction) that ``_perturb`` may add: across the region's edge if any,
    else within it; none that would make a cross."""
    across: list[tuple[int, int]] = []
    within: list[tuple[int, int]] = []
    for a in region:
        for d in range(4):
            b = nb[a][d]
            if b < 0 or tree[a] >> d & 1:
                continue
            if (tree[a] | 1 << d) != 15 and (tree[b] | 1 << (d ^ 2)) != 15:
                (within if b in inside else across).append((a, d))
    return across or within


def _make_unique(
    width: int, height: int, tree: list[int], rng: Stream, wrap: bool, rules: int
) -> Deduction | None:
    """Perturb ``tree`` in place until the rules up to ``rules`` decide every tile (so it has
    exactly one solution); returns that deduction, or None to ask for a fresh tree."""
    nb = grid(width, height, wrap).neighbours
    # The commonest ambiguities are found without the solver: perturb them before the first
    # run, and again wherever a perturbation made new ones.
    _break_rings(nb, tree, rng, None)
    for _ in range(MAX_PERTURB_ROUNDS):
        deduction = deduce(width, height, tree, wrap=wrap, level=rules)
        if deduction is None:
            raise RuntimeError("the solver rejected a spanning tree")
        if deduction.solved:
            return deduction
        # Tatham starts afresh when the ambiguous regions do not get fewer; since a region
        # that no link fits takes in the cells around it, every region can be perturbed and
        # the tree is kept (on a 60×60 board his rule grew two and a half trees a puzzle).
        changed: list[int] = []
        for region in regions(nb, deduction.undecided):
            for _ in range(PERTURBS):
                changed += _perturb(nb, tree, region, rng)
        _break_rings(nb, tree, rng, _around(nb, changed))
    return None


def _break_rings(
    nb: Neighbours, tree: list[int], rng: Stream, starts: Iterable[int] | None
) -> None:
    """Perturb the swappable rings that start at ``starts`` (None: anywhere), then those
    that this made, ``RING_PASSES`` times at most."""
    for _ in range(RING_PASSES):
        changed: list[int] = []
        for ring in _swappable_rings(nb, tree, starts):
            changed += _perturb(nb, tree, ring, rng)
        if not changed:
            return
        starts = _around(nb, changed)


def _around(nb: Neighbours, cells: list[int]) -> list[int]:
    """The cells at most ``RING_REACH`` steps from ``cells``: every ring through one of
    them starts there."""
    near = set(cells)
    edge = near
    for _ in range(RING_REACH):
        edge = {j for i in edge for j in nb[i] if j >= 0} - near
        near |= edge
    return sorted(near)


def _swappable_rings(
    nb: Neighbours, tree: list[int], starts: Iterable[int] | None = None
) -> list[list[int]]:
    """The rings round small rectangles (2×2 up to 4×2 and 2×4, and 3×3 round its centre)
    starting at ``starts`` (None: anywhere) whose links alternate so that swapping the linked
    edges for the others keeps every tile's shape, and still makes a tree: each a second
    solution. The commonest ambiguous regions of a raw tree are such 2×2 blocks (two in
    five) and rings of 6 and 8 cells (most of the rest). The cells of each ring, clockwise
    from its top-left corner."""
    rings = []
    ok = _RING_OK
    for a in _all_corners(tree) if starts is None else starts:
        if not _CORNER[tree[a]]:
            continue
        for steps in _RINGS:
            c, cells = a, []
            for out, back in steps:
                if not ok[out * 4 + back][tree[c]]:
                    break
                cells.append(c)
                c = nb[c][out]
                if c < 0:
                    break
            else:
                if c == a and len(set(cells)) == len(cells):  # a narrow wrapping board
                    rings.append(cells)
    if not rings:
        return rings
    rooted = _rooted(nb, tree, rings[0][0])
    return [ring for ring in rings if _swaps_to_a_tree(ring, tree, rooted)]


def _swaps_to_a_tree(ring: list[int], tree: list[int], rooted: Rooted) -> bool:
    """Whether swapping the linked edges of an alternating ring for the others leaves a
    spanning tree: the old links cut the tree into parts (each ring cell's part is found by
    climbing towards the root to the lower end of an old link), and the new links must join
    those parts without a loop."""
    up, depth = rooted
    lower = set()  # the lower end of each old link: the top of a part
    for c, after in zip(ring, ring[1:] + ring[:1], strict=True):
        if up[after] == c:
            lower.add(after)
        elif up[c] == after:
            lower.add(c)
    top = min(depth[c] for c in lower)
    part = {}
    for c in ring:
        x = c
        while x not in lower and depth[x] >= top:
            x = up[x]
        part[c] = x if x in lower else -1  # -1: the part with the root
    joined = {p: p for p in part.values()}
    for c, after in zip(ring, ring[1:] + ring[:1], strict=True):
        if up[after] == c or up[c] == after:
            continue  # an old link
        a, b = part[c], part[after]
        while joined[a] != a:
            a = joined[a]
        while joined[b] != b:
            b = joined[b]
        if a == b:
            return False
        joined[a] = b
    return True


def _rooted(nb: Neighbours, tree: list[int], root: int) -> Rooted:
    """Each cell's parent (-1 at the root) and depth in the tree hung from ``root``."""
    up = [-1] * len(tree)
    depth = [0] * len(tree)
    order = [root]
    for c in order:  # grows as it goes
        row, below = nb[c], depth[c] + 1
        for d in SIDES[tree[c]]:
            j = row[d]
            if j != up[c]:
                up[j] = c
                depth[j] = below
                order.append(j)
    return up, depth


def _all_corners(tree: list[int]) -> Iterator[int]:
    """The cells that can be a ring's top-left corner, found by a scan at C speed."""
    corners = bytes(tree).translate(_CORNER)
    a = corners.find(1)
    while a >= 0:
        yield a
        a = corners.find(1, a + 1)


def _ring_steps(width: int, height: int) -> tuple[tuple[int, int], ...]:
    """(out, back) directions of each cell on the ring round a ``width × height`` rectangle,
    clockwise from its top-left corner: the side towards the next cell and the previous."""
    dirs = [2] * (width - 1) + [3] * (height - 1) + [0] * (width - 1) + [1] * (height - 1)
    return tuple((d, dirs[k - 1] ^ 2) for k, d in enumerate(dirs))


_RINGS = tuple(_ring_steps(w, h) for w, h in ((2, 2), (3, 2), (2, 3), (3, 3), (4, 2), (2, 4)))
#: ``_RING_OK[4 * out + back][tile]``: 1 when exactly one of the two sides is linked and
#: swapping them leaves a turn of the tile (a ``bytes.translate`` table).
_RING_OK = tuple(
    bytes(
        (t >> out & 1) != (t >> back & 1) and TURNS[t][t ^ (1 << out | 1 << back)] > 0
        if t < 16 and out != back
        else 0
        for t in range(256)
    )
    for out in range(4)
    for back in range(4)
)
#: A ring's top-left corner: out to the right, back down.
_CORNER = _RING_OK[2 * 4 + 3]


def scramble(width: int, height: int, solution: list[int], rng: Stream, wrap: bool) -> list[int]:
    """Turn every tile by a uniform random amount, then re-draw the two tiles of every
    connection that closes a loop until none does (a new board should not start with a
    warning). Redo the whole scramble unless at least ``MIN_SCRAMBLED_SHARE`` of the tiles
    are away from their solved orientation and the board is not solved."""
    n = width * height
    draw = rng.draw
    g = grid(width, height, wrap)
    while True:
        tiles = [ROTATED[t][int(draw() * 4)] for t in solution]
        for _ in range(MAX_REDRAWS):
            closing, joined = _loop_closers(g.right, g.down, tiles)
            if not closing:
                break
            for i in closing:
                tiles[i] = ROTATED[solution[i]][int(draw() * 4)]
        else:
            continue
        away = sum(1 for t, s in zip(tiles, solution, strict=True) if t != s)
        # Without loops, n - 1 connections join every tile: another solution of a puzzle
        # that has several.
        if away >= MIN_SCRAMBLED_SHARE * n and joined < n - 1:
            return tiles


def _loop_closers(
    right: tuple[tuple[int, int], ...], down: tuple[tuple[int, int], ...], tiles: list[int]
) -> tuple[list[int], int]:
    """The tiles of every connection that closes a loop (taken in order, by a union-find
    over the connections), and how many connections join two groups."""
    parent = list(range(len(tiles)))
    closing: dict[int, None] = {}  # ordered, each tile once
    joined = 0
    for pairs, out, back in ((right, 4, 1), (down, 8, 2)):
        for a, b in pairs:
            if tiles[a] & out and tiles[b] & back:
                i, j = a, b
                while parent[i] != i:
                    parent[i] = i = parent[parent[i]]
                while parent[j] != j:
                    parent[j] = j = parent[parent[j]]
                if i == j:
                    closing[a] = closing[b] = None
                else:
                    parent[i] = j
                    joined += 1
    return list(closing), joined


def generate(
    width: int,
    height: int,
    seed: str,
    *,
    unique: bool = True,
    wrap: bool = False,
    level: str = "normal",
) -> Puzzle:
    """The puzzle of a size, seed, wrap mode and level; the same on every platform and
    Python version."""
    width, height = parse_size(f"{width}x{height}")
    if unique and level not in LEVELS:
        raise ValueError(f"{level!r} is not a level: choose easy, normal or hard.")
    if unique and wrap and level == "easy":
        raise ValueError(WRAP_NOT_EASY)
    code = make_code(width, height, seed, unique, wrap, level)
    tree, tiles, share = build(width, height, Stream(f"daily-pipes/v2/{code}"), unique, wrap, level)
    return assemble(width, height, code, tree, tiles, share, unique, wrap, level if unique else "")


def assemble(
    width: int,
    height: int,
    code: str,
    solution: list[int],
    tiles: list[int],
    difficulty: float,
    unique: bool,
    wrap: bool = False,
    level: str = "normal",
) -> Puzzle:
    """The puzzle of a code from its solution and scrambled tiles (par and source follow);
    every generator version ends here."""
    return Puzzle(
        width=width,
        height=height,
        source=source_of(width, height),
        solution=tuple(solution),
        tiles=tuple(tiles),
        code=code,
        difficulty=difficulty,
        unique=unique,
        wrap=wrap,
        level=level,
    )


def build(
    width: int, height: int, rng: Stream, unique: bool, wrap: bool, level: str
) -> tuple[list[int], list[int], float]:
    """The work of ``generate`` on any board size (the benchmark also runs it beyond what
    people may ask for): (solution, scrambled tiles, difficulty)."""
    if not unique:
        tree = spanning_tree(width, height, rng, wrap)
        return tree, scramble(width, height, tree, rng, wrap), 0.0
    low, high = GRADES[level]
    small = not wrap and width * height < SMALLEST[level]
    best: tuple[float, float, list[int]] | None = None  # (distance to the band, grade, tree)
    for _ in range(FEW_CANDIDATES if small else MAX_CANDIDATES):
        tree = spanning_tree(width, height, rng, wrap)
        deduction = _make_unique(width, height, tree, rng, wrap, TIERS[level])
        if deduction is None or (best and not small and not _may_need_the_tier(level, deduction)):
            continue
        rated = grade(width, height, tree, wrap)
        distance = max(low - rated, rated - high + 0.01, 0.0)
        if best is None or distance < best[0]:
            best = (distance, rated, tree)
        if not distance:
            break
    if best is None:  # never seen: even 3×3 wrapping boards succeed on 40% of the trees
        raise RuntimeError(f"no unique {width}×{height} puzzle")
    _, rated, tree = best
    return tree, scramble(width, height, tree, rng, wrap), rated


def _may_need_the_tier(level: str, deduction: Deduction) -> bool:
    """A quick check, from the deduction that made a tree unique, before grading it: a hard
    board needs trials, and a normal one the normal rules (a run where none of them removed a
    candidate is the easy rules' run)."""
    if level == "hard":
        return deduction.trials > 0
    return level == "easy" or deduction.cuts > 0


def from_code(code: str) -> Puzzle:
    """The puzzle a code such as '8x8-abc' or '6x6wh-abc' stands for."""
    width, height, seed, unique, wrap, level = parse_code(code)
    return generate(width, height, seed, unique=unique, wrap=wrap, level=level)
