"""The kind interface, exercised on every registered kind where it is generic and on Pipes
where it needs Pipes moves."""

from collections import deque
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kinds.pipes.engine import (
    KIND,
    Move,
    Params,
    State,
    cell_name,
    from_code,
    rotate,
    solve,
    turns_between,
)  # fmt: skip
from kinds.pipes.tests.oracles import brute_force_solutions
from puzzle import KINDS, MoveError, parse_code


@pytest.mark.parametrize("params", ["3x3", "5x4", "6x6n"])
def test_a_generated_puzzle_survives_its_text(params):
    kind = KIND
    made = kind.generate(kind.parse_params(params), "Kind Test")
    assert made.code == f"pipes:{params}-kind-test" and made.generator == kind.generator
    assert kind.format_params(kind.parse_params(made.params)) == made.params
    puzzle = kind.load(made)
    state = kind.initial_state(puzzle)
    assert kind.decode_state(kind.encode_state(state)) == state
    assert kind.status(puzzle, state).outcome == "playing"


def test_old_and_new_codes_name_the_same_puzzle():
    assert parse_code("8x8-abc") == parse_code("pipes:8x8-abc") == ("pipes", "8x8", "abc")
    assert parse_code("PIPES:8x5-Hello-World").seed == "hello-world"
    made = KIND.generate(Params(8, 8), "abc")
    old = from_code("8x8-abc")
    assert KIND.load(made).tiles == old.tiles and KIND.load(made).solution == old.solution
    assert KINDS["pipes"] is KIND


PUZZLE = KIND.load(KIND.generate(Params(5, 5), "kind"))
moves = st.lists(
    st.builds(
        Move,
        st.integers(0, 4),
        st.integers(0, 4),
        st.sampled_from([1, 2, 3, -1, -2, -3]),
    ),
    max_size=12,
)


@given(moves)
def test_apply_turns_each_named_tile_and_moves_read_back(sequence):
    start = KIND.initial_state(PUZZLE)
    applied = KIND.apply(PUZZLE, start, sequence)
    after = applied.state
    assert applied.moves == tuple(sequence)
    assert applied.counted == sum(abs(m.turns) for m in sequence)
    assert applied.marks.cells == tuple(m.y * 5 + m.x for m in sequence)
    expected = list(PUZZLE.tiles)
    for move in sequence:
        expected[move.y * 5 + move.x] = rotate(expected[move.y * 5 + move.x], move.turns)
    assert after.tiles == tuple(expected)
    text = " ".join(KIND.format_move(PUZZLE, m) for m in sequence)
    if sequence:
        assert KIND.parse_moves(PUZZLE, start, text) == sequence


@settings(max_examples=30)
@given(
    st.sets(st.integers(0, 24), max_size=25), st.lists(st.integers(0, 15), min_size=25, max_size=25)
)
def test_states_round_trip_through_text(locked, tiles):
    state = State(tuple(tiles), frozenset(locked))
    assert KIND.decode_state(KIND.encode_state(state)) == state


