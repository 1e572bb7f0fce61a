"""The maze kind: its texts, runs and walks on hand-made mazes, the fog against a sight
written here, walks against networkx, replays of move strings, hints, status details and how
finished mazes rank."""

import re
from dataclasses import replace
from datetime import UTC, date, datetime

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sentences import assert_one_sentence

from db import Result
from kinds.maze.engine import KIND, Go, Params, Run, State, describe, read
from kinds.maze.tests.mazekit import graph_of, in_sight, maze_of
from play.scoring import ranked
from puzzle import MoveError
from puzzle.grid import parse_cell

L, U, R, D = range(4)


def names(maze, cells):
    return " ".join(maze.name(c) for c in cells)


def play(maze, text, state=None):
    state = state or KIND.initial_state(maze)
    return KIND.apply(maze, state, KIND.parse_moves(maze, state, text))


#: A 5×3 tree: a corridor from the dead end B2 round the left side to the junction C2, from
#: there one to the junction D2, then one round the corner to the exit D3.
#:   A1 B1 C1 D1 E1
#:   A2 B2 C2 D2 E2
#:   A3 B3 C3 D3 E3
TREE = "A1-B1 B1-C1 C1-C2 C2-D2 D2-E2 C2-C3 A1-A2 A2-A3 A3-B3 B3-B2 D2-D1 D1-E1 E2-E3 E3-D3"
SMALL = maze_of(5, 3, TREE, "B2", "D3")

# -------------------------------------------------------------------------- parameters


@pytest.mark.parametrize(
    ("text", "params", "canonical"),
    [
        ("12x12", Params(12, 12), "12x12"),
        ("12X12 hard", Params(12, 12, "hard"), "12x12h"),
        ("12 × 12 kruskal", Params(12, 12, "normal", "kruskal"), "12x12k"),
        ("12x12 Hard, Kruskal", Params(12, 12, "hard", "kruskal"), "12x12kh"),
        ("12x12hk", Params(12, 12, "hard", "kruskal"), "12x12kh"),
        ("5x40 easy prim", Params(5, 40, "easy"), "5x40e"),
        ("40x5 normal", Params(40, 5), "40x5"),
    ],
)
def test_parameters_read_as_letters_or_words(text, params, canonical):
    assert KIND.parse_params(text) == params
    assert KIND.format_params(params) == canonical == KIND.parse_daily(text)
    assert KIND.parse_params(canonical) == params


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("4x12", "A 4×12 board is not possible: each side must be from 5 to 40 tiles."),
        ("41x5", "from 5 to 40"),
        ("12x12 easy hard", "“12x12 easy hard” names more than one level: name one."),
        ("12x12kk", "names more than one generator"),
        ("12x12 dfs", "“12x12 dfs”: “dfs” is neither a level (easy, normal, hard) nor a gen"),
        ("twelve", "“twelve” is not a maze: write width×height like 12x12"),
    ],
)
def test_parameters_that_are_no_maze_are_refused_in_one_sentence(text, message):
    with pytest.raises(ValueError, match=re.escape(message)) as error:
        KIND.parse_params(text)
    assert_one_sentence(str(error.value))


def test_labels_name_size_level_and_kruskal():
    made = KIND.generate(Params(6, 5, "hard", "kruskal"), "label")
    assert KIND.label(KIND.load(made)) == "6×5 · hard · Kruskal"
    assert KIND.label(SMALL) == "5×3 · normal"


# ------------------------------------------------------------------------------ moves


def test_moves_read_as_letters_cells_and_go():
    moves = KIND.parse_moves(SMALL, KIND.initial_state(SMALL), "RRdl go B3, a1 E2")
    assert moves == [Run(R), Run(R), Run(D), Run(L), Go(11), Go(0), Go(9)]
    assert [KIND.format_move(SMALL, m) for m in moves] == ["R", "R", "D", "L", "B3", "A1", "E2"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("RX", "“RX” is not a move: write directions U, D, L or R (several in a row, like RRDL)"),
        ("go", "Name the cell to go to after go, like go B3."),
        ("go R", "“R” is not a cell: after go, name a cell like B3."),
        ("F1", "F1 is outside the 5×3 board: columns A–E, rows 1–3."),
        (" ", "Name at least one move"),
    ],
)
def test_moves_that_are_no_moves_are_refused_in_one_sentence(text, message):
    with pytest.raises(ValueError, match=re.escape(message)) as error:
        KIND.parse_moves(SMALL, KIND.initial_state(SMALL), text)
    assert_one_sentence(str(error.value))


# ------------------------------------------------------------------------ runs and walks


def test_a_run_follows_a_corridor_round_its_corners_to_a_junction():
    applied = play(SMALL, "D")
    assert names(SMALL, applied.marks.cells) == "B3 A3 A2 A1 B1 C1 C2"  # C2 is a junction
    assert applied.counted == applied.state.steps == 7 and applied.marks.focus == 7  # C2
    assert applied.state.visited == {SMALL.start, *applied.marks.cells}


