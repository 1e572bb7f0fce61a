"""Scoring, ranks and streaks (app level, the same for every backend)."""

from datetime import UTC, date, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from db import Result
from play.scoring import HINT_PENALTY_SECONDS, rank_of, ranked, score, user_stats

DAY = date(2026, 11, 22)
NOON = datetime(2026, 11, 22, 12, tzinfo=UTC)


def result(user, seconds, hints=0, turns=40, day=DAY, guild=1, after=0):
    return Result(
        daily_id=1, user_id=user, guild_id=guild, game_id=user, seconds=seconds, turns=turns,
        hints=hints, solved_at=NOON + timedelta(seconds=after), date=day,
    )  # fmt: skip


def test_time_plus_hint_penalty_ranks_first():
    results = [result(1, 90), result(2, 60, hints=1), result(3, 50)]
    assert [s.result.user_id for s in ranked(results)] == [3, 1, 2]  # 60 + 30 > 90
    assert score(results[1]) == 60 + HINT_PENALTY_SECONDS
    assert rank_of(results, 2) == 3 and rank_of(results, 9) is None


def test_ties_go_to_fewer_hints_then_turns_then_the_earlier_solve():
    results = [
        result(1, 60, hints=1),
        result(2, 90),
        result(3, 90, turns=30, after=5),
        result(4, 90, turns=30, after=1),
    ]
    assert [s.result.user_id for s in ranked(results)] == [4, 3, 2, 1]
    assert [s.rank for s in ranked(results)] == [1, 2, 3, 4]


def test_a_perfect_tie_ranks_the_same_whatever_order_storage_reads():
    twins = [result(7, 90), result(5, 90)]
    assert [s.result.user_id for s in ranked(twins)] == [5, 7]
    assert [s.result.user_id for s in ranked(reversed(twins))] == [5, 7]


@given(st.lists(st.tuples(st.integers(0, 5000), st.integers(0, 5)), min_size=1, max_size=30))
def test_ranking_is_sorted_by_score_and_numbers_every_result(entries):
    results = [result(k, s, hints=h) for k, (s, h) in enumerate(entries)]
    standings = ranked(results)
    assert [s.rank for s in standings] == list(range(1, len(results) + 1))
    scores = [score(s.result) for s in standings]
    assert scores == sorted(scores)
    assert sorted(s.result.user_id for s in standings) == list(range(len(results)))


def test_stats_and_streaks_of_consecutive_puzzle_dates():
    start = date(2026, 11, 1)
    days = [0, 1, 2, 5, 6, 7, 8, 10, 11]  # runs of 3, 4 and 2
    results = [result(1, 60 + k, day=start + timedelta(days=k)) for k in days]
    stats = user_stats(1, results, today=start + timedelta(days=12))
    assert (stats.solves, stats.best_seconds) == (9, 60)
    assert stats.average_seconds == pytest.approx(sum(60 + k for k in days) / 9)
    assert (stats.current_streak, stats.longest_streak) == (2, 4)
    assert user_stats(1, results, today=start + timedelta(days=13)).current_streak == 0
    nobody = user_stats(42, [], today=start)
    assert (nobody.solves, nobody.best_seconds, nobody.current_streak) == (0, None, 0)
