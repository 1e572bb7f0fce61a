"""Each kind's cells in words (``Face.cell_words``), on boards built by hand: the exact
sentence a screen reader reads for each state the picture shows, a given-up board's solution
where the picture shows it. The contract every face keeps (names, plain short words, words
that differ where the tiles do) is in the conformance suite."""

import itertools
import re
from datetime import UTC, datetime

import pytest
from template.lights.engine import Puzzle as Lights
from template.lights.face import FACE as LIGHTS_FACE

from bot.facekit import listed, per_board, said_cell, sided
from db import Game, PuzzleRecord
from kinds.choco.engine import UNKNOWN, Choco, Grid
from kinds.choco.engine import State as ChocoState
from kinds.choco.face import FACE as CHOCO_FACE
from kinds.drops.engine.kind import Drops
from kinds.drops.engine.kind import State as DropsState
from kinds.drops.face import FACE as DROPS_FACE
from kinds.maze.engine import State as MazeState
from kinds.maze.face import FACE as MAZE_FACE
from kinds.maze.tests.mazekit import maze_of
from kinds.mines.engine import State as MinesState
from kinds.mines.engine import make_puzzle
from kinds.mines.face import FACE as MINES_FACE
from kinds.pipes.engine import DOWN, LEFT, RIGHT, UP, Puzzle
from kinds.pipes.engine import State as PipesState
from kinds.pipes.engine.checker import connections
from kinds.pipes.face import FACE as PIPES_FACE
from play import Board
from puzzle.grid import parse_cell

START = datetime(2026, 11, 22, 12, tzinfo=UTC)


def board(face, puzzle, state, outcome=None, public=True):
    """A board of ``face``'s kind on ``puzzle`` in ``state``: its outcome the kind's (or
    ``outcome``: "lost" on a board the kind still plays is a give-up)."""
    kind = face.kind
    status = kind.status(puzzle, state)
    outcome = outcome or status.outcome
    record = PuzzleRecord(1, kind.name, "", "", puzzle.width, puzzle.height, "", "", 0, 0, "")
    game = Game(
        id=1, puzzle=record, state=state, owner_id=1, mode="personal", guild_id=None,
        channel_id=None, message_id=None, daily_id=None, started_at=START, outcome=outcome,
        finished_at=None if outcome == "playing" else START, turns=0, hints=0, version=0,
    )  # fmt: skip
    return Board(game, puzzle, status, None, public)


def say(face, of, *cells):
    """The words of the named cells (``"B3"``) of a board."""
    width, height = of.game.width, of.game.height
    return [face.cell_words(of, parse_cell(name, width, height)) for name in cells]


def test_the_kit_lists_sides_clockwise_from_the_top_as_a_sentence_says_them():
    assert listed(["up"]) == "up" and listed(["up", "left"]) == "up and left"
    assert listed(["up", "right", "down"]) == "up, right and down"
    assert sided("wall", 0) == "" and sided("wall", 2) == "wall up"
    assert sided("wall", 1 | 2 | 8) == "walls up, down and left"
    assert said_cell(4, 9, "white", "", "shows 4") == "B3: white, shows 4"


def test_a_view_per_board_is_worked_out_once_for_all_its_cells():
    """Every cell of one board reads one view; another board (even an equal one) its own."""
    made = []
    view = per_board(lambda board: made.append(board) or len(made))
    one, other = (board(LIGHTS_FACE, Lights(3, 3, (1,) * 9), (1,) * 9) for _ in range(2))
    assert [view(one) for _ in range(9)] == [1] * 9
    assert view(other) == 2 and view(one) == 3 and made == [one, other, one]


# Pipes: a 3×3 board, the source at A1. A1 → B1 → C1 → C2 carry water; A2 B2 B3 A3 make a
# loop; C3 points at B3, which does not point back.
PIPES_TILES = (RIGHT, LEFT | RIGHT, LEFT | DOWN,
               RIGHT | DOWN, LEFT | DOWN, UP | DOWN,
               UP | RIGHT, UP | LEFT, LEFT)  # fmt: skip
#: The solution: a comb from the source along row 1, every column down.
PIPES_SOLUTION = (RIGHT | DOWN, LEFT | RIGHT | DOWN, LEFT | DOWN,
                  UP | DOWN, UP | DOWN, UP | DOWN,
                  UP, UP, UP)  # fmt: skip
PIPES = Puzzle(3, 3, (0, 0), PIPES_SOLUTION, PIPES_TILES, "pipes:3x3-x", 0.0, True)


