"""Double Choco's grid text and rules: the pzprjs fixture decodes to its picture and back,
random grids round-trip, garbage is refused in one sentence; the boards of pzprjs's own
test script break the rules they are meant to (and its correct one none); ``breaches``
agrees field by field with the tests' own reading of the rules (``chocokit``)."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from kinds.choco.engine.grid import UNKNOWN, Edge, Grid, decode, edges, encode
from kinds.choco.engine.rules import MORE_PARTS, ONE_COLOUR, SHAPES_DIFFER, breaches, shape
from kinds.choco.tests.chocokit import (
    FIXTURE,
    FIXTURE_BLOCKS,
    blocks_of,
    cells_of,
    congruent,
    count_solutions,
    fault,
    inner_walls,
    is_solution,
    parts_of,
    pzprv3,
    random_puzzle,
    walls_between,
    with_clues,
    wrong_numbers,
)

#: The fixture as a picture: G gray, W white, then its number.
FIXTURE_ROWS = (
    "G G4 G2 G W W",
    "G G4 G W G G",
    "W W W G G5 W",
    "G W W G W W",
    "W G G W W G",
    "W2 W2 W G G W",
)

#: pzprjs's test/script/dbchoco.js: each board with the failcode pzprjs gives it.
PZPRJS_BOARDS = {
    "bkSubLt2": "pzprv3/dbchoco/6/6/- -4 -2 - . . /- -4 - . - - /. . . - -5 . /- . . - . . /. - - . . - /2 2 . - - . /0 0 0 0 0 /0 0 0 0 0 /0 1 0 0 0 /1 0 1 0 0 /1 0 1 0 0 /0 1 0 1 0 /0 0 0 0 0 0 /1 1 0 0 0 0 /1 0 1 0 0 0 /0 1 1 0 0 0 /1 0 1 1 0 0 /",  # noqa: E501
    "bkSubGt2": "pzprv3/dbchoco/6/6/- -4 -2 - . . /- -4 - . - - /. . . - -5 . /- . . - . . /. - - . . - /2 2 . - - . /0 1 0 0 0 /0 1 0 1 0 /1 0 1 0 0 /1 0 1 0 0 /0 0 1 0 1 /0 0 0 0 0 /0 0 0 0 1 1 /1 0 1 1 0 0 /0 0 0 0 0 0 /1 1 1 0 0 1 /0 0 0 1 1 0 /",  # noqa: E501
    "bdDeadEnd": "pzprv3/dbchoco/6/6/- -4 -2 - . . /- -4 - . - - /. . . - -5 . /- . . - . . /. - - . . - /2 2 . - - . /0 1 0 0 0 /0 1 0 1 0 /1 1 1 0 0 /1 0 1 0 0 /0 0 1 0 1 /1 0 0 0 1 /0 0 1 1 1 1 /1 0 1 1 0 0 /0 0 0 0 0 0 /1 1 1 0 0 1 /0 1 1 1 1 0 /",  # noqa: E501
    "bkSizeLt": "pzprv3/dbchoco/6/6/- -4 -2 - . . /- -4 - . - - /. . . - -5 . /- . . - . . /. - - . . - /2 2 . - - . /0 1 0 0 0 /1 0 0 0 0 /0 1 0 0 0 /1 1 0 0 0 /0 0 0 0 0 /0 0 0 0 0 /0 1 0 0 0 0 /0 1 0 0 0 0 /1 0 0 0 0 0 /0 1 0 0 0 0 /0 0 0 0 0 0 /",  # noqa: E501
    "bkSizeGt": "pzprv3/dbchoco/6/6/- -4 -2 - . . /- -4 - . - - /. . . - - . /- . . - . . /. - - . . - /2 2 . - - . /0 1 0 0 0 /0 0 1 0 1 /0 0 1 0 1 /1 0 1 0 1 /1 0 1 0 1 /0 1 0 1 0 /0 0 1 1 1 1 /0 0 0 1 1 0 /1 0 0 0 0 1 /0 1 1 0 0 0 /1 0 1 1 1 1 /",  # noqa: E501
    "bkDifferentShape": "pzprv3/dbchoco/6/6/- -4 -2 - . . /- -4 - . - - /. . . - -5 . /- . . - . . /. - - . . - /2 2 . - - . /0 1 0 0 0 /0 1 0 1 0 /0 0 1 0 0 /0 1 1 0 0 /0 0 1 0 1 /1 0 0 0 1 /0 0 1 1 1 1 /0 0 1 1 0 0 /1 1 0 0 0 0 /1 1 1 0 0 1 /0 1 1 1 1 0 /",  # noqa: E501
    "null": "pzprv3/dbchoco/6/6/- -4 -2 - . . /- -4 - . - - /. . . - -5 . /- . . - . . /. - - . . - /2 2 . - - . /0 1 0 0 0 /0 1 0 1 0 /1 0 1 0 0 /1 0 1 0 0 /0 0 1 0 1 /1 0 0 0 1 /0 0 1 1 1 1 /1 0 1 1 0 0 /0 0 0 0 0 0 /1 1 1 0 0 1 /0 1 1 1 1 0 /",  # noqa: E501
}


def picture(grid: Grid) -> tuple[str, ...]:
    """A grid as rows of G (gray) or W (white) and the number, like ``FIXTURE_ROWS``."""

    def cell(i: int) -> str:
        clue = grid.clues[i]
        return ("G" if grid.gray[i] else "W") + ("?" if clue == UNKNOWN else str(clue or ""))

    rows = range(grid.height)
    return tuple(" ".join(cell(y * grid.width + x) for x in range(grid.width)) for y in rows)


def fixture_walls(grid: Grid) -> frozenset[Edge]:
    return walls_between(grid, cells_of(FIXTURE_BLOCKS, grid.width))


# --- the text ----------------------------------------------------------------------------


def test_the_fixture_decodes_to_its_picture_and_back() -> None:
    grid = decode(FIXTURE)
    assert (grid.width, grid.height) == (6, 6)
    assert picture(grid) == FIXTURE_ROWS
    assert encode(grid) == FIXTURE
    assert decode(f"https://puzz.link/p?dbchoco/{FIXTURE}") == grid


@st.composite
def grids(draw: st.DrawFn) -> Grid:
    """Grids of 2–12 a side, numbers sparse (long gaps) and of every width of text: 1–15,
    16–255, 256–4095 and unknown sizes."""
    width, height = draw(st.integers(2, 12)), draw(st.integers(2, 12))
    area = width * height
    gray = draw(st.lists(st.booleans(), min_size=area, max_size=area))
    number = st.one_of(
        st.integers(1, 15), st.integers(16, 255), st.integers(256, 4095), st.just(UNKNOWN)
    )
    numbered = draw(st.dictionaries(st.integers(0, area - 1), number, max_size=area // 3))
    clues = tuple(numbered.get(cell) for cell in range(area))
    return Grid(width, height, tuple(gray), clues)


_LONG_GAPS = Grid(
    12,
    12,
    (True, False) * 72,
    tuple({0: 15, 22: 16, 43: 255, 64: 256, 106: UNKNOWN, 107: 4095}.get(c) for c in range(144)),
)


@settings(max_examples=300, deadline=None)
@given(grid=grids())
@example(grid=_LONG_GAPS)
def test_random_grids_round_trip(grid: Grid) -> None:
    assert decode(encode(grid)) == grid


def test_long_gaps_and_wide_numbers_are_written_as_puzz_link_writes_them() -> None:
    """Gray every other cell (``l`` = 10101, ``a`` = 01010, the last four cells ``k`` =
    10100); gaps of 21, 20, 20, 41 and 36 cells (``zg``, ``z``, ``zzg``, ``zv``) around
    ``f``, ``-10``, ``-ff``, ``+100``, ``.`` and ``+fff``."""
    assert encode(_LONG_GAPS) == "12/12/" + "la" * 14 + "k" + "fzg-10z-ffz+100zzg.+fffzv"


@pytest.mark.parametrize("number", [0, 4096, -2])
def test_a_number_no_text_can_hold_is_refused_not_written(number: int) -> None:
    """Every text ``encode`` writes reads back: a number outside 1–4095 (or ``?``) has
    none."""
    grid = Grid(2, 2, (False, True, True, False), (number, None, None, None))
    with pytest.raises(ValueError, match="1 to 4095"):
        encode(grid)


GARBAGE = [
    "",
    "hello",
    "6/6",
    "6/6/",
    "6x6/ueoq8p30g42j4n5s22j",
    "1/6/ueoq8p30g42j4n5s22j",
    "41/41/" + "0" * 337,
    "6/6/ueoq8p",
    "6/6/ueoq8p3!g42j4n5s22j",
    "6/6/ueoq8p30g42j4n5s22jg",
    "6/6/ueoq8p30g42j4n5s22j4",
    "6/6/ueoq8p30g02j4n5s22j",
    "6/6/ueoq8p30g-4j4n5s22j",
    "6/6/ueoq8p30g+4jj4n5s22j",
    "6/6/ueoq8p30zzz",
]


@pytest.mark.parametrize("text", GARBAGE)
def test_garbage_is_refused_in_one_sentence(text: str) -> None:
    with pytest.raises(ValueError) as refused:
        decode(text)
    message = str(refused.value)
    assert message and "\n" not in message and not re.search(r"[.!?]\s", message)


@settings(max_examples=300, deadline=None)
@given(text=st.text("0123456789/abcdefghijklmnopqrstuvwxyz.-+", max_size=40))
def test_any_text_decodes_or_is_refused_with_a_value_error(text: str) -> None:
    try:
        grid = decode(text)
    except ValueError:
        return
    assert decode(encode(grid)) == grid


# --- pzprjs's boards ---------------------------------------------------------------------


def test_pzprjs_boards_are_the_fixture_and_its_answer() -> None:
    """The reader's rows and columns: the correct board is the fixture with its answer."""
    grid, walls = pzprv3(PZPRJS_BOARDS["null"])
    assert grid == decode(FIXTURE)
    assert walls == fixture_walls(grid)
    assert all(
        pzprv3(board)[0] == grid for code, board in PZPRJS_BOARDS.items() if code != "bkSizeGt"
    )
    assert pzprv3(PZPRJS_BOARDS["bkSizeGt"])[0].clues[16] is None  # its 5 is left out


