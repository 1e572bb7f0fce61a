"""Double Choco by SAT with lazy cuts (python-sat's CaDiCaL), as measured in the notes
(``kinds-feasibility.md``, part A): one variable per inner edge, true for a wall.

Eager clauses hold for every solution: each cell has an open edge (a block has two parts);
no wall ends at an inner corner (its two sides would be one block); two side-by-side numbers
that differ are walled apart (one part, or two parts of one block, are one size); a 1 is
walled off from its own colour.

Every model is then checked by the rules, and each breach found becomes a clause that every
solution satisfies (a *cut*) and this model breaks. A part is *complete* when the edges of
a spanning tree of it are open and every edge to a cell of its colour outside it is a wall:
then it is a whole part of any solution that keeps those edges.

1. A wall inside a block: the wall, or a wall on an open path between its sides.
2. A block of one colour: not all of a spanning tree of it open with its whole border walled.
3. Two parts of one colour in a block: not part Y complete with an open path from it to a
   cell of its colour outside it (the path's block would hold two parts of that colour).
4. A part bigger than its number n: not the n + 1 cells a walk from the number meets, joined
   by open edges; smaller: not complete.
5. Parts of different shapes: part U complete, the contact edge to the other part open, and
   a walk over the other part from the contact cell grown until no turn, mirror or shift of
   U onto cells of the other colour holds it: not all of that.

Clues may be switched by selector literals (``Search(..., optional=True)``): every cut a
number gives carries its selector, so a generator can try sets of numbers on one solver.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from pysat.solvers import Solver

from kinds.choco.engine.grid import UNKNOWN, Edge, Grid, edges, pair
from kinds.choco.engine.rules import transform

#: python-sat's name of the SAT solver used (CaDiCaL 1.5.3).
BACKEND = "cadical153"


class OutOfRounds(Exception):
    """A search that used up its rounds of cuts without an answer."""


@dataclass(frozen=True, slots=True)
class _Walk:
    """Cells met by a breadth-first walk, in order, and the variable of the edge each was
    reached by."""

    cells: tuple[int, ...]
    via: tuple[int, ...]


class Search:
    """An incremental search for solutions of one grid: ``next`` gives one (its walls) not
    yet excluded, ``exclude`` rules one out. With ``optional``, each number counts only while
    its selector (``selector(cell)``) is among the assumptions."""

    def __init__(self, grid: Grid, optional: bool = False, budget: int | None = None) -> None:
        self.grid = grid
        self.edges = edges(grid.width, grid.height)
        self.var = {e: i + 1 for i, e in enumerate(self.edges)}
        #: Each cell's neighbours and the variables of the edges to them.
        self.adj = tuple(
            tuple((other, self.var[pair(cell, other)]) for other in grid.neighbours(cell))
            for cell in range(grid.area)
        )
        #: The same with neighbours of the cell's colour only.
        self.same = tuple(
            tuple((other, var) for other, var in near if grid.gray[other] == grid.gray[cell])
            for cell, near in enumerate(self.adj)
        )
        #: The cells of each colour as a bit mask (index: gray).
        self.colour_mask = tuple(
            sum(1 << c for c in range(grid.area) if grid.gray[c] == g) for g in (False, True)
        )
        self.optional = optional
        #: Rounds of cuts every ``next`` so far used, and how many they may use in all
        #: (None: no limit; beyond it, OutOfRounds).
        self.spent, self.budget = 0, budget
        #: Placements of a shape over a cell, worked out once (``_grown``).
        self._placed: dict[tuple[tuple[tuple[int, int], ...], int], tuple[int, ...]] = {}
        #: Blocks seen with two congruent halves: a block of one white and one gray part
        #: has them whatever the walls inside, so its shapes are compared once.
        self._congruent: set[frozenset[int]] = set()
        self.sat = Solver(name=BACKEND)
        for clause in self._eager():
            self.sat.add_clause(clause)

    def close(self) -> None:
        self.sat.delete()

    def __enter__(self) -> Search:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def selector(self, cell: int) -> int:
        """The literal that switches a cell's number on (``optional`` searches)."""
        return len(self.edges) + 1 + cell

    def _off(self, cell: int) -> list[int]:
        return [-self.selector(cell)] if self.optional else []

    def _eager(self) -> Iterable[list[int]]:
        grid, var, width = self.grid, self.var, self.grid.width
        for cell in range(grid.area):
            yield [-var[pair(cell, other)] for other in grid.neighbours(cell)]
        for y in range(grid.height - 1):
            for x in range(width - 1):
                a = y * width + x
                corner = [var[(a, a + 1)], var[(a + width, a + width + 1)]]
                corner += [var[(a, a + width)], var[(a + 1, a + width + 1)]]
                for wall in corner:
                    yield [-wall, *(other for other in corner if other != wall)]
        for a, b in self.edges:
            clue_a, clue_b = grid.clues[a], grid.clues[b]
            known = (clue_a, clue_b) if UNKNOWN not in (clue_a, clue_b) else (None, None)
            if None not in known and clue_a != clue_b:
                yield [var[(a, b)], *self._off(a), *self._off(b)]
            for cell in (a, b):
                if grid.clues[cell] == 1 and grid.gray[a] == grid.gray[b]:
                    yield [var[(a, b)], *self._off(cell)]

    def next(
        self, numbers: Collection[int] | None = None, rounds: int | None = None
    ) -> frozenset[Edge] | None:
        """The walls of a solution not yet excluded, or None if there is none: with every
        number, or (``optional`` searches) with those of the cells ``numbers`` only;
        OutOfRounds after ``rounds`` models broken by cuts, or once the search's ``budget``
        is spent."""
        clues = self.grid.clues
        clued = [
            c for c in (range(self.grid.area) if numbers is None else sorted(numbers))
            if clues[c] not in (None, UNKNOWN)
        ]  # fmt: skip
        assumptions = [self.selector(c) for c in clued] if self.optional else []
        used = 0
        while self.sat.solve(assumptions=assumptions):
            model = self.sat.get_model() or []
            opened = bytes([0, *(lit < 0 for lit in model[: len(self.edges)])])
            cuts = self.cuts(opened, clued)
            if not cuts:
                return frozenset(e for e, v in self.var.items() if not opened[v])
            for cut in cuts:
                self.sat.add_clause(cut)
            used += 1
            self.spent += 1
            if rounds is not None and used >= rounds:
                raise OutOfRounds()
            if self.budget is not None and self.spent >= self.budget:
                raise OutOfRounds()
        return None

    def prefer(self, walls: Collection[Edge]) -> None:
        """Steer the search towards solutions near the one with these walls: CaDiCaL tries
        each edge as it is there first (its phases), so a model it finds differs from it
        where it must, and breaks fewer rules to cut."""
        self.sat.set_phases([self.var[e] if e in walls else -self.var[e] for e in self.edges])

    def exclude(self, walls: Collection[Edge]) -> None:
        """Rule out the solution with exactly these walls."""
        self.sat.add_clause([-self.var[e] if e in walls else self.var[e] for e in self.edges])

    # -- cuts -----------------------------------------------------------------------------

    def cuts(self, opened: bytes, clued: Sequence[int]) -> list[list[int]]:
        """A clause for each breach of the rules a model makes (none: a solution), with the
        numbers of ``clued`` cells on; ``opened[v]`` is 1 where edge variable ``v`` is open."""
        grid = self.grid
        cuts: list[list[int]] = []
        numbered = set(clued)
        for block in self._groups(range(grid.area), None, opened, by_colour=False):
            members = set(block.cells)
            for cell in block.cells:
                for other, var in self.adj[cell]:
                    if cell < other and other in members and not opened[var]:
                        cuts.append([-var, *self._path([cell], {other}, members, opened)])
            groups = self._groups(block.cells, members, opened, by_colour=True)
            for group in groups:
                cuts.extend(self._number_cuts(group, numbered, opened))
            if len({grid.gray[g.cells[0]] for g in groups}) == 1:
                border = self._border(block.cells, members, same_colour=False)
                cuts.append([*block.via, *(-var for var in border)])
            elif len(groups) > 2:
                cuts.extend(self._split_cuts(groups, members, opened))
            elif (cells := frozenset(block.cells)) not in self._congruent:
                cut = self._shape_cut(groups[0], groups[1], opened)
                if cut is None:
                    self._congruent.add(cells)
                else:
                    cuts.append(cut)
        return cuts

    def _groups(
        self, cells: Iterable[int], inside: Collection[int] | None, opened: bytes,
        by_colour: bool,
    ) -> list[_Walk]:  # fmt: skip
        """The groups of ``cells`` joined through open edges (and one colour, ``by_colour``),
        each walked from its first cell."""
        seen: set[int] = set()
        found = []
        for cell in cells:
            if cell not in seen:
                walk = self._walk(cell, inside, opened, by_colour)
                seen.update(walk.cells)
                found.append(walk)
        return found

    def _walk(
        self,
        start: int,
        inside: Collection[int] | None,
        opened: bytes,
        same_colour: bool = False,
        limit: int = 1 << 30,
    ) -> _Walk:
        """A breadth-first walk from ``start`` through open edges, over cells ``inside``
        (None: all), of ``start``'s colour only with ``same_colour``, stopping at ``limit``
        cells."""
        adj = self.same if same_colour else self.adj
        cells, via, seen = [start], [], {start}
        at = 0
        while at < len(cells) and len(cells) < limit:
            for other, var in adj[cells[at]]:
                if opened[var] and other not in seen and (inside is None or other in inside):
                    seen.add(other)
                    cells.append(other)
                    via.append(var)
                    if len(cells) >= limit:
                        break
            at += 1
        return _Walk(tuple(cells), tuple(via))

    def _path(
        self, starts: Sequence[int], goals: Collection[int], inside: Collection[int],
        opened: bytes,
    ) -> list[int]:  # fmt: skip
        """The edge variables of a shortest open path from any of ``starts`` to any of
        ``goals``, inside ``inside``."""
        parent: dict[int, tuple[int, int] | None] = dict.fromkeys(starts)
        queue = deque(starts)
        while queue:
            cell = queue.popleft()
            if cell in goals:
                path = []
                while (step := parent[cell]) is not None:
                    cell, var = step
                    path.append(var)
                return path
            for other, var in self.adj[cell]:
                if opened[var] and other not in parent and other in inside:
                    parent[other] = (cell, var)
                    queue.append(other)
        raise AssertionError("no open path inside a block")  # pragma: no cover

    def _border(
        self, cells: Iterable[int], members: Collection[int], same_colour: bool
    ) -> list[int]:
        """The edge variables from ``cells`` to cells outside ``members`` (of the same colour
        only, with ``same_colour``)."""
        gray = self.grid.gray
        return [
            var
            for cell in cells
            for other, var in self.adj[cell]
            if other not in members and (not same_colour or gray[other] == gray[cell])
        ]

    def _incomplete(self, part: _Walk) -> list[int]:
        """The literals of 'this part is not complete'."""
        border = self._border(part.cells, set(part.cells), same_colour=True)
        return [*part.via, *(-var for var in border)]

    def _number_cuts(
        self, part: _Walk, numbered: Collection[int], opened: bytes
    ) -> Iterable[list[int]]:
        size = len(part.cells)
        for cell in part.cells:
            clue = self.grid.clues[cell]
            if cell not in numbered or clue is None or clue == size:
                continue
            if size > clue:
                walk = self._walk(cell, set(part.cells), opened, True, limit=clue + 1)
                yield [*walk.via, *self._off(cell)]
            else:
                yield [*self._incomplete(part), *self._off(cell)]

    def _split_cuts(
        self, groups: list[_Walk], members: Collection[int], opened: bytes
    ) -> Iterable[list[int]]:
        gray = self.grid.gray
        for group in groups:
            colour = gray[group.cells[0]]
            others = {
                c for g in groups if g is not group and gray[g.cells[0]] == colour
                for c in g.cells
            }  # fmt: skip
            if others:
                path = self._path(group.cells, others, members, opened)
                yield [*self._incomplete(group), *path]

    def _shape_cut(self, one: _Walk, two: _Walk, opened: bytes) -> list[int] | None:
        """The cut for two parts of different shapes, grown from either side; None if they
        are one shape."""
        for part, other in ((one, two), (two, one)):
            cut = self._grown(part, other, opened)
            if cut is not None:
                return cut
        return None

    def _grown(self, part: _Walk, other: _Walk, opened: bytes) -> list[int] | None:
        """Grow ``other`` from where it touches ``part`` until no copy of ``part`` holds it."""
        members = set(other.cells)
        contact, start = next(
            (var, o) for cell in part.cells for o, var in self.adj[cell]
            if o in members and opened[var]
        )  # fmt: skip
        width = self.grid.width
        points = [(c % width, c // width) for c in part.cells]
        left, top = min(x for x, _ in points), min(y for _, y in points)
        key = (tuple(sorted((x - left, y - top) for x, y in points)), start)
        placements = self._placed.get(key)
        if placements is None:
            allowed = self.colour_mask[self.grid.gray[start]]
            placements = self._placed[key] = tuple(
                p for p in _spots(self.grid.width, self.grid.height, key[0])
                if p >> start & 1 and p & allowed == p
            )  # fmt: skip
        walk = self._walk(start, members, opened)
        for count, cell in enumerate(walk.cells):
            bit = 1 << cell
            placements = tuple(p for p in placements if p & bit)
            if not placements:
                return [*self._incomplete(part), contact, *walk.via[:count]]
        return None


@lru_cache(maxsize=4096)
def _spots(width: int, height: int, shape: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    """Every turn, mirror and shift of a shape inside a grid, each as a bit mask of cells,
    in increasing order."""
    found = set()
    for k in range(8):
        turned = transform(shape, k)
        left, top = min(x for x, _ in turned), min(y for _, y in turned)
        right, bottom = max(x for x, _ in turned), max(y for _, y in turned)
        masks = [1 << (x - left + (y - top) * width) for x, y in turned]
        base = sum(masks)
        for dy in range(height - (bottom - top)):
            for dx in range(width - (right - left)):
                found.add(base << (dx + dy * width))
    return tuple(sorted(found))


def solutions(grid: Grid, limit: int = 2, rounds: int | None = None) -> list[frozenset[Edge]]:
    """The walls of the grid's solutions, at most ``limit`` of them (OutOfRounds after
    ``rounds`` models broken by cuts). None unless white and gray cells are as many: every
    block holds as many of each."""
    found: list[frozenset[Edge]] = []
    if 2 * sum(grid.gray) != grid.area:
        return found
    with Search(grid) as search:
        while len(found) < limit:
            walls = search.next(rounds=rounds)
            if walls is None:
                break
            found.append(walls)
            search.exclude(walls)
    return found