def test_hints_alone_solve_the_puzzle_and_leave_locked_tiles_alone():
    state = KIND.initial_state(PUZZLE)
    wrong = [i for i in range(25) if PUZZLE.tiles[i] != PUZZLE.solution[i]]
    locked = wrong[0]
    state = KIND.apply(PUZZLE, state, [Move(locked % 5, locked // 5, 0, lock=True)]).state
    hints = 0
    while not isinstance(move := KIND.hint(PUZZLE, state), str):
        assert move.y * 5 + move.x != locked
        state = KIND.apply(PUZZLE, state, [move]).state
        hints += 1
    assert hints == len(wrong) - 1  # one hint per wrong tile, the locked one left
    assert move == "No hint: every wrong tile is one you locked, so unlock them to get one."
    assert [i for i in range(25) if state.tiles[i] != PUZZLE.solution[i]] == [locked]
    state = KIND.apply(PUZZLE, state, [Move(locked % 5, locked // 5, 0, lock=True)]).state
    state = KIND.apply(PUZZLE, state, [KIND.hint(PUZZLE, state)]).state
    assert KIND.status(PUZZLE, state).outcome == "solved"


def test_a_locked_tile_does_not_turn():
    start = KIND.initial_state(PUZZLE)
    locking = KIND.apply(PUZZLE, start, KIND.parse_moves(PUZZLE, start, "B2lock"))
    state = locking.state
    assert state.locked == {6} and locking.counted == 0
    with pytest.raises(MoveError, match="B2 is locked"):
        KIND.apply(PUZZLE, state, KIND.parse_moves(PUZZLE, state, "A1 B2"))
    unlocked = KIND.apply(PUZZLE, state, KIND.parse_moves(PUZZLE, state, "B2lock B2x2")).state
    assert unlocked.locked == frozenset() and unlocked.tiles[6] == rotate(PUZZLE.tiles[6], 2)


def solved_another_way():
    """A puzzle that may have several solutions (``4x4n``) and a board that solves it with
    tiles other than the stored solution's."""
    for seed in range(200):
        puzzle = KIND.load(KIND.generate(KIND.parse_params("4x4n"), f"s{seed}"))
        for tiles in solve(4, 4, puzzle.tiles, limit=2):
            if tiles != puzzle.solution:
                return puzzle, State(tiles)
    raise AssertionError("no 4x4n puzzle with two solutions among 200 seeds")


def test_any_solution_of_a_puzzle_with_several_solves_it():
    puzzle, state = solved_another_way()
    assert KIND.status(puzzle, state).outcome == "solved"


def test_a_board_solved_another_way_gets_no_hint():
    puzzle, state = solved_another_way()
    assert isinstance(KIND.hint(puzzle, state), str)


def fewest_clicks(tile, target):
    """The clicks (+1 a quarter turn clockwise, -1 back) that turn ``tile`` into ``target``,
    fewest first: a breadth-first search over the tile's orientations, bits turned by hand."""
    paths = {tile: []}
    queue = deque([tile])
    while queue:
        mask = queue.popleft()
        clockwise, back = ((mask << 1) | (mask >> 3)) & 15, ((mask >> 1) | (mask << 3)) & 15
        for click, turned in ((1, clockwise), (-1, back)):
            if turned not in paths:
                paths[turned] = [*paths[mask], click]
                queue.append(turned)
    return paths[target]


def short_way(puzzle, solution):
    """Moves, one click each, that turn every tile to ``solution`` the short way round."""
    return " ".join(
        f"{cell_name(i % puzzle.width, i // puzzle.width)}{'ccw' if click < 0 else ''}"
        for i, (tile, target) in enumerate(zip(puzzle.tiles, solution, strict=True))
        for click in fewest_clicks(tile, target)
    )


def clockwise_par(puzzle):
    """Par as it was first stored: clockwise quarter turns only."""
    return sum(turns_between(t, s) for t, s in zip(puzzle.tiles, puzzle.solution, strict=True))


def test_turning_back_meets_par_and_never_beats_it():
    # A tile three clockwise turns away is one turn back: par counts that one, so the
    # clicks of a player using ↺ meet par instead of beating it.
    puzzle = KIND.load(KIND.generate(Params(8, 8), "par"))
    start = KIND.initial_state(puzzle)
    applied = KIND.apply(
        puzzle, start, KIND.parse_moves(puzzle, start, short_way(puzzle, puzzle.solution))
    )
    assert KIND.status(puzzle, applied.state).outcome == "solved"
    assert applied.counted == puzzle.par < clockwise_par(puzzle)
    assert KIND.par(puzzle) == puzzle.par


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(["3x3", "4x3", "5x4", "4x4w", "5x4wh", "4x5e", "5x5h"]),
    st.text("abcdefghijklmnopqrstuvwxyz0123456789", min_size=1, max_size=8),
)
def test_par_is_the_fewest_clicks_that_solve_the_board(params, seed):
    made = KIND.generate(KIND.parse_params(params), seed)
    puzzle = KIND.load(made)
    # Every board that solves it (one: the puzzle is unique), reached click by click.
    solutions = brute_force_solutions(puzzle.width, puzzle.height, puzzle.tiles, puzzle.wrap)
    fewest = min(
        sum(len(fewest_clicks(t, s)) for t, s in zip(puzzle.tiles, board, strict=True))
        for board in solutions
    )
    assert made.par == fewest
    assert KIND.par(puzzle) == fewest
    start = KIND.initial_state(puzzle)
    (board,) = solutions
    applied = KIND.apply(puzzle, start, KIND.parse_moves(puzzle, start, short_way(puzzle, board)))
    assert applied.counted == fewest
    assert KIND.status(puzzle, applied.state).outcome == "solved"


def test_a_puzzle_stored_with_the_clockwise_par_loads_with_the_true_one():
    made = KIND.generate(Params(8, 8), "par")
    old = replace(made, par=clockwise_par(KIND.load(made)))
    assert KIND.load(old).par == made.par < old.par
    assert KIND.par(KIND.load(old)) == made.par
