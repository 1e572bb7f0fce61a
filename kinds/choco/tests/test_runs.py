"""Runs of walls: the typed notation (``B3-B5r``, every old ``B3-C3`` still itself), its round
trips and one-sentence refusals, a run played exactly as its walls toggled one by one (the
oracle), what it counts, and the pen the extend mode draws on from."""

from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sentences import assert_one_sentence

from kinds.choco.engine import (
    CHECK,
    KIND,
    Pen,
    Run,
    State,
    breaches,
    edge,
    edges,
    extend,
    format_move,
    parse_moves,
)
from puzzle.grid import cell_name, parse_cell

W, H = 8, 6


def cell(name, width=W):
    return parse_cell(name, width, H)


def wall(a, b, width=W):
    """The wall between two named cells."""
    return edge(cell(a, width), cell(b, width), width, H)


def one(text, width=W, height=H):
    [move] = parse_moves(text, width, height)
    return move


# ------------------------------------------------------------------------ the notation


def test_a_run_names_its_cells_and_the_side_its_walls_are_on():
    line = (wall("B3", "C3"), wall("B4", "C4"), wall("B5", "C5"))
    down = Run((cell("B3"), cell("B4"), cell("B5")), "r", line)
    assert one("B3-B5r") == down == one("B3 – B5r") == one("b3-b5R")
    assert one("c3-c5L").edges == line  # the same line, named from its other side
    assert one("B5-B3r") == Run(down.cells[::-1], "r", line[::-1])  # drawn the other way
    across = (wall("B3", "B4"), wall("C3", "C4"), wall("D3", "D4"))
    assert one("B3-D3d").edges == across == one("B4-D4u").edges
    # A run of one cell toggles the one wall on that side of it.
    assert one("B3r").edges == one("B3-B3r").edges == one("C3l").edges == (wall("B3", "C3"),)
    assert one("B3d").edges == (wall("B3", "B4"),) == one("B4u").edges


def test_every_old_wall_text_reads_as_it_did_and_is_written_as_it_was():
    for e in edges(W, H):
        text = "-".join(cell_name(c % W, c // W) for c in e)
        assert format_move(e, W) == text
        assert parse_moves(text, W, H) == [e]
        backwards = "-".join(reversed(text.split("-")))
        assert parse_moves(backwards.lower(), W, H) == [e]


def test_runs_walls_and_checks_mix_in_one_command():
    moves = parse_moves("B3-B5r, A1-B1 check F2-H2d", W, H)
    assert moves == [one("B3-B5r"), wall("A1", "B1"), CHECK, one("F2-H2d")]
    assert " ".join(format_move(m, W) for m in moves) == "B3-B5r A1-B1 check F2-H2d"


@pytest.mark.parametrize(
    ("text", "sentence"),
    [
        (
            "B3-D5r",
            "“B3-D5r” is not a straight run: its two cells must share a column or a row, "
            "like B3-B5r.",
        ),
        (
            "B3-B5d",
            "“B3-B5d” is not one line of walls: along a column they are on the right (r) or "
            "the left (l), like B3-B5r.",
        ),
        (
            "B3-D3l",
            "“B3-D3l” is not one line of walls: along a row they are below (d) or above (u), "
            "like B3-D3d.",
        ),
        ("H2-H5r", "“H2-H5r” lies on the board's edge: there is no wall to draw there."),
        ("A2-A5l", "“A2-A5l” lies on the board's edge: there is no wall to draw there."),
        ("C1u", "“C1u” lies on the board's edge: there is no wall to draw there."),
        ("B6-D6d", "“B6-D6d” lies on the board's edge: there is no wall to draw there."),
        ("B3-B9r", "B9 is outside the 8×6 board: columns A–H, rows 1–6."),
        (
            "B3-B5",
            "“B3-B5” is not a wall: its two cells must be side by side, like B3-C3, or a run "
            "names its side, like B3-B5r.",
        ),
        ("B3-B5x", "“B3-B5x” is not a wall: name the two cells it lies between, like B3-C3."),
    ],
)
def test_a_run_that_is_no_line_of_inner_walls_is_refused_in_one_sentence(text, sentence):
    with pytest.raises(ValueError) as refused:
        parse_moves(f"A1-B1 {text}", W, H)
    assert str(refused.value) == sentence
    assert_one_sentence(sentence)


SIDES = "rlud"


@st.composite
def run_texts(draw, width=W, height=H):
    """A run as people might type it: any two cells of a column or a row, any side."""
    x, y = draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1))
    if draw(st.booleans()):
        other = (x, draw(st.integers(0, height - 1)))
    else:
        other = (draw(st.integers(0, width - 1)), y)
    side = draw(st.sampled_from(SIDES + SIDES.upper()))
    first = cell_name(x, y)
    return (
        first + (f"-{cell_name(*other)}" if draw(st.booleans()) or other != (x, y) else "") + side
    )


