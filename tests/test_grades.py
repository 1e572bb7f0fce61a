"""Levels by grade (issue #37), for every kind through the kind interface: each level a band
of the grade its generator measures, every board inside its level's band, and the board's
message saying its level and grade (an older generator's puzzle says no grade)."""

from dataclasses import replace
from itertools import pairwise

import pytest
from botkit import ALICE, BOB, board_message

from puzzle import KINDS, Graded
from puzzle.levels import LEVELS

#: A small preset of each kind (boards made quickly at every level).
SMALL = {"pipes": "6x6", "mines": "9x9", "maze": "10x10", "drops": "5x5", "choco": "6x6"}
GRADED = [name for name, kind in KINDS.items() if isinstance(kind, Graded)]


def test_every_kind_is_graded_with_ordered_disjoint_bands():
    assert set(SMALL) == set(KINDS)
    for kind in KINDS.values():
        if not isinstance(kind, Graded):
            continue
        assert list(kind.grades) == list(LEVELS), kind.name
        bands = [kind.grades[level] for level in LEVELS]
        assert all(low < high for low, high in bands), kind.name
        assert all(a[1] <= b[0] for a, b in pairwise(bands)), kind.name


@pytest.mark.parametrize(("name", "level"), [(n, lv) for n in GRADED for lv in LEVELS])
def test_boards_lie_in_their_levels_band(name, level):
    kind = KINDS[name]
    params = replace(kind.parse_params(SMALL[name]), level=level)
    low, high = kind.grades[level]
    for seed in ("b1", "b2", "b3"):
        made = kind.generate(params, seed)
        assert low <= made.difficulty < high, (made.code, made.difficulty)


def grade_in(content):
    """The grade a board's first line says, or None."""
    head = content.splitlines()[0]
    return float(head.rpartition(" · grade ")[2]) if " · grade " in head else None


async def test_a_board_says_its_level_and_grade_and_an_older_generators_no_grade(harness):
    made = await harness.command("new", ALICE, group="mines", size="9x9", level="hard", seed="gr")
    game = (await harness.bot.storage.unfinished_games(ALICE))[0]
    head = board_message(made).content
    assert " · hard · " in head.splitlines()[0]
    assert grade_in(head) == pytest.approx(game.puzzle.difficulty, rel=0.01)
    kind = KINDS["mines"]
    older = replace(kind.generate(kind.parse_params("9x9"), "old"), generator="mines/4")
    await harness.bot.storage.store_puzzle(older)
    made = await harness.command("new", BOB, group="mines", size="9x9", seed="old")
    assert " · normal · " in board_message(made).content.splitlines()[0]
    assert grade_in(board_message(made).content) is None
