"""The most drops a Ten Drops board can be cleared with: an exact A*, and two players to
measure it by (greedy, and the seed's best-first bot).

**Costs.** A tap costs one drop and refunds ⌊bursts / 3⌋, so a line of taps leaves
``drops - Σ(1 - ⌊b/3⌋)``: the search minimises that *net cost* (which may be negative), then
the taps. A board is the state (one byte a cell); the drops left only restrict the lines:
every board before the clear needs a drop left, so a board reached at a lower net cost is
better in every way and the transposition table keeps the best (net, taps) of each.

**The bound.** For a board with ``N`` cells holding ``D`` drops, ``C`` components (cells
joined when they share a row or a column; splashes fly along rows and columns, so a chain
never leaves the tapped cell's component) and its fullest cell holding ``m``, ``h`` is the
larger of two bounds, each admissible and consistent (so their maximum is too)::

    h₁ = C − ⌊(N + C − 1) / 3⌋ + (4 − m),   h₂ = N − ⌊N / 3⌋ − S,   S = D − L,
    h = max(h₁, h₂),   h = 0 on the cleared board,

where ``L`` counts the splashes any clearing line surely loses: 2 for each row and each
column holding drops, 3 when it holds two cells or more.

*h₁ never overestimates.* A line of ``T`` taps, ``E`` of them on empty cells, bursting
``b`` cells a tap, costs ``T − Σ⌊b/3⌋ ≥ T − ⌊B/3⌋`` with ``B = Σb ≤ N + E``: a cell bursts
at most once a tap (splashes pass over empty cells) and an emptied cell fills again only by
a tap. A chain clears at most its own component and a tap on an empty cell joins at most
two (the cell lies in one row and one column), so at least ``max(1, C − E)`` taps burst;
and before the first chain some cell must be tapped up to 4, ``4 − m`` taps at least. So
the line costs at least ``(4 − m) + E + max(1, C − E) − ⌊(N + E) / 3⌋``, least at
``E = C − 1``: ``h₁``.

*h₂ never overestimates.* Drops are conserved (``rules``): a clearing line ends with none,
so ``D + T = B + L'``, ``L'`` the splashes it loses. Every cell holding drops must burst (a
burst is the only way a cell empties), so ``B ≥ N``. In a row (a column alike), a burst
loses its splash to the left when no cell to its left holds drops, as nothing fills an
empty cell but a tap and no tap falls inside a chain; the row's last burst of the line
loses both its splashes, and when the row holds two cells or more it bursts twice or more:
at its last burst but one at most one other of its cells holds drops (the last to burst;
one filled later by a tap would burst later still), so that burst loses a splash too. The
splashes counted lie along the row, distinct from a column's: ``L' ≥ L``. So the line
costs ``T − Σ⌊b/3⌋ ≥ B + L' − D − ⌊B/3⌋ ≥ N − ⌊N/3⌋ + L − D`` (``x − ⌊x/3⌋`` grows with
``x``): ``h₂``. It counts the taps too: ``T = B + L' − D ≥ N − S``. Dense boards have ``S``
near ``N`` and gain nothing; on small boards, where most splashes fly off, it is the
stronger (4×4 boards: ``h`` from −3 to within 2 of the optimum, 20–50 times fewer boards
expanded).

*Both are consistent* (so A* with a closed set is exact; the tests check it on every tap):
for a tap of net cost ``c`` from ``s`` to ``s'``, ``h(s) ≤ c + h(s')``. A tap on a cell
holding 1–3 keeps N and C and raises m by at most 1 (c = 1). A tap on an empty cell (c = 1)
adds a cell and lowers C by at most 1; m stays. A tap on a 4 bursting ``b`` cells (c = 1 −
⌊b/3⌋) takes ``b`` cells off and lowers C by at most 1 (when its component clears), and
``⌊b/3⌋ + ⌊(N − b + C − 2)/3⌋ ≤ ⌊(N + C − 2)/3⌋``. It is the prototype's N/3 bound (each
burst refunds a third at best) tightened by components and by the taps a board without a 4
needs before any chain. For ``h₂``: a tap on a cell holding 1–3 adds a drop (``h₂`` down by
exactly 1), one on an empty cell adds a drop and a cell (down by at most 1); a chain
bursting ``b`` cells and losing ``l`` splashes takes ``b + l − 1`` drops and ``b`` cells
off, and ``L`` falls by at most ``l``: by the count above run within the chain alone, a row
it empties loses 2 (3 if it held two cells or more) there, and one it leaves a single cell
in loses 1. So ``h₂`` falls by at most ``1 − (⌊N/3⌋ − ⌊(N − b)/3⌋) ≤ 1 − ⌊b/3⌋``.

**Taps that can wait.** A tap that bursts nothing (a *prep*) commutes with a following chain
(a tap that bursts) that leaves its cell alone: a prepped cell that held drops and does not
burst absorbs the same splashes either way, and a cell prepped from empty that no splash
reaches changes nothing. Moving such a prep after the chain keeps the net cost, the taps and
every board's drops at least as high. So some optimal line is made of *moves*: preps, each
on a cell the move's chain then bursts (reaches, for a cell prepped from empty), then the
chain's tap. The search plays moves, not taps: its states are the boards between moves.

**Moves, enumerated.** The preps of a move can be found one cell at a time, each among the
cells the chain reaches with the preps so far: the chain with all its preps runs as the
chain with fewer until a splash first reaches a cell prepped in one and not the other, so
the prepped cells, taken in the order the full chain first reaches them, are each reached
by the chain with the earlier ones prepped (the tapped cell is filled to 4 first). So
``_chains`` walks the cells the chain reaches, adding 1 to 4 − v drops to one at a time,
and keeps the moves whose chain bursts (or reaches) every prepped cell. A board's moves are
enumerated lazily by *level* ``(k, e)``: ``k`` preps, ``e`` of them on distinct empty cells.
Such a move bursts at most ``N + e`` cells, so with all that follows it costs at least
``1 + k − ⌊(N + e) / 3⌋`` (as for ``h₁``), and, its line having ``T ≥ t = max(1 + k, N −
S)`` taps and ``B = T − L' + D ≤ T + S`` bursts, at least ``t − ⌊(t + S) / 3⌋`` (as for
``h₂``; ``x − ⌊(x + S)/3⌋`` grows with ``x``); the board is queued again at the most of
these and ``h`` for
the moves of each next level (partial expansion: most boards never need many preps, and
fewer still on empty cells). Level ``(k, e)`` leads to ``(k + 1, e)``, and ``(k, k)`` to
``(k + 1, k + 1)`` too: every level once, and never to a lower value, so a level not worth
queueing has no successor worth it.

*A last prep that cannot burst its cell is not tapped.* Let a walk's board ``P`` give a
chain that leaves a cell holding ``v ≥ 1`` unburst with ``w`` drops at its end. The board
``Q``, ``P`` with ``j`` more drops on that cell, and ``w + j ≤ 4``, gives the same chain:
run both a splash at a time; every splash that reaches the cell finds it holding (``v ≥ 1``
and it only grows) and below 4 in ``P``, and below ``w − 1 + j ≤ 3`` in ``Q``, so both
stop it and add one. The cell ends holding ``w + j`` in ``Q``, unburst: that move is no
move (its prepped cell must burst), and the walk skips it untapped (it keeps each chain's
board after for that).

*A chain run on a like board is not run again.* A chain reads the drops of the cells it
reaches only (a splash leaving the board reads none) and changes only those. So the chain
from a cell of a board ``Q`` runs as on any board ``Q'`` that agrees with ``Q`` on the cells
the chain on ``Q'`` reaches: the same bursts, cells reached and cells burst, and the board
after is ``Q'``'s, with ``Q``'s drops where ``Q`` and ``Q'`` differ. A board ``t`` reached
by a move from ``s`` differs from ``s`` only on cells that move's chain reached (its preps
are on such cells); a walk's board ``Q``, ``t`` with preps, and ``Q'``, ``s`` with the same
preps (as base-256 numbers ``Q' = Q + s − t``), differ only there too. When the chains kept
hold the one on ``Q'`` and it reached none of those cells, the walk takes it from there.

**Taps.** Among lines of equal net cost the fewer taps win, so each queued entry carries a
lower bound on the taps of a line through it too, and the search stops at the first entry
whose (bound, taps bound) is no better than the best clear known. A board still to clear
needs at least ``(4 − m) + C`` taps more: ``(4 − m) + E + max(1, C − E) ≥ (4 − m) + C``
by the count in ``h₁``'s proof, and ``N − S`` by ``h₂``'s. A level's moves are ``1 + k``
taps.

**Memory.** The boards seen (the transposition table) grow with the taps tried; the chains
kept for ``_chains`` are a cache, bounded by ``MEMO_ENTRIES`` (looked at before each board's
expansion): past it they are dropped at once, which only runs chains again (it hardly slows
a search: most chains kept are never asked for again), never changes the line found. A 6×6
search to ``LIMIT`` saw 107,000 boards and peaked 136 MB above its process's start.
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Iterator
from dataclasses import dataclass

from kinds.drops.engine.rules import FULL, PER_REFUND, ahead, burst_at, tap

#: Taps the exact search tries at most unless told otherwise (some 10 µs each).
LIMIT = 1_000_000
#: Chains the search remembers at most (some 300 bytes each: about 30 MB), plus those of
#: one board's expansion; past it the memo starts afresh. It only saves running a chain
#: again, so the line found is the same (measured: a cap of 20,000 searched 6×6 boards as
#: fast as one of 500,000).
MEMO_ENTRIES = 100_000
#: Taps a greedy player makes at most.
MAX_GREEDY_TAPS = 200

_BYTES = [bytes((v,)) for v in range(FULL + 1)]
_FULL = _BYTES[FULL]

#: A move: the board after it, the taps (the board the chain's tap is played on, and its
#: cell), the refund.
_Move = tuple[bytes, tuple[bytes, int], int]
#: A chain from a board and a cell: the cells it reached, the board after, the cells that
#: burst and which (a bit mask).
_Chain = tuple[int, bytes, int, int]
#: A board's bounds: ``h``, the taps a clear needs at least, and ``S`` (see the module).
_Bounds = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Line:
    """Taps (row-major cells) that clear a board, and the drops left after them."""

    taps: tuple[int, ...]
    drops: int


@dataclass(frozen=True, slots=True)
class Search:
    """What a search found: the best line (None: none found), whether it is proven best (a
    proven None: no line clears the board), the boards expanded, and what it held: the
    boards seen (the transposition table) and the most chains remembered at once."""

    line: Line | None
    proven: bool
    expanded: int
    boards: int = 0
    chains: int = 0


def _row_masks(width: int) -> dict[bytes, int]:
    """Columns holding drops, as a bit mask, for every row of 0/1 flags."""
    masks = {}
    for mask in range(1 << width):
        masks[bytes((mask >> x) & 1 for x in range(width))] = mask
    return masks


class _Board:
    """A board size's geometry for the bound."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.masks = _row_masks(width)
        self.flags = bytes(min(v, 1) for v in range(256))
        #: Splashes surely lost along a row or a column holding these cells (a bit mask):
        #: 2, 3 for two cells or more (see the module).
        self.line_lost = [
            min(mask.bit_count(), 2) + (mask.bit_count() > 0)
            for mask in range(1 << max(width, height))
        ]

    def components(self, board: bytes) -> int:
        """Components of the cells holding drops: cells sharing a row or a column join."""
        return self.shape(board)[0]

    def shape(self, board: bytes) -> tuple[int, int]:
        """The components of the cells holding drops (cells sharing a row or a column join),
        and the splashes a clearing line surely loses (``L`` of the module's docstring)."""
        flags, w = board.translate(self.flags), self.width
        masks, line_lost = self.masks, self.line_lost
        groups: list[int] = []
        lost, once, twice = 0, 0, 0
        for y in range(0, w * self.height, w):
            merged = mask = masks[flags[y : y + w]]
            if mask:
                lost += line_lost[mask]
                twice |= once & mask
                once |= mask
                apart = [g for g in groups if not g & merged]
                for g in groups:
                    if g & merged:
                        merged |= g
                groups = [*apart, merged]
        return len(groups), lost + 2 * once.bit_count() + twice.bit_count()

    def bounds(self, board: bytes) -> _Bounds:
        """What the module's docstring bounds a board still to clear by: ``h``, the taps at
        least, and ``S = D − L``; zeros on the cleared board."""
        cells = len(board) - board.count(0)
        if not cells:
            return 0, 0, 0
        parts, lost = self.shape(board)
        spare = sum(board) - lost
        chains = parts - (cells + parts - 1) // 3 + FULL - max(board)
        drained = cells - spare - cells // 3
        taps = FULL - max(board) + parts
        return max(chains, drained), max(taps, cells - spare), spare


