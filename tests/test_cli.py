import json
import subprocess
import sys

import pytest
from sentences import assert_one_sentence

from kinds.pipes.engine import from_code
from puzzle import KINDS, parse_code
from puzzle.kind import TextFormat


def run(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "puzzle", *args], input=stdin, capture_output=True, text=True
    )


def test_new_prints_a_board_with_coordinates():
    out = run("new", "8x8", "--seed", "abc")
    assert out.returncode == 0
    lines = out.stdout.splitlines()
    assert lines[0].startswith("Pipes 8x8-abc · 8×8 · normal · par ")
    assert lines[1].split() == list("ABCDEFGH")
    assert [line.split()[0] for line in lines[2:10]] == [str(r) for r in range(1, 9)]
    assert "source E5" in lines[10]


def test_levels_wrap_and_columns_after_z():
    out = run("new", "6x5", "--seed", "abc", "--level", "hard", "--wrap")
    assert out.stdout.startswith("Pipes 6x5wh-abc · 6×5 · hard · wrapping · par ")
    assert "cannot be easy" in run("new", "6x5", "--level", "easy", "--wrap").stderr
    lines = run("new", "30x3", "--seed", "abc").stdout.splitlines()
    assert lines[1].split() == ["A"] * 4
    tops, bottoms = lines[1], lines[2]
    names = [(tops[k] + bottoms[k]).strip() for k in range(4, len(bottoms), 2)]
    assert names[:3] == ["A", "B", "C"] and names[-4:] == ["AA", "AB", "AC", "AD"]


def test_json_round_trips_through_check():
    out = run("new", "8x8", "--seed", "abc", "--json")
    data = json.loads(out.stdout)
    assert data["tiles"] == list(from_code("8x8-abc").tiles)
    data["tiles"] = data["solution"]
    checked = run("check", "--json", stdin=json.dumps(data))
    assert json.loads(checked.stdout)["solved"] is True
    text = run("check", stdin=json.dumps(data))
    assert "flooded 64/64" in text.stdout and "solved" in text.stdout


def test_show_and_errors():
    assert run("show", "6x6-abc").stdout == run("new", "6x6", "--seed", "abc").stdout
    bad = run("new", "41x3")
    assert bad.returncode == 2 and "from 3 to 40" in bad.stderr
    broken = run("check", stdin="{not json")
    assert broken.returncode == 2 and "cannot read the board" in broken.stderr


def test_codes_of_the_first_generator_still_show():
    old = run("show", "--generator", "pipes/1", "8x8-d20261122").stdout.splitlines()[0]
    new = run("show", "8x8-d20261122").stdout.splitlines()[0]
    # Played in 2026 with par 87, clockwise turns only; its par is now the fewest either way.
    assert old.startswith("Pipes 8x8-d20261122 · 8×8 · normal · par 53 ")
    assert new != old


# Every registered kind, read from the registry: the generic forms of new, show and check.

KIND_NAMES = list(KINDS)


def smallest(kind):
    """The kind's preset with the fewest cells."""

    def area(text):
        width, height = kind.size(kind.parse_params(text))
        return width * height

    return kind.format_params(kind.parse_params(min(kind.presets, key=area)))


def solving_moves(kind, puzzle):
    """Moves that solve the puzzle from its start, found through the kind's hints, and the
    state they leave."""
    state, moves = kind.initial_state(puzzle), []
    while kind.status(puzzle, state).outcome == "playing":
        move = kind.hint(puzzle, state)
        assert not isinstance(move, str), move
        moves.append(kind.format_move(puzzle, move))
        state = kind.apply(puzzle, state, [move]).state
    return " ".join(moves), state


def test_every_kind_has_a_text_board():
    assert KIND_NAMES and all(isinstance(kind, TextFormat) for kind in KINDS.values())


@pytest.mark.parametrize("name", KIND_NAMES)
def test_new_and_show_print_the_same_puzzle_of_every_kind(name):
    kind = KINDS[name]
    params = smallest(kind)
    made = kind.generate(kind.parse_params(params), "cli")
    puzzle = kind.load(made)
    out = run("new", name, params, "--seed", "cli")
    assert out.returncode == 0 and out.stderr == ""
    header, _, board = out.stdout.rstrip("\n").partition("\n")
    title, _, code = header.split(" · ")[0].rpartition(" ")
    assert title == kind.title and parse_code(code) == (name, made.params, "cli")
    assert header.split(" · ", 1)[1] == (
        f"{kind.label(puzzle)} · par {kind.par(puzzle)} · difficulty {made.difficulty}"
    )
    assert board == kind.text_format(puzzle, kind.initial_state(puzzle))
    assert run("show", code).stdout == out.stdout
    assert run("show", made.code).stdout == out.stdout


@pytest.mark.parametrize("name", KIND_NAMES)
def test_check_reports_a_solved_state_and_moves_that_solve_it(name):
    kind = KINDS[name]
    made = kind.generate(kind.parse_params(smallest(kind)), "cli")
    puzzle = kind.load(made)
    moves, solved = solving_moves(kind, puzzle)
    status = kind.status(puzzle, solved)
    expected = "solved" if status.points is None else f"solved · {status.points} points"

    by_state = run("check", made.code, stdin=kind.encode_state(solved))
    assert by_state.returncode == 0, by_state.stderr
    lines = by_state.stdout.splitlines()
    assert lines[-2:] == [f"state {kind.encode_state(solved)}", expected]
    assert "\n".join(lines[1:-2]) == kind.text_format(puzzle, solved)

    by_moves = json.loads(run("check", made.code, "--moves", moves, "--json").stdout)
    assert by_moves["outcome"] == "solved" and by_moves["solved"] is True
    assert by_moves["state"] == kind.encode_state(solved)

    start = run("check", made.code, stdin="").stdout.splitlines()
    assert start[-1] == "playing"
    assert start[-2] == f"state {kind.encode_state(kind.initial_state(puzzle))}"


@pytest.mark.parametrize("name", KIND_NAMES)
def test_refusals_are_one_sentence_and_exit_2(name):
    kind = KINDS[name]
    code = kind.generate(kind.parse_params(smallest(kind)), "cli").code
    refused = [
        run("show", f"{name}:0x0-abc"),
        run("new", name, "99x99"),
        run("check", code, "--moves", "ZZ99"),
        run("check", code, stdin="!!"),
    ]
    for out in refused:
        assert out.returncode == 2 and out.stdout == "", out
        assert_one_sentence(out.stderr.strip())


def test_unknown_kinds_codes_and_commands_are_refused_in_one_sentence():
    unknown = "nosuchkind"
    assert unknown not in KINDS
    for out in (
        run("show", f"{unknown}:8x8-abc"),
        run("new", unknown, "8x8"),
        run("show", "not a code"),
        run("new", "8x8", "--no-such-option"),
        run("check", stdin="{not json"),
        run(),
    ):
        assert out.returncode == 2 and out.stdout == "", out
        assert_one_sentence(out.stderr.strip())
    assert ", ".join(KINDS) in run("show", f"{unknown}:8x8-abc").stderr
