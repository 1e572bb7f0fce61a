"""The game service: everything a command or a click does, without Discord, for any kind.

A move reads top to bottom here: find the game, then one ``storage.change`` parses the move
with the game's kind and runs its pure rules on the very state it is about to change, and
the board comes back for the front end to show. Puzzles are generated once, stored, and
loaded from storage ever after. Wording and markup are the front end's.
"""

from __future__ import annotations

import asyncio
import re
import secrets
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime, timedelta
from typing import Any

import db
from db import Change, DailyPuzzle, Game, PuzzleRecord, Storage
from puzzle import KINDS, CanLose, Marks, MoveError, Status, normalize_seed, quote

from . import history
from .boards import ARCHIVE, SHARED, Board, Played, Risky, Standings, load
from .daily import (
    DAILY_PREFIX,
    RefusedChoice,
    daily_of,
    daily_seed,
    day_end,
    over_everywhere,
    zone_info,
)
from .errors import (
    BoardChanged,
    BoardOver,
    BoardSolved,
    LastBoardOver,
    MoveRefused,
    NoSuchBoard,
    NotYourBoard,
    NoUnfinishedBoard,
    UserError,
)
from .offload import Offload
from .scoring import (
    PeriodStanding,
    UserStats,
    dailies_played,
    late,
    new_result,
    period_dates,
    period_ranked,
    rank_of,
    user_stats,
)
from .stock import Stock

#: The moves of a command: text in the kind's notation, or how to write it from the game as
#: stored (a click: the front end knows what the button means on that board).
Moves = str | Callable[[Game], str]
#: At most this many moves in one typed command.
MAX_MOVES = 50
#: New puzzles being generated at once, at most; more requests are refused, not queued.
MAX_GENERATING = 64
#: Dailies stored before the secret existed have seeds like d20261122: refused too.
OLD_DAILY = re.compile(r"d\d{8}")
#: How often an undo or a hint is worked out again when the board changed while it was.
BUSY_TRIES = 3
BUSY_BOARD = "That board is busy right now: try again in a moment."
#: Why a daily ranked by points (what is left) takes no undo.
DAILY_POINTS = (
    "A daily ranked by what is left keeps what each move spent: undo works on your own boards."
)
#: The archive's dailies read at most, newest first (a date may have several sizes of a kind:
#: other servers' on a date this server posted).
ARCHIVE_READ = 400


@dataclass(frozen=True, slots=True)
class Step:
    """What one action does to a game: the new state and status, the moves as the kind
    writes them, the counters to add, and what the front end may show of it."""

    state: Any
    status: Status
    moves: tuple[str, ...]
    turns: int = 0
    hints: int = 0
    marks: Marks = field(default_factory=Marks)
    trace: tuple[Any, ...] = ()
    #: The moves an undo took back.
    undone: tuple[str, ...] = ()


