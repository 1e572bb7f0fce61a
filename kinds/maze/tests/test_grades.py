"""The maze's grade (a fog explorer's expected steps per cell) against the oracle written
here (``grade_oracle``), its levels as bands of it, and start and exit apart on every level."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kinds.maze.tests.grade_oracle import oracle
from puzzle import KINDS
from puzzle.levels import LEVELS

KIND = KINDS["maze"]


def made(params, seed):
    return KIND.generate(KIND.parse_params(params), seed)


def test_the_levels_are_ordered_disjoint_bands():
    bands = [KIND.grades[level] for level in LEVELS]
    assert all(low < high for low, high in bands)
    assert all(one[1] <= two[0] for one, two in itertools.pairwise(bands))


@pytest.mark.parametrize("params", ["6x6", "7x5k", "6x6e"])
@pytest.mark.parametrize("seed", ["a", "b", "c"])
def test_the_grade_of_a_tree_maze_is_the_oracles_mean(params, seed):
    """Without loops the grade is exact: within the oracle's own error (its mean of 3,000
    explorers, about 0.5% of it)."""
    board = made(params, seed)
    assert board.difficulty == pytest.approx(oracle(board, runs=3000), rel=0.02)


@pytest.mark.parametrize("params", ["6x6h", "7x6kh"])
@pytest.mark.parametrize("seed", ["a", "b", "c"])
def test_the_grade_of_a_maze_with_loops_is_near_the_oracles_mean(params, seed):
    """With loops the grade averages a few dozen explorers: within 10% of the oracle."""
    board = made(params, seed)
    assert board.difficulty == pytest.approx(oracle(board, runs=1500), rel=0.1)


def test_daily_mazes_rank_easy_normal_hard_by_the_oracle_on_every_board():
    """Every easy 15×15 maze below every normal one, and every normal below every hard one,
    by the oracle's measure; each maze's grade in its level's band."""
    found = {}
    for level in LEVELS:
        boards = [made(f"15x15 {level}", f"ranked{k}") for k in range(3)]
        for board in boards:
            low, high = KIND.grades[level]
            assert low <= board.difficulty < high, board.code
        found[level] = [oracle(board, runs=400) for board in boards]
    assert max(found["easy"]) < min(found["normal"])
    assert max(found["normal"]) < min(found["hard"])


def test_a_hard_maze_makes_the_explorer_walk_more_than_a_normal_one_in_the_fog():
    """The issue's count: hard and normal 15×15 mazes once needed the same steps."""
    normal = [made("15x15", f"fog{k}").difficulty for k in range(5)]
    hard = [made("15x15h", f"fog{k}").difficulty for k in range(5)]
    assert max(normal) < min(hard)


@settings(max_examples=40, deadline=None)
@given(
    size=st.tuples(st.integers(5, 16), st.integers(5, 16)),
    seed=st.text("abcdefghijklmnopqrstuvwxyz0123456789", min_size=1, max_size=6),
    level=st.sampled_from(["e", "", "h", "k", "kh"]),
)
def test_start_and_exit_lie_a_third_of_the_maze_apart_on_every_level(size, seed, level):
    """Across plus down on the board, at least a third of the larger side (rounded up);
    ``maze:8x8h-abc`` once had them side by side (H6, H5)."""
    width, height = size
    maze = KIND.load(made(f"{width}x{height}{level}", seed))
    across = abs(maze.start % width - maze.exit % width)
    down = abs(maze.start // width - maze.exit // width)
    assert 3 * (across + down) >= max(width, height)
    assert maze.par >= across + down


def test_the_maze_the_issue_named_has_its_ends_apart():
    maze = KIND.load(made("8x8h", "abc"))
    assert (maze.name(maze.start), maze.name(maze.exit)) != ("H6", "H5")
    across = abs(maze.start % 8 - maze.exit % 8) + abs(maze.start // 8 - maze.exit // 8)
    assert across >= 3