def taps_at_least(width: int, height: int, board: bytes) -> int:
    """The fewest taps any line clearing the board can make, by the bound."""
    return _Board(width, height).bounds(bytes(board))[1]


def solve(
    width: int,
    height: int,
    board: bytes,
    drops: int,
    limit: int = LIMIT,
    deadline: float | None = None,
) -> Search:
    """The line that clears the board with the most drops left, then the fewest taps, by A*
    over chains (see the module); after ``limit`` taps tried (or past ``deadline``, a
    ``time.perf_counter()`` reading, for benchmarks) the best line known, unproven."""
    geometry = _Board(width, height)
    step = ahead(width, height)
    upper = greedy(width, height, board, drops)
    # The best clear known, as (net cost, taps): nothing queued at or above it can do better.
    known = (drops + 1, 0) if upper is None else (drops - upper.drops, len(upper.taps))
    start = bytes(board)
    if not any(start):
        return Search(Line((), drops), True, 0, 1)
    best = {start: (0, 0)}
    came: dict[bytes, tuple[bytes, tuple[bytes, int]]] = {}
    bounds = geometry.bounds(start)
    # Entries: (f, taps bound, net, taps, level, board, bounds): the board's moves of that level
    # (see the module) are still to be played; among equal f the lower net cost first
    # (measured: several times fewer boards than deeper first).
    queue = [(bounds[0], bounds[1], 0, 0, (0, 0), start, bounds)]
    expanded, tried, held = 0, [0], 0
    reaches: list[dict[bytes, _Chain]] = [{} for _ in start]

    def found(proven: bool) -> Search:
        chains = max(held, sum(map(len, reaches)))
        return Search(upper, proven, expanded, len(best), chains)

    while queue:
        f, fewest, net, taps, (preps, empties), cells, bounds = heapq.heappop(queue)
        if (f, fewest) >= known:
            break
        if best[cells] != (net, taps):
            continue
        if tried[0] >= limit or _late(deadline):
            return found(False)
        expanded += 1
        size = sum(map(len, reaches))  # looked at each board: one may add thousands
        held = max(held, size)
        if size > MEMO_ENTRIES:
            for memo in reaches:
                memo.clear()
        filled = len(cells) - cells.count(0)
        h, at_least, spare = bounds
        for level in _next_levels(preps, empties, cells.count(0)):
            more, some = level
            if drops - net - more >= 1:
                least = max(1 + more, at_least)
                lower = net + max(h, 1 + more - (filled + some) // 3, least - (least + spare) // 3)
                entry = (lower, taps + least)
                if entry < known:
                    heapq.heappush(queue, (*entry, net, taps, level, cells, bounds))
        since = None
        if cells in came:
            before, (last, tapped) = came[cells]
            chain = reaches[tapped].get(last)
            since = None if chain is None else (before, chain[0])
        moves = _chains(step, cells, preps, empties, tried, reaches, since)
        for k, (child, prepped, refund) in enumerate(moves):
            if not k % 64 and (tried[0] >= limit or _late(deadline)):
                return found(False)
            child_net = net + 1 + preps - refund
            left = drops - child_net
            if left < 1 and (left < 0 or any(child)):
                continue
            child_taps = taps + 1 + preps
            if not any(child):
                played = _played(cells, prepped)
                if (child_net, child_taps) < known:
                    known = (child_net, child_taps)
                    upper = Line((*_line(came, cells), *played), left)
                continue
            old = best.get(child)
            if old is not None and old <= (child_net, child_taps):
                continue
            child_bounds = geometry.bounds(child)
            entry = (child_net + child_bounds[0], child_taps + child_bounds[1])
            if entry >= known:
                continue
            best[child] = (child_net, child_taps)
            came[child] = (cells, prepped)
            heapq.heappush(queue, (*entry, child_net, child_taps, (0, 0), child, child_bounds))
    return found(True)


def _next_levels(preps: int, empties: int, room: int) -> list[tuple[int, int]]:
    """The levels queued after ``(preps, empties)``: each pair ``(k, e)`` with ``e ≤ k`` and
    ``e ≤ room`` once."""
    levels = [(preps + 1, empties)]
    if empties == preps and empties < room:
        levels.append((preps + 1, empties + 1))
    return levels


def _late(deadline: float | None) -> bool:
    return deadline is not None and time.perf_counter() > deadline


def _chains(
    step: tuple[int, ...],
    cells: bytes,
    preps: int,
    empties: int,
    tried: list[int],
    reaches: list[dict[bytes, _Chain]],
    since: tuple[bytes, int] | None = None,
) -> Iterator[_Move]:
    """Every chain after exactly ``preps`` preps that wait for it (see the module), ``empties``
    of them on distinct empty cells: the board after, the taps (as the board the chain's tap
    is played on, and its cell), and the refund; ``tried[0]`` counts the taps played,
    ``reaches[cell]`` keeps the cells each chain tapped at ``cell`` reached and its board after
    (the board comes back with more preps for its next moves). ``since``: the board before the
    last move and the cells that move changed, if known."""
    area, changed, delta = len(cells), 0, 0
    if since is not None:
        changed = since[1]
        delta = int.from_bytes(since[0], "little") - int.from_bytes(cells, "little")
    for cell, value in enumerate(cells):
        forced = FULL - value
        if forced > preps or (not value and not empties):
            continue
        board = cells[:cell] + _FULL + cells[cell + 1 :]
        bit = 1 << cell
        stack = [(board, preps - forced, empties - (not value), bit, bit if forced else 0, 0)]
        seen = {board}
        memo = reaches[cell]
        while stack:
            board, left, fresh, prepped, burst, reach = stack.pop()
            cached = memo.get(board)
            if cached is None or not left:
                tried[0] += 1  # as many as when every such chain was run
            if cached is None and changed:
                # The same preps on the board before the last move: a chain there that left
                # the cells that move changed alone runs the same here (see the module).
                twin = memo.get((int.from_bytes(board, "little") + delta).to_bytes(area, "little"))
                if twin is not None and not twin[0] & changed:
                    after = (int.from_bytes(twin[1], "little") - delta).to_bytes(area, "little")
                    cached = memo[board] = twin[0], after, twin[2], twin[3]
            if cached is None:
                end = bytearray(board)
                bursts, _, burnt, reached = burst_at(step, end, cell)
                ends = bytes(end)
                memo[board] = reached, ends, bursts, burnt
            else:
                reached, ends, bursts, burnt = cached
            if not left:
                if not fresh and burnt & burst == burst and reached & reach == reach:
                    yield ends, (board, cell), bursts // PER_REFUND
                continue
            open_ = reached & ~prepped
            while open_:
                low = open_ & -open_
                open_ ^= low
                there = low.bit_length() - 1
                value = board[there]
                now = fresh - (not value)
                if now < 0:
                    continue
                # Room for the empty cells still to prep: ``now ≤ left − more``.
                top, room = FULL - value, left - now
                for more in range(1, (top if top < room else room) + 1):
                    # The last prep on a cell holding drops that this chain leaves holding
                    # at most 4 − more: the chain with it runs the same (see the module),
                    # and leaves the prepped cell unburst.
                    if more == left and value and 0 < ends[there] <= FULL - more:
                        continue
                    after = board[:there] + _BYTES[value + more] + board[there + 1 :]
                    if after in seen:
                        continue
                    seen.add(after)
                    must = low if value or more > 1 else 0
                    stack.append(
                        (after, left - more, now, prepped | low, burst | must, reach | low ^ must)
                    )


def _played(cells: bytes, prepped: tuple[bytes, int]) -> tuple[int, ...]:
    """The taps of a move from ``cells``: the preps (reading order), then the chain's tap."""
    board, cell = prepped
    return (*(c for c, v in enumerate(cells) for _ in range(board[c] - v)), cell)


def _line(came: dict[bytes, tuple[bytes, tuple[bytes, int]]], board: bytes) -> tuple[int, ...]:
    """The taps that led from the start to ``board``."""
    parts = []
    while board in came:
        before, prepped = came[board]
        parts.append(_played(before, prepped))
        board = before
    return tuple(cell for played in reversed(parts) for cell in played)


def replay(width: int, height: int, board: bytes, drops: int, taps: tuple[int, ...]) -> int | None:
    """The drops left once ``taps`` clear the board, or None if they do not (the drops run
    out, or the board is not clear after the last)."""
    for k, cell in enumerate(taps):
        if drops < 1:
            return None
        tapped = tap(width, height, board, cell)
        board, drops = tapped.cells, drops - 1 + tapped.refund
        if not any(board):
            return drops if k == len(taps) - 1 else None
    return None


def greedy(width: int, height: int, board: bytes, drops: int) -> Line | None:
    """The greedy player's line, if it clears the board: each tap bursts the most cells,
    ties going to the fullest cell, then to the first in reading order."""
    taps: list[int] = []
    while drops > 0 and len(taps) < MAX_GREEDY_TAPS:
        cell = greedy_tap(width, height, board)
        tapped = tap(width, height, board, cell)
        board, drops = tapped.cells, drops - 1 + tapped.refund
        taps.append(cell)
        if not any(board):
            return Line(tuple(taps), drops)
    return None


def greedy_tap(width: int, height: int, board: bytes) -> int:
    """The greedy player's tap: the most bursts, then the fullest cell, then the first."""
    choices = [(tap(width, height, board, c).bursts, board[c], -c) for c in range(len(board))]
    return -max(choices)[2]


def best_first(
    width: int, height: int, board: bytes, drops: int, limit: int = LIMIT
) -> Line | None:
    """The seed's bot, the "A*" it is not: boards by net drops used, then the refunds so far
    (more first), then Σ(5 − v) over the cells holding drops; the first clear it takes out
    (None: none within ``limit`` boards)."""
    area = len(board)
    start = bytes(board)
    queue: list[tuple[int, int, int, bytes, tuple[int, ...]]] = [(0, 0, _spread(start), start, ())]
    seen = {start: 0}
    for _ in range(limit):
        if not queue:
            return None
        net, refunds, _, cells, taps = heapq.heappop(queue)
        if cells.count(0) == area:
            return Line(taps, drops - net)
        for cell in range(area):
            tapped = tap(width, height, cells, cell)
            child, child_net = tapped.cells, net + 1 - tapped.refund
            left = drops - child_net
            if left < 1 and (left < 0 or child.count(0) != area):
                continue
            if seen.get(child, child_net + 1) <= child_net:
                continue
            seen[child] = child_net
            entry = (child_net, refunds - tapped.refund, _spread(child), child, (*taps, cell))
            heapq.heappush(queue, entry)
    return None


def _spread(board: bytes) -> int:
    """The seed's map score: Σ(5 − v) over the cells holding drops."""
    return sum(5 - v for v in board if v)
