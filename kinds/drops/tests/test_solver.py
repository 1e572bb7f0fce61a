"""Ten Drops' exact search: its bound holds on every tap (the proof in ``solver``'s
docstring, checked), its par equals an exhaustive search over every line on small boards
(with the tests' own simulator), its lines replay to a clear with par drops left, and the
goldens of generated boards (their levels: ``test_grades``)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kinds.drops.engine import (
    KIND,
    best_first,
    composition,
    greedy,
    replay,
    solve,
    solver,
    tap,
)
from kinds.drops.engine.generator import draw
from kinds.drops.engine.solver import _Board
from kinds.drops.tests.dropskit import exhaustive
from puzzle.prng import Stream

SEED = bytes(int(c) for c in "342232000023042023212331240330424111")


def small_boards(side=4):
    """Boards from the scaled WeChat pool, in any order."""
    return st.permutations(composition(side * side)).map(lambda pool: bytes(pool[: side * side]))


@settings(max_examples=150, deadline=None)
@given(board=small_boards(), data=st.data())
def test_the_bound_is_consistent_on_every_tap(board, data):
    """h(s) ≤ net cost + h(s') for every tap of random lines, and h is 0 on the clear: what
    makes A* with a closed set exact; the same for each of the two bounds h is the larger
    of, and the taps bound falls by at most the tap."""
    geometry = _Board(4, 4)

    def bounds(cells):
        h, taps, spare = geometry.bounds(cells)
        parts, filled = geometry.components(cells), 16 - cells.count(0)
        chains = parts - (filled + parts - 1) // 3 + 4 - max(cells) if filled else 0
        drained = filled - filled // 3 - spare if filled else 0
        assert h == max(chains, drained)
        return h, chains, drained, taps

    for _ in range(data.draw(st.integers(1, 8))):
        for cell in range(16):
            tapped = tap(4, 4, board, cell)
            cost = 1 - tapped.refund
            *before, taps_before = bounds(board)
            *after, taps_after = bounds(tapped.cells)
            assert all(b <= cost + a for b, a in zip(before, after, strict=True))
            assert taps_before <= 1 + taps_after
        board = tap(4, 4, board, data.draw(st.integers(0, 15))).cells
    assert geometry.bounds(bytes(16)) == (0, 0, 0)


@settings(max_examples=12, deadline=None)
@given(side=st.sampled_from([3, 4]), data=st.data())
def test_the_bound_never_exceeds_the_cheapest_clear(side, data):
    """The oracle: every line of taps, tried by the tests' own simulator, from a 3×3 board
    (5 drops) or a 4×4 one (3 drops), and from boards a few random taps on: no line that
    clears it costs less net drops than ``h`` or takes fewer taps than the taps bound."""
    area, drops = side * side, 5 if side == 3 else 3
    board = data.draw(small_boards(side))
    for _ in range(data.draw(st.integers(0, 3))):
        board = tap(side, side, board, data.draw(st.integers(0, area - 1))).cells
    found = exhaustive(tuple(board), side, drops, 12)
    if found is not None and any(board):
        h, taps, _ = _Board(side, side).bounds(board)
        assert h <= drops - found[0] and taps <= found[1]


def test_the_bound_is_near_the_optimum_where_splashes_fly_off():
    """On a 4×4 board most splashes leave it: ``h`` is within 2 of the optimum (5 drops
    spent), where the component bound alone (−3) was 8 short."""
    board = bytes.fromhex("03020400010100020400030301030200")
    search = solve(4, 4, board, 10)
    assert search.proven and 10 - search.line.drops == 5
    assert _Board(4, 4).bounds(board) == (3, 7, 5)


@settings(max_examples=10, deadline=None)
@given(board=small_boards(), drops=st.sampled_from([4, 4, 4, 2]))
def test_par_equals_an_exhaustive_search_on_4x4_boards(board, drops):
    """The most drops left, then the fewest taps, over every line of taps: no line is longer
    than 14 (T taps refund R ≤ (16 + T) / 3 drops, as a cell bursts once unless a tap
    refills it, and T − R ≤ 4). With 4 drops most of these boards clear (7 in 10)."""
    found = exhaustive(tuple(board), 4, drops, 14)
    search = solve(4, 4, board, drops)
    assert search.proven
    if found is None:
        assert search.line is None
    else:
        assert search.line is not None
        assert (search.line.drops, len(search.line.taps)) == found
        assert replay(4, 4, board, drops, search.line.taps) == found[0]


def test_the_seed_board_is_proven_to_end_with_14_drops():
    search = solve(6, 6, SEED, 10)
    assert search.proven and search.line.drops == 14 and len(search.line.taps) == 5
    assert replay(6, 6, SEED, 10, search.line.taps) == 14
    assert replay(6, 6, SEED, 10, (27, 27, 32, 24, 13, 16, 16, 4, 35, 23)) == 9
    # The players it is measured by do worse.
    assert best_first(6, 6, SEED, 10).drops < 14 and greedy(6, 6, SEED, 10).drops < 14


def test_a_memo_started_afresh_finds_the_same_line(monkeypatch):
    """The memo is bounded: cleared whenever it outgrows its cap, the search runs chains
    again but proves the very same line (here a cap of 10 chains, past at most boards)."""
    rng = Stream("memo")
    boards = [(6, SEED), *((5, draw(25, rng)) for _ in range(2))]
    unbounded = [solve(side, side, board, 10) for side, board in boards]
    monkeypatch.setattr(solver, "MEMO_ENTRIES", 10)
    cleared = []
    original = solver._chains

    def watched(step, cells, preps, empties, tried, reaches, since=None):
        cleared.append(sum(map(len, reaches)) == 0)
        return original(step, cells, preps, empties, tried, reaches, since)

    monkeypatch.setattr(solver, "_chains", watched)
    # Chains run again count as tried: room for them.
    bounded = [solve(side, side, board, 10, limit=10 * solver.LIMIT) for side, board in boards]
    assert all(search.chains > 10 for search in unbounded)  # past the tiny cap unbounded
    assert sum(cleared) > len(boards)  # the memo was started afresh during the searches
    for before, after in zip(unbounded, bounded, strict=True):
        assert before.proven and after.proven
        assert (after.line.drops, after.line.taps) == (before.line.drops, before.line.taps)


def test_an_exhausted_budget_gives_the_best_line_known_unproven():
    search = solve(6, 6, SEED, 10, limit=10)
    assert not search.proven and search.line == greedy(6, 6, SEED, 10)
    assert solve(4, 4, bytes([1] + [0] * 15), 1).line is None  # proven: nothing clears it


@pytest.mark.parametrize("area", [16, 20, 36, 49, 64])
def test_the_pool_scales_the_wechat_composition(area):
    pool = composition(area)
    assert len(pool) == round(40 * area / 36) >= area
    counts = [pool.count(v) for v in range(5)]
    if area == 36:
        assert counts == [8, 6, 10, 10, 6]
    wechat = (8, 6, 10, 10, 6)
    assert all(abs(c - share * len(pool) / 40) < 1 for c, share in zip(counts, wechat, strict=True))


@pytest.mark.parametrize(
    ("params", "seed", "description", "solution", "par"),
    [
        (
            "6x6",
            "golden",
            "6x6;drops=10;042424/413422/233332/132031/203030/113040",
            "C3 F6 D2 A5",
            16,
        ),
        (
            "6x6e",
            "golden",
            "6x6;drops=10;343112/140332/220404/324320/023001/432312",
            "C4 D3 E1",
            16,
        ),
        (
            "7x5h",
            "golden",
            "7x5;drops=10;4312340/4431220/0033302/1131412/2020203",
            "E2 D3 E3 C4 D3",
            14,
        ),
        ("4x4", "golden", "4x4;drops=10;3000/3341/1221/4423", "B3 B3 D3 D3 C4 B3", 8),
        ("4x4e", "golden", "4x4;drops=10;3204/2404/3020/1331", "A2 A3 C3 C4 B2", 9),
    ],
)
def test_goldens(params, seed, description, solution, par):
    made = KIND.generate(KIND.parse_params(params), seed)
    assert (made.description, made.solution, made.par) == (description, solution, par)
