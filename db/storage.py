"""The storage interface the app uses, and its errors.

SQL lives only in ``db/``; the app talks to this ``Storage`` protocol, so a server database
(PostgreSQL) plugs in behind it. Storage applies no rule: a move's effect is computed by the
function the caller hands to ``change``, inside the transaction that stores it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, date, datetime, time
from typing import Any, Protocol

from .errors import StorageError
from .models import (
    Change,
    Changed,
    DailyPlay,
    DailyPost,
    DailyPuzzle,
    Game,
    GuildSettings,
    Launch,
    MoveRecord,
    PuzzleRecord,
    Race,
    Reminder,
    ReminderState,
    Result,
)  # fmt: skip
from .schema import NewPuzzle

#: Where the storage reads the time.
Clock = Callable[[], datetime]


def utc_now() -> datetime:
    """The server's time, in UTC."""
    return datetime.now(UTC)


class GameNotFound(StorageError):
    """No game has that id."""


class GameFinished(StorageError):
    """The game is solved (or lost) and takes no more moves; ``outcome`` says which, and
    ``kind`` what game it is."""

    def __init__(self, message: str, outcome: str, kind: str) -> None:
        super().__init__(message)
        self.outcome = outcome
        self.kind = kind


class StaleGame(StorageError):
    """The game changed since the version the caller saw."""


class StateCodec(Protocol):
    """How a kind writes its game states as text (every ``puzzle.Kind`` is one)."""

    def encode_state(self, state: Any) -> str: ...
    def decode_state(self, text: str) -> Any: ...


#: The codecs of every kind, by kind name (``puzzle.KINDS`` is one).
Codecs = Mapping[str, StateCodec]
#: The rules of one move: the game as stored and the time now in, the change out. It may
#: raise to refuse the move; then nothing is written.
Rules = Callable[[Game, datetime], Change]


