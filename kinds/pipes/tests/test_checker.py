from hypothesis import given, settings
from hypothesis import strategies as st

from kinds.pipes.engine import check, generate, rotate
from kinds.pipes.tests.oracles import oracle_check


@st.composite
def boards(draw, max_side=9):
    width = draw(st.integers(1, max_side))
    height = draw(st.integers(1, max_side))
    tiles = draw(st.lists(st.integers(0, 15), min_size=width * height, max_size=width * height))
    source = (draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1)))
    return width, height, tiles, source


def assert_agrees(width, height, tiles, source):
    result = check(width, height, tiles, source)
    flooded, loops, solved = oracle_check(width, height, tiles, source)
    assert result.flooded == flooded
    assert result.loops == loops
    assert result.solved == solved


@settings(max_examples=400)
@given(boards())
def test_agrees_with_networkx_on_random_boards(board):
    assert_agrees(*board)


@settings(max_examples=150, deadline=None)
@given(st.integers(3, 12), st.integers(3, 12), st.integers(0, 10**9), st.data())
def test_agrees_with_networkx_on_partly_solved_puzzles(width, height, seed, data):
    puzzle = generate(width, height, f"s{seed}", unique=False)
    turns = data.draw(st.lists(st.integers(0, 3), min_size=width * height, max_size=width * height))
    # Mostly solved boards with a few turned tiles: long pipes, loops and dangling parts.
    tiles = [rotate(s, t) if t == 1 else s for s, t in zip(puzzle.solution, turns, strict=True)]
    assert_agrees(width, height, tiles, puzzle.source)


def test_loops_outside_the_flooded_part_are_found():
    # 4x3: a closed ring of bends in columns C–D, the source at A1 on its own.
    tiles = [0, 0, 12, 9,
             0, 0, 6, 3,
             0, 0, 0, 0]  # fmt: skip
    result = check(4, 3, tiles, (0, 0))
    assert result.flooded == {0}
    assert result.loops == {2, 3, 6, 7}
    assert not result.solved


def test_two_loops_joined_by_a_bridge_leave_the_bridge_out():
    # Two 2x2 rings joined through a straight pipe (cells 2): ring tiles only are loops.
    tiles = [12, 13, 5, 13, 9,
             6, 3, 0, 6, 3]  # fmt: skip
    result = check(5, 2, tiles, (2, 0))
    assert result.loops == {0, 1, 5, 6, 3, 4, 8, 9}
    assert 2 in result.flooded and 2 not in result.loops


def test_solution_is_solved_and_one_turn_breaks_it():
    puzzle = generate(8, 8, "check")
    assert check(8, 8, puzzle.solution, puzzle.source).solved
    assert not check(8, 8, puzzle.tiles, puzzle.source).solved
    broken = list(puzzle.solution)
    broken[0] = rotate(broken[0])
    assert not check(8, 8, broken, puzzle.source).solved


def test_wrong_tile_count_is_an_error():
    try:
        check(3, 3, [0] * 8, (1, 1))
    except ValueError as error:
        assert "expected 9 tiles" in str(error)
    else:
        raise AssertionError("no error")
