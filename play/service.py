"""The game service: everything a command or a click does, without Discord.

A move reads top to bottom here: find the game, parse the move with its kind, then one
``storage.change`` runs the kind's pure rules on the state it is about to change, and the
board comes back for the front end to show. Puzzles are generated once, stored, and loaded
from storage ever after. Wording and markup are the front end's.
"""

from __future__ import annotations

import asyncio
import hmac
import re
import secrets
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from functools import lru_cache
from typing import Any
from zoneinfo import ZoneInfo

import db
from db import Change, DailyPuzzle, Game, GuildSettings, PuzzleRecord, Result, Storage
from puzzle import KINDS, Kind, MoveError, Status, normalize_seed, quote
from puzzle.pipes import Params, cell_name, parse_size
from puzzle.pipes.notation import MAX_SIDE, MIN_SIDE, WRAP_NOT_EASY

from .errors import (
    BoardOver,
    BoardSolved,
    NoSuchBoard,
    NotYourBoard,
    NoUnfinishedBoard,
    UserError,
)
from .scoring import (
    PeriodStanding,
    UserStats,
    late,
    new_result,
    period_dates,
    period_ranked,
    rank_of,
    user_stats,
)

#: Runs a picklable call away from the event loop: ``await offload(fn, *args)``.
Offload = Callable[..., Awaitable[Any]]
KIND = "pipes"
MINES = "mines"
DEFAULT_SIZE = (5, 4)
DAILY_SIZE = (8, 8)
#: Minesweeper boards /mines new makes without a size, and the daily's without setup.
DEFAULT_MINES = "9x9"
#: The daily's level choice that changes with the weekday; its levels, Monday first: easier
#: early in the week.
WEEKLY = "weekly"
WEEK_LEVELS = ("easy", "easy", "normal", "normal", "normal", "hard", "hard")
#: At most this many moves in one typed command.
MAX_MOVES = 50
#: New puzzles being generated at once, at most; more requests are refused, not queued.
MAX_GENERATING = 64


@lru_cache(maxsize=4096)
def load(stored: PuzzleRecord) -> Any:
    """The kind's puzzle object of a stored puzzle (cached: stored puzzles never change)."""
    return KINDS[stored.kind].load(stored)


#: Seeds of daily puzzles start with this; nobody else's may. Dailies stored before the
#: secret existed have seeds like d20261122: those are refused too.
DAILY_PREFIX = "daily-"
OLD_DAILY = re.compile(r"d\d{8}")


def daily_seed(secret: str, params: str, day: date, kind: str = KIND) -> str:
    """The seed of the daily puzzle of a date, kind and size: keyed by the deployment's
    secret, so nobody can make a daily's puzzle before its day without playing the daily."""
    mac = hmac.new(secret.encode(), f"{kind}:{params}:{day.isoformat()}".encode(), "sha256")
    return DAILY_PREFIX + mac.hexdigest()[:20]


def day_end(day: date, zone: str) -> datetime:
    """The instant a calendar date ends in a time zone."""
    return datetime.combine(day + timedelta(days=1), time(0), ZoneInfo(zone)).astimezone(UTC)


def level_on(choice: str, day: date) -> str:
    """The level of a date's daily for a server's choice: one level, or ``weekly``."""
    return WEEK_LEVELS[day.weekday()] if choice == WEEKLY else choice


def before_change(settings: GuildSettings, day: date) -> bool:
    """Whether ``day`` comes before the server's daily settings changed (a change made
    during a day applies from the next day on, so that day's leaderboard stays one puzzle)."""
    return settings.size_from is not None and day < settings.size_from


def daily_on(settings: GuildSettings, day: date) -> Params:
    """The Pipes daily a server plays on a date (size and level), its settings before a
    change on the dates before it."""
    earlier = before_change(settings, day)
    if earlier and settings.previous_width and settings.previous_height:
        width, height = settings.previous_width, settings.previous_height
        return Params(width, height, level=level_on(settings.previous_level or "normal", day))
    return Params(settings.width, settings.height, level=level_on(settings.level, day))


def daily_of(settings: GuildSettings | None, day: date, kind: str) -> Any:
    """The parameters of a kind's daily a server plays on a date (``settings`` None: no
    daily set up, so Pipes 8×8 normal and Minesweeper 9×9)."""
    if kind == MINES:
        if settings is None:
            return KINDS[MINES].parse_params(DEFAULT_MINES)
        earlier = before_change(settings, day)
        chosen = settings.previous_mines if earlier and settings.previous_mines else settings.mines
        return KINDS[MINES].parse_params(chosen)
    return daily_on(settings, day) if settings else Params(*DAILY_SIZE)