def test_pipes_says_each_tiles_shape_its_water_and_its_lock():
    state = PipesState(PIPES_TILES, frozenset({1}))
    assert say(PIPES_FACE, board(PIPES_FACE, PIPES, state), "A1", "B1", "C1", "A2", "C3") == [
        "A1: the source, dead end pointing right, full of water",
        "B1: pipe right and left, full of water, locked",
        "C1: pipe down and left, full of water",
        "A2: pipe right and down, in a loop",
        "C3: dead end pointing left, dry",
    ]


def test_a_given_up_pipes_board_says_the_solution_the_picture_shows():
    """Its solution once it may be shown; a daily's own tiles before that."""
    state = PipesState(PIPES_TILES, frozenset({1}))
    shown = board(PIPES_FACE, PIPES, state, "lost")
    assert say(PIPES_FACE, shown, "B1", "A3") == [
        "B1: pipe right, down and left, full of water, locked",
        "A3: dead end pointing up, full of water",
    ]
    hidden = board(PIPES_FACE, PIPES, state, "lost", public=False)
    assert say(PIPES_FACE, hidden, "B1", "A3") == [
        "B1: pipe right and left, full of water, locked",
        "A3: pipe up and right, in a loop",
    ]


#: Where each neighbour lies, in words: read off the grid, not off the side bits.
WHERE = {(0, -1): "up", (1, 0): "right", (0, 1): "down", (-1, 0): "left"}


