"""Scoring, ranks and streaks (app level, the same for every backend)."""

from dataclasses import replace
from datetime import UTC, date, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from db import DailyPlay, Result
from play.scoring import (
    HINT_PENALTY_SECONDS,
    TIME_BUCKETS,
    dailies_played,
    period_ranked,
    rank_of,
    ranked,
    score,
    user_stats,
)
from puzzle import Scoring

TIME, POINTS = Scoring(), Scoring(by="points")

DAY = date(2026, 11, 22)
NOON = datetime(2026, 11, 22, 12, tzinfo=UTC)


def result(user, seconds, hints=0, turns=40, day=DAY, guild=1, after=0, points=None):
    return Result(
        daily_id=1, user_id=user, guild_id=guild, game_id=user, seconds=seconds, turns=turns,
        hints=hints, solved_at=NOON + timedelta(seconds=after), date=day, kind="test",
        points=points,
    )  # fmt: skip


def test_time_plus_hint_penalty_ranks_first():
    results = [result(1, 90), result(2, 60, hints=1), result(3, 50)]
    assert [s.result.user_id for s in ranked(results, TIME)] == [3, 1, 2]  # 60 + 30 > 90
    assert score(results[1]) == 60 + HINT_PENALTY_SECONDS
    assert rank_of(results, 2, TIME) == 3 and rank_of(results, 9, TIME) is None


def test_ties_go_to_fewer_hints_then_turns_then_the_earlier_solve():
    results = [
        result(1, 60, hints=1),
        result(2, 90),
        result(3, 90, turns=30, after=5),
        result(4, 90, turns=30, after=1),
    ]
    assert [s.result.user_id for s in ranked(results, TIME)] == [4, 3, 2, 1]
    assert [s.rank for s in ranked(results, TIME)] == [1, 2, 3, 4]


def test_a_perfect_tie_ranks_the_same_whatever_order_storage_reads():
    twins = [result(7, 90), result(5, 90)]
    assert [s.result.user_id for s in ranked(twins, TIME)] == [5, 7]
    assert [s.result.user_id for s in ranked(reversed(twins), TIME)] == [5, 7]


@given(st.lists(st.tuples(st.integers(0, 5000), st.integers(0, 5)), min_size=1, max_size=30))
def test_ranking_is_sorted_by_score_and_numbers_every_result(entries):
    results = [result(k, s, hints=h) for k, (s, h) in enumerate(entries)]
    standings = ranked(results, TIME)
    assert [s.rank for s in standings] == list(range(1, len(results) + 1))
    scores = [score(s.result) for s in standings]
    assert scores == sorted(scores)
    assert sorted(s.result.user_id for s in standings) == list(range(len(results)))


def test_stats_and_streaks_of_consecutive_puzzle_dates():
    start = date(2026, 11, 1)
    # Runs of 3, 4 and 2: the two days missed after the first end it (no freeze held yet);
    # the 5th day solved (6) earns a freeze, which covers day 9: one run of 4 + 2 days.
    days = [0, 1, 2, 5, 6, 7, 8, 10, 11]
    results = [result(1, 60 + k, day=start + timedelta(days=k)) for k in days]
    stats = user_stats(1, results, today=start + timedelta(days=12))
    assert (stats.solves, stats.best_seconds) == (9, 60)
    assert stats.average_seconds == pytest.approx(sum(60 + k for k in days) / 9)
    assert (stats.current_streak, stats.longest_streak, stats.frozen) == (
        6, 6, (start + timedelta(days=9),),
    )  # fmt: skip
    assert user_stats(1, results, today=start + timedelta(days=13)).current_streak == 0
    nobody = user_stats(42, [], today=start)
    assert (nobody.solves, nobody.best_seconds, nobody.current_streak) == (0, None, 0)


def test_a_kind_scoring_points_ranks_more_points_first_then_fewer_moves_then_time():
    results = [
        result(1, 30, points=5, turns=9),
        result(2, 300, points=7, turns=12),
        result(3, 60, points=7, turns=10),
        result(4, 20, points=7, turns=10, hints=2),  # 20 + 60 s: slower than 3
    ]
    assert [s.result.user_id for s in ranked(results, POINTS)] == [3, 4, 2, 1]
    assert [s.result.user_id for s in ranked(results, TIME)] == [1, 3, 4, 2]
    assert rank_of(results, 1, POINTS) == 4


def test_a_period_ranks_days_solved_then_points_or_time():
    second = DAY + timedelta(days=1)
    results = [
        result(1, 50, points=3),
        result(1, 50, points=9, day=second),  # 12 points, 100 s
        result(2, 40, points=8),
        result(2, 40, points=9, day=second),  # 17 points, 80 s
        result(3, 10, points=9),  # one day only
        result(3, 500, points=1, day=second),
        result(3, 5, points=0, day=second),  # its best that day is the one with a point
    ]
    by_points = period_ranked(results, POINTS)
    assert [(p.user_id, p.solves, p.points) for p in by_points] == [
        (2, 2, 17),
        (1, 2, 12),
        (3, 2, 10),
    ]
    by_time = period_ranked([r for r in results if r.user_id != 3], TIME)
    assert [(p.user_id, p.total) for p in by_time] == [(2, 80), (1, 100)]