class Storage(Protocol):
    """Everything the app stores. Every method is one transaction, and every write returns
    what it wrote, read in that transaction."""

    async def close(self) -> None: ...

    # puzzles
    async def store_puzzle(self, puzzle: NewPuzzle) -> PuzzleRecord:
        """Store a generated puzzle; the first one stored for its kind, parameters and seed
        stays, and is what every caller gets back."""

    async def puzzle(self, kind: str, params: str, seed: str) -> PuzzleRecord | None:
        """The stored puzzle of a kind, parameters and seed, or None."""

    # games
    async def create_game(
        self,
        *,
        puzzle: PuzzleRecord,
        state: Any,
        owner_id: int,
        mode: str,
        guild_id: int | None = None,
        channel_id: int | None = None,
        daily_id: int | None = None,
        interaction_id: int | None = None,
        day_ends: datetime | None = None,
    ) -> Game:
        """Start a game; its clock starts now (when the board is first shown). A player has
        one game per daily, and one archive game per puzzle: asking again returns it. An
        interaction that already started a game returns that game."""

    async def game(self, game_id: int) -> Game | None:
        """The game with that id, or None."""

    async def set_game_message(
        self, game_id: int, channel_id: int | None, message_id: int | None
    ) -> None:
        """Remember which message shows the game (None: no message does any more)."""

    async def unfinished_games(
        self,
        owner_id: int,
        channel_id: int | None = None,
    ) -> list[Game]:
        """The owner's games still being played (in one channel, if given), newest first."""

    async def daily_game(self, owner_id: int, daily_id: int) -> Game | None:
        """The owner's game of a daily puzzle, or None."""

    async def archive_game(self, owner_id: int, puzzle_id: int) -> Game | None:
        """The owner's archive game of a (past daily's) puzzle, or None."""

    async def race_games(self, puzzle_id: int) -> list[Game]:
        """The games of a race's puzzle (mode 'race'), in the order they were made."""

    async def open_game(self, game_id: int) -> None:
        """Note that its owner opened the game (shown again) while it is still being played:
        it becomes the one they opened last. Creating a game and every change of it count
        as opening it; a change also counts as playing it."""

    async def last_opened(self, owner_id: int, kind: str, *, playing: bool = False) -> Game | None:
        """The owner's game of a kind they played or opened last (among those still being
        played, if ``playing``), or None."""

    async def last_played(self, owner_id: int, kind: str) -> int | None:
        """The id of the owner's game of a kind still being played that they changed last
        (None: they changed none)."""

    async def own_boards(self, owner_id: int, kind: str) -> dict[str, int]:
        """How many of the owner's own games of a kind (dailies left out) stand at each
        outcome; outcomes without one are left out."""

    async def change(
        self,
        game_id: int,
        user_id: int,
        rules: Rules,
        *,
        expected_version: int | None = None,
        interaction_id: int | None = None,
    ) -> Changed:
        """Change a game in one transaction: load it, let ``rules`` compute the change from
        exactly that state, check the version, then write state, moves, counters, outcome
        and result together. An interaction already applied changes nothing again."""

    async def moves(self, game_id: int) -> list[MoveRecord]:
        """Every move of a game, in order."""

    async def movers(self, game_id: int) -> list[tuple[int, int]]:
        """Who made a game's moves, and how many each: most first, then who moved first."""

    # servers and daily posts
    async def guild_settings(self, guild_id: int) -> GuildSettings | None:
        """A server's daily settings with all its daily rows, or None if it never ran
        setup."""

    async def save_guild_settings(self, settings: GuildSettings) -> None:
        """Create or replace a server's daily settings and, in the same transaction, each
        of its daily rows; rows of kinds not in ``settings.dailies`` stay as they are. Two
        rows of one kind are refused (ValueError) and nothing is written."""

    async def set_post_state(self, guild_id: int, failures: int, paused: str | None) -> None:
        """Record a server's failed posts in a row and why its daily is paused (if it is),
        leaving the rest of its settings as they are."""

    async def enabled_guilds(self) -> list[GuildSettings]:
        """Servers whose daily post is on, each with all its daily rows."""

    async def ensure_daily_puzzle(self, day: date, puzzle: NewPuzzle) -> DailyPuzzle:
        """The daily puzzle of a date, kind and parameters, stored on first use (first
        writer wins: every caller gets the stored one)."""

    async def daily_puzzle(self, day: date, kind: str, params: str) -> DailyPuzzle | None:
        """The stored daily puzzle of a date, kind and parameters, or None."""

    async def daily_puzzle_by_id(self, daily_id: int) -> DailyPuzzle | None:
        """The daily puzzle with that id, or None."""

    async def daily_of_puzzle(self, puzzle_id: int) -> DailyPuzzle | None:
        """The daily puzzle a stored puzzle is, or None."""

    async def dailies_here(
        self, kind: str, guild_id: int | None, first: date, last: date, limit: int = 100
    ) -> list[DailyPuzzle]:
        """The daily puzzles of a kind dated ``first`` to ``last`` (both included) of dates a
        server posted a daily on, or that a daily game was played on there (``guild_id``
        None: in direct messages), newest first, at most ``limit``."""

    async def create_race(
        self, puzzle_id: int, host_id: int, guild_id: int, channel_id: int
    ) -> Race:
        """A new race's lobby of a fresh puzzle, its host its first player."""

    async def race(self, race_id: int) -> Race | None:
        """The race with that id, or None."""

    async def race_of_puzzle(self, puzzle_id: int) -> Race | None:
        """The race playing that puzzle, or None."""

    async def races_running(self, since_before: datetime) -> list[Race]:
        """The races still running that started before ``since_before``."""

    async def join_race(self, race_id: int, user_id: int, cap: int) -> bool:
        """Add a player to a race's lobby of fewer than ``cap`` players; False (nothing
        changed) when they are in it already, it is full or it has started."""

    async def leave_race(self, race_id: int, user_id: int) -> bool:
        """Take a player other than the host out of a race's lobby; False when not in it or
        it has started."""

    async def set_race_message(self, race_id: int, message_id: int) -> None:
        """Remember the race's lobby message."""

    async def start_race(self, race_id: int) -> bool:
        """Start a race's lobby now; True only for the one caller that started it."""

    async def end_race(self, race_id: int) -> bool:
        """End a running race now; True only for the one caller that ended it."""

    async def claim_daily_post(
        self,
        guild_id: int,
        day: date,
        daily_id: int,
        channel_id: int,
    ) -> bool:
        """Claim a server's post for a date. True for exactly one caller, ever: whoever gets
        True posts, so restarts, rival schedulers and other processes never post twice."""

    async def reclaim_daily_post(
        self,
        guild_id: int,
        day: date,
        stale_before: datetime,
    ) -> bool:
        """Take over a claim that never got its message (its poster died) if it was made
        before ``stale_before``; True for exactly one caller."""

    async def set_daily_post_message(self, guild_id: int, day: date, message_id: int) -> None:
        """Record the message that carries a claimed post."""

    async def daily_post(self, guild_id: int, day: date) -> DailyPost | None:
        """A server's post of a date, or None."""

    async def claim_recap(
        self, guild_id: int, day: date, channel_id: int, stale_before: datetime
    ) -> bool:
        """Claim a server's recap of a local date for ``channel_id``: True for exactly one
        caller, or for exactly one taking over a claim made before ``stale_before`` that
        never got its message (its poster died or failed)."""

    async def set_recap_message(self, guild_id: int, day: date, message_id: int) -> None:
        """Record the message that carries a claimed recap."""

    async def daily_players(self, daily_id: int, guild_id: int) -> int:
        """How many players opened a board of a daily in a server."""

    # reminders
    async def set_reminder(self, guild_id: int, user_id: int, at: time | None) -> None:
        """Set a player's reminder in a server to a local time of day (None: remove it)."""

    async def reminder(self, guild_id: int, user_id: int) -> Reminder | None:
        """A player's reminder in a server, or None."""

    async def undecided_reminders(self, guild_id: int, day: date) -> list[Reminder]:
        """A server's reminders of players with no claim on ``day`` yet."""

    async def daily_kinds_played(self, user_id: int, guild_id: int, first: date) -> dict[str, date]:
        """The kinds a player played a daily of in a server dated ``first`` or later, each
        with the newest such date (a game of it made, finished or not)."""

    async def claim_reminder(
        self, guild_id: int, user_id: int, day: date, kinds: Sequence[str], state: ReminderState
    ) -> bool:
        """Claim a player's reminder of a date naming ``kinds``, in ``state``; True for the
        one caller whose claim is new."""

    async def reclaim_reminders(
        self, guild_id: int, day: date, stale_before: datetime
    ) -> dict[int, list[str]]:
        """Take over a server's reminders of a date still ``sending`` on a claim made before
        ``stale_before`` (their sender died), claimed anew now: each player's kinds, for
        exactly one caller."""

    async def set_reminder_state(
        self, guild_id: int, user_id: int, day: date, state: ReminderState
    ) -> None:
        """What became of a claimed reminder."""

    async def held_reminders(self, guild_id: int, day: date) -> list[int]:
        """The players whose reminder of a date in a server is held (not delivered yet)."""

    async def take_held_reminder(self, guild_id: int, user_id: int, day: date) -> list[str] | None:
        """A held reminder's kinds, marked delivered, for the one caller who takes it; None
        for any other, and when none is held."""

    # the Activity's launches

    async def remember_launch(
        self,
        user_id: int,
        kind: str,
        daily_id: int | None,
        guild_id: int | None,
        channel_id: int | None,
    ) -> Launch:
        """Remember a user's last Play that opened the Activity, now (replacing the one
        before)."""

    async def last_launch(self, user_id: int) -> Launch | None:
        """A user's last Play that opened the Activity, or None."""

    # the stock of fresh puzzles
    async def stock_puzzle(self, puzzle: NewPuzzle, limit: int) -> bool:
        """Store a puzzle just generated and put it in stock, unless ``limit`` puzzles of its
        kind and parameters are stocked already or it was stored before (then nothing is
        stored); True if it was stocked."""

    async def take_stocked(self, kind: str, params: str, generator: str) -> PuzzleRecord | None:
        """The oldest stocked puzzle of a kind and parameters that ``generator`` made, out of
        the stock for good (no two callers get the same one), or None. Stocked puzzles a
        game plays already (someone typed the seed) or another generator made (an older
        version of the kind's) leave the stock unused."""

    async def stock_counts(self) -> dict[tuple[str, str], int]:
        """How many puzzles are stocked, by kind and parameters (those with none left out)."""

    # the deployment's own values (the daily secret)
    async def deployment_value(self, key: str, default: str) -> str:
        """The deployment's value of ``key``; ``default`` is stored on first use, and the
        value stored first is what every caller gets."""

    # results
    async def result(self, daily_id: int, user_id: int) -> Result | None:
        """A user's result on a daily puzzle, or None."""

    async def results(self, daily_id: int, guild_id: int | None = None) -> list[Result]:
        """Every result of a daily puzzle, in one server or (guild_id None) everywhere."""

    async def results_between(
        self, first: date, last: date, guild_id: int | None = None
    ) -> list[Result]:
        """Every daily result of puzzle dates ``first`` to ``last`` (both included), in one
        server or (guild_id None) everywhere."""

    async def user_results(self, user_id: int) -> list[Result]:
        """Every daily result of a user, oldest puzzle date first."""

    async def user_daily_games(self, user_id: int) -> list[DailyPlay]:
        """Every daily game of a user, however it stands, oldest puzzle date first."""