@pytest.mark.parametrize("mask", range(1, 16))
def test_a_pipes_tile_names_exactly_the_neighbours_the_checker_connects_it_to(mask):
    """B2 of a 3×3 board of crosses is ``mask``: the words name the sides whose neighbour
    the engine's own checker connects B2 to, clockwise from the top."""
    tiles = [15] * 9
    tiles[4] = mask
    joined = connections(3, 3, tiles)[4]
    expected = [WHERE[(j % 3 - 1, j // 3 - 1)] for j in joined]
    order = list(WHERE.values())
    expected.sort(key=order.index)
    words = say(PIPES_FACE, board(PIPES_FACE, PIPES, PipesState(tuple(tiles))), "B2")[0]
    shape = words.removeprefix("B2: ").rsplit(", ", 1)[0]
    assert re.findall(r"up|right|down|left", shape) == expected, words
    assert shape.startswith("pipe " if len(expected) > 1 else "dead end pointing ")


# Minesweeper: 5×5, mines at A1, B1 and E1; A2 has 2 around, C2 1, E5 none.
MINES = make_puzzle(5, 5, frozenset({0, 1, 4}), 24)


def test_minesweeper_says_closed_flagged_and_the_mines_around():
    cells = frozenset(parse_cell(name, 5, 5) for name in ("A2", "C2", "E5"))
    state = MinesState(cells, frozenset({0, 2}))
    assert say(MINES_FACE, board(MINES_FACE, MINES, state), "A1", "B1", "A2", "C2", "E5") == [
        "A1: flagged",
        "B1: closed",
        "A2: 2 mines around",
        "C2: 1 mine around",
        "E5: open, no mine around",
    ]


def test_a_lost_minesweeper_board_says_the_blast_the_mines_and_the_wrong_flags():
    """Every mine once the board may show them; a daily's lost board still running
    elsewhere shows only the one that went off, and its flags as flags (right or wrong)."""
    cells = frozenset(parse_cell(name, 5, 5) for name in ("A2", "C2", "E5"))
    state = MinesState(cells, frozenset({0, 2}), exploded=1)
    lost = board(MINES_FACE, MINES, state)
    assert lost.game.outcome == "lost"
    assert say(MINES_FACE, lost, "A1", "B1", "C1", "E1", "D4") == [
        "A1: flagged",
        "B1: the mine that went off",
        "C1: a wrong flag",
        "E1: a mine",
        "D4: closed",
    ]
    daily = board(MINES_FACE, MINES, state, public=False)
    assert say(MINES_FACE, daily, "E1", "C1") == ["E1: closed", "C1: flagged"]


# A 5×5 maze: row 1 a corridor, every column going down from it; from A5 to E5.
COMB = " ".join(
    ["A1-B1 B1-C1 C1-D1 D1-E1"]
    + [f"{c}{r}-{c}{r + 1}" for c, r in itertools.product("ABCDE", range(1, 5))]
)
MAZE = maze_of(5, 5, COMB, "A5", "E5")


def test_the_maze_says_where_you_are_the_fog_and_each_cells_walls():
    walked = frozenset(parse_cell(name, 5, 5) for name in ("A5", "A4", "A3"))
    state = MazeState(parse_cell("A3", 5, 5), walked, 2)
    assert say(MAZE_FACE, board(MAZE_FACE, MAZE, state), "A3", "A5", "A4", "A1", "B3") == [
        "A3: you are here, walls right and left",
        "A5: the start, walls right, down and left",
        "A4: walked, walls right and left",
        "A1: open, walls up and left",
        "B3: fog",
    ]


def test_a_maze_over_says_the_way_out_and_a_given_up_daily_keeps_its_fog():
    """Solved or given up, the whole maze and the way out; a daily given up while its date
    runs elsewhere, only what its player saw."""
    path = [
        parse_cell(name, 5, 5)
        for name in ["A5", "A4", "A3", "A2", "A1", "B1", "C1", "D1", "E1", "E2", "E3", "E4", "E5"]
    ]
    out = board(MAZE_FACE, MAZE, MazeState(path[-1], frozenset(path), 12))
    assert say(MAZE_FACE, out, "E5", "C1", "B3") == [
        "E5: you are here, the exit, walls right, down and left, on the way out",
        "C1: walked, wall up, on the way out",
        "B3: open, walls right and left",
    ]
    state = MazeState(path[0], frozenset(path[:1]), 0)
    assert say(MAZE_FACE, board(MAZE_FACE, MAZE, state, "lost"), "A5", "B3") == [
        "A5: you are here, the start, walls right, down and left, on the way out",
        "B3: open, walls right and left",
    ]
    daily = board(MAZE_FACE, MAZE, state, "lost", public=False)
    assert say(MAZE_FACE, daily, "B3") == ["B3: fog"]


def test_ten_drops_says_each_cells_drops():
    cells = (0, 1, 2, 3, 4) + (1,) * 20
    puzzle = Drops(5, 5, cells, 10, "normal", (), 0)
    state = DropsState(5, cells, 3)
    assert say(DROPS_FACE, board(DROPS_FACE, puzzle, state), "A1", "B1", "C1", "E1") == [
        "A1: empty",
        "B1: 1 drop",
        "C1: 2 drops",
        "E1: 4 drops, ready to burst",
    ]


# Double Choco: 4×2, columns A and C white, B and D gray; A1 shows 1, C2 a size not given.
# Its solution: four blocks of two cells side by side in a row.
GRID = Grid(4, 2, (False, True) * 4, (1, None, None, None, None, None, UNKNOWN, None))
CHOCO = Choco(GRID, "normal", frozenset({(1, 2), (5, 6), (0, 4), (1, 5), (2, 6), (3, 7)}))


def test_double_choco_says_colour_number_and_walls():
    state = ChocoState(4, 2, frozenset({(0, 4)}))
    assert say(CHOCO_FACE, board(CHOCO_FACE, CHOCO, state), "A1", "B1", "C2", "A2") == [
        "A1: white, shows 1, wall down",
        "B1: gray",
        "C2: white, a question mark",
        "A2: white, wall up",
    ]


def test_a_checked_double_choco_board_says_what_the_check_marked_wrong():
    """A1|B1 walled alone: one block of everything, that wall inside it, A1's white part
    two cells (A1 A2) where it shows 1."""
    state = ChocoState(4, 2, frozenset({(0, 1)}), checked=True)
    assert say(CHOCO_FACE, board(CHOCO_FACE, CHOCO, state), "A1", "B1", "D1") == [
        "A1: white, shows 1, wall right, wrong number, wall and block",
        "B1: gray, wall left, wrong wall and block",
        "D1: gray, wrong block",
    ]


def test_a_given_up_double_choco_board_says_the_solutions_walls_the_picture_shows():
    state = ChocoState(4, 2, frozenset({(0, 4)}))
    shown = board(CHOCO_FACE, CHOCO, state, "lost")
    assert say(CHOCO_FACE, shown, "A1", "B1") == [
        "A1: white, shows 1, solution wall down",
        "B1: gray, solution walls right and down",
    ]
    hidden = board(CHOCO_FACE, CHOCO, state, "lost", public=False)
    assert say(CHOCO_FACE, hidden, "A1", "B1") == ["A1: white, shows 1, wall down", "B1: gray"]


def test_lights_out_says_each_light():
    lights = (1, 0, 0, 0, 1, 0, 0, 0, 0)
    of = board(LIGHTS_FACE, Lights(3, 3, lights), lights)
    assert say(LIGHTS_FACE, of, "A1", "B1", "B2") == [
        "A1: light on",
        "B1: light off",
        "B2: light on",
    ]
