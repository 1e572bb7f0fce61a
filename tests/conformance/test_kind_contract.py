"""The contract of ``puzzle.kind.Kind``, checked on every registered kind, on Lights Out
(tests/template/lights/), a kind the generic code was not written for. Only texts people type
are kind-specific here: small parameters, and what may follow a cell name in a move, which each
kind gives in its folder (``kinds/<kind>/tests/examples.py``)."""

import importlib
from dataclasses import replace
from datetime import date, timedelta
from functools import cache

import pytest
from conformance.example import Example
from hypothesis import given, settings
from hypothesis import strategies as st
from sentences import assert_one_sentence
from template.lights.engine import KIND as LIGHTS
from template.lights.tests.examples import EXAMPLE as TEMPLATE_EXAMPLE

from puzzle import KINDS, Generated, MoveError, normalize_seed, parse_code
from puzzle.kind import Scoring


def example_of(name: str) -> Example:
    """A registered kind's small examples, from its folder (``kinds/<kind>/tests/examples.py``)."""
    try:
        return importlib.import_module(f"kinds.{name}.tests.examples").EXAMPLE
    except ModuleNotFoundError:
        pytest.fail(f"kinds/{name}/tests/examples.py is missing: give the kind small examples")


EXAMPLES = {name: example_of(name) for name in KINDS} | {LIGHTS.name: TEMPLATE_EXAMPLE}
UNDER_TEST = {**KINDS, LIGHTS.name: LIGHTS}
NAMES = sorted(UNDER_TEST)
CASES = [(name, p) for name in NAMES if name in EXAMPLES for p in EXAMPLES[name].params]
SEEDS = st.text("abcdefghijklmnopqrstuvwxyz0123456789-_", min_size=1, max_size=12)
#: Text people might type: size-like, cell-like, and characters that trip up parsers
#: (``ſ``, ``ı`` and the Kelvin sign match ``[a-z]`` ignoring case; ``٣`` matches ``\d``).
TYPED = st.text("0123456789xX×*abcefhkmnwABCZ ,;.!-_ſıK٣\n", max_size=14)
#: Junk every kind refuses, wherever it is typed.
JUNK = ("ZZ99", "!!", "", "   ", "A0", "0x0", "99x99")


@cache
def generated(name: str, params: str, seed: str = "conformance") -> Generated:
    kind = UNDER_TEST[name]
    return kind.generate(kind.parse_params(params), seed)


@cache
def loaded(name, params, seed="conformance"):
    return UNDER_TEST[name].load(generated(name, params, seed))


def assert_moves_read_back(kind, puzzle, state, moves):
    text = " ".join(kind.format_move(puzzle, move) for move in moves)
    assert kind.parse_moves(puzzle, state, text) == list(moves), text


def assert_marks_on_board(marks, area):
    assert all(0 <= cell < area for cell in marks.cells), marks
    assert all(0 <= a < area and 0 <= b < area for a, b in marks.edges), marks
    assert marks.focus is None or 0 <= marks.focus < area, marks


# ---------------------------------------------------------------------------- the kind


def test_every_kind_has_examples_here():
    assert set(NAMES) <= set(EXAMPLES), "every kind needs kinds/<kind>/tests/examples.py"
    assert LIGHTS.name not in KINDS, "the test-only kind must not be registered for good"


@pytest.mark.parametrize("name", NAMES)
def test_the_kind_names_itself_and_its_choices(name):
    kind = UNDER_TEST[name]
    assert kind.name == name and parse_code(f"{name}:3x3-a").kind == name
    assert kind.title and kind.generator and isinstance(kind.scoring, Scoring)
    assert kind.presets and kind.daily_presets
    for text in [*EXAMPLES[name].params, *kind.presets]:
        canonical = kind.format_params(kind.parse_params(text))
        assert kind.format_params(kind.parse_params(canonical)) == canonical
        assert kind.parse_params(canonical) == kind.parse_params(text)
    for params in EXAMPLES[name].params:
        assert kind.format_params(kind.parse_params(params)) == params


