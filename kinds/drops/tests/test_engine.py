"""Ten Drops' rules and kind: the issue's fixtures, conservation, the engine against a tick
simulator written in the tests (``dropskit``), its trace, texts, moves, status and scoring."""

from dataclasses import replace
from datetime import UTC, date, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sentences import assert_one_sentence

from db import Result
from kinds.drops.engine import KIND, Params, State, Tick, read, solve, tap
from kinds.drops.tests.dropskit import as_rows, play_tap, stored
from play.scoring import ranked
from puzzle import CanLose, MoveError

POBOKE = "4x4;drops=10;0000/0000/4043/4440"
SEED = "6x6;drops=10;342232/000023/042023/212331/240330/424111"
#: The seed's own line (index = row·6 + column) and an optimal one.
SEED_LINE = (27, 27, 32, 24, 13, 16, 16, 4, 35, 23)
SEED_BEST = (14, 20, 21, 27, 21)


def load(description, solution=""):
    width, height = description.split(";")[0].split("x")
    return KIND.load(stored(description, f"{width}x{height}", solution))


def names(puzzle, cells):
    return " ".join(puzzle.name(c) for c in cells)


def play(puzzle, text, state=None):
    state = state or KIND.initial_state(puzzle)
    return KIND.apply(puzzle, state, KIND.parse_moves(puzzle, state, text))


SEED_PUZZLE = load(SEED, "C3 C4 D4 D5 D4")  # the optimal line stored, as the generator does


boards = st.integers(4, 8).flatmap(
    lambda w: st.integers(4, 8).flatmap(
        lambda h: st.tuples(
            st.just(w), st.just(h), st.lists(st.integers(0, 4), min_size=w * h, max_size=w * h)
        )
    )
)


# ---------------------------------------------------------------------------- fixtures


def test_poboke_board_clears_with_six_bursts_on_b4():
    puzzle = load(POBOKE)
    applied = play(puzzle, "B4")
    status = KIND.status(puzzle, applied.state)
    assert status.outcome == "solved" and status.details["bursts"] == 6
    assert status.points == 11 == status.details["drops"] and status.details["refund"] == 2


def test_a_recursive_resolution_would_not_clear_the_poboke_board():
    """Depth-first resolution (each burst's splashes followed to the end before the next
    splash) leaves drops on poboke's board: the stepwise rule is what clears it."""

    def recursive(rows, x, y):
        rows[y][x] += 1
        if rows[y][x] < 5:
            return
        rows[y][x] = 0
        for dx, dy in ((-1, 0), (0, -1), (1, 0), (0, 1)):
            cx, cy = x + dx, y + dy
            while 0 <= cx < 4 and 0 <= cy < 4 and rows[cy][cx] == 0:
                cx, cy = cx + dx, cy + dy
            if 0 <= cx < 4 and 0 <= cy < 4:
                recursive(rows, cx, cy)

    rows = as_rows((0, 0, 0, 0, 0, 0, 0, 0, 4, 0, 4, 3, 4, 4, 4, 0), 4)
    recursive(rows, 1, 3)
    assert any(any(row) for row in rows)


def test_the_seed_line_clears_with_nine_drops_left_and_the_optimum_leaves_fourteen():
    puzzle = SEED_PUZZLE
    text = names(puzzle, SEED_LINE)
    assert text == "D5 D5 C6 A5 B3 E3 E3 E1 F6 F4"
    applied = play(puzzle, text)
    assert KIND.status(puzzle, applied.state).points == 9 and applied.counted == 10
    best = play(puzzle, names(puzzle, SEED_BEST))
    assert KIND.status(puzzle, best.state).points == 14 == KIND.par(puzzle)


# ----------------------------------------------------------------------- the simulator


