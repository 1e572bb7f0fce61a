"""The day's recap: when a server's day ends in its own zone, one message for the day just
ended, covering every kind its post carries — who solved, the top results, how many played,
the server's streak — and each daily's solution (nobody can still be playing it on time:
the day is over there). Plain Python: a front end asks ``DailyRecaps.claim`` what to send,
sends it, and reports back (``sent``, ``failed``).

The rules:

- A server's recap of a local date is due from the instant that date ends there until
  ``RECAP_WITHIN`` later: through the next day, so a bot down at midnight (or the
  playground stepping a day on) still recaps it, and never two days late; a server whose
  recap is off, or whose daily is paused, gets none.
- A date without its daily post (the server was set up after it, or the post failed)
  gets no recap; a date where nobody played still does, saying so.
- Exactly one claimer wins (server, local date); a claim still without its message after
  ``RETRY_AFTER`` (its sender died, or Discord refused it) is taken over by exactly one
  other, while the recap is still due.
- The kinds are those the post carries, each with its puzzle of that date (as
  ``GameService.standings`` finds it).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from db import DailyPuzzle, Game, GuildSettings, Result, Storage
from puzzle import KINDS

from .boards import Board, load
from .daily import RefusedChoice, day_end, posted_kinds
from .daily_post import RETRY_AFTER, local_day
from .scoring import Standing, ranked
from .service import GameService
from .streaks import FREEZES_HELD, streak

log = logging.getLogger(__name__)
#: A server's recap is sent at most this long after its day ended (during the next day).
RECAP_WITHIN = timedelta(days=1)


def due_recap(settings: GuildSettings, now: datetime) -> date | None:
    """The local date whose recap is due at ``now`` (the server's yesterday, while its end
    is less than ``RECAP_WITHIN`` ago), or None."""
    yesterday = local_day(settings, now) - timedelta(days=1)
    return yesterday if now - day_end(yesterday, settings.timezone) < RECAP_WITHIN else None


def server_streak(days: Iterable[date], last: date) -> int:
    """How many dates in a row, ending with ``last``, are among ``days`` (0 if ``last``
    is not)."""
    solved, run = set(days), 0
    while last - timedelta(days=run) in solved:
        run += 1
    return run


@dataclass(frozen=True, slots=True)
class KindRecap:
    """One kind's day in a server: its daily, this server's results ranked, how many played
    it here, the server's streak (dates in a row on which a member solved it on time), and
    the members whose streak a freeze kept over that date (``play.streaks``)."""

    daily: DailyPuzzle
    standings: list[Standing]
    players: int
    streak: int
    frozen: tuple[int, ...] = ()

    @property
    def kind(self) -> str:
        return self.daily.puzzle.kind


@dataclass(frozen=True, slots=True)
class RecapDue:
    """A recap this process has claimed and must now send: the server, the local date, the
    channel of that date's post, and each kind's day."""

    settings: GuildSettings
    day: date
    channel_id: int
    kinds: list[KindRecap]

    @property
    def guild_id(self) -> int:
        return self.settings.guild_id


def solved_board(daily: DailyPuzzle) -> Board:
    """A daily's board solved, by the kind's own hints from its start (pure, for a worker):
    what the recap draws as its solution."""
    kind = KINDS[daily.puzzle.kind]
    puzzle = load(daily.puzzle)
    state = kind.initial_state(puzzle)
    while (status := kind.status(puzzle, state)).outcome == "playing":
        hint = kind.hint(puzzle, state)
        if isinstance(hint, str):  # no move towards the solution: drawn as it stands
            break
        state = kind.apply(puzzle, state, [hint]).state
    at = day_end(daily.date, "UTC")
    game = Game(
        id=0, puzzle=daily.puzzle, state=state, owner_id=0, mode="daily", guild_id=None,
        channel_id=None, message_id=None, daily_id=daily.id, started_at=at,
        outcome=status.outcome, finished_at=at, turns=0, hints=0, version=0,
    )  # fmt: skip
    return Board(game, puzzle, status, daily.date, solution_public=True)


class DailyRecaps:
    """Every decision of the day's recap, over a ``Storage`` (the rules are the module's)."""

    def __init__(self, storage: Storage, games: GameService) -> None:
        self.storage = storage
        self.games = games
        self._failing: set[int] = set()

    async def claim(self, settings: GuildSettings, now: datetime) -> RecapDue | None:
        """The recap a server is due at ``now``, claimed for this caller; None when there is
        nothing to send (not due, off, no post that date, sent or claimed already)."""
        if not settings.recap or settings.paused is not None:
            return None
        day = due_recap(settings, now)
        if day is None:
            return None
        guild = settings.guild_id
        post = await self.storage.daily_post(guild, day)
        if post is None or post.message_id is None:
            return None
        if not await self.storage.claim_recap(guild, day, post.channel_id, now - RETRY_AFTER):
            return None
        return RecapDue(settings, day, post.channel_id, await self._kinds(settings, day))

    async def _kinds(self, settings: GuildSettings, day: date) -> list[KindRecap]:
        """Each kind's day in the server, in the post's order."""
        guild = settings.guild_id
        history = await self.storage.results_between(date.min, day, guild)
        recaps = []
        for kind in posted_kinds(settings):
            try:
                found = await self.games.standings(kind, guild, day)
            except RefusedChoice:  # its setting cannot be read: the status says so
                continue
            if found is None:
                continue
            on_time = [r for r in history if r.kind == kind and not r.late]
            recaps.append(
                KindRecap(
                    found.daily,
                    ranked(found.local or [], KINDS[kind].scoring),
                    await self.storage.daily_players(found.daily.id, guild),
                    server_streak((r.date for r in on_time), day),
                    await self._frozen(kind, day, on_time),
                )
            )
        return recaps

    async def _frozen(self, kind: str, day: date, here: list[Result]) -> tuple[int, ...]:
        """The members (by their results here, on time) whose streak of ``kind`` a freeze
        kept over ``day``: they solved here within the days freezes can bridge, not ``day``
        itself, and their own results (every server's) spend a freeze on it."""
        since = day - timedelta(days=FREEZES_HELD + 1)
        solved = {r.user_id for r in here if r.date == day}
        members = sorted({r.user_id for r in here if since <= r.date < day} - solved)
        kept = []
        for user in members:
            days = [
                r.date
                for r in await self.storage.user_results(user)
                if r.kind == kind and not r.late
            ]
            found = streak(days, day + timedelta(days=1))
            if found.current and day in found.frozen:
                kept.append(user)
        return tuple(kept)

    async def sent(self, due: RecapDue, message_id: int) -> None:
        """The recap was sent as ``message_id``: record it."""
        await self.storage.set_recap_message(due.guild_id, due.day, message_id)
        log.info("recap guild=%s date=%s message=%s", due.guild_id, due.day, message_id)
        self._failing.discard(due.guild_id)

    def failed(self, guild_id: int, error: BaseException) -> None:
        """A try failed (it is tried again after ``RETRY_AFTER`` while still due): logged
        with its traceback the first time, until a recap of the server is sent."""
        if guild_id not in self._failing:
            log.error("recap for guild %s failed", guild_id, exc_info=error)
        self._failing.add(guild_id)
