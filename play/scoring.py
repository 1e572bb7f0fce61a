"""Scoring, ranks and streaks: the one place that decides them, shared by every backend.

A daily result scores its time plus ``HINT_PENALTY_SECONDS`` per hint; ties go to fewer
hints, then fewer moves, then the earlier solve. A kind that scores points (``Scoring``)
ranks more points first, then fewer moves, then that time; a kind scored by moves ranks
fewer moves first, then that time. Streaks count consecutive puzzle dates, forgiven by
freezes (``play.streaks``).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

from db import DailyPlay, Game, NewResult, Result
from puzzle import Scoring

from .daily import over_everywhere
from .streaks import streak

#: Each hint used adds this many seconds to a daily result's score.
HINT_PENALTY_SECONDS = 30


def penalty(hints: int) -> int:
    """Seconds added for ``hints`` hints."""
    return HINT_PENALTY_SECONDS * hints


def score(result: Result) -> float:
    """Seconds plus the hint penalty: lower is better."""
    return result.seconds + penalty(result.hints)


def ranked_moves(result: Result, scoring: Scoring) -> int:
    """The moves a result ranks by: for a kind scored by moves its points where it stored
    some (a maze in the fog: every walk up to the steps expected counts as that many), else
    the moves made."""
    return result.points if scoring.by == "moves" and result.points is not None else result.turns


def _order(result: Result, scoring: Scoring) -> tuple[Any, ...]:
    # Late solves rank after every solve made while the date was running; a perfect tie
    # goes by user id, so every backend and every read ranks the same.
    if scoring.by != "time":
        points = -(result.points or 0) if scoring.by == "points" else 0
        return (
            result.late, points, ranked_moves(result, scoring), score(result), result.hints,
            result.solved_at, result.user_id,
        )  # fmt: skip
    return (
        result.late, 0, score(result), result.hints, result.turns, result.solved_at,
        result.user_id,
    )  # fmt: skip


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of a leaderboard."""

    rank: int
    result: Result


def ranked(results: Iterable[Result], scoring: Scoring) -> list[Standing]:
    """Results best first, numbered from 1."""
    ordered = sorted(results, key=lambda result: _order(result, scoring))
    return [Standing(k, r) for k, r in enumerate(ordered, 1)]


def rank_of(results: Iterable[Result], user_id: int, scoring: Scoring) -> int | None:
    """A user's place among results, or None without a result."""
    return next((s.rank for s in ranked(results, scoring) if s.result.user_id == user_id), None)


@dataclass(frozen=True, slots=True)
class PeriodStanding:
    """One line of a week's, month's or all-time board: more solves first, then (a kind
    scoring points) more points in all or (a kind scored by moves) fewer moves in all, then
    the lower total of scores (time plus hint penalties). ``name``: the player's name on
    their newest result that has one."""

    rank: int
    user_id: int
    solves: int
    total: float
    points: int = 0
    name: str | None = None
    moves: int = 0


def period_ranked(results: Iterable[Result], scoring: Scoring) -> list[PeriodStanding]:
    """Players over a period, best first, numbered from 1: the dates they solved (one a
    date, their best that date, whatever its size), then their totals."""
    results = list(results)
    named = sorted((r for r in results if r.name is not None), key=lambda r: r.solved_at)
    names = {r.user_id: r.name for r in named}  # the newest wins
    best: dict[tuple[int, date], Result] = {}
    for result in results:
        key = (result.user_id, result.date)
        kept = best.get(key)
        if kept is None or _order(result, scoring)[1:] < _order(kept, scoring)[1:]:
            best[key] = result
    solves: dict[int, int] = {}
    totals: dict[int, float] = {}
    points: dict[int, int] = {}
    moves: dict[int, int] = {}
    for (user, _), result in best.items():
        solves[user] = solves.get(user, 0) + 1
        totals[user] = totals.get(user, 0.0) + score(result)
        points[user] = points.get(user, 0) + (result.points or 0)
        moves[user] = moves.get(user, 0) + ranked_moves(result, scoring)

    def order(user: int) -> tuple[Any, ...]:
        scored = {"points": -points[user], "moves": moves[user]}.get(scoring.by, 0)
        return -solves[user], scored, totals[user], user

    return [
        PeriodStanding(k, u, solves[u], totals[u], points[u], names.get(u), moves[u])
        for k, u in enumerate(sorted(solves, key=order), 1)
    ]