def test_runs_stop_at_junctions_dead_ends_and_the_exit():
    at_c2 = play(SMALL, "D").state
    assert names(SMALL, play(SMALL, "R", at_c2).marks.cells) == "D2"  # a junction
    assert names(SMALL, play(SMALL, "D", at_c2).marks.cells) == "C3"  # a dead end
    assert names(SMALL, play(SMALL, "RU", at_c2).marks.cells) == "D2 D1 E1"  # round a corner
    done = play(SMALL, "RR", at_c2)
    assert names(SMALL, done.marks.cells) == "D2 E2 E3 D3"
    assert KIND.status(SMALL, done.state).outcome == "solved" and done.state.steps == 7 + 4
    on_the_way = replace(SMALL, exit=parse_cell("E3", 5, 3))  # an exit inside a corridor
    assert names(SMALL, play(on_the_way, "RR", at_c2).marks.cells) == "D2 E2 E3"


def test_a_move_string_is_one_run_per_letter_and_each_one_leaves_a_frame():
    applied = play(SMALL, "DRR")
    assert [KIND.format_move(SMALL, m) for m in applied.moves] == ["D", "R", "R"]
    assert [names(SMALL, [f.player]) for f in applied.trace] == ["C2", "D2", "D3"]
    assert applied.trace[-1] == applied.state and not play(SMALL, "D").trace


def test_moves_after_the_exit_are_not_played_and_a_solved_maze_takes_none():
    applied = play(SMALL, "DRRLL")
    assert len(applied.moves) == 3 and applied.counted == 11
    with pytest.raises(MoveError) as error:
        play(SMALL, "L", applied.state)
    assert str(error.value) == "You are on the exit already: this maze is solved."


def test_a_wall_refuses_the_whole_batch_and_names_the_ways_out():
    with pytest.raises(MoveError) as error:
        play(SMALL, "DL")
    assert str(error.value) == "There is a wall left of C2: from C2 you can run U, R or D."


def test_go_walks_back_to_a_visited_cell_by_the_shortest_known_way():
    at_c2 = play(SMALL, "D").state
    back = play(SMALL, "go B2", at_c2)
    assert names(SMALL, back.marks.cells) == "C1 B1 A1 A2 A3 B3 B2" and back.counted == 7
    #   A1 B1 C1 D1      a ring A1 B1 C1 C2 B2 A2, then C1 D1 D2 to the exit
    #   A2 B2 C2 D2
    ring = maze_of(4, 2, "A1-B1 B1-C1 C1-C2 C2-B2 B2-A2 A2-A1 C1-D1 D1-D2", "A1", "D2")
    walked = play(ring, "D")
    assert names(ring, walked.marks.cells) == "A2 B2 C2 C1"
    assert names(ring, play(ring, "A1", walked.state).marks.cells) == "B1 A1"  # B1 was seen


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("go D1", "You have not been on D1 yet: go only to cells you have visited, or run with "),
        ("B2", "You are on B2 already: name another cell you have visited."),
    ],
)
def test_go_refuses_cells_not_visited_and_the_players_own(text, message):
    with pytest.raises(MoveError, match=re.escape(message)) as error:
        play(SMALL, text)
    assert_one_sentence(str(error.value))


# -------------------------------------------------------------------------------- fog


@settings(max_examples=40, deadline=None)
@given(params=st.sampled_from(["9x7", "12x12h", "10x6k"]), data=st.data())
def test_the_fog_shows_exactly_what_is_in_straight_sight_of_the_visited_cells(params, data):
    maze = KIND.load(KIND.generate(KIND.parse_params(params), "fog"))
    area = maze.width * maze.height
    visited = data.draw(st.sets(st.integers(0, area - 1), min_size=1, max_size=area))
    state = State(min(visited), frozenset(visited))
    assert KIND.status(maze, state).details["seen"] == in_sight(maze, visited)


def test_an_easy_maze_has_no_fog():
    maze = KIND.load(KIND.generate(Params(8, 6, "easy"), "clear"))
    details = KIND.status(maze, KIND.initial_state(maze)).details
    assert details["seen"] == set(range(48)) and details["visited"] == {maze.start}
    assert in_sight(maze, [maze.start]) < details["seen"]


# ------------------------------------------------------------------- replays and hints

GAMES = st.sampled_from(["7x5", "9x9h", "8x6k", "6x6e"])


