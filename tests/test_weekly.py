"""A weekly daily for every kind with levels (issue 37): easy early in the week, hard at the
weekend, chosen through ``/pipes-setup kind`` like any other daily."""

from datetime import date, timedelta

import pytest
from test_discord_rules import setup_kind

from playground.offline import GUILD_ID
from puzzle import KINDS
from puzzle.levels import CHOICE_WORDS, WEEK_LEVELS, WEEKLY

MONDAY = date(2026, 11, 23)
LEVELLED = [
    name for name, kind in KINDS.items() if hasattr(kind.parse_params(kind.presets[0]), "level")
]


def weekly_choice(name):
    """The kind's weekly daily preset."""
    return next(c for c in KINDS[name].daily_presets if c.endswith(f" {WEEKLY}"))


def test_every_kind_with_levels_offers_a_weekly_daily():
    assert set(LEVELLED) == set(KINDS)
    for name in LEVELLED:
        kind = KINDS[name]
        choice = weekly_choice(name)
        assert kind.parse_daily(choice) == choice
        week = [kind.daily(choice, MONDAY + timedelta(days=k)) for k in range(7)]
        assert [p.level for p in week] == list(WEEK_LEVELS)
        assert len({kind.size(p) for p in week}) == 1  # the same board, only the level moves


@pytest.mark.parametrize("name", ["drops", "choco", "maze"])
def test_a_weekly_choice_reads_one_way_and_a_fixed_level_stays_fixed(name):
    kind = KINDS[name]
    size = kind.format_params(kind.parse_params(kind.presets[0]))
    assert kind.parse_daily(f"{size} Weekly") == f"{size} weekly"
    assert kind.parse_daily(f"{size}h") == f"{size}h"
    assert kind.daily(f"{size}h", MONDAY).level == "hard"
    with pytest.raises(ValueError, match="monthly"):
        kind.parse_daily(f"{size} monthly")


def test_no_weekly_daily_is_smaller_than_6x6():
    """A 5×4 board is not a day's puzzle: the smallest weekly preset of every kind is 6×6."""
    for name in LEVELLED:
        kind = KINDS[name]
        for choice in kind.daily_presets:
            if choice.endswith(WEEKLY):
                width, height = kind.size(kind.daily(choice, MONDAY))
                assert width * height >= 36, (name, choice)


@pytest.mark.parametrize("name", ["drops", "choco", "maze"])
async def test_a_server_chooses_a_weekly_daily_and_gets_the_weekday_level(harness, name):
    choice = weekly_choice(name)
    made = await setup_kind(harness, name, params=choice.replace(" ", "  ").upper())
    assert CHOICE_WORDS[WEEKLY] in made[0].content
    service = harness.bot.service
    levels = [
        (await service.daily_params(GUILD_ID, MONDAY + timedelta(days=k), name)).level
        for k in (0, 2, 5)
    ]
    assert levels == ["easy", "normal", "hard"]
