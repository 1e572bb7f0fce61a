"""Reminders (issue 38): a player asks, per server, to be reminded at a local time of day
(``DEFAULT_AT``, two hours before the server's day ends, unless they name one). On each day
that server posted a daily, once that time has come, a player who has not yet played today's
daily of a kind they play (one they played a daily of there in the last ``PLAYS_WITHIN``
days) is reminded once, naming those kinds; one who played them all, or plays none, is not.
"Played" means a board of that daily was opened, finished or not.

Plain Python: a front end asks ``Reminders.due`` what to send, sends it, and reports
``sent`` or ``held`` (direct messages closed: it is delivered, once, on the player's next
interaction in that server the same day: ``take_held``). The claim on (server, player,
local date) in storage makes every reminder once across restarts and processes. A claim still
unsent after ``LEASE`` (its process died) is taken over, by one process, on a later tick of
the same day (``DueReminder.retry``): the earlier try may have reached the player and lost
only its answer, so the front end looks for it among the direct messages before sending it
again.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from db import DailyPost, GuildSettings, ReminderState, Storage

from .daily import day_end, local_instant, posted_kinds
from .daily_post import local_day
from .errors import UserError

#: When a player is reminded unless they say: two hours before the server's day ends.
DEFAULT_AT = time(22, 0)
#: A kind a player "plays": one they played a daily of in this many days before today.
PLAYS_WITHIN = 14
#: A reminder claimed this long ago and still not sent: its sender died, another takes it.
LEASE = timedelta(minutes=2)


@dataclass(frozen=True, slots=True)
class DueReminder:
    """A reminder this process claimed and must now send: to whom, from which server, of
    which local date, the kinds not played yet (in the post's order), when the day ends
    there, the day's post (by direct message), and whether it is a retry — a claim taken
    over from a process that died, whose try may have reached the player."""

    guild_id: int
    user_id: int
    day: date
    kinds: list[str]
    ends: datetime
    post: DailyPost | None = None
    retry: bool = False


class Reminders:
    """Every decision about reminders, over a ``Storage``."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    async def set(self, guild_id: int | None, user_id: int, at: time | None) -> str:
        """Turn a player's reminder in a server on at ``at`` (None: off); the server's time
        zone. Refused outside a server, and, to turn one on, where no daily is posted."""
        if guild_id is None:
            raise UserError("Reminders are for a server's daily: set one in a server.")
        settings = await self.storage.guild_settings(guild_id)
        if at is not None and (settings is None or not settings.enabled):
            raise UserError("This server posts no daily puzzle, so there is nothing to remind of.")
        await self.storage.set_reminder(guild_id, user_id, at)
        return settings.timezone if settings is not None else "UTC"

    async def due(self, settings: GuildSettings, now: datetime) -> list[DueReminder]:
        """The reminders of a server whose time has come by ``now`` on its local day, if that
        day has its post, each claimed for this caller: those unsent on a claim older than
        ``LEASE`` first (retries), then new ones. Those with nothing to remind of are claimed
        as such, so they are decided once too."""
        guild, day = settings.guild_id, local_day(settings, now)
        post = await self.storage.daily_post(guild, day)
        if post is None or post.message_id is None:
            return []
        ends = day_end(day, settings.timezone)
        stale = await self.storage.reclaim_reminders(guild, day, now - LEASE)
        due = [
            DueReminder(guild, user, day, left, ends, post, retry=True)
            for user, left in stale.items()
        ]
        kinds = posted_kinds(settings)
        for reminder in await self.storage.undecided_reminders(guild, day):
            if now < local_instant(day, reminder.at, settings.timezone):
                continue
            user = reminder.user_id
            first = day - timedelta(days=PLAYS_WITHIN)
            played = await self.storage.daily_kinds_played(user, guild, first)
            left = [kind for kind in kinds if kind in played and played[kind] < day]
            claimed = await self.storage.claim_reminder(
                guild, user, day, left, "sending" if left else "none"
            )
            if claimed and left:
                due.append(DueReminder(guild, user, day, left, ends, post))
        return due

    async def sent(self, reminder: DueReminder) -> None:
        """The reminder went out by direct message."""
        await self._state(reminder, "sent")

    async def held(self, reminder: DueReminder) -> None:
        """The reminder could not go by direct message: it waits for the player's next
        interaction in that server the same day."""
        await self._state(reminder, "held")

    async def held_players(self, guild_id: int, day: date) -> list[int]:
        """The players of a server with a reminder held for them on ``day``."""
        return await self.storage.held_reminders(guild_id, day)

    async def take_held(self, guild_id: int, user_id: int, day: date) -> list[str] | None:
        """A player's reminder held on ``day`` in a server, its kinds, for the one caller who
        delivers it (marked delivered); None when there is none to deliver."""
        return await self.storage.take_held_reminder(guild_id, user_id, day)

    async def _state(self, reminder: DueReminder, state: ReminderState) -> None:
        await self.storage.set_reminder_state(
            reminder.guild_id, reminder.user_id, reminder.day, state
        )