def period_dates(period: str, day: date) -> tuple[date, date]:
    """The first and last puzzle dates of the 'week' (Monday to Sunday), 'month' or 'all'
    (every date) that holds ``day``."""
    if period == "week":
        first = day - timedelta(days=day.weekday())
        return first, first + timedelta(days=6)
    if period == "month":
        following = (day.replace(day=28) + timedelta(days=4)).replace(day=1)
        return day.replace(day=1), following - timedelta(days=1)
    return date.min, date.max


def new_result(
    game: Game,
    now: datetime,
    turns: int,
    hints: int,
    late: bool,
    points: int | None = None,
    name: str | None = None,
) -> NewResult:
    """The result a daily game earns when the move adding ``turns`` and ``hints`` solves it
    at ``now`` with ``points`` (kinds that score them), made by a player called ``name``;
    its time runs from when the board was first shown. A late solve (after the date ended
    where it was played) is ranked with its own date, labelled late."""
    return NewResult(
        seconds=(now - game.started_at).total_seconds(),
        turns=game.turns + turns,
        hints=game.hints + hints,
        late=late,
        points=points,
        name=name,
    )


def late(day_ends: datetime | None, moment: datetime | None) -> bool:
    """Whether ``moment`` comes after a daily's date ended where it is played."""
    return day_ends is not None and moment is not None and moment >= day_ends


def solved_late(game: Game) -> bool:
    """Whether a daily game was solved after its date had ended where it was played."""
    return game.solved and late(game.day_ends, game.finished_at)


#: A user's solve times are counted in buckets split at these seconds: under 0:30, 0:30 to
#: 1:00, … 10:00 to 20:00, and 20:00 or more.
TIME_BUCKETS = (30, 60, 120, 300, 600, 1200)


@dataclass(frozen=True, slots=True)
class UserStats:
    """A user's record of a kind: dailies played and solved, times (hint penalties included)
    and how many fell in each of ``TIME_BUCKETS``' buckets, streaks of consecutive puzzle
    dates solved and their freezes (``play.streaks``); and their own boards, started and
    solved."""

    user_id: int
    solves: int
    best_seconds: float | None
    average_seconds: float | None
    current_streak: int
    longest_streak: int
    played: int
    time_counts: tuple[int, ...]
    #: Boards of their own (dailies left out): started, and solved.
    boards: int = 0
    boards_solved: int = 0
    #: Streak freezes held; the dates one covered in the current streak; the last one covered.
    freezes: int = 0
    frozen: tuple[date, ...] = ()
    last_frozen: date | None = None

    @property
    def win_percent(self) -> int:
        """Dailies solved per daily played, in whole percent rounded down (100 only when
        every one was solved)."""
        return self.solves * 100 // self.played if self.played else 0


def dailies_played(games: Iterable[DailyPlay], results: Iterable[Result], now: datetime) -> int:
    """How many dailies a user played: those they solved (late too), lost or gave up, and
    those left unfinished once their date ended where they played it (everywhere, for games
    stored before that was kept). One whose date still runs is not counted until it ends or
    is finished."""
    over = {
        game.daily_id
        for game in games
        if game.outcome != "playing"
        or (late(game.day_ends, now) if game.day_ends else over_everywhere(game.date, now))
    }
    return len(over | {result.daily_id for result in results})


def user_stats(
    user_id: int, results: Sequence[Result], today: date, played: int | None = None
) -> UserStats:
    """Dailies played (``played``; without it, those solved), solves, best and average
    time, solves per time bucket, and streaks; the current streak is alive while its last
    solve is today's or yesterday's puzzle, or freezes covered the dates since. As Wordle's,
    a streak counts the dates solved while they ran: a late solve keeps its result, but its
    date is no day of a streak (nor does the solve end one: the date missed did) and earns
    no freeze."""
    streaks = streak((r.date for r in results if not r.late), today)
    times = [score(r) for r in results]  # hint penalties included, as everywhere
    buckets = [bisect_right(TIME_BUCKETS, t) for t in times]
    return UserStats(
        user_id=user_id,
        solves=len(results),
        best_seconds=min(times) if times else None,
        average_seconds=sum(times) / len(times) if times else None,
        current_streak=streaks.current,
        longest_streak=streaks.longest,
        played=len(results) if played is None else played,
        time_counts=tuple(buckets.count(k) for k in range(len(TIME_BUCKETS) + 1)),
        freezes=streaks.freezes,
        frozen=streaks.frozen,
        last_frozen=streaks.last_frozen,
    )
