"""Streak freezes (issue 38, item 2): one earned per 5 dailies solved on their day, 2 held at
most, each covering one missed day of a streak automatically without adding to it — checked
against a reference written here from those rules, on edge cases, and through the bot."""

from datetime import UTC, date, datetime, timedelta

from botkit import ALICE, board_message, enable_daily, message_of
from hypothesis import given
from hypothesis import strategies as st

from bot import texts
from bot.kinds import FACES
from db import Result
from kinds.pipes.tests.clicks import solve_by_clicks
from play.scoring import user_stats
from play.streaks import streak

START = date(2026, 11, 1)


def reference(solved: set[date], today: date) -> tuple[int, int, int, list[date], date | None]:
    """The rules, day by day on a calendar: each date solved adds one to the streak and,
    every 5th, a freeze (2 held at most); each date missed before today spends a freeze if
    one is held, else the streak ends. Current and longest streak, freezes held, the dates
    freezes covered in the current streak, the last date one covered."""
    count = longest = held = solves = 0
    covered: list[date] = []
    last = None
    day, end = min(solved, default=today), max([today - timedelta(days=1), *solved])
    while day <= end:
        if day in solved:
            count += 1
            solves += 1
            longest = max(longest, count)
            if solves % 5 == 0 and held < 2:
                held += 1
        elif held > 0:
            held -= 1
            covered.append(day)
            last = day
        else:
            count = 0
            covered = []
        day += timedelta(days=1)
    return count, longest, held, covered, last


def on(*offsets: int) -> tuple[date, ...]:
    return tuple(START + timedelta(days=k) for k in offsets)


def seen(solved: tuple[date, ...], today: int) -> tuple[int, int, int, tuple[date, ...]]:
    found = streak(solved, START + timedelta(days=today))
    return found.current, found.longest, found.freezes, found.frozen


#: Steps from one date solved to the next: mostly the next day, sometimes one or two missed.
STEPS = st.lists(st.sampled_from((1,) * 10 + (2, 3)), min_size=10, max_size=60)


@given(st.integers(0, 3), STEPS, st.integers(-2, 4), st.sets(st.integers(0, 80), max_size=40))
def test_freezes_follow_the_rules_day_by_day(first, steps, after, scattered):
    """Dense runs (as players keep streaks) and scattered dates, seen any day from two
    before the last date solved (a server ahead of UTC) to four after it."""
    for offsets in ([first + sum(steps[:k]) for k in range(len(steps) + 1)], scattered):
        solved = set(on(*offsets))
        day = max(solved, default=START) + timedelta(days=after)
        found = streak(solved, day)
        count, longest, held, covered, last = reference(solved, day)
        assert (found.current, found.longest, found.freezes) == (count, longest, held)
        assert (found.frozen, found.last_frozen) == (tuple(covered), last)


def test_the_fifth_solve_earns_a_freeze():
    assert seen(on(0, 1, 2, 3), today=4)[2] == 0
    assert seen(on(0, 1, 2, 3, 4), today=4)[2] == 1
    assert seen(on(*range(10)), today=10)[2] == 2


def test_at_most_two_are_held_and_one_earned_beyond_is_lost():
    assert seen(on(*range(15)), today=15)[2] == 2  # the third, earned on the 15th, is lost
    # Miss one (1 left), then 5 more solves earn one back: 2, not 3.
    assert seen(on(*range(15), *range(16, 21)), today=21) == (20, 20, 2, on(15))


def test_a_freeze_covers_one_missed_day_and_never_adds_to_the_count():
    assert seen(on(0, 1, 2, 3, 4, 6), today=6) == (6, 6, 0, on(5))
    assert seen(on(0, 1, 2, 3, 4), today=6) == (5, 5, 0, on(5))  # yesterday missed, covered