def posted_kinds(settings: GuildSettings) -> list[str]:
    """The kinds a server's daily post carries, Pipes first."""
    return [kind for kind in (KIND, MINES) if kind in settings.kinds.split(",")]


def over_everywhere(day: date, now: datetime) -> bool:
    """Whether a date has ended in every time zone (the last is UTC−12)."""
    return now >= datetime.combine(day + timedelta(days=1), time(12), UTC)


@dataclass(frozen=True, slots=True)
class Board:
    """A game with its puzzle and status, ready for a front end to show."""

    game: Game
    puzzle: Any
    status: Status
    day: date | None  # the puzzle date, for a daily game
    #: Whether the solution may be shown: a daily's only once its date is over everywhere.
    solution_public: bool = True

    @property
    def kind(self) -> Kind[Any, Any, Any, Any]:
        return KINDS[self.game.kind]

    @property
    def par(self) -> int:
        return self.game.puzzle.par


@dataclass(frozen=True, slots=True)
class Played:
    """A board after a move, the cells the move touched, and whether this call made it
    (False for an interaction delivered again: nothing changed, no cells touched)."""

    board: Board
    cells: tuple[int, ...]
    applied: bool


@dataclass(frozen=True, slots=True)
class Step:
    """What one action does to a game: the new state and status, the moves as the kind
    writes them, the counters to add and the cells it touched."""

    state: Any
    status: Status
    moves: tuple[str, ...]
    turns: int = 0
    hints: int = 0
    cells: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Standings:
    """A daily puzzle's results: this server's (if any) and everyone's, ranked."""

    daily: DailyPuzzle
    local: list[Result] | None
    everywhere: list[Result]