#: The failcode pzprjs gives each kind of block ``breaches`` finds.
CODES = {ONE_COLOUR: "bkSubLt2", MORE_PARTS: "bkSubGt2", SHAPES_DIFFER: "bkDifferentShape"}


def pzprjs_codes(grid: Grid, walls: frozenset[Edge]) -> set[str]:
    """pzprjs's failcodes for what ``breaches`` finds: a number bigger than its part (as the
    tests' rules measure it) is ``bkSizeLt``, smaller ``bkSizeGt``."""
    found = breaches(grid, walls)
    codes = {CODES[rule] for _, rule in found.blocks}
    if found.walls:
        codes.add("bdDeadEnd")
    for cell in found.numbers:
        block = next(b for b in blocks_of(grid, walls) if cell in b)
        part = next(p for p in parts_of(grid, walls, block) if cell in p)
        codes.add("bkSizeLt" if (grid.clues[cell] or 0) > len(part) else "bkSizeGt")
    return codes


@pytest.mark.parametrize("code", list(PZPRJS_BOARDS))
def test_each_pzprjs_board_breaks_what_pzprjs_says(code: str) -> None:
    grid, walls = pzprv3(PZPRJS_BOARDS[code])
    codes = pzprjs_codes(grid, walls)
    assert code in codes if code != "null" else not codes
    assert is_solution(grid, walls) == (code == "null")