@pytest.mark.parametrize("name", NAMES)
def test_daily_choices_are_stored_one_way_and_give_a_puzzle_every_day(name):
    kind = UNDER_TEST[name]
    assert kind.parse_daily(kind.default_daily) == kind.default_daily
    monday = date(2026, 11, 23)
    for typed in [*kind.daily_presets, kind.default_daily]:
        choice = kind.parse_daily(typed)
        assert kind.parse_daily(choice) == choice
        for day in (monday + timedelta(days) for days in range(7)):
            params = kind.daily(choice, day)
            assert kind.parse_params(kind.format_params(params)) == params
            assert kind.daily(choice, day) == params
            puzzle = kind.load(generated(name, kind.format_params(params), "daily"))
            assert kind.status(puzzle, kind.initial_state(puzzle)).outcome == "playing"


# -------------------------------------------------------------------------- generation


@settings(max_examples=15, deadline=None)
@given(seed=SEEDS)
@pytest.mark.parametrize(("name", "params"), CASES)
def test_generation_is_deterministic_and_consistent(name, params, seed):
    kind = UNDER_TEST[name]
    made = kind.generate(kind.parse_params(params), seed)
    assert kind.generate(kind.parse_params(params), seed) == made
    assert (made.kind, made.params, made.seed) == (name, params, normalize_seed(seed))
    assert parse_code(made.code) == (name, params, normalize_seed(seed))
    assert made.generator == kind.generator and made.par >= 0
    assert (made.width, made.height) == kind.size(kind.parse_params(params))


@pytest.mark.parametrize(("name", "params"), CASES)
def test_another_seed_gives_another_puzzle(name, params):
    descriptions = {generated(name, params, f"seed-{k}").description for k in range(6)}
    assert len(descriptions) > 1