class GameService:
    """Game logic over a ``Storage``."""

    def __init__(
        self,
        storage: Storage,
        clock: db.Clock = db.utc_now,
        offload: Offload = asyncio.to_thread,
        daily_secret: str = "",
        max_side: int = MAX_SIDE,
    ) -> None:
        self.storage = storage
        self.clock = clock
        self._secret = daily_secret
        #: The largest board side this front end shows well (Discord's buttons and images
        #: stop being usable before the engine's limit).
        self.max_side = max_side
        #: Runs generation away from the event loop (a thread; a worker process in the bot).
        self.offload = offload
        self._dates: dict[int, date] = {}
        self._generating = 0

    def today(self) -> date:
        """Today's UTC date."""
        return self.clock().astimezone(UTC).date()

    async def zone(self, guild_id: int | None) -> str:
        """The time zone of a server's daily (UTC without one)."""
        if guild_id is not None:
            settings = await self.storage.guild_settings(guild_id)
            if settings is not None:
                return settings.timezone
        return "UTC"

    async def local_today(self, guild_id: int | None) -> date:
        """Today's date where a server posts its daily (its zone), else in UTC: the date of
        the daily puzzle people there play."""
        return self.clock().astimezone(ZoneInfo(await self.zone(guild_id))).date()

    # -- puzzles ----------------------------------------------------------------------------

    async def stored_puzzle(self, kind: str, params: str, seed: str) -> PuzzleRecord:
        """The stored puzzle of a kind, parameters and seed, generated and stored once."""
        found = await self.storage.puzzle(kind, params, seed)
        if found is not None:
            return found
        if self._generating >= MAX_GENERATING:
            raise UserError("Many new boards are being made right now: try again in a minute.")
        engine = KINDS[kind]
        self._generating += 1
        try:
            made = await self.offload(engine.generate, engine.parse_params(params), seed)
        finally:
            self._generating -= 1
        return await self.storage.store_puzzle(made)

    async def daily_puzzle(self, day: date, params: Any, kind: str = KIND) -> DailyPuzzle:
        """The global daily puzzle of a date, kind and parameters (the kind's own), generated
        and stored on first use."""
        engine = KINDS[kind]
        text = engine.format_params(params)
        found = await self.storage.daily_puzzle(day, kind, text)
        if found is not None:
            return found
        seed = daily_seed(await self.daily_secret(), text, day, kind)
        made = await self.offload(engine.generate, params, seed)
        return await self.storage.ensure_daily_puzzle(day, made)

    async def daily_secret(self) -> str:
        """The deployment's secret for daily seeds: from the environment if given, else made
        on first use and kept with the data."""
        if not self._secret:
            self._secret = await self.storage.deployment_value(
                "daily-secret", secrets.token_hex(32)
            )
        return self._secret

    async def daily_params(self, guild_id: int | None, day: date, kind: str = KIND) -> Any:
        """The parameters of a kind's daily a server plays on a date; where no daily is set
        up (direct messages, servers that never ran setup) Pipes 8×8 normal, the daily they
        always had, and Minesweeper 9×9."""
        settings = None if guild_id is None else await self.storage.guild_settings(guild_id)
        return daily_of(settings, day, kind)

    # -- starting and finding games ---------------------------------------------------------

    def board_size(self, size: str) -> tuple[int, int]:
        """A board size people typed, within this front end's limit; UserError otherwise."""
        try:
            width, height = parse_size(size)
        except ValueError as error:
            raise UserError(str(error)) from None
        if max(width, height) > self.max_side:
            raise UserError(
                f"A {width}×{height} board is not possible here: each side must be from "
                f"{MIN_SIDE} to {self.max_side} tiles."
            )
        return width, height

    def check_new(
        self,
        size: str | None,
        seed: str | None,
        level: str = "normal",
        wrap: bool = False,
    ) -> tuple[str, str | None]:
        """The parameters and seed asked for; UserError if any is unusable."""
        width, height = self.board_size(size) if size else DEFAULT_SIZE
        if wrap and level == "easy":
            raise UserError(WRAP_NOT_EASY)
        chosen = self._seed(seed)
        params = Params(width, height, wrap=wrap, level=level)
        return KINDS[KIND].format_params(params), chosen

    def check_new_mines(
        self, size: str | None, mines: int | None, seed: str | None
    ) -> tuple[str, str | None]:
        """The Minesweeper parameters (a size or level name, and a mine count) and seed
        asked for; UserError if any is unusable."""
        text = (size or DEFAULT_MINES).strip().lower().replace("×", "x")
        try:
            params = KINDS[MINES].parse_params(text)
            if mines is not None:
                params = KINDS[MINES].parse_params(f"{params.width}x{params.height}m{mines}")
        except ValueError as error:
            raise UserError(str(error)) from None
        return KINDS[MINES].format_params(params), self._seed(seed)

    @staticmethod
    def _seed(seed: str | None) -> str | None:
        """A seed people typed, if usable for a board of their own; UserError otherwise."""
        try:
            chosen = normalize_seed(seed) if seed else None
        except ValueError as error:
            raise UserError(str(error)) from None
        if chosen is not None and (chosen.startswith(DAILY_PREFIX) or OLD_DAILY.fullmatch(chosen)):
            raise UserError(f"Seeds like {quote(chosen)} are kept for the daily puzzles.")
        return chosen

    async def new_game(
        self,
        owner_id: int,
        guild_id: int | None,
        channel_id: int | None,
        size: str | None = None,
        seed: str | None = None,
        interaction_id: int | None = None,
        level: str = "normal",
        wrap: bool = False,
    ) -> Board:
        """A personal game of a size (default 5×4: it fits the buttons), level, wrap mode and
        seed (default random)."""
        params, chosen = self.check_new(size, seed, level, wrap)
        stored = await self.stored_puzzle(KIND, params, chosen or secrets.token_hex(3))
        return await self._start(
            stored, owner_id, "personal", guild_id, channel_id, None, interaction_id
        )

    async def new_mines_game(
        self,
        owner_id: int,
        guild_id: int | None,
        channel_id: int | None,
        size: str | None = None,
        mines: int | None = None,
        seed: str | None = None,
        interaction_id: int | None = None,
    ) -> Board:
        """A personal Minesweeper game of a size or level name (default 9×9, 10 mines), mine
        count and seed (default random)."""
        params, chosen = self.check_new_mines(size, mines, seed)
        stored = await self.stored_puzzle(MINES, params, chosen or secrets.token_hex(3))
        return await self._start(
            stored, owner_id, "personal", guild_id, channel_id, None, interaction_id
        )

    async def daily_game(
        self,
        owner_id: int,
        guild_id: int | None,
        channel_id: int | None,
        daily_id: int | None = None,
        interaction_id: int | None = None,
        kind: str = KIND,
    ) -> Board:
        """The user's game of a daily puzzle (today's of ``kind`` by default): the one they
        started, or a new one whose clock starts now. One game per player and daily, however
        often and however fast they ask; a lost game ends the attempt."""
        if daily_id is None:
            today = await self.local_today(guild_id)
            params = await self.daily_params(guild_id, today, kind)
            daily = await self.daily_puzzle(today, params, kind)
        else:
            found = await self.storage.daily_puzzle_by_id(daily_id)
            if found is None:
                raise UserError("That daily puzzle does not exist.")
            daily = found
        existing = await self.storage.daily_game(owner_id, daily.id)
        if existing is not None:
            return await self.board(existing)
        ends = day_end(daily.date, await self.zone(guild_id))
        return await self._start(
            daily.puzzle, owner_id, "daily", guild_id, channel_id, daily.id, interaction_id, ends
        )

    async def _start(
        self,
        stored: PuzzleRecord,
        owner_id: int,
        mode: str,
        guild_id: int | None,
        channel_id: int | None,
        daily_id: int | None,
        interaction_id: int | None,
        day_ends: datetime | None = None,
    ) -> Board:
        puzzle = load(stored)
        game = await self.storage.create_game(
            puzzle=stored,
            state=KINDS[stored.kind].initial_state(puzzle),
            owner_id=owner_id,
            mode=mode,
            guild_id=guild_id,
            channel_id=channel_id,
            daily_id=daily_id,
            interaction_id=interaction_id,
            day_ends=day_ends,
        )
        return await self.board(game)

    async def current_game(
        self, owner_id: int, channel_id: int | None, prefer: int | None = None, kind: str = KIND
    ) -> Game:
        """The game of ``kind`` a typed command means: ``prefer`` (the board the user last
        saw) while it is theirs and unfinished, else their newest unfinished game in this
        channel."""
        if prefer is not None:
            game = await self.storage.game(prefer)
            if (
                game is not None
                and game.owner_id == owner_id
                and not game.finished
                and game.kind == kind
            ):
                return game
        games = await self._unfinished(owner_id, channel_id, kind)
        if not games:
            raise NoUnfinishedBoard(anywhere=False, kind=kind)
        return games[0]

    async def _unfinished(self, owner_id: int, channel_id: int | None, kind: str) -> list[Game]:
        games = await self.storage.unfinished_games(owner_id, channel_id)
        return [game for game in games if game.kind == kind]

    async def _newest_unfinished(
        self, owner_id: int, channel_id: int | None, kind: str
    ) -> Game | None:
        """The user's newest unfinished game of a kind: in this channel if any, else
        anywhere."""
        games = await self._unfinished(owner_id, channel_id, kind) or await self._unfinished(
            owner_id, None, kind
        )
        return games[0] if games else None

    async def resume(
        self,
        owner_id: int,
        channel_id: int | None,
        guild_id: int | None = None,
        kind: str = KIND,
    ) -> Board:
        """The user's unfinished game of today's daily of ``kind`` (where they are) if there
        is one, else their newest unfinished game of that kind: in this channel if any, else
        anywhere."""
        day = await self.local_today(guild_id)
        params = KINDS[kind].format_params(await self.daily_params(guild_id, day, kind))
        today = await self.storage.daily_puzzle(day, kind, params)
        if today is not None:
            game = await self.storage.daily_game(owner_id, today.id)
            if game is not None and not game.finished:
                return await self.board(game)
        game = await self._newest_unfinished(owner_id, channel_id, kind)
        if game is None:
            raise NoUnfinishedBoard(anywhere=True, kind=kind)
        return await self.board(game)

    async def datapack_puzzle(
        self, owner_id: int, channel_id: int | None, guild_id: int | None
    ) -> Any:
        """The Pipes puzzle of the user's newest unfinished board (in this channel first), or
        of today's daily once they solved it. A daily's pack holds its solution: only a
        player who solved it gets it."""
        game = await self._newest_unfinished(owner_id, channel_id, KIND)
        if game is None:
            today = await self.local_today(guild_id)
            daily = await self.daily_puzzle(today, await self.daily_params(guild_id, today))
            solved = await self.storage.result(daily.id, owner_id)
            if solved is None:
                raise UserError(
                    "Today's daily pack comes once you have solved it. Solve it with "
                    "`/pipes daily`, or start a board with `/pipes new`."
                )
            return load(daily.puzzle)
        if game.daily_id is not None:  # it holds the solution of a daily still open to them
            raise UserError(
                "A daily's pack comes once you have solved it: finish your board first."
            )
        return load(game.puzzle)

    async def own_game(self, game_id: int, user_id: int) -> Game:
        """A game the user may play, or a UserError saying why not."""
        game = await self.storage.game(game_id)
        if game is None:
            raise NoSuchBoard()
        if game.owner_id != user_id:
            raise NotYourBoard(game.owner_id, game.kind)
        if game.solved:
            raise BoardSolved(game.kind)
        return game

    # -- moves ------------------------------------------------------------------------------

    async def play(
        self, game_id: int, user_id: int, text: str, interaction_id: int | None = None
    ) -> Played:
        """Moves in the kind's notation ('B3 C4x2 D1ccw') on the player's game, all or
        nothing."""

        def choose(puzzle: Any, current: Game) -> Sequence[Any]:
            try:
                moves = KINDS[current.kind].parse_moves(puzzle, current.state, text)
            except ValueError as error:
                raise UserError(f"{error} Nothing was changed.") from None
            if len(moves) > MAX_MOVES:
                raise UserError(f"Make at most {MAX_MOVES} moves per command. Nothing was changed.")
            return moves

        return await self._change(game_id, user_id, choose, False, interaction_id)

    async def click(
        self,
        game_id: int,
        user_id: int,
        cell: int,
        suffix: str = "",
        interaction_id: int | None = None,
    ) -> Played:
        """A click on a cell of the player's game (row-major index): the move named by the
        cell and ``suffix`` in the kind's notation (Pipes: '' turns, 'ccw', 'lock')."""

        def choose(puzzle: Any, current: Game) -> Sequence[Any]:
            if not 0 <= cell < current.width * current.height:
                raise UserError("That button points outside the board; nothing was changed.")
            name = cell_name(cell % current.width, cell // current.width)
            try:
                return KINDS[current.kind].parse_moves(puzzle, current.state, name + suffix)
            except ValueError:  # a button of another kind's board, or of an old version
                raise UserError("That button is out of date: nothing was changed.") from None

        return await self._change(game_id, user_id, choose, False, interaction_id)

    async def hint(self, game_id: int, user_id: int, interaction_id: int | None = None) -> Played:
        """The kind's hint, computed from the very state it changes; counts as a hint."""

        def choose(puzzle: Any, current: Game) -> Sequence[Any]:
            move = KINDS[current.kind].hint(puzzle, current.state)
            if isinstance(move, str):
                raise UserError(move)
            return [move]

        return await self._change(game_id, user_id, choose, True, interaction_id)

    async def restart(
        self, game_id: int, user_id: int, interaction_id: int | None = None
    ) -> Played:
        """Put the player's board back as it started (locks lifted); the clock runs on."""

        def back(puzzle: Any, current: Game) -> Step:
            engine = KINDS[current.kind]
            state = engine.initial_state(puzzle)
            return Step(state, engine.status(puzzle, state), ("restart",))

        return await self._transition(game_id, user_id, back, interaction_id)

    async def give_up(
        self, game_id: int, user_id: int, interaction_id: int | None = None
    ) -> Played:
        """End the player's game without solving it (a daily earns no result)."""

        def stop(puzzle: Any, current: Game) -> Step:
            status = KINDS[current.kind].status(puzzle, current.state)
            return Step(current.state, Status("lost", status.details), ("giveup",))

        return await self._transition(game_id, user_id, stop, interaction_id)

    async def _change(
        self,
        game_id: int,
        user_id: int,
        choose: Callable[[Any, Game], Sequence[Any]],
        hint: bool,
        interaction_id: int | None,
    ) -> Played:
        """Moves chosen from and applied to the stored state, by the kind's rules."""

        def play(puzzle: Any, current: Game) -> Step:
            engine = KINDS[current.kind]
            applied = engine.apply(puzzle, current.state, choose(puzzle, current))
            return Step(
                applied.state,
                engine.status(puzzle, applied.state),
                tuple(engine.format_move(puzzle, m) for m in applied.moves),
                # A hint's turns count as turns too, so no board looks better than par.
                turns=applied.counted,
                hints=len(applied.moves) if hint else 0,
                cells=applied.marks.cells,
            )

        return await self._transition(game_id, user_id, play, interaction_id)

    async def _transition(
        self,
        game_id: int,
        user_id: int,
        step: Callable[[Any, Game], Step],
        interaction_id: int | None,
    ) -> Played:
        """One transaction: the game is the player's, the step is computed from the stored
        state, and a daily solve stores its result (late after the date ended)."""
        seen: dict[str, Step] = {}

        def rules(current: Game, now: datetime) -> Change:
            if current.owner_id != user_id:
                raise NotYourBoard(current.owner_id, current.kind)
            done = seen["step"] = step(load(current.puzzle), current)
            outcome = done.status.outcome
            result = None
            if outcome == "solved" and current.daily_id is not None:
                is_late = late(current.day_ends, now)
                result = new_result(current, now, done.turns, done.hints, is_late)
            return Change(done.state, done.moves, done.turns, done.hints, outcome, result)

        try:
            changed = await self.storage.change(
                game_id, user_id, rules, interaction_id=interaction_id
            )
        except db.GameFinished as error:
            over = BoardSolved if error.outcome == "solved" else BoardOver
            raise over(error.kind) from None
        except db.GameNotFound:
            raise NoSuchBoard() from None
        except (db.StorageError, MoveError) as error:
            raise UserError(str(error)) from None
        done = seen.get("step")
        board = await self.board(changed.game, done.status if done else None)
        return Played(board, done.cells if done and changed.applied else (), changed.applied)

    # -- showing ----------------------------------------------------------------------------

    async def board(self, game: Game, status: Status | None = None) -> Board:
        """The game with its puzzle, status and date."""
        puzzle = load(game.puzzle)
        if status is None:
            status = KINDS[game.kind].status(puzzle, game.state)
        day = await self._day(game.daily_id)
        public = day is None or over_everywhere(day, self.clock())
        return Board(game, puzzle, status, day, public)

    async def _day(self, daily_id: int | None) -> date | None:
        if daily_id is None:
            return None
        if daily_id not in self._dates:
            daily = await self.storage.daily_puzzle_by_id(daily_id)
            if daily is None:
                return None
            self._dates[daily_id] = daily.date
        return self._dates[daily_id]

    async def win_facts(self, board: Board) -> tuple[int | None, UserStats | None]:
        """A solved daily's rank on its server and the player's stats (None, None for other
        games)."""
        game = board.game
        if game.daily_id is None:
            return None, None
        stats = await self.stats(game.owner_id, game.kind)
        result = await self.storage.result(game.daily_id, game.owner_id)
        rank = None
        if result is not None and result.game_id == game.id:
            rank = rank_of(await self.storage.results(game.daily_id, game.guild_id), game.owner_id)
        return rank, stats

    async def standings(
        self, guild_id: int | None, day: date, kind: str = KIND
    ) -> Standings | None:
        """A date's daily results of a kind — the puzzle this server posted that date, else
        the one of its parameters then — here and everywhere."""
        posted = await self.storage.daily_post(guild_id, day) if guild_id is not None else None
        daily = None
        if posted is not None:
            daily = await self.storage.daily_puzzle_by_id(posted.daily_id)
        if daily is None or daily.puzzle.kind != kind:
            params = KINDS[kind].format_params(await self.daily_params(guild_id, day, kind))
            daily = await self.storage.daily_puzzle(day, kind, params)
        if daily is None:
            return None
        local = None if guild_id is None else await self.storage.results(daily.id, guild_id)
        return Standings(daily, local, await self.storage.results(daily.id))

    async def period_standings(
        self, guild_id: int | None, period: str, day: date, kind: str = KIND
    ) -> tuple[list[PeriodStanding] | None, list[PeriodStanding]]:
        """A week's, month's or all time's daily results of a kind (every size and level):
        this server's (if any) and everyone's, ranked."""
        first, last = period_dates(period, day)

        async def ranked(guild: int | None) -> list[PeriodStanding]:
            found = await self.storage.results_between(first, last, guild)
            return period_ranked([r for r in found if r.kind == kind])

        local = None if guild_id is None else await ranked(guild_id)
        return local, await ranked(None)

    async def stats(self, user_id: int, kind: str = KIND) -> UserStats:
        """A user's daily record of a kind."""
        found = await self.storage.user_results(user_id)
        return user_stats(user_id, [r for r in found if r.kind == kind], self.today())