def test_the_fixture_has_one_answer_without_a_breach() -> None:
    grid = decode(FIXTURE)
    assert not breaches(grid, fixture_walls(grid))
    assert count_solutions(grid, limit=5) == [fixture_walls(grid)]


# --- breaches against the tests' reading of the rules ------------------------------------


@st.composite
def boards(draw: st.DrawFn) -> tuple[Grid, frozenset[Edge]]:
    """A random small puzzle (some numbers kept, some made unknown) and walls on it: its
    tiling's, another solution's, either with a few edges flipped, or any walls at all."""
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    width, height = draw(st.sampled_from([(2, 3), (3, 4), (4, 4), (4, 5), (6, 3), (6, 6)]))
    full, tiles = random_puzzle(rng, width, height)
    density = draw(st.sampled_from([0.0, 0.3, 1.0]))
    grid = with_clues(full, lambda _: rng.random() < density)
    grid = Grid(
        width,
        height,
        grid.gray,
        tuple(UNKNOWN if c is not None and rng.random() < 0.1 else c for c in grid.clues),
    )
    every = edges(width, height)
    how = draw(st.sampled_from(["tiling", "another", "any"]))
    if how == "any":
        share = draw(st.sampled_from([0.2, 0.5]))
        walls = frozenset(e for e in every if rng.random() < share)
    else:
        walls = walls_between(grid, tiles)
        if how == "another":
            walls = rng.choice(count_solutions(grid, limit=3))
        flips = draw(st.sets(st.sampled_from(every), max_size=3))
        walls = walls.symmetric_difference(flips)
    return grid, walls


