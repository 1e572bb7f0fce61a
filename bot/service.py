"""The game service: everything a command or a click does, without Discord.

It loads games from storage, applies moves, checks and renders boards. Discord-facing code
(``bot.commands``, ``bot.components``) only parses input and sends what this returns.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from functools import lru_cache

import datapack
import db
from db import DailyPuzzle, Game, Storage
from puzzle import (
    Check,
    Puzzle,
    check,
    from_code,
    make_code,
    normalize_seed,
    parse_cells,
    parse_size,
    turns_between,
)  # fmt: skip
from puzzle.checker import flow_layers
from renderer import render_png, render_win_animation

from . import texts

DEFAULT_SIZE = (6, 6)
DAILY_SIZE = (8, 8)
#: Tile buttons: 5 per row; 5 rows when the whole board fits, else 4 rows and a nav row.
VIEW_COLUMNS, VIEW_ROWS_FIT, VIEW_ROWS = 5, 5, 4


class UserError(Exception):
    """Something a person asked for that cannot be done; the message tells them why."""


@lru_cache(maxsize=128)
def puzzle_of(code: str) -> Puzzle:
    """The puzzle of a code (cached: generating a 26×26 takes up to a few hundred ms)."""
    return from_code(code)


def daily_code(day: date, width: int, height: int) -> str:
    """The code of the global daily puzzle of a UTC date and size: 8x8-d20261122."""
    return make_code(width, height, f"d{day:%Y%m%d}")


@dataclass(frozen=True, slots=True)
class Viewport:
    """The block of tiles that has buttons; the image frames it."""

    x: int
    y: int
    width: int
    height: int

    def cells(self, board_width: int) -> list[int]:
        return [
            (self.y + dy) * board_width + self.x + dx
            for dy in range(self.height)
            for dx in range(self.width)
        ]

    def contains(self, x: int, y: int) -> bool:
        return self.x <= x < self.x + self.width and self.y <= y < self.y + self.height


def viewport(board_width: int, board_height: int, x: int = 0, y: int = 0) -> Viewport:
    """The viewport at (x, y), clamped onto the board."""
    fits = board_width <= VIEW_COLUMNS and board_height <= VIEW_ROWS_FIT
    width = min(board_width, VIEW_COLUMNS)
    height = board_height if fits else min(board_height, VIEW_ROWS)
    x = max(0, min(x, board_width - width))
    y = max(0, min(y, board_height - height))
    return Viewport(x, y, width, height)


def viewport_around(board_width: int, board_height: int, cell: int) -> Viewport:
    """The viewport on the regular grid of viewports that holds ``cell``."""
    empty = viewport(board_width, board_height)
    x, y = cell % board_width, cell // board_width
    return viewport(
        board_width, board_height, x // empty.width * empty.width, y // empty.height * empty.height
    )


def pan(view: Viewport, direction: str, board_width: int, board_height: int) -> Viewport:
    """The viewport one full step left/right/up/down ('l', 'r', 'u', 'd'), clamped."""
    dx, dy = {"l": (-1, 0), "r": (1, 0), "u": (0, -1), "d": (0, 1)}[direction]
    return viewport(board_width, board_height, view.x + dx * view.width, view.y + dy * view.height)


@dataclass(frozen=True, slots=True)
class Board:
    """A game with what the checker says about it, ready to show."""

    game: Game
    check: Check
    par: int
    day: date | None  # the UTC date, for a daily game

    @property
    def title(self) -> str:
        return f"Daily Pipes {self.day.isoformat()}" if self.day else f"Pipes {self.game.code}"

    @property
    def text(self) -> str:
        return texts.status(self.game, self.check, self.par, self.title)


class GameService:
    """Game logic over a ``Storage``."""

    def __init__(self, storage: Storage, clock: db.Clock = db.utc_now) -> None:
        self.storage = storage
        self.clock = clock

    def today(self) -> date:
        """Today's UTC date: the date of today's daily puzzle."""
        return self.clock().date()

    # -- puzzles ----------------------------------------------------------------------------

    async def daily_puzzle(self, day: date, width: int, height: int) -> DailyPuzzle:
        """The global daily puzzle of a UTC date and size, generated on first use."""
        found = await self.storage.daily_puzzle(day, width, height)
        if found is not None:
            return found
        code = daily_code(day, width, height)
        puzzle = await asyncio.to_thread(puzzle_of, code)
        return await self.storage.ensure_daily_puzzle(day, width, height, code, puzzle.par)

    async def daily_size(self, guild_id: int | None) -> tuple[int, int]:
        """The daily board size a server chose (8×8 by default)."""
        if guild_id is not None:
            settings = await self.storage.guild_settings(guild_id)
            if settings is not None:
                return settings.width, settings.height
        return DAILY_SIZE

    # -- starting and finding games ---------------------------------------------------------

    @staticmethod
    def check_new(size: str | None, seed: str | None) -> tuple[int, int]:
        """The board size asked for; UserError if the size or the seed is unusable."""
        try:
            width, height = parse_size(size) if size else DEFAULT_SIZE
            if seed:
                normalize_seed(seed)
        except ValueError as error:
            raise UserError(str(error)) from None
        return width, height

    async def new_game(
        self,
        owner_id: int,
        guild_id: int | None,
        channel_id: int | None,
        size: str | None = None,
        seed: str | None = None,
    ) -> Game:
        """A personal game of a size (default 6×6) and seed (default random)."""
        width, height = self.check_new(size, seed)
        code = make_code(width, height, seed or secrets.token_hex(3))
        return await self._start(code, owner_id, "personal", guild_id, channel_id)

    async def daily_game(
        self,
        owner_id: int,
        guild_id: int | None,
        channel_id: int | None,
        daily_id: int | None = None,
    ) -> Game:
        """The user's game of a daily puzzle (today's by default): the one they started, or
        a new one whose clock starts now."""
        if daily_id is None:
            width, height = await self.daily_size(guild_id)
            daily = await self.daily_puzzle(self.today(), width, height)
        else:
            daily = await self.storage.daily_puzzle_by_id(daily_id)
            if daily is None:
                raise UserError("That daily puzzle does not exist.")
        existing = await self.storage.find_game(owner_id, daily_id=daily.id)
        if existing is not None:
            return existing
        return await self._start(daily.code, owner_id, "daily", guild_id, channel_id, daily.id)

    async def _start(
        self,
        code: str,
        owner_id: int,
        mode: str,
        guild_id: int | None,
        channel_id: int | None,
        daily_id: int | None = None,
    ) -> Game:
        """A new game of a puzzle code; its clock starts now."""
        puzzle = await asyncio.to_thread(puzzle_of, code)
        return await self.storage.create_game(
            code=code,
            width=puzzle.width,
            height=puzzle.height,
            source=puzzle.source,
            tiles=puzzle.tiles,
            owner_id=owner_id,
            mode=mode,
            guild_id=guild_id,
            channel_id=channel_id,
            daily_id=daily_id,
        )

    async def current_game(self, owner_id: int, channel_id: int | None) -> Game:
        """The user's newest unfinished game in this channel."""
        games = await self.storage.unfinished_games(owner_id, channel_id)
        if not games:
            raise UserError(
                "You have no unfinished board in this channel: start one with "
                "`/pipes new` or `/pipes daily`."
            )
        return games[0]

    async def _newest_unfinished(self, owner_id: int, channel_id: int | None) -> Game | None:
        """The user's newest unfinished game: in this channel if any, else anywhere."""
        games = await self.storage.unfinished_games(
            owner_id, channel_id
        ) or await self.storage.unfinished_games(owner_id)
        return games[0] if games else None

    async def resume(self, owner_id: int, channel_id: int | None) -> Game:
        """The user's newest unfinished game: in this channel if any, else anywhere."""
        game = await self._newest_unfinished(owner_id, channel_id)
        if game is None:
            raise UserError(
                "You have no unfinished board. Start one with `/pipes daily` or `/pipes new`."
            )
        return game

    async def datapack(
        self, owner_id: int, channel_id: int | None
    ) -> tuple[str, list[tuple[str, bytes]]]:
        """The Minecraft packs of the user's current puzzle (the newest unfinished board,
        in this channel first), or of today's daily: (code, [(file name, zip)])."""
        game = await self._newest_unfinished(owner_id, channel_id)
        if game is not None:
            code = game.code
        else:
            width, height = await self.daily_size(None)
            code = (await self.daily_puzzle(self.today(), width, height)).code
        puzzle = await asyncio.to_thread(puzzle_of, code)
        zips = await asyncio.to_thread(datapack.build, puzzle)
        return code, list(zip(datapack.file_names(puzzle), zips, strict=True))

    async def own_game(self, game_id: int, user_id: int) -> Game:
        """A game the user may play, or a UserError saying why not."""
        game = await self.storage.game(game_id)
        if game is None:
            raise UserError("This board no longer exists. Start a new one with `/pipes new`.")
        if game.owner_id != user_id:
            raise UserError(
                f"This board belongs to <@{game.owner_id}>. Start your own with "
                "`/pipes new` or play today's puzzle with `/pipes daily`."
            )
        if game.solved:
            raise UserError("This board is already solved. Start a new one with `/pipes new`.")
        return game

    # -- moves ------------------------------------------------------------------------------

    async def click(self, game: Game, user_id: int, cell: int) -> Game:
        """One clockwise turn from a tile button."""
        if not 0 <= cell < game.width * game.height:
            raise UserError("That button points outside the board; nothing was changed.")
        return await self._moves(game, user_id, [(cell, 1)])

    async def rotate_text(self, owner_id: int, channel_id: int | None, text: str) -> Game:
        """Moves typed as coordinates ('B3 C4x2 D1ccw'), all or nothing."""
        game = await self.current_game(owner_id, channel_id)
        try:
            moves = parse_cells(text, game.width, game.height)
        except ValueError as error:
            raise UserError(f"{error} Nothing was changed.") from None
        if len(moves) > 50:
            raise UserError("Turn at most 50 tiles per command. Nothing was changed.")
        return await self._moves(game, owner_id, [(m.y * game.width + m.x, m.turns) for m in moves])

    async def hint(self, game: Game, user_id: int) -> tuple[Game, int]:
        """Turn the wrong tile nearest the source (along the solution) to its solved
        orientation; the game counts a hint."""
        solution = (await asyncio.to_thread(puzzle_of, game.code)).solution
        layers = flow_layers(game.width, game.height, solution, game.source)
        cell = next(i for layer in layers for i in layer if game.tiles[i] != solution[i])
        turns = turns_between(game.tiles[cell], solution[cell]) or 0
        return await self._moves(game, user_id, [(cell, turns)], hint=True), cell

    async def _moves(
        self, game: Game, user_id: int, moves: Sequence[tuple[int, int]], hint: bool = False
    ) -> Game:
        try:
            return await self.storage.rotate_many(game.id, user_id, moves, hint=hint)
        except db.StorageError as error:
            raise UserError(str(error)) from None

    # -- showing ----------------------------------------------------------------------------

    async def board(self, game: Game) -> Board:
        """The game with its check, par and date."""
        puzzle = await asyncio.to_thread(puzzle_of, game.code)
        day = None
        if game.daily_id is not None:
            daily = await self.storage.daily_puzzle_by_id(game.daily_id)
            day = daily.date if daily else None
        result = check(game.width, game.height, game.tiles, game.source)
        return Board(game, result, puzzle.par, day)

    async def png(
        self, board: Board, view: Viewport | None, highlight: Sequence[int] = ()
    ) -> bytes:
        """The board image, with the viewport framed (if any) and cells highlighted."""
        game = board.game
        frame = None if view is None or game.solved or _covers(view, game) else view
        return await asyncio.to_thread(
            render_png,
            game.width,
            game.height,
            game.tiles,
            game.source,
            board.check,
            highlight=highlight,
            frame=frame and (frame.x, frame.y, frame.width, frame.height),
        )

    async def win_gif(self, game: Game) -> bytes:
        """The water animation of a solved game."""
        return await asyncio.to_thread(
            render_win_animation, game.width, game.height, game.tiles, game.source
        )

    async def win_text(self, board: Board) -> str:
        """The public announcement of a solved game."""
        game = board.game
        rank = stats = None
        if board.day is not None:
            stats = await self.storage.user_stats(game.owner_id, self.today())
            result = await self.storage.result(game.daily_id, game.owner_id)
            if result is not None and result.game_id == game.id:
                rank = await self.storage.rank(game.daily_id, game.owner_id, game.guild_id)
        return texts.announcement(game, board.par, board.day, rank, stats)

    async def leaderboard_text(self, guild_id: int | None, day: date) -> str:
        """This server's and the global top results for a date's daily puzzle."""
        width, height = await self.daily_size(guild_id)
        daily = await self.storage.daily_puzzle(day, width, height)
        if daily is None:
            return f"No {width}×{height} daily puzzle was played on {day.isoformat()}."
        lines = [f"**Daily Pipes {day.isoformat()}** · {width}×{height} · par {daily.par}"]
        scopes = [("This server", guild_id)] if guild_id is not None else []
        scopes.append(("Everywhere", None))
        for label, scope in scopes:
            standings = await self.storage.leaderboard(daily.id, scope)
            lines.append(f"\n__{label}__")
            if not standings:
                lines.append("No solves yet.")
            for standing in standings:
                r = standing.result
                hints = f" · 💡{r.hints} (+{db.HINT_PENALTY_SECONDS * r.hints}s)" if r.hints else ""
                lines.append(
                    f"{standing.rank}. <@{r.user_id}> · {texts.duration(r.seconds)} · "
                    f"{r.rotations} turns{hints}"
                )
        return "\n".join(lines)

    async def stats_text(self, user_id: int) -> str:
        """A user's daily record."""
        stats = await self.storage.user_stats(user_id, self.today())
        if not stats.solves:
            return f"<@{user_id}> has not solved a daily puzzle yet."
        return (
            f"**Stats of** <@{user_id}>\nDaily solves: {stats.solves}\n"
            f"Best time: {texts.duration(stats.best_seconds)} · "
            f"average: {texts.duration(stats.average_seconds)}\n"
            f"Streak: {stats.current_streak} (longest {stats.longest_streak}) — "
            "consecutive UTC days"
        )


def _covers(view: Viewport, game: Game) -> bool:
    return view.width == game.width and view.height == game.height