def test_a_late_solve_neither_extends_nor_breaks_a_streak():
    """Wordle and NYT count a streak only for solves on the day: a late solve keeps its
    result, but its date is no day of a streak (the day missed ends it, as without it)."""
    start = date(2026, 11, 1)

    def solved(offset, late=False):
        return replace(result(1, 60, day=start + timedelta(days=offset)), late=late)

    on_the_day = [solved(0), solved(1), solved(3)]
    assert user_stats(1, on_the_day, start + timedelta(days=3)).current_streak == 1
    with_late = [*on_the_day, solved(2, late=True)]
    stats = user_stats(1, with_late, start + timedelta(days=3))
    assert (stats.current_streak, stats.longest_streak, stats.solves) == (1, 2, 4)
    only_late = [solved(0, late=True), solved(1, late=True)]
    stats = user_stats(1, only_late, start + timedelta(days=1))
    assert (stats.current_streak, stats.longest_streak, stats.solves) == (0, 0, 2)


def test_a_daily_counts_as_played_once_finished_or_once_its_day_is_over():
    def game(daily, outcome, ends=None, day=DAY):
        return DailyPlay(daily, daily, day, "test", outcome, ends)

    games = [
        game(1, "solved"),
        game(2, "lost"),
        game(3, "playing", ends=NOON - timedelta(seconds=1)),  # its day ended: played
        game(4, "playing", ends=NOON + timedelta(hours=12)),  # still running: not yet
        game(5, "playing", day=DAY - timedelta(days=2)),  # stored before ends were kept
        game(6, "playing"),  # the same, its date not over everywhere yet
    ]
    solved = replace(result(1, 60), daily_id=1)
    assert dailies_played(games, [solved], NOON) == 4
    # A result counts even when the game read missed its solve (another read, a moment later).
    assert dailies_played(games[1:], [solved], NOON) == 4
    assert dailies_played([], [], NOON) == 0


def test_stats_count_solve_times_in_buckets_with_hint_penalties():
    edges = [0, *TIME_BUCKETS]
    results = [result(1, seconds) for seconds in (5, edges[1], edges[2] - 1, 10_000)]
    results.append(result(1, edges[1] - 1, hints=1))  # the penalty moves it up a bucket
    stats = user_stats(1, results, DAY, played=8)
    assert stats.time_counts == (1, 3, 0, 0, 0, 0, 1)
    assert (stats.played, stats.solves, stats.win_percent) == (8, 5, 62)  # rounded down
    assert user_stats(1, results, DAY).win_percent == 100  # played: those solved
    assert user_stats(1, [], DAY, played=3).win_percent == 0


def test_a_period_names_each_player_as_on_their_newest_named_result():
    second = DAY + timedelta(days=1)
    results = [
        replace(result(1, 50, day=second, after=86_400), name="New"),
        replace(result(1, 40), name="Old"),
        result(1, 45, day=second, after=90_000),  # stored without a name
        result(2, 60),
    ]
    assert {p.user_id: p.name for p in period_ranked(results, TIME)} == {1: "New", 2: None}


def test_a_kind_scoring_moves_ranks_fewer_moves_first_on_the_day_and_over_a_period():
    moves = Scoring(by="moves")
    day = [result(1, 300, turns=40), result(2, 60, turns=200), result(3, 250, turns=40)]
    assert [s.result.user_id for s in ranked(day, moves)] == [3, 1, 2]
    second = DAY + timedelta(days=1)
    week = [*day, result(1, 300, turns=40, day=second), result(2, 60, turns=200, day=second)]
    assert [(p.user_id, p.moves) for p in period_ranked(week, moves)] == [
        (1, 80),
        (2, 400),
        (3, 40),
    ]


def test_a_kind_scoring_moves_ranks_by_the_moves_it_stored_as_points_where_it_did():
    """A maze in the fog stores the steps that rank (every walk up to the expected steps
    counts as that many): walks within them rank by time, a longer walk after them."""
    moves = Scoring(by="moves")
    day = [
        result(1, 300, turns=40, points=120),  # straight out, slow
        result(2, 60, turns=110, points=120),  # wandered within the expected, fast
        result(3, 30, turns=150, points=150),  # wandered past it, fastest
        result(4, 90, turns=100),  # a maze stored without a grade: its steps
    ]
    assert [s.result.user_id for s in ranked(day, moves)] == [4, 2, 1, 3]
    assert [(p.user_id, p.moves) for p in period_ranked(day, moves)] == [
        (4, 100),
        (2, 120),  # as many as 1, in less time
        (1, 120),
        (3, 150),
    ]
    assert [s.result.user_id for s in ranked(day, Scoring())] == [3, 2, 4, 1]  # time: no change