class GameService:
    """Game logic over a ``Storage``."""

    def __init__(
        self,
        storage: Storage,
        clock: db.Clock = db.utc_now,
        offload: Offload = asyncio.to_thread,
        daily_secret: str = "",
        stock: Stock | None = None,
    ) -> None:
        """``stock``: fresh puzzles that ``new`` without a seed takes first (none: every
        new board is generated when asked for)."""
        self.storage = storage
        self.stock = stock
        self.clock = clock
        self._secret = daily_secret
        #: Runs generation away from the event loop (a thread; a worker process in the bot).
        self.offload = offload
        #: Puzzle dates of dailies (by id) and of archive games' puzzles (by puzzle id).
        self._dates: dict[tuple[str, int], date] = {}
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
        return self.clock().astimezone(zone_info(await self.zone(guild_id))).date()

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

    async def daily_puzzle(self, day: date, params: Any, kind: str) -> DailyPuzzle:
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

    async def daily_params(self, guild_id: int | None, day: date, kind: str) -> Any:
        """The parameters of a kind's daily a server plays on a date; where no daily of it
        is set up (direct messages, servers that never chose), the kind's default."""
        settings = None if guild_id is None else await self.storage.guild_settings(guild_id)
        try:
            return daily_of(settings, day, kind)
        except RefusedChoice as error:
            raise UserError(
                f"This server's {error.what}: a server manager changes it with `/pipes-setup kind`."
            ) from None

    async def todays_daily(self, guild_id: int | None, kind: str) -> DailyPuzzle:
        """Today's daily of a kind where a server plays (its zone)."""
        today = await self.local_today(guild_id)
        return await self.daily_puzzle(today, await self.daily_params(guild_id, today, kind), kind)

    # -- starting and finding games ---------------------------------------------------------

    @staticmethod
    def check_new(
        kind: str, params: str, seed: str | None, max_side: int | None
    ) -> tuple[str, str | None]:
        """The parameters asked for, as the kind writes them (a board no side of which is
        longer than ``max_side``, if given), and the seed; UserError if either is unusable."""
        engine = KINDS[kind]
        try:
            parsed = engine.parse_params(params)
        except ValueError as error:
            raise UserError(str(error)) from None
        width, height = engine.size(parsed)
        if max_side is not None and max(width, height) > max_side:
            raise UserError(
                f"A {width}×{height} board is not possible here: each side can have at most "
                f"{max_side} cells."
            )
        return engine.format_params(parsed), GameService._seed(seed)

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
        kind: str,
        owner_id: int,
        guild_id: int | None,
        channel_id: int | None,
        params: str,
        seed: str | None = None,
        interaction_id: int | None = None,
        max_side: int | None = None,
        *,
        shared: bool = False,
    ) -> Board:
        """A personal game of a kind's parameters and a seed (default: a fresh puzzle from
        the stock, or a random seed); ``shared``: a board for everyone in its channel
        instead (mode 'shared'), any member of which may play it."""
        text, chosen = self.check_new(kind, params, seed, max_side)
        stored = None
        if chosen is None and self.stock is not None:
            stored = await self.stock.take(kind, text)
        if stored is None:
            stored = await self.stored_puzzle(kind, text, chosen or secrets.token_hex(3))
        mode = SHARED if shared else "personal"
        return await self.start_game(
            stored, owner_id, mode, guild_id, channel_id, None, interaction_id
        )

    async def daily_game(
        self,
        kind: str,
        owner_id: int,
        guild_id: int | None,
        channel_id: int | None,
        interaction_id: int | None = None,
    ) -> Board:
        """The user's game of today's daily of a kind where they are."""
        daily = await self.todays_daily(guild_id, kind)
        return await self._daily_board(daily, owner_id, guild_id, channel_id, interaction_id)

    async def play_daily(
        self,
        daily_id: int,
        owner_id: int,
        guild_id: int | None,
        channel_id: int | None,
        interaction_id: int | None = None,
    ) -> Board:
        """The user's game of a daily puzzle named by its id (a Play button), if it can be
        played here (``daily_here``)."""
        daily = await self.daily_here(daily_id, guild_id)
        return await self._daily_board(daily, owner_id, guild_id, channel_id, interaction_id)

    async def daily_here(self, daily_id: int, guild_id: int | None) -> DailyPuzzle:
        """The daily puzzle named by its id, if it can be played here now: once its date has
        begun here, and today only the daily this server plays (an old post's button plays
        its date's puzzle, late); UserError otherwise. Nothing is stored."""
        daily = await self.storage.daily_puzzle_by_id(daily_id)
        if daily is None:
            raise UserError("That daily puzzle does not exist.")
        zone = await self.zone(guild_id)
        today = self.clock().astimezone(zone_info(zone)).date()
        if daily.date > today:
            raise UserError(
                f"That daily puzzle has not begun here yet: it opens at midnight ({zone})."
            )
        kind = daily.puzzle.kind
        if daily.date == today:
            played = await self.daily_params(guild_id, today, kind)
            if daily.puzzle.params != KINDS[kind].format_params(played):
                raise UserError("That is not a daily puzzle of this server.")
        return daily

    async def _daily_board(
        self,
        daily: DailyPuzzle,
        owner_id: int,
        guild_id: int | None,
        channel_id: int | None,
        interaction_id: int | None,
    ) -> Board:
        """The one game per player and daily, however often and however fast they ask: the
        one they started, or a new one whose clock starts now; a lost game ends the
        attempt."""
        existing = await self.storage.daily_game(owner_id, daily.id)
        if existing is not None:
            await self.storage.open_game(existing.id)
            return await self.board(existing)
        ends = day_end(daily.date, await self.zone(guild_id))
        return await self.start_game(
            daily.puzzle, owner_id, "daily", guild_id, channel_id, daily.id, interaction_id, ends
        )

    # -- the archive ------------------------------------------------------------------------

    async def archive_dailies(
        self, kind: str, guild_id: int | None, first: date = date.min, last: date = date.max
    ) -> list[DailyPuzzle]:
        """A server's past dailies of a kind (dated before today there), newest first: of
        the dates it posted a daily on or played one on, the daily it plays that date (its
        choice then), as the leaderboard of that date; in direct messages, the kind's
        default daily of dates one was played on there."""
        before = await self.local_today(guild_id) - timedelta(days=1)
        found = await self.storage.dailies_here(
            kind, guild_id, first, min(last, before), ARCHIVE_READ
        )
        settings = None if guild_id is None else await self.storage.guild_settings(guild_id)
        engine, kept = KINDS[kind], []
        for daily in found:
            try:
                played = engine.format_params(daily_of(settings, daily.date, kind))
            except RefusedChoice:  # a choice its kind no longer reads: not its daily now
                continue
            if daily.puzzle.params == played:
                kept.append(daily)
        return kept

    async def archive_game(
        self,
        kind: str,
        owner_id: int,
        guild_id: int | None,
        channel_id: int | None,
        day: date | None = None,
        interaction_id: int | None = None,
    ) -> Board:
        """The player's game of a past daily of this server from the archive (``day`` None:
        the newest), the one they started or a new one: a game of the daily's puzzle played
        apart, that stores no result, so it is never ranked nor a day of a streak."""
        today, title = await self.local_today(guild_id), KINDS[kind].title
        if day is not None and day > today:
            raise UserError(
                f"{day.isoformat()} has not come yet here: the archive holds the dailies "
                "before today."
            )
        if day == today:
            raise UserError(f"{day.isoformat()} is today: play its daily with `/{kind} daily`.")
        found = await self.archive_dailies(kind, guild_id, day or date.min, day or date.max)
        if not found:
            if day is None:
                raise UserError(
                    f"There is no past daily {title} here yet: play today's with `/{kind} daily`."
                )
            raise UserError(
                f"There was no daily {title} here on {day.isoformat()}: the date option "
                "suggests the days there were."
            )
        stored = found[0].puzzle
        existing = await self.storage.archive_game(owner_id, stored.id)
        if existing is not None:
            await self.storage.open_game(existing.id)
            return await self.board(existing)
        return await self.start_game(
            stored, owner_id, ARCHIVE, guild_id, channel_id, None, interaction_id
        )

    async def start_game(
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
        """A new game of a stored puzzle in ``mode`` (personal, daily, shared, archive or
        a race's) at its start, and its board."""
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

    async def current_game(self, kind: str, owner_id: int) -> Game:
        """The game of a kind a typed command means: the one its player last played or
        opened (a move, a hint, a new board, the daily, resume — never a look at another
        window or mode), refused in a sentence once it is over, never passed over for
        another board."""
        game = await self.storage.last_opened(owner_id, kind)
        if game is None:
            raise NoUnfinishedBoard(kind)
        if game.finished:
            raise LastBoardOver(await self.board(game))
        return game

    async def risk(self, game: Game, moves: str | None) -> Risky | None:
        """What to ask before a typed action on ``game`` — ``moves`` in the kind's notation,
        or giving up (None) — when it could end a daily attempt (its kind says the moves
        could lose) on a daily other than the board its player last played; None: play it
        at once (moves that do not parse are refused when played)."""
        if game.daily_id is None:
            return None
        written = None
        if moves is not None:
            engine, puzzle = KINDS[game.kind], load(game.puzzle)
            if not isinstance(engine, CanLose):
                return None
            try:
                chosen = engine.parse_moves(puzzle, game.state, moves)
            except ValueError:
                return None
            if not engine.could_lose(puzzle, game.state, chosen):
                return None
            written = " ".join(engine.format_move(puzzle, move) for move in chosen)
        if await self.storage.last_played(game.owner_id, game.kind) in (None, game.id):
            return None
        return Risky(await self.board(game), written)

    async def resume(self, kind: str, owner_id: int) -> Board:
        """The user's unfinished game of a kind they last played or opened, anywhere; it is
        opened again."""
        game = await self.storage.last_opened(owner_id, kind, playing=True)
        if game is None:
            raise NoUnfinishedBoard(kind)
        await self.storage.open_game(game.id)
        return await self.board(game)

    async def pack_puzzle(self, kind: str, owner_id: int, guild_id: int | None) -> Any:
        """The puzzle of the user's unfinished board of a kind they last played or opened
        (the one typed moves go to), or of today's daily once they solved it. A daily's pack
        holds its solution: only a player who solved it gets it."""
        game = await self.storage.last_opened(owner_id, kind, playing=True)
        if game is None:
            daily = await self.todays_daily(guild_id, kind)
            if await self.storage.result(daily.id, owner_id) is None:
                raise UserError(
                    "Today's daily pack comes once you have solved it. Solve it with "
                    f"`/{kind} daily`, or start a board with `/{kind} new`."
                )
            return load(daily.puzzle)
        if game.daily_id is not None or game.mode == ARCHIVE:  # it holds a daily's solution
            raise UserError(
                "A daily's pack comes once you have solved it: finish your board first."
            )
        return load(game.puzzle)

    async def own_game(self, game_id: int, user_id: int) -> Game:
        """A game the user may play, or a UserError saying why not."""
        game = await self.storage.game(game_id)
        if game is None:
            raise NoSuchBoard()
        if not _may_play(game, user_id):
            raise NotYourBoard(game.owner_id, game.kind)
        if game.solved:
            raise BoardSolved(game.kind)
        return game

    # -- moves ------------------------------------------------------------------------------

    async def play(
        self,
        game_id: int,
        user_id: int,
        moves: Moves,
        interaction_id: int | None = None,
        name: str | None = None,
        version: int | None = None,
    ) -> Played:
        """Moves on the player's game, all or nothing: text in the kind's notation ('B3
        C4x2 D1ccw'), or a click's way to write it from the game as stored. ``name``: the
        player's name where they play, kept with the daily result a solve earns;
        ``version``: the game's version they were asked about, if any (refused if it
        changed since)."""

        def choose(puzzle: Any, current: Game) -> Sequence[Any]:
            text = moves if isinstance(moves, str) else moves(current)
            try:
                chosen = KINDS[current.kind].parse_moves(puzzle, current.state, text)
            except ValueError as error:
                if not isinstance(moves, str):  # a button of an older version
                    raise UserError("That button is out of date: nothing was changed.") from None
                raise UserError(f"{error} Nothing was changed.") from None
            if len(chosen) > MAX_MOVES:
                raise UserError(f"Make at most {MAX_MOVES} moves per command. Nothing was changed.")
            return chosen

        return await self._change(game_id, user_id, choose, False, interaction_id, name, version)

    async def hint(
        self,
        game_id: int,
        user_id: int,
        interaction_id: int | None = None,
        name: str | None = None,
    ) -> Played:
        """The kind's hint, computed from the very state it changes; counts as a hint
        (``name`` as for ``play``). A kind may search for it: it is worked out away from the
        event loop (``offload``) from the stored state, and written only if the game has not
        changed since (else worked out again)."""
        for _ in range(BUSY_TRIES):
            seen = await self.storage.game(game_id)
            if seen is None:
                raise NoSuchBoard()
            found: Any = None
            if not seen.finished:  # a finished game is refused as it is, unsearched
                found = await self.offload(KINDS[seen.kind].hint, load(seen.puzzle), seen.state)

            def choose(puzzle: Any, current: Game, move: Any = found) -> Sequence[Any]:
                if isinstance(move, str):
                    raise UserError(move)
                return [move]

            try:
                return await self._change(
                    game_id, user_id, choose, True, interaction_id, name, seen.version
                )
            except BoardChanged:
                continue
        raise UserError(BUSY_BOARD)

    async def restart(
        self, game_id: int, user_id: int, interaction_id: int | None = None
    ) -> Played:
        """Put the player's board back as it started; the clock and the counters run on."""

        def back(puzzle: Any, current: Game) -> Step:
            engine = KINDS[current.kind]
            state = engine.initial_state(puzzle)
            return Step(state, engine.status(puzzle, state), (history.RESTART,))

        return await self._transition(game_id, user_id, back, interaction_id)

    async def give_up(
        self,
        game_id: int,
        user_id: int,
        interaction_id: int | None = None,
        version: int | None = None,
    ) -> Played:
        """End the player's game without solving it (a daily earns no result); ``version``
        as for ``play``."""

        def stop(puzzle: Any, current: Game) -> Step:
            status = KINDS[current.kind].status(puzzle, current.state)
            return Step(current.state, Status("lost", status.details), (history.GIVEUP,))

        return await self._transition(game_id, user_id, stop, interaction_id, version=version)

    async def undo(self, game_id: int, user_id: int, interaction_id: int | None = None) -> Played:
        """Take back the player's last command or click — all its moves — counted as a move;
        never a hint or anything before one, never once the game is over, never on a daily
        ranked by points (it would give back what a tried move spent). It is worked out
        away from the event loop (``offload``) from the moves as stored, and written only if
        the game has not changed since (else worked out again)."""
        for _ in range(BUSY_TRIES):
            seen = await self.storage.game(game_id)
            if seen is None:
                raise NoSuchBoard()
            if seen.daily_id is not None and KINDS[seen.kind].scoring.by == "points":
                raise UserError(DAILY_POINTS)
            # Read after the game: a change made in between shows as a newer version below.
            records = await self.storage.moves(game_id)
            undone = await self.offload(history.undo, seen.puzzle, records)
            try:
                back = _taking_back(undone)
                return await self._transition(
                    game_id, user_id, back, interaction_id, version=seen.version
                )
            except BoardChanged:
                continue
            except (BoardSolved, BoardOver):
                raise UserError(history.ENDED) from None
        raise UserError(BUSY_BOARD)

    async def _change(
        self,
        game_id: int,
        user_id: int,
        choose: Callable[[Any, Game], Sequence[Any]],
        hint: bool,
        interaction_id: int | None,
        name: str | None,
        version: int | None = None,
    ) -> Played:
        """Moves chosen from and applied to the stored state, by the kind's rules."""

        def play(puzzle: Any, current: Game) -> Step:
            engine = KINDS[current.kind]
            try:
                applied = engine.apply(puzzle, current.state, choose(puzzle, current))
            except MoveError as error:
                raise MoveRefused(str(error), current.kind, error.fix) from None
            return Step(
                applied.state,
                engine.status(puzzle, applied.state),
                tuple(engine.format_move(puzzle, m) for m in applied.moves),
                # A hint's moves count too, so no board looks better than par.
                turns=applied.counted,
                hints=len(applied.moves) if hint else 0,
                marks=applied.marks,
                trace=applied.trace,
            )

        return await self._transition(game_id, user_id, play, interaction_id, name, version)

    async def _transition(
        self,
        game_id: int,
        user_id: int,
        step: Callable[[Any, Game], Step],
        interaction_id: int | None,
        name: str | None = None,
        version: int | None = None,
    ) -> Played:
        """One transaction: the game is the player's (at ``version``, if given), the step
        is computed from the stored state, and a daily solve stores its result (late after
        the date ended) under the player's ``name``."""

        def rules(current: Game, now: datetime) -> Change:
            if not _may_play(current, user_id):
                raise NotYourBoard(current.owner_id, current.kind)
            done = step(load(current.puzzle), current)
            outcome = done.status.outcome
            result = None
            if outcome == "solved" and current.daily_id is not None:
                is_late = late(current.day_ends, now)
                result = new_result(
                    current, now, done.turns, done.hints, is_late, done.status.points, name
                )
            return Change(
                done.state, done.moves, done.turns, done.hints, outcome, result, context=done
            )

        try:
            changed = await self.storage.change(
                game_id, user_id, rules, expected_version=version, interaction_id=interaction_id
            )
        except db.GameFinished as error:
            over = BoardSolved if error.outcome == "solved" else BoardOver
            raise over(error.kind) from None
        except db.StaleGame:
            raise BoardChanged() from None
        except db.GameNotFound:
            raise NoSuchBoard() from None
        except (db.StorageError, MoveError) as error:
            raise UserError(str(error)) from None
        done: Step | None = changed.context
        if done is None:  # delivered again: the game as stored, nothing marked
            return Played(await self.board(changed.game), Marks(), applied=False)
        board = await self.board(changed.game, done.status)
        return Played(board, done.marks, True, done.trace, done.moves, done.undone)

    # -- showing ----------------------------------------------------------------------------

    async def board(self, game: Game, status: Status | None = None) -> Board:
        """The game with its puzzle, status and date."""
        puzzle = load(game.puzzle)
        if status is None:
            status = KINDS[game.kind].status(puzzle, game.state)
        day = await self._day(game)
        public = day is None or over_everywhere(day, self.clock())
        movers = tuple(await self.storage.movers(game.id)) if game.mode == SHARED else ()
        return Board(game, puzzle, status, day, public, movers)

    async def _day(self, game: Game) -> date | None:
        """The puzzle date of a daily game or of an archive game (None for other games)."""
        find: Callable[[int], Awaitable[DailyPuzzle | None]]
        if game.daily_id is not None:
            key, find = ("daily", game.daily_id), self.storage.daily_puzzle_by_id
        elif game.mode == ARCHIVE:
            key, find = ("puzzle", game.puzzle.id), self.storage.daily_of_puzzle
        else:
            return None
        if key not in self._dates:
            daily = await find(key[1])
            if daily is None:
                return None
            self._dates[key] = daily.date
        return self._dates[key]

    async def win_facts(self, board: Board) -> tuple[int | None, UserStats | None]:
        """A solved daily's rank on its server and the player's stats (None, None for other
        games)."""
        game = board.game
        if game.daily_id is None:
            return None, None
        stats = await self.stats(game.kind, game.owner_id)
        result = await self.storage.result(game.daily_id, game.owner_id)
        rank = None
        if result is not None and result.game_id == game.id:
            results = await self.storage.results(game.daily_id, game.guild_id)
            rank = rank_of(results, game.owner_id, KINDS[game.kind].scoring)
        return rank, stats

    async def standings(self, kind: str, guild_id: int | None, day: date) -> Standings | None:
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
        self, kind: str, guild_id: int | None, period: str, day: date
    ) -> tuple[list[PeriodStanding] | None, list[PeriodStanding]]:
        """A week's, month's or all time's daily results of a kind (every size and level):
        this server's (if any) and everyone's, ranked."""
        first, last = period_dates(period, day)
        scoring = KINDS[kind].scoring

        async def ranked(guild: int | None) -> list[PeriodStanding]:
            found = await self.storage.results_between(first, last, guild)
            return period_ranked([r for r in found if r.kind == kind], scoring)

        local = None if guild_id is None else await ranked(guild_id)
        return local, await ranked(None)

    async def stats(self, kind: str, user_id: int) -> UserStats:
        """A user's record of a kind: their dailies, and their own boards apart."""
        results = [r for r in await self.storage.user_results(user_id) if r.kind == kind]
        games = [g for g in await self.storage.user_daily_games(user_id) if g.kind == kind]
        played = dailies_played(games, results, self.clock())
        own = await self.storage.own_boards(user_id, kind)
        daily = user_stats(user_id, results, self.today(), played)
        return replace(daily, boards=sum(own.values()), boards_solved=own.get("solved", 0))


def _may_play(game: Game, user_id: int) -> bool:
    """Whether a user may play a game: its owner, or anyone on a board for everyone."""
    return game.owner_id == user_id or game.mode == SHARED


def _taking_back(undone: history.Undo | str) -> Callable[[Any, Game], Step]:
    """The step of an undo worked out from the stored moves: refused in its sentence, or
    the state before the last command, if the game is still in the state that command
    left; counted as a move."""

    def back(puzzle: Any, current: Game) -> Step:
        if isinstance(undone, str):
            raise UserError(undone)
        engine = KINDS[current.kind]
        if engine.encode_state(current.state) != undone.left:
            raise UserError(history.UNPLAYABLE)
        state = undone.state
        status = engine.status(puzzle, state)
        return Step(state, status, (history.UNDO,), 1, marks=undone.marks, undone=undone.moves)

    return back