@settings(max_examples=300, deadline=None)
@given(text=run_texts())
def test_a_typed_run_is_read_or_refused_in_one_sentence_and_reads_back(text):
    try:
        move = one(text)
    except ValueError as error:
        assert_one_sentence(str(error))
        return
    written = format_move(move, W)
    assert parse_moves(written, W, H) == [move]
    assert format_move(one(written), W) == written
    assert isinstance(move, Run)
    line = move.edges
    assert len(set(line)) == len(line) == len(move.cells) and set(line) <= set(edges(W, H))
    assert all(c in e for c, e in zip(move.cells, line, strict=True))  # each beside its wall
    if len(line) > 1:
        assert len({b - a for a, b in line}) == 1  # every wall the same way: one line
        assert all(
            set(_corners(a)) & set(_corners(b)) for a, b in pairwise(line)
        )  # each wall meets the next


def _corners(e, width=W):
    a, b = e
    x, y = a % width, a // width
    if b == a + 1:
        return ((x + 1, y), (x + 1, y + 1))
    return ((x, y + 1), (x + 1, y + 1))


# ------------------------------------------------------------------------ playing runs


@pytest.fixture(scope="module")
def board():
    return KIND.load(KIND.generate(KIND.parse_params(f"{W}x{H}"), "runs"))


def flips(move, walls):
    """The walls a run toggles: those it lacks, or all of it when it has them all."""
    return [e for e in move.edges if e not in walls] or list(move.edges)


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_a_run_plays_exactly_as_its_walls_toggled_one_by_one(board, data):
    """The oracle: a run and the same walls typed one by one give the same walls, count the
    same toggles, mark the same edges, and stop where the board is solved."""
    inner = edges(W, H)
    drawn = data.draw(st.sets(st.sampled_from(inner), max_size=25), label="drawn")
    if data.draw(st.booleans(), label="near the solution"):
        drawn = set(board.walls) ^ set(list(drawn)[:2])
    state = State(W, H, frozenset(drawn))
    if not breaches(board.grid, state.walls):
        return
    text = data.draw(run_texts(), label="run")
    try:
        run = one(text)
    except ValueError:
        return
    singles = flips(run, state.walls)
    as_run = KIND.apply(board, state, [run])
    one_by_one = KIND.apply(board, state, singles)
    assert as_run.state.walls == one_by_one.state.walls
    assert as_run.counted == one_by_one.counted == len(one_by_one.moves)
    assert as_run.marks.edges == one_by_one.marks.edges
    assert as_run.moves == (run,)
    solved = not breaches(board.grid, as_run.state.walls)
    assert solved == (not breaches(board.grid, one_by_one.state.walls))
    # The window follows the cell named beside the last wall toggled.
    assert as_run.marks.focus == run.cells[run.edges.index(as_run.marks.edges[-1])]
    if singles == list(run.edges) and not solved:
        assert as_run.state.pen == one_by_one.state.pen  # the pen ends where they end


def test_a_run_draws_what_it_lacks_erases_a_whole_line_and_counts_each_wall(board):
    run = one("B2-B5r")
    first = KIND.apply(board, KIND.initial_state(board), [one("B3-C3")])
    drawn = KIND.apply(board, first.state, [run])
    assert set(drawn.state.walls) == set(run.edges)
    assert drawn.counted == 3 and drawn.marks.edges == tuple(
        e for e in run.edges if e != run.edges[1]
    )
    erased = KIND.apply(board, drawn.state, [one("B5-B2r")])
    assert erased.state.walls == frozenset() and erased.counted == 4


def test_a_run_stops_where_the_board_is_solved(board):
    """A run whose first wall solves the board plays no further: the rest would break it."""
    pairs = [
        f"{cell_name(x, y)}-{cell_name(x, y + 1)}r" for x in range(W - 1) for y in range(H - 1)
    ]
    pairs += [
        f"{cell_name(x, y)}-{cell_name(x + 1, y)}d" for x in range(W - 1) for y in range(H - 1)
    ]
    run = next(
        r for r in map(one, pairs) if r.edges[0] in board.walls and r.edges[1] not in board.walls
    )
    almost = State(W, H, board.walls - {run.edges[0]})
    applied = KIND.apply(board, almost, [run, CHECK])
    assert applied.state.walls == board.walls and applied.counted == 1
    assert applied.moves == (run,)