def test_a_gap_of_two_days_needs_two_freezes():
    # One freeze held: the gap of two ends the streak (the freeze went on the first day).
    one = streak(on(0, 1, 2, 3, 4, 7), START + timedelta(days=7))
    assert (one.current, one.longest, one.freezes, one.frozen) == (1, 5, 0, ())
    assert one.last_frozen == on(5)[0]
    # Two held: they cover both days, the streak goes on, counting the days solved only.
    assert seen(on(*range(10), 12), today=12) == (11, 11, 0, on(10, 11))


def test_today_is_not_missed_and_a_date_ahead_of_utc_is_kept():
    assert seen(on(0, 1, 2, 3, 4), today=5) == (5, 5, 1, ())
    # A server ahead of UTC plays tomorrow's date: today's, skipped there, was missed.
    assert seen(on(0, 1, 2, 3, 4, 6), today=5) == (6, 6, 0, on(5))


def result(day: date, late: bool = False, daily: int = 1) -> Result:
    return Result(
        daily_id=daily, user_id=1, guild_id=1, game_id=1, seconds=60, turns=10, hints=0,
        solved_at=datetime.combine(day, datetime.min.time(), UTC), date=day, kind="test",
        late=late,
    )  # fmt: skip


def test_late_solves_earn_no_freeze_and_cover_no_day():
    late = [result(day, late=day == on(4)[0]) for day in on(0, 1, 2, 3, 4, 5)]
    stats = user_stats(1, late, on(6)[0])
    # Day 4 solved late: missed, no freeze held yet, the streak ended; 5 on-the-day dates
    # are needed for a freeze, and only 5 solves were made on their day.
    assert (stats.current_streak, stats.longest_streak, stats.freezes) == (1, 4, 1)
    assert stats.frozen == () and stats.last_frozen is None
    # Two dailies of one date (two sizes, or two servers) count as one date solved.
    twice = [result(day, daily=k) for day in on(0, 1, 2) for k in (1, 2)]
    assert user_stats(1, twice, on(3)[0]).freezes == 0
    # A freeze held covers a date solved only late, as any missed date.
    kept = [result(day) for day in on(0, 1, 2, 3, 4, 6)] + [result(on(5)[0], late=True)]
    stats = user_stats(1, kept, on(6)[0])
    assert (stats.current_streak, stats.freezes, stats.frozen) == (6, 0, on(5))


async def solve_daily(harness, clock, day: int) -> None:
    clock.now = datetime(2026, 11, day, 12, tzinfo=UTC)
    made = await harness.command("daily", ALICE)
    game = next(g for g in await harness.bot.storage.unfinished_games(ALICE) if g.daily_id)
    await solve_by_clicks(harness, message_of(harness, board_message(made)), game)
    assert (await harness.bot.storage.game(game.id)).solved


async def test_stats_show_the_freeze_a_missed_day_used(harness, clock):
    """Five dailies solved (the fifth earns a freeze), the 27th missed, the 28th solved: the
    streak goes on at 6 and the stats say which day the freeze covered."""
    await enable_daily(harness)
    for day in (22, 23, 24, 25, 26):
        await solve_daily(harness, clock, day)
    text = (await harness.command("stats", ALICE))[-1].content
    assert "Streak: 5 · longest: 5" in text and "🧊 Freezes: 1 left" in text
    await solve_daily(harness, clock, 28)
    text = (await harness.command("stats", ALICE))[-1].content
    assert "Streak: 6 · longest: 6" in text
    assert "🧊 Freezes: 1 used on 11-27, 0 left" in text
    clock.now = datetime(2026, 11, 30, 12, tzinfo=UTC)  # the 29th missed, no freeze left
    text = (await harness.command("stats", ALICE))[-1].content
    assert "Streak: 0 · longest: 6" in text
    assert "🧊 Freezes: 0 left (the last used on 2026-11-27)" in text


def test_stats_count_the_freezes_of_the_current_streak():
    record = user_stats(1, [result(day) for day in on(*range(10), 12)], on(12)[0])
    text = texts.stats(record, FACES["pipes"])
    assert "Streak: 11 · longest: 11" in text
    assert "🧊 Freezes: 2 used in this streak, the last on 11-12, 0 left" in text
