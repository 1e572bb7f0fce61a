from hypothesis import given, settings
from hypothesis import strategies as st

from kinds.pipes.engine import EASY, check, deduce, generate, rotate, solve
from kinds.pipes.engine.generator import spanning_tree
from kinds.pipes.engine.tiles import ROTATED
from kinds.pipes.engine.v1 import generate_v1
from kinds.pipes.tests.oracles import brute_force_solutions
from kinds.pipes.tests.tatham_oracle import decided
from puzzle.prng import Stream


@settings(max_examples=60, deadline=None)
@given(st.integers(3, 4), st.integers(3, 4), st.integers(0, 10**9))
def test_finds_exactly_the_brute_force_solutions(width, height, seed):
    puzzle = generate(width, height, f"s{seed}", unique=False)
    tiles = puzzle.tiles
    expected = brute_force_solutions(width, height, tiles)
    found = solve(width, height, tiles, puzzle.source, limit=10_000)
    assert len(found) == len(set(found))
    assert set(found) == expected
    assert puzzle.solution in expected


@settings(max_examples=200)
@given(st.integers(2, 4), st.integers(2, 3), st.data())
def test_random_tile_sets_match_brute_force(width, height, data):
    # Arbitrary tiles (crosses and blanks included): mostly no solution at all.
    tiles = data.draw(
        st.lists(st.integers(0, 15), min_size=width * height, max_size=width * height)
    )
    expected = brute_force_solutions(width, height, tiles)
    assert set(solve(width, height, tiles, (0, 0), limit=10_000)) == expected


@settings(max_examples=40, deadline=None)
@given(st.integers(3, 14), st.integers(3, 14), st.integers(0, 10**9))
def test_every_solution_checks_as_solved(width, height, seed):
    puzzle = generate(width, height, f"s{seed}", unique=False)
    for solution in solve(width, height, puzzle.tiles, puzzle.source, limit=5):
        assert check(width, height, solution, puzzle.source).solved
        assert all(
            s in {rotate(t, k) for k in range(4)}
            for s, t in zip(solution, puzzle.tiles, strict=True)
        )


def test_unique_puzzle_has_one_solution_and_deduction_finds_it():
    puzzle = generate(12, 9, "one")
    assert solve(12, 9, puzzle.tiles, puzzle.source) == [puzzle.solution]
    deduction = deduce(12, 9, puzzle.tiles)
    assert deduction.solved
    assert tuple(c[0] for c in deduction.candidates) == puzzle.solution


def test_ambiguous_puzzle_gives_two_solutions_and_deduction_stops():
    # Find a raw (non-unique) 10x10 with several solutions: ~36% of them are.
    for k in range(50):
        puzzle = generate(10, 10, f"amb{k}", unique=False)
        found = solve(10, 10, puzzle.tiles, puzzle.source, limit=2)
        if len(found) == 2:
            break
    else:
        raise AssertionError("no ambiguous 10x10 in 50 seeds")
    assert found[0] != found[1]
    assert not deduce(10, 10, puzzle.tiles).solved


def test_unsolvable_boards():
    assert solve(3, 3, [1] * 9, (1, 1)) == []  # nine dead ends cannot connect
    assert deduce(3, 3, [7] + [1] * 8) is None  # a T cannot fit in a corner
    assert solve(3, 3, [15] * 9, (1, 1)) == []  # a cross cannot sit on the border


@settings(max_examples=150, deadline=None)
@given(st.integers(5, 6), st.integers(5, 6), st.integers(0, 10**9))
def test_counts_every_solution_of_raw_boards_like_the_brute_force(width, height, seed):
    """Raw boards (several solutions allowed) at 5×5–6×6, where branching goes deep enough
    for a state copy that shares data between branches to lose solutions."""
    puzzle = generate(width, height, f"raw{seed}", unique=False)
    expected = brute_force_solutions(width, height, puzzle.tiles)
    found = solve(width, height, puzzle.tiles, puzzle.source, limit=10_000)
    assert set(found) == expected and len(found) == len(expected)


def test_raw_boards_the_old_copy_miscounted():
    for seed in ("c37", "c84", "c169", "c230"):  # raw boards of generator pipes/1
        puzzle = generate_v1(6, 6, seed, unique=False)
        expected = brute_force_solutions(6, 6, puzzle.tiles)
        assert puzzle.solution in expected
        assert set(solve(6, 6, puzzle.tiles, limit=100)) == expected, seed


def _raw_boards(count: int, sides: range, prefix: str):
    """Raw Prim trees turned at random, a third of them wrapping."""
    boards = []
    for k in range(count):
        width, height = sides[k % len(sides)], sides[(k * 7) % len(sides)]
        wrap = k % 3 == 0
        rng = Stream(f"{prefix}{k}")
        tree = spanning_tree(width, height, rng, wrap)
        boards.append((width, height, wrap, [ROTATED[t][int(rng.draw() * 4)] for t in tree]))
    return boards


def test_deduction_decides_exactly_what_tathams_solver_decides(tatham_solver):
    """Tatham's net_solver, compiled from his net.c, is the independent oracle: on raw boards
    (most are ambiguous somewhere) ours decides the very same cells, no more, no fewer."""
    boards = _raw_boards(300, range(3, 23), "oracle")
    answers = decided(tatham_solver, boards)
    assert len(answers) == len(boards)
    for (width, height, wrap, tiles), (result, locked) in zip(boards, answers, strict=True):
        deduction = deduce(width, height, tiles, wrap=wrap)
        ours = frozenset(i for i, c in enumerate(deduction.candidates) if len(c) == 1)
        assert ours == locked, (width, height, wrap)
        assert deduction.solved == (result == 1)
    assert sum(result == 1 for result, _ in answers) not in (0, len(answers))


def test_easy_rules_are_weaker_and_sound():
    boards = _raw_boards(60, range(6, 16), "easy")
    weaker = 0
    for width, height, wrap, tiles in boards:
        full = deduce(width, height, tiles, wrap=wrap)
        easy = deduce(width, height, tiles, wrap=wrap, level=EASY)
        assert all(set(f) <= set(e) for f, e in zip(full.candidates, easy.candidates, strict=True))
        assert easy.cuts == 0
        weaker += len(easy.undecided) > len(full.undecided)
    assert weaker


@settings(max_examples=80, deadline=None)
@given(st.integers(3, 4), st.integers(3, 4), st.integers(0, 10**9))
def test_wrapping_boards_count_like_the_brute_force(width, height, seed):
    puzzle = generate(width, height, f"w{seed}", unique=False, wrap=True)
    expected = brute_force_solutions(width, height, puzzle.tiles, wrap=True)
    found = solve(width, height, puzzle.tiles, limit=10_000, wrap=True)
    assert puzzle.solution in expected
    assert set(found) == expected and len(found) == len(expected)