# ------------------------------------------------------------------------ the pen


def test_the_pen_follows_each_wall_and_ends_a_run_at_its_far_end(board):
    start = KIND.initial_state(board)
    assert start.pen is None
    down = KIND.apply(board, start, [one("B2-C2")]).state
    assert down.pen == Pen(wall("B2", "C2"), (2, 2))  # a wall alone: its lower end
    up = KIND.apply(board, start, [one("B5-B2r")]).state
    assert up.pen == Pen(wall("B2", "C2"), (2, 1))  # a run: where it was drawn to
    turned = KIND.apply(board, up, [one("B1-B2")]).state  # meets the pen: goes on from it
    assert turned.pen == Pen(wall("B1", "B2"), (1, 1))
    checked = KIND.apply(board, turned, [CHECK]).state
    assert checked.pen == turned.pen
    assert KIND.decode_state(KIND.encode_state(turned)) == turned
    assert KIND.decode_state(KIND.encode_state(up)) == up


def test_a_state_written_before_runs_still_reads():
    old = "8x6;walls=" + "0" * 21
    assert KIND.decode_state(old) == State(W, H, frozenset())
    assert KIND.decode_state(old + ";checked") == State(W, H, frozenset(), True)


def pen_after(text, board_):
    return KIND.apply(board_, KIND.initial_state(board_), parse_moves(text, W, H)).state.pen


@pytest.mark.parametrize(
    ("drawn", "clicked", "move"),
    [
        ("C3-D3", "C6", "C4-C6r"),  # straight on, down to the clicked cell's row
        ("C3-D3", "D1", "D2-D1l"),  # straight on from the other end, up (named on D's side)
        ("C3-D3", "D4", "D4l"),  # one wall on
        ("C3-D3", "G3", "D3-G3d"),  # a turn at the end the pen is at (level with the wall)
        ("C3-D3", "G4", "D4-G4u"),  # the same line from below it
        ("C3-D3", "A3", "C3-A3d"),  # a turn the other way
        ("C3-D3", "F2", "D2-F2d"),  # a turn at the other end (only its line is beside F2)
        ("C3-D3", "D3", "D3d"),  # beside the wall's end: a turn of one wall
        ("C5-C3r", "C1", "C2-C1r"),  # drawn upwards: the pen is at the top
        ("C5-C3r", "F3", "D3-F3u"),  # so a turn level with the wall is at the top
        ("B2-E2d", "H3", "F3-H3u"),  # a horizontal wall goes on to the right
        ("B2-E2d", "E5", "E3-E5r"),  # and turns down at its end
    ],
)
def test_extending_draws_on_from_the_last_wall_to_the_clicked_cell(board, drawn, clicked, move):
    pen = pen_after(drawn, board)
    assert format_move(extend(W, H, pen, cell(clicked)), W) == move


@pytest.mark.parametrize(
    ("drawn", "clicked", "sentence"),
    [
        (
            "C3-D3",
            "G6",
            "G6 is in line with neither end of the last wall, C3-D3: click a cell beside the "
            "line the walls should follow.",
        ),
        (
            "B2-E2d",
            "H6",
            "H6 is in line with neither end of the last wall, E2-E3: click a cell beside the "
            "line the walls should follow.",
        ),
    ],
)
def test_an_extension_with_no_line_to_the_clicked_cell_is_refused(board, drawn, clicked, sentence):
    pen = pen_after(drawn, board)
    with pytest.raises(ValueError) as refused:
        extend(W, H, pen, cell(clicked))
    assert str(refused.value) == sentence
    assert_one_sentence(sentence)


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_an_extension_is_one_line_from_an_end_of_the_last_wall_to_the_clicked_cell(board, data):
    inner = edges(W, H)
    last = data.draw(st.sampled_from(inner), label="last wall")
    pen = Pen(last, data.draw(st.sampled_from(_corners(last)), label="its pen end"))
    clicked = data.draw(st.integers(0, W * H - 1), label="clicked")
    try:
        move = extend(W, H, pen, clicked)
    except ValueError as error:
        assert_one_sentence(str(error))
        return
    line = move.edges
    assert parse_moves(format_move(move, W), W, H) == [move]
    assert set(_corners(line[0])) & set(_corners(last))  # starts at an end of the last wall
    assert last not in line
    assert move.cells[-1] == clicked and clicked in line[-1]  # it ends at the clicked cell
