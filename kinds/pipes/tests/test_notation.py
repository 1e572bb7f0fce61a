import pytest
from hypothesis import given
from hypothesis import strategies as st

from kinds.pipes.engine import Move, parse_cells, parse_code
from kinds.pipes.engine.notation import format_params, parse_params
from puzzle.grid import cell_name


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
        ("AA1", "AA1 is outside the 6×6 board"),
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


@given(st.integers(0, 39), st.integers(0, 98))
def test_cell_names_round_trip(x, y):
    assert parse_cells(cell_name(x, y), 40, 99) == [Move(x, y, 1)]


def test_columns_after_z():
    assert parse_cells("AN40 aa3ccw", 40, 40) == [Move(39, 39, 1), Move(26, 2, -1)]


def test_codes():
    assert parse_code("8x8-d20261122") == (8, 8, "d20261122", True, False, "normal")
    assert parse_code("5X7n-Free") == (5, 7, "free", False, False, "")
    assert parse_code("6x6wh-x") == (6, 6, "x", True, True, "hard")
    assert parse_code("9x9e-x") == (9, 9, "x", True, False, "easy")
    assert parse_code("9x9wn-x") == (9, 9, "x", False, True, "")
    with pytest.raises(ValueError, match="not a puzzle code"):
        parse_code("hello")
    with pytest.raises(ValueError, match="from 3 to 40"):
        parse_code("41x41-abc")
    with pytest.raises(ValueError, match="cannot be easy"):
        parse_code("6x6we-abc")
    with pytest.raises(ValueError, match="not a Pipes size"):
        parse_code("6x6hn-abc")


@pytest.mark.parametrize("params", ["8x8", "8x8e", "8x8h", "8x8w", "8x8wh", "8x8n", "8x8wn"])
def test_params_round_trip(params):
    p = parse_params(params)
    assert format_params(p.width, p.height, p.unique, p.wrap, p.level) == params
