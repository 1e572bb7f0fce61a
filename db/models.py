"""Records the storage hands out. Times are timezone-aware UTC datetimes.

Puzzles and states are kept as the kind's text; a game's ``state`` is decoded by the kind's
codec that the storage was opened with, so storage itself knows no kind.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time
from typing import Any, Literal

MODES = ("personal", "daily", "shared", "archive", "race")
Outcome = Literal["playing", "solved", "lost"]


@dataclass(frozen=True, slots=True)
class PuzzleRecord:
    """A generated puzzle, stored once and never regenerated."""

    id: int
    kind: str
    params: str
    seed: str
    width: int
    height: int
    description: str
    solution: str
    par: int
    difficulty: float
    generator: str

    @property
    def code(self) -> str:
        """The code naming kind, parameters and seed: ``pipes:6x6-abc``."""
        return f"{self.kind}:{self.params}-{self.seed}"

    @property
    def short_code(self) -> str:
        """The code without its kind, as a kind's own title shows it: ``6x6-abc``."""
        return f"{self.params}-{self.seed}"


@dataclass(frozen=True, slots=True)
class Game:
    """One board someone plays: its stored puzzle, its current state and its counters."""

    id: int
    puzzle: PuzzleRecord
    #: The kind's state object, decoded by the kind's codec.
    state: Any
    owner_id: int
    mode: str
    guild_id: int | None
    channel_id: int | None
    message_id: int | None
    daily_id: int | None
    started_at: datetime
    outcome: Outcome
    finished_at: datetime | None
    #: Moves the player made (for Pipes, quarter turns), and hints taken.
    turns: int
    hints: int
    version: int
    #: For a daily game: when its date ends where it is played (a later solve is late).
    day_ends: datetime | None = None

    @property
    def kind(self) -> str:
        return self.puzzle.kind

    @property
    def width(self) -> int:
        return self.puzzle.width

    @property
    def height(self) -> int:
        return self.puzzle.height

    @property
    def solved(self) -> bool:
        return self.outcome == "solved"

    @property
    def finished(self) -> bool:
        return self.outcome != "playing"

    @property
    def size(self) -> str:
        return f"{self.width}×{self.height}"


@dataclass(frozen=True, slots=True)
class Change:
    """What one move does to a game, decided by the caller's rules: the new state, the moves
    as the kind writes them, the counters to add, the outcome, and a daily result if this
    move is the player's first solve of a daily."""

    state: Any
    moves: tuple[str, ...]
    turns: int = 0
    hints: int = 0
    outcome: Outcome = "playing"
    result: NewResult | None = None
    #: Anything the caller's rules want handed back; storage never reads it.
    context: Any = None


@dataclass(frozen=True, slots=True)
class NewResult:
    """A daily result to store with the move that earned it."""

    seconds: float
    turns: int
    hints: int
    #: Solved after the puzzle's date had ended where it was played.
    late: bool = False
    #: What the kind's scoring counts besides time (e.g. drops left); None: nothing.
    points: int | None = None
    #: The player's name where they played, as it was then; None: not known.
    name: str | None = None


@dataclass(frozen=True, slots=True)
class Changed:
    """A change's outcome: the game as stored afterwards, whether this call changed it
    (False when the interaction had been applied already), and the written change's
    ``context`` (None when nothing was applied)."""

    game: Game
    applied: bool
    context: Any = None


@dataclass(frozen=True, slots=True)
class MoveRecord:
    """One appended move, in the kind's notation (``B3``, ``C4x2``, ``D1ccw``), or one of
    the actions ``restart``, ``giveup`` and ``undo``; ``version`` is the game's version the
    change that wrote it made, shared by every move of that change (None: stored before
    moves kept it)."""

    id: int
    game_id: int
    user_id: int
    move: str
    hint: bool
    at: datetime
    version: int | None = None


@dataclass(frozen=True, slots=True)
class DailyKind:
    """One kind in a server's daily post: the kind's daily choice (its own text, e.g. '8x8
    weekly' or '9x9'), whether the post carries it, its place in the post, and the choice it
    had before a change made during a day (which applies from ``since`` on)."""

    kind: str
    choice: str
    posted: bool = True
    position: int = 0
    since: date | None = None
    previous: str | None = None


@dataclass(frozen=True, slots=True)
class GuildSettings:
    """A server's daily post: where, when (local time in an IANA zone) and which kinds."""

    guild_id: int
    channel_id: int | None = None
    post_time: time = time(9, 0)
    timezone: str = "UTC"
    enabled: bool = False
    #: Who ran the setup, consecutive failed posts, and why posting is paused (None: it is not).
    configured_by: int | None = None
    failures: int = 0
    paused: str | None = None
    #: The role the daily post may ping (None: no ping).
    role_id: int | None = None
    #: Whether Play and ``/<kind> daily`` open the Activity here (when the bot has one).
    activity: bool = True
    #: Whether the day's recap is posted when the server's day ends.
    recap: bool = True
    #: One row per kind the server ever chose, ordered by (position, kind) when read.
    dailies: tuple[DailyKind, ...] = ()


@dataclass(frozen=True, slots=True)
class Reminder:
    """A player's reminder in a server: the local time of day they asked to be reminded at."""

    guild_id: int
    user_id: int
    at: time


#: What became of a player's reminder on a date (see ``schema.reminder_tables``).
ReminderState = Literal["sending", "sent", "held", "delivered", "none"]


@dataclass(frozen=True, slots=True)
class Launch:
    """A user's last Play that opened the Activity: the kind, the daily asked for (None: no
    daily), where it was pressed, and when."""

    user_id: int
    kind: str
    daily_id: int | None
    guild_id: int | None
    channel_id: int | None
    at: datetime


@dataclass(frozen=True, slots=True)
class DailyPuzzle:
    """The one global puzzle of a date, kind and size."""

    id: int
    date: date
    puzzle: PuzzleRecord


@dataclass(frozen=True, slots=True)
class DailyPost:
    """A server's post of a daily puzzle; ``message_id`` is None until the message is sent."""

    guild_id: int
    date: date
    daily_id: int
    channel_id: int
    message_id: int | None
    claimed_at: datetime


@dataclass(frozen=True, slots=True)
class Race:
    """A race in a server's channel: one fresh puzzle, its host and players (in the order
    they joined, the host first), its lobby message (None until sent) and where it stands:
    ``lobby`` (players join), ``running`` (since ``started_at``: each plays a game of the
    puzzle in the mode 'race') or ``over`` (since ``ended_at``)."""

    id: int
    puzzle: PuzzleRecord
    host_id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    state: Literal["lobby", "running", "over"]
    created_at: datetime
    started_at: datetime | None
    ended_at: datetime | None
    players: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DailyPlay:
    """A player's game of a daily puzzle: its daily, date and kind, how it stands, and when
    its date ends where it is played (None for games stored before that was kept)."""

    daily_id: int
    game_id: int
    date: date
    kind: str
    outcome: Outcome
    day_ends: datetime | None


@dataclass(frozen=True, slots=True)
class Result:
    """A user's first solve of a daily puzzle."""

    daily_id: int
    user_id: int
    guild_id: int | None
    game_id: int
    seconds: float
    turns: int
    hints: int
    solved_at: datetime
    #: The date of the daily puzzle it solved.
    date: date
    #: The kind of the daily puzzle.
    kind: str
    #: Solved after that date had ended where it was played.
    late: bool = False
    #: What the kind's scoring counts besides time; None: nothing.
    points: int | None = None
    #: The player's name where they played, as it was when the result was stored; None for
    #: results stored before names were kept.
    name: str | None = None
