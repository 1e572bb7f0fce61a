import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzle.grid import (
    beside,
    cell_name,
    column_index,
    column_letters,
    decode_cells,
    encode_cells,
    parse_cell,
    parse_size,
)


@pytest.mark.parametrize(
    ("text", "size"),
    [("6x6", (6, 6)), ("8×5", (8, 5)), (" 10 X 8 ", (10, 8)), ("7", (7, 7)), ("40x3", (40, 3))],
)
def test_sizes(text, size):
    assert parse_size(text) == size


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("big", "“big” is not a board size"),
        ("2x5", "A 2×5 board is not possible: each side must be from 3 to 40 tiles."),
        ("41x41", "each side must be from 3 to 40"),
        ("", "is not a board size"),
    ],
)
def test_bad_sizes(text, message):
    with pytest.raises(ValueError, match=message):
        parse_size(text)


def test_columns_after_z():
    assert [cell_name(x, 0) for x in (0, 25, 26, 27, 39)] == ["A1", "Z1", "AA1", "AB1", "AN1"]
    assert [column_index(name) for name in ("A", "z", "AA", "AN")] == [0, 25, 26, 39]
    assert column_letters(40) == "A–AN"


@given(st.integers(1, 40), st.integers(1, 99), st.data())
def test_cells_round_trip(width, height, data):
    x, y = data.draw(st.integers(0, width - 1)), data.draw(st.integers(0, height - 1))
    assert parse_cell(cell_name(x, y), width, height) == x + y * width
    assert parse_cell(cell_name(x, y).lower(), width, height) == x + y * width


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("G2", "G2 is outside the 6×4 board: columns A–F, rows 1–4."),
        ("a5", "A5 is outside the 6×4 board"),
        ("A0", "A0 is outside"),
        ("B3f", "“B3f” is not a cell: write a column letter and a row number, like B3."),
        ("", "“” is not a cell"),
    ],
)
def test_bad_cells(text, message):
    with pytest.raises(ValueError, match=message):
        parse_cell(text, 6, 4)


def test_a_size_may_ask_for_bigger_sides():
    assert parse_size("5x40", smallest=5) == (5, 40)
    with pytest.raises(ValueError, match="each side must be from 5 to 40 tiles"):
        parse_size("4x8", smallest=5)


def test_the_cells_beside_each_cell():
    table = beside(3, 2)
    assert table[0] == (-1, -1, 1, 3) and table[4] == (3, 1, 5, -1) and len(table) == 6
    for cell, row in enumerate(beside(5, 4)):
        for d, other in enumerate(row):
            assert other == -1 or beside(5, 4)[other][d ^ 2] == cell  # the opposite side


@given(st.integers(1, 99).flatmap(lambda n: st.tuples(st.just(n), st.sets(st.integers(0, n - 1)))))
def test_cell_sets_round_trip_as_hex(case):
    area, cells = case
    text = encode_cells(area, cells)
    assert len(text) == (area + 3) // 4 and decode_cells(area, text) == cells


@pytest.mark.parametrize("text", ["", "8", "0g", "001", "03"])
def test_hex_that_does_not_fit_the_board_is_refused(text):
    with pytest.raises(ValueError):
        decode_cells(6, text)  # two digits, and the last two bits are beyond the board