@settings(max_examples=60, deadline=None)
@given(board=boards, data=st.data())
def test_the_engine_agrees_with_a_tick_simulator_written_from_the_rules(board, data):
    """After every tap of a random line: the same cells, bursts and ticks (cells, splashes
    in flight, bursts) as ``dropskit.play_tap``; and drops are conserved: those on the board
    after a tap are those before, plus the tap, less a drop a burst (a cell bursts holding
    5 and sends 4 on) and the splashes lost."""
    width, height, cells = board
    rows = as_rows(cells, width)
    current = bytes(cells)
    for cell in data.draw(st.lists(st.integers(0, width * height - 1), max_size=12)):
        expected = play_tap(rows, cell % width, cell // width)
        tapped = tap(width, height, current, cell, ticks=True)
        assert tapped.cells == bytes(v for row in rows for v in row)
        assert (tapped.bursts, tapped.lost) == (expected["bursts"], expected["lost"])
        assert [(t.cells, t.splashes, t.bursts) for t in tapped.ticks] == expected["frames"]
        assert sum(tapped.cells) == sum(current) + 1 - tapped.bursts - tapped.lost
        assert tapped.refund == tapped.bursts // 3
        assert tap(width, height, current, cell) == replace(tapped, ticks=())
        current = tapped.cells


def test_a_tap_without_a_burst_is_one_tick_and_a_tapped_four_bursts_at_tick_0():
    quiet = tap(4, 4, bytes(16), 5, ticks=True)
    assert quiet.ticks == (Tick((0,) * 5 + (1,) + (0,) * 10, (), ()),)
    first = tap(4, 4, bytes([4] + [0] * 15), 0, ticks=True).ticks
    assert first[0] == Tick((0,) * 16, ((0, 0), (0, 1), (0, 2), (0, 3)), (0,))
    assert first[1].splashes == ((1, 2), (4, 3)) and first[-1].splashes == ()


# ---------------------------------------------------------------------------- the kind


def test_texts_read_back():
    puzzle = SEED_PUZZLE
    assert read(SEED, Params(6, 6)) == (puzzle.cells, 10)
    state = KIND.initial_state(puzzle)
    assert KIND.encode_state(state) == "drops=10;342232/000023/042023/212331/240330/424111"
    assert KIND.decode_state("drops=10;342232/000023/042023/212331/240330/424111") == state
    after = play(puzzle, "C3 C4").state
    assert KIND.decode_state(KIND.encode_state(after)) == after
    assert after.drops == 8 and KIND.decode_state(KIND.encode_state(after)).bursts == 0
    wrongs = ("drops=10;3422/00", "drops=;0000", "drops=3;0005", "drops=3;000/00", "")
    for wrong in (*wrongs, "drops=8;0000/0000;taps=2;bursts=0"):
        with pytest.raises(ValueError):
            KIND.decode_state(wrong)


@pytest.mark.parametrize(
    ("text", "params", "canonical"),
    [("6x6", Params(6, 6), "6x6"), ("6X6 hard", Params(6, 6, "hard"), "6x6h"),
     ("4 × 8 easy", Params(4, 8, "easy"), "4x8e"), ("8x5h", Params(8, 5, "hard"), "8x5h")],
)  # fmt: skip
def test_parameters_read_as_letters_or_words(text, params, canonical):
    assert KIND.parse_params(text) == params
    assert KIND.format_params(params) == canonical == KIND.parse_daily(text)


@pytest.mark.parametrize("text", ["3x3", "9x6", "6x6x", "6x6 e", "6x6eh", "6x6 hard easy"])
def test_other_sizes_and_words_are_refused_in_one_sentence(text):
    with pytest.raises(ValueError) as error:
        KIND.parse_params(text)
    assert_one_sentence(str(error.value))


def test_descriptions_must_fit_their_size_and_digits():
    for wrong in ("6x6;drops=10;342232", "4x4;drops=10;0000/0000/4043/4445", "4x4;drops=x;0"):
        with pytest.raises(ValueError):
            load(wrong)


def test_taps_play_in_order_and_stop_once_the_game_ends():
    puzzle = load(POBOKE)
    applied = play(puzzle, "B2 B4 B2 C4")
    assert applied.moves == (5, 13, 5, 14) and applied.counted == 4
    assert applied.marks.cells == (5, 13, 14) and applied.marks.focus == 14
    # The trace: B4's chain alone (the quiet taps are not animated), tick 0 its own burst,
    # the drops and bursts after it, two taps played after it.
    [chain] = applied.trace
    assert [t.bursts for t in chain.ticks[:2]] == [(13,), (12, 14)]
    assert (chain.drops, chain.bursts, chain.later) == (10, 6, 2)
    assert chain.ticks[-1].cells[5] == 2 and not chain.ticks[-1].splashes
    cleared = play(puzzle, "B4 C4")
    assert cleared.moves == (13,) and cleared.counted == 1
    assert KIND.status(puzzle, cleared.state).outcome == "solved"


def test_no_tap_on_a_finished_game_and_a_last_drop_spent_is_a_loss():
    puzzle = load("4x4;drops=2;1000/0000/0000/0000")
    lost = play(puzzle, "B2 C3 D4")
    assert lost.moves == (5, 10) and KIND.status(puzzle, lost.state).outcome == "lost"
    assert KIND.status(puzzle, lost.state).points is None
    with pytest.raises(MoveError) as error:
        play(puzzle, "A1", lost.state)
    assert_one_sentence(str(error.value))
    won = play(load(POBOKE), "B4")
    with pytest.raises(MoveError):
        play(load(POBOKE), "B4", won.state)
    assert isinstance(KIND.hint(load(POBOKE), won.state), str)


def test_taps_could_lose_exactly_when_they_spend_the_last_drops_without_clearing():
    puzzle = load("4x4;drops=2;1000/0000/0000/0000")
    start = KIND.initial_state(puzzle)
    assert isinstance(KIND, CanLose)
    assert not KIND.could_lose(puzzle, start, [5])
    assert KIND.could_lose(puzzle, start, [5, 10])
    assert not KIND.could_lose(load(POBOKE), KIND.initial_state(load(POBOKE)), [13])  # B4 clears
    lost = play(puzzle, "B2 C3").state
    assert not KIND.could_lose(puzzle, lost, [0])  # refused: nothing to lose


def test_status_details_tell_what_a_picture_needs():
    puzzle = SEED_PUZZLE
    state = play(puzzle, "C3").state
    status = KIND.status(puzzle, state)
    assert status.details == {
        "drops": state.drops, "bursts": state.bursts,
        "refund": state.bursts // 3, "cells": state.cells,
    }  # fmt: skip
    assert status.points is None and KIND.label(puzzle) == "6×6 · normal · 10 drops to start"


def test_hints_follow_an_optimal_line_to_par():
    puzzle = SEED_PUZZLE
    state = KIND.initial_state(puzzle)
    while KIND.status(puzzle, state).outcome == "playing":
        state = KIND.apply(puzzle, state, [KIND.hint(puzzle, state)]).state
    assert KIND.status(puzzle, state).points == 14
    off_line = play(puzzle, "A1").state  # no longer on the stored line: the search answers
    hint = KIND.hint(puzzle, off_line)
    assert not isinstance(hint, str)
    after = KIND.apply(puzzle, off_line, [hint]).state

    def best(state):
        search = solve(6, 6, bytes(state.cells), state.drops)
        assert search.proven
        return search.line.drops

    assert best(after) == best(off_line) < 14  # the hint keeps the best still possible


def test_par_comes_from_the_stored_line_or_the_search():
    assert KIND.par(SEED_PUZZLE) == 14 and SEED_PUZZLE.solution == SEED_BEST
    assert KIND.par(load(POBOKE)) == 11 and len(load(POBOKE).solution) == 1
    assert KIND.par(load(SEED, "A1 A1")) == 14  # a solution that does not clear is not believed
    assert KIND.par(load("4x4;drops=1;1000/0000/0000/0000")) == 0  # nothing clears it


def test_finished_boards_rank_by_drops_left_then_taps_then_time():
    puzzle = load(POBOKE)

    def result(user, seconds, text, hints=0):
        applied = play(puzzle, text)
        return Result(
            daily_id=1, user_id=user, guild_id=1, game_id=user, seconds=seconds,
            turns=applied.counted, hints=hints,
            solved_at=datetime(2026, 11, 22, tzinfo=UTC), date=date(2026, 11, 22),
            kind=KIND.name, points=KIND.status(puzzle, applied.state).points,
        )  # fmt: skip

    results = [result(1, 10, "A4 B4"), result(2, 90, "B4"), result(3, 20, "B4"), result(4, 5, "C3")]
    assert [s.result.user_id for s in ranked(results, KIND.scoring)] == [4, 3, 2, 1]


def test_state_keeps_its_width():
    state = State(4, (0,) * 8, 3)
    assert KIND.encode_state(state) == "drops=3;0000/0000"