@pytest.mark.parametrize(("name", "params"), CASES)
def test_a_puzzle_loads_from_its_text_and_a_corrupted_one_does_not(name, params):
    kind, made = UNDER_TEST[name], generated(name, params)
    puzzle = kind.load(made)
    assert kind.load(made) == puzzle and kind.label(puzzle)
    # Par is the puzzle's own, worked out as it loads: a par stored by another rule is not
    # believed.
    assert kind.par(puzzle) == made.par == kind.par(kind.load(replace(made, par=made.par + 5)))
    assert kind.status(puzzle, kind.initial_state(puzzle)).outcome == "playing"
    other = generated(name, next(p for p in EXAMPLES[name].params if p != params))
    assert (other.width, other.height) != (made.width, made.height)
    text = made.description
    cut_short, too_long, garbled = text[: len(text) // 2], text + text[-1], text[:-1] + "!"
    for wrong in (text[:-1], cut_short, "", too_long, garbled, other.description):
        with pytest.raises(ValueError):
            kind.load(replace(made, description=wrong))
    with pytest.raises(ValueError):
        kind.load(replace(made, params=other.params))


# ------------------------------------------------------------------------------- play


@pytest.mark.parametrize(("name", "params"), CASES)
def test_the_initial_state_survives_its_text(name, params):
    kind, puzzle = UNDER_TEST[name], loaded(name, params)
    state = kind.initial_state(puzzle)
    assert kind.decode_state(kind.encode_state(state)) == state


@settings(max_examples=60, deadline=None)
@given(data=st.data())
@pytest.mark.parametrize(("name", "params"), CASES)
def test_random_play_keeps_the_contract(name, params, data):
    """Moves typed at random and hints, one batch after another: every batch reads back from
    its text, ``apply`` is pure and plays only moves it was given, marks stay on the board,
    every state survives its text, the rules allow every hint and refuse other moves in one
    sentence, and a finished game gets no hint (moves on it may be played or refused)."""
    kind, made, puzzle = UNDER_TEST[name], generated(name, params), loaded(name, params)
    area = made.width * made.height
    state = kind.initial_state(puzzle)
    words = st.tuples(
        st.integers(0, made.width - 1),
        st.integers(0, made.height - 1),
        st.sampled_from(EXAMPLES[name].suffixes),
    )
    for _ in range(data.draw(st.integers(1, 20), label="batches")):
        finished = kind.status(puzzle, state).finished
        if finished:
            assert isinstance(kind.hint(puzzle, state), str)
        if from_hint := not finished and data.draw(st.booleans(), label="hint"):
            hint = kind.hint(puzzle, state)
            if isinstance(hint, str):
                continue
            moves = [hint]
        else:
            cells = data.draw(st.lists(words, min_size=1, max_size=4), label="cells")
            word = EXAMPLES[name].word
            text = ", ".join(word(x, y, suffix, made.width, made.height) for x, y, suffix in cells)
            moves = kind.parse_moves(puzzle, state, text)
        assert_moves_read_back(kind, puzzle, state, moves)
        before = kind.encode_state(state)
        try:
            applied = kind.apply(puzzle, state, moves)
        except MoveError as error:
            assert not from_hint, f"the rules refuse the hint {moves}: {error}"
            assert_one_sentence(str(error))
            assert kind.encode_state(state) == before
            continue
        assert kind.apply(puzzle, state, moves) == applied
        assert kind.encode_state(state) == before
        assert all(move in moves for move in applied.moves) and applied.counted >= 0
        assert_marks_on_board(applied.marks, area)
        for frame in applied.trace:  # intermediate states, or frames of the kind's own
            hash(frame)  # immutable, as everything a kind hands out
            if isinstance(frame, type(state)):
                assert kind.decode_state(kind.encode_state(frame)) == frame
        state = applied.state
        assert kind.decode_state(kind.encode_state(state)) == state
        assert_progress(kind, puzzle, state)


@settings(max_examples=30, deadline=None)
@given(data=st.data())
@pytest.mark.parametrize(("name", "params"), CASES)
def test_the_moves_that_took_effect_replay_one_by_one(name, params, data):
    """What storage keeps of a batch (the moves that took effect, as ``format_move`` writes
    them), read back one at a time in the state reached and applied, gives the batch's state:
    a game's moves replay to its state, which undo relies on."""
    kind, made, puzzle = UNDER_TEST[name], generated(name, params), loaded(name, params)
    state = kind.initial_state(puzzle)
    words = st.tuples(
        st.integers(0, made.width - 1),
        st.integers(0, made.height - 1),
        st.sampled_from(EXAMPLES[name].suffixes),
    )
    for _ in range(data.draw(st.integers(1, 12), label="batches")):
        if kind.status(puzzle, state).finished:
            break
        cells = data.draw(st.lists(words, min_size=1, max_size=4), label="cells")
        word = EXAMPLES[name].word
        text = " ".join(word(x, y, suffix, made.width, made.height) for x, y, suffix in cells)
        try:
            applied = kind.apply(puzzle, state, kind.parse_moves(puzzle, state, text))
        except (ValueError, MoveError):
            continue
        replayed = state
        for move in applied.moves:
            again = kind.parse_moves(puzzle, replayed, kind.format_move(puzzle, move))
            replayed = kind.apply(puzzle, replayed, again).state
        assert kind.encode_state(replayed) == kind.encode_state(applied.state), text
        state = applied.state


@settings(max_examples=8, deadline=None)
@given(seed=SEEDS)
@pytest.mark.parametrize(("name", "params"), CASES)
def test_hints_alone_solve_the_puzzle(name, params, seed):
    kind, made = UNDER_TEST[name], generated(name, params, seed)
    puzzle = kind.load(made)
    state = kind.initial_state(puzzle)
    for _ in range(made.width * made.height * 4):
        if kind.status(puzzle, state).outcome == "solved":
            break
        hint = kind.hint(puzzle, state)
        assert not isinstance(hint, str), hint
        state = kind.apply(puzzle, state, [hint]).state
        assert kind.decode_state(kind.encode_state(state)) == state
    assert kind.status(puzzle, state).outcome == "solved"
    assert isinstance(kind.hint(puzzle, state), str)


@pytest.mark.parametrize(("name", "params"), CASES)
def test_progress_starts_short_of_the_solve_and_reaches_one_with_it(name, params):
    """The kind's progress measure: below 1 at the start, between 0 and 1 along the hints'
    way, higher at the end of it than at its start, and 1 once solved."""
    kind, puzzle = UNDER_TEST[name], loaded(name, params)
    state = kind.initial_state(puzzle)
    start = kind.progress(puzzle, state)
    assert 0 <= start < 1
    while kind.status(puzzle, state).outcome != "solved":
        state = kind.apply(puzzle, state, [kind.hint(puzzle, state)]).state
        assert_progress(kind, puzzle, state)
    assert kind.progress(puzzle, state) == 1 > start


def assert_progress(kind, puzzle, state):
    """Progress is a share, 1 exactly when solved (a lost game may stand anywhere)."""
    share, outcome = kind.progress(puzzle, state), kind.status(puzzle, state).outcome
    assert 0 <= share <= 1
    assert outcome == "lost" or (share == 1) == (outcome == "solved")


@pytest.mark.parametrize(("name", "params"), CASES)
def test_a_finished_game_gets_one_sentence_instead_of_a_hint(name, params):
    kind, made = UNDER_TEST[name], generated(name, params)
    puzzle = kind.load(made)
    state = kind.initial_state(puzzle)
    for _ in range(made.width * made.height * 4):
        if isinstance(hint := kind.hint(puzzle, state), str):
            break
        state = kind.apply(puzzle, state, [hint]).state
    assert kind.status(puzzle, state).finished and isinstance(hint, str)
    assert_one_sentence(hint)


# -------------------------------------------------------------------------- refusals


@pytest.mark.parametrize("junk", JUNK)
@pytest.mark.parametrize(("name", "params"), CASES)
def test_junk_moves_are_refused_in_one_sentence(name, params, junk):
    kind, puzzle = UNDER_TEST[name], loaded(name, params)
    with pytest.raises(ValueError) as error:
        kind.parse_moves(puzzle, kind.initial_state(puzzle), junk)
    assert_one_sentence(str(error.value))


@pytest.mark.parametrize("junk", JUNK)
@pytest.mark.parametrize("reader", ["parse_params", "parse_daily"])
@pytest.mark.parametrize("name", NAMES)
def test_junk_parameters_are_refused_in_one_sentence(name, reader, junk):
    with pytest.raises(ValueError) as error:
        getattr(UNDER_TEST[name], reader)(junk)
    assert_one_sentence(str(error.value))


@settings(max_examples=120, deadline=None)
@given(text=TYPED)
@pytest.mark.parametrize("name", NAMES)
def test_typed_parameters_are_read_or_refused_in_one_sentence(name, text):
    kind = UNDER_TEST[name]
    try:
        params = kind.parse_params(text)
    except ValueError as error:
        assert_one_sentence(str(error))
    else:
        assert kind.parse_params(kind.format_params(params)) == params
    try:
        choice = kind.parse_daily(text)
    except ValueError as error:
        assert_one_sentence(str(error))
    else:
        assert kind.parse_daily(choice) == choice
        params = kind.daily(choice, date(2026, 11, 23))
        assert kind.parse_params(kind.format_params(params)) == params


@settings(max_examples=120, deadline=None)
@given(text=TYPED)
@pytest.mark.parametrize(("name", "params"), CASES)
def test_typed_moves_are_read_or_refused_in_one_sentence(name, params, text):
    kind, puzzle = UNDER_TEST[name], loaded(name, params)
    state = kind.initial_state(puzzle)
    try:
        moves = kind.parse_moves(puzzle, state, text)
    except ValueError as error:
        assert_one_sentence(str(error))
    else:
        assert moves
        assert_moves_read_back(kind, puzzle, state, moves)
