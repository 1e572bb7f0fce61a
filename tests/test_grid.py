import pytest

from puzzle.grid import cell_name, column_index, column_letters, parse_size


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