@settings(max_examples=60, deadline=None)
@given(params=GAMES, seed=st.text("abc123", min_size=1, max_size=4), data=st.data())
def test_a_move_string_replays_to_the_same_state(params, seed, data):
    """Moves played one by one, refusals skipped, then their text in one batch: the same
    state, steps and cells passed; every walk goes by a shortest way through seen cells
    (networkx on the seen part of the maze)."""
    maze = KIND.load(KIND.generate(KIND.parse_params(params), seed))
    graph = graph_of(maze)
    state = first = KIND.initial_state(maze)
    played, passed = [], []
    for _ in range(data.draw(st.integers(1, 12), label="moves")):
        if KIND.status(maze, state).finished:
            break
        word = data.draw(
            st.sampled_from("UDLR") | st.sampled_from(sorted(state.visited)).map(maze.name)
        )
        move = KIND.parse_moves(maze, state, word)[0]
        try:
            applied = KIND.apply(maze, state, [move])
        except MoveError as error:
            assert_one_sentence(str(error))
            continue
        if isinstance(move, Go):
            known = graph.subgraph(KIND.status(maze, state).details["seen"])
            assert applied.counted == nx.shortest_path_length(known, state.player, move.cell)
            assert set(applied.marks.cells) <= set(known)
        else:
            assert all(graph.has_edge(a, b) for a, b in zip(
                [state.player, *applied.marks.cells], applied.marks.cells, strict=False
            ))  # fmt: skip
        played.append(KIND.format_move(maze, move))
        passed += applied.marks.cells
        state = applied.state
    if played:
        replayed = play(maze, " ".join(played), first)
        assert replayed.state == state and replayed.counted == state.steps == len(passed)
        assert list(replayed.marks.cells) == passed
    assert KIND.decode_state(KIND.encode_state(state)) == state


@settings(max_examples=25, deadline=None)
@given(params=GAMES, seed=st.text("abc123", min_size=1, max_size=4))
def test_hints_walk_a_shortest_path_to_the_exit(params, seed):
    maze = KIND.load(KIND.generate(KIND.parse_params(params), seed))
    state = KIND.initial_state(maze)
    while not isinstance(hint := KIND.hint(maze, state), str):
        state = KIND.apply(maze, state, [hint]).state
    assert state.player == maze.exit and state.steps == maze.par
    assert hint == "No hint: you are on the exit."
    assert nx.shortest_path_length(graph_of(maze), maze.start, maze.exit) == maze.par


def test_the_shortest_path_shows_once_solved():
    assert KIND.status(SMALL, KIND.initial_state(SMALL)).details["path"] == ()
    done = play(SMALL, "DRR").state
    details = KIND.status(SMALL, done).details
    assert names(SMALL, details["path"]) == "B2 B3 A3 A2 A1 B1 C1 C2 D2 E2 E3 D3"
    assert details["player"] == SMALL.exit and details["steps"] == SMALL.par == 11


def test_states_read_back_from_their_text():
    state = play(SMALL, "DR").state
    # On D2 (cell 8) after 8 steps; visited A1 B1 C1 · A2 B2 C2 · D2 A3 B3 (cells 0–11).
    assert KIND.encode_state(state) == "8:8:e7b"
    assert KIND.decode_state("8:8:e7b") == state
    for wrong in ("4:8:e7b", "8:8", "8:8:E7B", "x:8:e7b", "8:8:e7b\n", "8:-1:e7b"):
        with pytest.raises(ValueError):
            KIND.decode_state(wrong)


# ------------------------------------------------------------------------- descriptions


def test_a_description_is_the_walls_row_by_row():
    assert describe(SMALL) == "5x3;start=B2;exit=D3;c59c1/a8e79/63243"
    assert read(describe(SMALL), Params(5, 3)) == SMALL


@pytest.mark.parametrize(
    ("description", "why"),
    [
        ("5x3;start=B2;exit=D3;c59c1/a8e79/63243x", "garbled"),
        ("5x3;start=B2;exit=D3;c59c1/a8e7/63243", "a row too short"),
        ("5x3;start=B2;exit=D3;c59c1/a8e79/63243/", "a row too many"),
        ("5x3;start=D3;exit=D3;c59c1/a8e79/63243", "start and exit are one cell"),
        ("5x3;start=b2;exit=D3;c59c1/a8e79/63243", "a cell in lower case"),
        ("5x3;start=B02;exit=D3;c59c1/a8e79/63243", "a cell written otherwise"),
        ("5x3;start=B2;exit=D4;c59c1/a8e79/63243", "the exit off the board"),
        ("5x3;start=B2;exit=D3;e59c1/a8e79/63243", "A1 open onto the border"),
        ("5x3;start=B2;exit=D3;c5981/a8e79/63243", "E1 open left, D1 not right"),
        ("5x3;start=B2;exit=D3;c59c1/a8e79/63202", "D3 cut off"),
        ("6x3;start=B2;exit=D3;c59c10/a8e790/632430", "another size"),
    ],
)
def test_a_description_that_is_no_maze_does_not_load(description, why):
    with pytest.raises(ValueError):
        read(description, Params(5, 3))


# ------------------------------------------------------------------------------ scoring


def test_finished_mazes_rank_by_steps_then_time():
    def result(user, seconds, steps, hints=0):
        return Result(
            daily_id=1, user_id=user, guild_id=1, game_id=user, seconds=seconds, turns=steps,
            hints=hints, solved_at=datetime(2026, 11, 22, tzinfo=UTC), date=date(2026, 11, 22),
            kind=KIND.name, points=KIND.status(SMALL, play(SMALL, "DRR").state).points,
        )  # fmt: skip

    results = [result(1, 30, 80), result(2, 300, 60), result(3, 20, 60, hints=1), result(4, 90, 60)]
    assert [s.result.user_id for s in ranked(results, KIND.scoring)] == [3, 4, 2, 1]
