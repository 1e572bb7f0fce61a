import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzle.pipes import Move, cell_name, parse_cells, parse_code, parse_size


@pytest.mark.parametrize(
    ("text", "size"),
    [("6x6", (6, 6)), ("8×5", (8, 5)), (" 10 X 8 ", (10, 8)), ("7", (7, 7)), ("26x3", (26, 3))],
)
def test_sizes(text, size):
    assert parse_size(text) == size


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("big", "“big” is not a board size"),
        ("2x5", "A 2×5 board is not possible: each side must be from 3 to 26 tiles."),
        ("27x27", "each side must be from 3 to 26"),
        ("", "is not a board size"),
    ],
)
def test_bad_sizes(text, message):
    with pytest.raises(ValueError, match=message):
        parse_size(text)


def test_cells_and_amounts():
    assert parse_cells("B3 c4x2, D1ccw e5cwx3 A12", 6, 12) == [
        Move(1, 2, 1),
        Move(2, 3, 2),
        Move(3, 0, -1),
        Move(4, 4, 3),
        Move(0, 11, 1),
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Z9", "Z9 is outside the 6×6 board: columns A–F, rows 1–6."),
        ("B7", "B7 is outside the 6×6 board"),
        ("A0", "A0 is outside"),
        ("B3 hello", "“hello” is not a tile"),
        ("B3x4", "turn a tile 1, 2 or 3 times"),
        ("B3x0", "turn a tile 1, 2 or 3 times"),
        ("  ", "Name at least one tile"),
    ],
)
def test_bad_cells(text, message):
    with pytest.raises(ValueError, match=message):
        parse_cells(text, 6, 6)


@given(st.integers(0, 25), st.integers(0, 98))
def test_cell_names_round_trip(x, y):
    assert parse_cells(cell_name(x, y), 26, 99) == [Move(x, y, 1)]


def test_codes():
    assert parse_code("8x8-d20261122") == (8, 8, "d20261122", True)
    assert parse_code("5X7n-Free") == (5, 7, "free", False)
    with pytest.raises(ValueError, match="not a puzzle code"):
        parse_code("hello")
    with pytest.raises(ValueError, match="from 3 to 26"):
        parse_code("30x30-abc")
