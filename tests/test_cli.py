import json
import subprocess
import sys

from kinds.pipes.engine import from_code


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
