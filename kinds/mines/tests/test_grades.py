"""Minesweeper grades (issue 37): the grader against the oracle written apart
(``grade_oracle``), every level's boards inside its band and meaning what it says by the
oracle (easy: single numbers; normal: more; hard: several numbers together and the count),
levels strictly ordered by the oracle on every board, and one board per level pinned."""

from dataclasses import replace
from datetime import date, timedelta
from math import floor

import pytest
from test_controls import setup
from test_discord_rules import setup_kind

from kinds.mines.engine import GRADES, KIND, deduce, grade, opening
from kinds.mines.engine.generator import generate
from kinds.mines.tests.grade_oracle import oracle, replay
from kinds.mines.tests.test_engine import random_puzzle
from playground.offline import CHANNEL_ID
from puzzle.grid import encode_cells
from puzzle.levels import LEVELS


def stored(puzzle, params):
    """A board as storage keeps it, for the oracle to read."""
    bitmap = encode_cells(puzzle.width * puzzle.height, puzzle.mines)
    made = KIND.generate(KIND.parse_params(params), "any")
    description = f"{puzzle.width}x{puzzle.height}:{puzzle.start}:{bitmap}"
    return replace(made, description=description, solution=bitmap)


#: The tiers beyond single numbers each level's boards need, by the oracle.
NEEDS = {"easy": set(), "normal": {2}, "hard": {2, 3}}


def made(params, seed):
    return KIND.generate(KIND.parse_params(params), seed)


def test_the_kind_grades_by_the_engine_s_bands():
    """(Ordered and disjoint, as every graded kind's: ``tests/test_grades.py``.)"""
    assert KIND.grades is GRADES


@pytest.mark.parametrize(("width", "height", "count"), [(9, 9, 10), (8, 8, 14), (6, 6, 5)])
def test_on_plain_layouts_the_grade_needs_what_the_oracle_needs(width, height, count):
    """Not only generated boards: on plain shuffled layouts, whatever the solver clears the
    oracle clears, with the same tiers beyond single numbers (so the same whole part), and
    the grade's rest is ¾ of the share the first opening leaves closed plus at most ¼."""
    params = f"{width}x{height}m{count}"
    tiers = set()
    for k in range(60):
        puzzle = random_puzzle(width, height, count, f"plain{k}")
        deduction = deduce(puzzle, opening(puzzle))
        if not deduction.cleared:
            continue
        play = replay(stored(puzzle, params))
        assert play.cleared, k
        safe = width * height - count
        value = grade(deduction.steps, len(opening(puzzle)), safe)
        needs = {step.rule for step in deduction.steps} - {0, 1}
        assert needs == set(play.tiers) - {1}, k
        assert floor(value) == floor(oracle(stored(puzzle, params))) == len(needs), k
        assert -1e-3 <= value - len(needs) - 0.75 * play.closed <= 0.25 + 1e-3, k  # rounded
        tiers.add(frozenset(needs))
    assert {frozenset(), frozenset({2})} <= tiers


@pytest.mark.parametrize(("size", "boards"), [("9x9", 12), ("8x8", 8), ("16x16", 3)])
def test_each_levels_boards_lie_in_its_band_and_need_what_it_says(size, boards):
    """By the oracle: easy boards clear by single numbers, normal ones need more, hard ones
    need several numbers together and the count; the stored difficulty is the grade."""
    for level in LEVELS:
        low, high = GRADES[level]
        for k in range(boards):
            generated = made(f"{size} {level}", f"band{k}")
            puzzle = KIND.load(generated)
            deduction = deduce(puzzle, opening(puzzle))
            safe = puzzle.width * puzzle.height - len(puzzle.mines)
            assert generated.difficulty == grade(deduction.steps, len(opening(puzzle)), safe)
            assert low <= generated.difficulty < high and puzzle.level == level
            assert set(replay(generated).tiers) - {1} == NEEDS[level], k


def test_at_the_daily_size_every_easy_board_is_below_every_normal_below_every_hard():
    """9×9, the daily's size: levels strictly ordered by the oracle on every board."""
    values = {
        level: [oracle(made(f"9x9 {level}", f"order{k}")) for k in range(10)] for level in LEVELS
    }
    assert max(values["easy"]) < min(values["normal"])
    assert max(values["normal"]) < min(values["hard"])


async def test_the_weekly_daily_ramps_by_the_oracle_through_the_daily_post(harness, clock):
    """``9x9 weekly`` posted day by day through the real dispatch: every weekend board above
    every weekday one, Wednesday to Friday above Monday and Tuesday (``mines/4``'s Saturday
    could need less than its Wednesday)."""
    clock.now = clock.now.replace(hour=10)  # Sunday 2026-11-22, after the 9:00 post
    await setup_kind(harness, "mines", on=True, params="9x9 weekly")
    await setup_kind(harness, "pipes", on=False)
    await setup(harness, channel=(7, str(CHANNEL_ID)), time="9am", timezone="UTC")
    week = []
    for day in range(7):
        clock.now += timedelta(days=1)
        assert await harness.bot.poster.tick() == 1
        monday = date(2026, 11, 23)
        params = KIND.format_params(KIND.daily("9x9 weekly", monday + timedelta(days=day)))
        daily = await harness.bot.storage.daily_puzzle(
            monday + timedelta(days=day), "mines", params
        )
        week.append(oracle(daily.puzzle))
    assert max(week[:2]) < min(week[2:5]) and max(week[2:5]) < min(week[5:])


def test_a_board_with_no_layout_in_its_band_takes_the_nearest_and_says_its_level():
    """A sparse 16×16 (20 mines) hardly ever needs the count: after ``LEVEL_LAYOUTS``
    shuffles the board nearest the band is taken, and its level is its grade's."""
    layout = generate(16, 16, 20, "sparse", "hard")
    assert layout.level != "hard" and layout.difficulty < GRADES["hard"][0]
    low, high = GRADES[layout.level]
    assert low <= layout.difficulty < high


#: One board per level, fixed forever (``mines/5``): a change of any library that alters a
#: code fails here.
GOLDEN = {
    "9x9e-grade": ("9x9:42:0002110400000083040c0", "easy"),
    "9x9-grade": ("9x9:51:41000401200a404000400", "normal"),
    "9x9h-grade": ("9x9:66:500400424010001003000", "hard"),
}


@pytest.mark.parametrize("code", sorted(GOLDEN))
def test_one_board_per_level_is_pinned(code):
    params, _, seed = code.partition("-")
    generated = made(params, seed)
    description, level = GOLDEN[code]
    assert generated.description == description and generated.generator == "mines/5"
    assert KIND.label(KIND.load(generated)) == f"9×9 · {level} · 10 mines"