@settings(max_examples=300, deadline=None)
@given(board=boards())
def test_breaches_are_none_exactly_on_solutions_and_name_what_is_wrong(
    board: tuple[Grid, frozenset[Edge]],
) -> None:
    grid, walls = board
    found = breaches(grid, walls)
    assert (not found) == is_solution(grid, walls)
    assert found.numbers == wrong_numbers(grid, walls)
    assert found.walls == inner_walls(grid, walls)
    names = {"one colour": ONE_COLOUR, "more parts": MORE_PARTS, "shapes differ": SHAPES_DIFFER}
    wrong = {}
    for block in blocks_of(grid, walls):
        what = fault(grid, walls, block)
        if what:
            wrong[frozenset(block)] = names[what]
    assert dict(found.blocks) == wrong
    assert len(found.blocks) == len(wrong)


@settings(max_examples=300, deadline=None)
@given(
    cells=st.sets(st.integers(0, 35), min_size=1, max_size=8),
    turn=st.integers(0, 7),
    offset=st.tuples(st.integers(0, 10), st.integers(0, 10)),
    data=st.data(),
)
def test_shape_is_the_same_exactly_for_congruent_cells(
    cells: set[int], turn: int, offset: tuple[int, int], data: st.DataObject
) -> None:
    """``shape`` (rules) against ``congruent`` (chocokit), on a 20-wide board: the same for a
    turned or mirrored copy put anywhere, and the same for another set of as many cells
    exactly when ``congruent`` says so."""
    points = [(c % 6, c // 6) for c in cells]
    moved = [
        (
            (-1 if turn & 1 else 1) * (y if turn & 4 else x),
            (-1 if turn & 2 else 1) * (x if turn & 4 else y),
        )
        for x, y in points
    ]
    left, top = min(x for x, _ in moved), min(y for _, y in moved)
    copy = {(y - top + offset[1]) * 20 + x - left + offset[0] for x, y in moved}
    wide = {(c // 6) * 20 + c % 6 for c in cells}
    assert shape(wide, 20) == shape(copy, 20)
    assert congruent(wide, copy, 20)
    other = data.draw(st.sets(st.integers(0, 35), min_size=len(cells), max_size=len(cells)))
    wide_other = {(c // 6) * 20 + c % 6 for c in other}
    assert (shape(wide, 20) == shape(wide_other, 20)) == congruent(wide, wide_other, 20)
