"""Lights Out's engine: its solver against brute force, its puzzles, texts and refusals (the
contract every kind keeps is checked by tests/conformance)."""

import random
from dataclasses import replace
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sentences import assert_one_sentence

from puzzle import MoveError

from ..engine import KIND, solve

SEEDS = st.text("abcdefghijklmnopqrstuvwxyz0123456789-_", min_size=1, max_size=12)


def cross(width, height, cell):
    """The cells a press toggles, written out: the cell and its orthogonal neighbours."""
    x, y = cell % width, cell // width
    return {
        (y + dy) * width + x + dx
        for dx, dy in ((0, 0), (-1, 0), (1, 0), (0, -1), (0, 1))
        if 0 <= x + dx < width and 0 <= y + dy < height
    }


@cache
def fewest(width, height):
    """Every board some presses reach from the dark one (a bitmask, bit i = cell i), with the
    fewest presses that reach it: every set of presses is tried, in Gray-code order."""
    n = width * height
    masks = [sum(1 << c for c in cross(width, height, cell)) for cell in range(n)]
    best, board, presses = {0: 0}, 0, 0
    for i in range(1, 1 << n):
        cell = (i & -i).bit_length() - 1
        board, presses = board ^ masks[cell], presses ^ 1 << cell
        best[board] = min(best.get(board, n), presses.bit_count())
    return best


def lights_of(width, height, board):
    return tuple(board >> c & 1 for c in range(width * height))


def board_of(lights):
    return sum(on << c for c, on in enumerate(lights))


@pytest.mark.parametrize(("width", "height"), [(3, 3), (4, 4), (3, 4)])
def test_the_solver_presses_the_fewest_cells_on_every_solvable_board(width, height):
    table = fewest(width, height)
    assert len(table) == {(3, 3): 512, (4, 4): 4096, (3, 4): 4096}[(width, height)]
    for board, count in table.items():
        solution = solve(width, height, lights_of(width, height, board))
        assert solution is not None and len(solution) == count
        reached = 0
        for cell in solution:
            reached ^= sum(1 << c for c in cross(width, height, cell))
        assert reached == board


def test_the_solver_finds_no_solution_where_there_is_none():
    table = fewest(4, 4)
    unsolvable = [board for board in range(0, 1 << 16, 7) if board not in table]
    assert len(unsolvable) > 6000
    assert all(solve(4, 4, lights_of(4, 4, board)) is None for board in unsolvable)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["3x3", "4x4"]), SEEDS)
def test_par_is_the_fewest_presses(params, seed):
    made = KIND.generate(KIND.parse_params(params), seed)
    lights = KIND.initial_state(KIND.load(made))
    assert any(lights) and made.par == fewest(made.width, made.height)[board_of(lights)]


@settings(max_examples=30, deadline=None)
@given(st.integers(3, 6), st.integers(3, 6), SEEDS)
def test_pressing_the_solution_or_the_hints_clears_the_board(width, height, seed):
    made = KIND.generate(KIND.parse_params(f"{width}x{height}"), seed)
    puzzle = KIND.load(made)
    start = KIND.initial_state(puzzle)
    assert KIND.status(puzzle, start).outcome == "playing"
    applied = KIND.apply(puzzle, start, KIND.parse_moves(puzzle, start, made.solution))
    assert applied.counted == made.par and KIND.status(puzzle, applied.state).outcome == "solved"
    state, hints = start, 0
    while not isinstance(hint := KIND.hint(puzzle, state), str):
        state, hints = KIND.apply(puzzle, state, [hint]).state, hints + 1
    assert hints == made.par and not any(state)


def test_generation_uses_a_private_random_source():
    random.seed(7)
    before = random.getstate()
    made = KIND.generate(KIND.parse_params("5x5"), "Same Seed")
    assert random.getstate() == before
    assert made == KIND.generate(KIND.parse_params("5x5"), "same-seed")
    assert made.code == f"{KIND.name}:5x5-same-seed" and made.description.startswith("5x5:")


def test_a_press_toggles_the_cell_and_its_neighbours_and_marks_it():
    made = replace(KIND.generate(KIND.parse_params("3x3"), "x"), description="3x3:010111010")
    puzzle = KIND.load(made)
    start = KIND.initial_state(puzzle)
    moves = KIND.parse_moves(puzzle, start, "a1, C3")
    assert moves == [0, 8] and [KIND.format_move(puzzle, m) for m in moves] == ["A1", "C3"]
    applied = KIND.apply(puzzle, start, moves)
    assert KIND.encode_state(applied.state) == "100010001"
    assert applied.counted == 2 and applied.marks.cells == (0, 8) and applied.marks.focus == 8
    solved = KIND.apply(puzzle, start, KIND.parse_moves(puzzle, start, "B2")).state
    assert KIND.encode_state(solved) == "000000000" and KIND.status(puzzle, solved).finished
    with pytest.raises(MoveError) as error:
        KIND.apply(puzzle, start, [4, 4])  # the second press comes after the win
    assert_one_sentence(str(error.value))
    assert KIND.hint(puzzle, solved) == "No hint: every light is off already."


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("D1", "D1 is outside the 3×3 board: columns A–C, rows 1–3."),
        ("b4", "B4 is outside the 3×3 board"),
        ("B3x", "“B3x” is not a cell"),
        (" , ", "Name at least one cell to press"),
    ],
)
def test_bad_moves_are_refused_in_one_sentence(text, message):
    puzzle = KIND.load(KIND.generate(KIND.parse_params("3x3"), "x"))
    with pytest.raises(ValueError) as error:
        KIND.parse_moves(puzzle, KIND.initial_state(puzzle), text)
    assert str(error.value).startswith(message)
    assert_one_sentence(str(error.value))


@pytest.mark.parametrize(
    ("text", "params"), [("5x5", (5, 5)), (" 3 X 6 ", (3, 6)), ("6×4", (6, 4)), ("4*3", (4, 3))]
)
def test_sizes_read_and_print(text, params):
    assert KIND.size(KIND.parse_params(text)) == params
    assert KIND.parse_daily(text) == f"{params[0]}x{params[1]}"


@pytest.mark.parametrize("text", ["7x7", "2x3", "3x10", "5x5x5", "lights"])
def test_bad_sizes_are_refused_in_one_sentence(text):
    with pytest.raises(ValueError) as error:
        KIND.parse_params(text)
    assert_one_sentence(str(error.value))


def test_sizes_are_read_as_every_kind_reads_them():
    assert KIND.parse_params("5") == KIND.parse_params(" 5 × 5 ") == KIND.parse_params("5x5")
    assert KIND.format_params(KIND.parse_params("4*6")) == "4x6"


@pytest.mark.parametrize(
    "description",
    [
        "5x5:1" + "0" * 24,  # a lone corner light: no presses turn it off on 5×5
        "5x5:" + "0" * 25,  # nothing to do
        "5x5:" + "2" * 25,
        "5x5:" + "1" * 24,
        "4x4:" + "1" * 16,
        "5x5" + "1" * 25,
    ],
)
def test_load_refuses_what_is_no_puzzle(description):
    made = KIND.generate(KIND.parse_params("5x5"), "x")
    with pytest.raises(ValueError):
        KIND.load(replace(made, description=description))


def test_load_reads_any_solvable_board():
    made = KIND.generate(KIND.parse_params("3x4"), "x")
    for board in list(fewest(3, 4))[1:50]:
        digits = KIND.encode_state(lights_of(3, 4, board))
        puzzle = KIND.load(replace(made, description=f"3x4:{digits}"))
        assert KIND.encode_state(KIND.initial_state(puzzle)) == digits
