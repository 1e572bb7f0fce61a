"""The Activity's JSON API over the game service: sign in, the home list, opening boards,
moves (the kind's own press on a cell, its controls, and the shared actions) and the
pictures. Every call but the sign-in names its player with a session token; a player only
ever reads or moves their own boards, and every move is one transaction of ``play``."""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from aiohttp import web

from bot import texts
from bot.deadline import with_retries
from bot.kinds import FACES
from bot.replies import NO_MENTIONS
from db import DailyPuzzle, Game
from play import Board, BoardOver, BoardSolved, NoSuchBoard, NotYourBoard, Played, UserError, load
from play.boards import SHARED
from play.errors import BoardChanged
from play.races import RACE
from puzzle import Marks

from .oauth import SignInRefused, sign_in
from .pictures import NO_MARKS, Pictures, Which, mime
from .session import Player, Sessions
from .views import heading, plain, view

if TYPE_CHECKING:
    from bot import PipesBot

log = logging.getLogger(__name__)
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
#: The longest request id a client may send.
REQUEST_ID = 64
#: The most unfinished boards the home list shows.
LISTED = 20
SIGN_IN_AGAIN = "Sign in again: your session has ended."
GONE = "That board no longer exists: open another from the list."
#: A board for everyone is played with the buttons of its message in its channel.
SHARED_BOARD = "That board is everyone's in its channel: play it with its buttons there."
#: The largest id storage keeps (a signed 64-bit integer).
LARGEST = 2**63 - 1
#: How long after a Play the Activity opens on what was pressed (later: its home list).
FRESH_LAUNCH = timedelta(minutes=10)
#: How long the home list waits for a daily still being made.
MAKING_SECONDS = 2.0
#: Refusals of a move said as the Activity says them (Discord's name a command to type).
REFUSALS: dict[type[UserError], str] = {
    BoardChanged: (
        "That board changed since you saw it, so nothing was played: here it is as it is now."
    ),
    BoardSolved: "This board is already solved: start a new one from the list.",
    BoardOver: "This game is over: start a new one from the list.",
}
#: The pictures of a version, by what follows the version in their name.
PICTURES: dict[str, Which] = {"": "png", "move.gif": "move", "win.gif": "win"}


class Refused(Exception):
    """A request refused with an HTTP status and one sentence (and the board as it is)."""

    def __init__(self, status: int, message: str, board: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.status, self.view = status, board


@dataclass
class Api:
    """What the handlers share: the bot (its service, workers, settings), the signer and the
    pictures, and the win announcements being sent."""

    bot: PipesBot
    sessions: Sessions
    announcing: set[asyncio.Task[None]] = field(default_factory=set)
    _pictures: Pictures | None = None

    @property
    def pictures(self) -> Pictures:
        if self._pictures is None:  # the bot's workers exist once it has been set up
            self._pictures = Pictures(self.bot.workers)
        return self._pictures

    def now(self) -> datetime:
        return self.bot.clock().astimezone(UTC)

    # -- who asks -------------------------------------------------------------------------

    def player(self, request: web.Request) -> Player:
        scheme, _, token = request.headers.get("Authorization", "").partition(" ")
        player = self.sessions.player(token) if scheme == "Bearer" else None
        if player is None:
            raise Refused(401, SIGN_IN_AGAIN)
        return player

    async def own(self, game_id: int, player: Player) -> Game:
        """A game of the player's, whatever its state."""
        game = await self.bot.storage.game(game_id)
        if game is None:
            raise Refused(404, GONE)
        if game.owner_id != player.id:
            raise Refused(403, "That board is someone else's: open one of yours.")
        if game.mode == SHARED:  # its channel's message is the one everyone plays
            raise Refused(403, SHARED_BOARD)
        return game

    # -- views ----------------------------------------------------------------------------

    async def view_of(
        self, board: Board, marks: Marks = NO_MARKS, animation: Which | None = None
    ) -> dict[str, Any]:
        png = await self.pictures.board(board, marks)
        share = None
        if board.game.solved:
            _, stats = await self.bot.service.win_facts(board)
            face = FACES[board.game.kind]
            share = texts.share_line(board, stats.current_streak if stats else 0, face)
        return view(
            board, png, self.sessions, self.now(), marks=marks, animation=animation, share=share
        )

    async def current_view(self, game_id: int, player: Player) -> dict[str, Any] | None:
        try:
            game = await self.own(game_id, player)
        except Refused:
            return None
        return await self.view_of(await self.bot.service.board(game))

    # -- the win in the channel -----------------------------------------------------------

    def announce(self, board: Board) -> None:
        """Say a win in the board's channel, as a button's win is said, without holding up
        the player's answer (retried when Discord fails to take it)."""
        if board.game.channel_id is None:
            return
        task = asyncio.create_task(self._announce(board))
        self.announcing.add(task)
        task.add_done_callback(self.announcing.discard)

    async def _announce(self, board: Board) -> None:
        game = board.game
        assert game.channel_id is not None
        rank, stats = await self.bot.service.win_facts(board)
        text = texts.announcement(board, rank, stats, FACES[game.kind])
        channel = self.bot.get_partial_messageable(game.channel_id)
        try:
            await with_retries(lambda: channel.send(text, allowed_mentions=NO_MENTIONS))
        except Exception:
            log.exception("The win on game %s could not be announced in its channel", game.id)

    async def close(self, _app: web.Application) -> None:
        """Let the announcements being sent finish."""
        if self.announcing:
            await asyncio.gather(*self.announcing, return_exceptions=True)


def interaction_id(player: Player, request: str) -> int:
    """The id a client's request is recorded under, so the same request twice changes the
    board once: negative, so it never meets a Discord interaction's id."""
    digest = hashlib.sha256(f"{player.id}:{request}".encode()).digest()
    return -1 - int.from_bytes(digest[:7], "big")


async def body_of(request: web.Request) -> dict[str, Any]:
    try:
        body = await request.json()
    except ValueError:
        body = None
    if not isinstance(body, dict):
        raise Refused(400, "That request could not be read.")
    return body


def number(body: dict[str, Any], key: str, below: int | None = None) -> int:
    value = body.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= LARGEST:
        raise Refused(400, "That request could not be read.")
    if below is not None and value >= below:
        raise Refused(400, "There is no such cell on this board.")
    return value


def guarded(handler: Callable[[Api, web.Request], Awaitable[Any]], api: Api) -> Handler:
    """A handler answering JSON: what it returns, or a refusal's status and sentence."""

    async def handle(request: web.Request) -> web.StreamResponse:
        try:
            answer = await handler(api, request)
        except Refused as refused:
            return web.json_response(
                {"error": str(refused), "view": refused.view}, status=refused.status
            )
        if isinstance(answer, web.StreamResponse):
            return answer
        return web.json_response(answer)

    return handle


# -- the handlers -------------------------------------------------------------------------


async def token(api: Api, request: web.Request) -> dict[str, Any]:
    """Exchange the code Discord's client gave for a token, and bind a session to its user."""
    code = (await body_of(request)).get("code")
    if not isinstance(code, str) or not code or len(code) > 512:
        raise Refused(400, "That sign-in could not be read: open the Activity again.")
    settings = api.bot.settings
    try:
        access, player = await sign_in(
            settings.discord_api, settings.client_id, settings.client_secret, code
        )
    except SignInRefused as refused:
        raise Refused(401, str(refused)) from None
    user = {"id": str(player.id), "name": player.name}
    return {"access_token": access, "session": api.sessions.issue(player), "user": user}


async def home(api: Api, request: web.Request) -> dict[str, Any]:
    """The player's home: their last Play (what the Activity opens on, when it was just
    pressed), the kinds, today's dailies where they last pressed Play, and their unfinished
    boards."""
    player = api.player(request)
    service, storage = api.bot.service, api.bot.storage
    launch = await storage.last_launch(player.id)
    guild = None if launch is None else launch.guild_id
    dailies = []
    for kind, daily in await made_dailies(api, guild):
        face = FACES[kind]
        game = await storage.daily_game(player.id, daily.id)
        board = None if game is None else await service.board(game)
        dailies.append(
            {
                "kind": kind,
                "daily_id": daily.id,
                "date": daily.date.isoformat(),
                "title": f"{face.kind.title} · {face.kind.label(load(daily.puzzle))}",
                "state": "new" if board is None else board.ending,
                "game_id": None if game is None else game.id,
            }
        )
    boards = []
    own = [g for g in await storage.unfinished_games(player.id) if g.mode != SHARED]
    for game in own[:LISTED]:
        board = await service.board(game)
        boards.append(
            {
                "game_id": game.id,
                "kind": game.kind,
                "title": heading(board),
                "daily": None if board.day is None else board.day.isoformat(),
                "version": game.version,
            }
        )
    kinds = [
        {
            "kind": kind,
            "title": face.kind.title,
            "icon": face.icon,
            "presets": list(face.kind.presets),
            "default": face.kind.presets[0],
        }
        for kind, face in FACES.items()
    ]
    user = {"id": str(player.id), "name": player.name}
    opens = None
    if launch is not None and launch.daily_id is not None and api.now() - launch.at <= FRESH_LAUNCH:
        opens = {"kind": launch.kind, "daily_id": launch.daily_id, "game_id": None}
    return {"user": user, "launch": opens, "kinds": kinds, "dailies": dailies, "boards": boards}


async def made_dailies(api: Api, guild: int | None) -> list[tuple[str, DailyPuzzle]]:
    """Today's daily of every kind where the player last pressed Play (anywhere, without
    one), in the kinds' order; one still being made after ``MAKING_SECONDS`` is left out
    this time and goes on being made."""
    making = {
        kind: asyncio.ensure_future(api.bot.service.todays_daily(guild, kind)) for kind in FACES
    }
    await asyncio.wait(making.values(), timeout=MAKING_SECONDS)
    return [
        (kind, task.result())
        for kind, task in making.items()
        if task.done() and task.exception() is None
    ]


async def where(api: Api, player: Player) -> tuple[int | None, int | None]:
    """The server and channel of the player's last Play: where their boards belong and which
    dailies they play (the bot saw them press it there)."""
    launch = await api.bot.storage.last_launch(player.id)
    return (None, None) if launch is None else (launch.guild_id, launch.channel_id)


async def open_board(api: Api, request: web.Request) -> dict[str, Any]:
    """Open a daily (its board exists from now, and its clock starts) or a new board."""
    player = api.player(request)
    body = await body_of(request)
    service = api.bot.service
    guild, channel = await where(api, player)
    try:
        if "daily_id" in body:
            board = await service.play_daily(number(body, "daily_id"), player.id, guild, channel)
        else:
            kind, params = body.get("kind"), body.get("params")
            if kind not in FACES or not isinstance(params, str):
                raise Refused(400, "Choose a kind of puzzle and its size.")
            board = await service.new_game(kind, player.id, guild, channel, params)
    except UserError as error:
        raise Refused(409, plain(texts.refusal(error, FACES))) from None
    return {"view": await api.view_of(board)}


async def show_board(api: Api, request: web.Request) -> dict[str, Any]:
    """A board of the player's, opened (typed moves go to it from now)."""
    player = api.player(request)
    game = await api.own(_game_id(request), player)
    if not game.finished:
        await api.bot.storage.open_game(game.id)
    return {"view": await api.view_of(await api.bot.service.board(game))}


def _game_id(request: web.Request) -> int:
    text = request.match_info["game"]
    if not text.isdigit() or int(text) > LARGEST:
        raise Refused(404, GONE)
    return int(text)


async def move(api: Api, request: web.Request) -> dict[str, Any]:
    """One action of the player's on their board: a cell pressed in a mode, a control, or
    hint, undo, restart, give up. The same request id twice changes the board once; a
    version other than the board's refuses it, with the board as it is now."""
    player = api.player(request)
    game_id = _game_id(request)
    body = await body_of(request)
    asked = body.get("request")
    if not isinstance(asked, str) or not 0 < len(asked) <= REQUEST_ID:
        raise Refused(400, "That request could not be read.")
    game = await api.own(game_id, player)
    version, rid = number(body, "version"), interaction_id(player, asked)
    try:
        played, said = await _act(api, game, player, body, version, rid)
    except UserError as error:
        if isinstance(error, NoSuchBoard):
            raise Refused(404, GONE) from None
        if isinstance(error, NotYourBoard):
            raise Refused(403, str(error)) from None
        now = await api.current_view(game_id, player)
        said = REFUSALS.get(type(error)) or plain(texts.refusal(error, FACES))
        raise Refused(409, said, now) from None
    board = played.board
    won = played.applied and board.game.solved
    if played.applied:
        api.bot.lobbies.moved(board.game)
    if won and board.game.mode != RACE:  # a race's lobby shows its wins
        api.announce(board)
    animation: Which | None = "win" if won else None
    if played.applied and not won and api.pictures.traced(board, played.trace):
        animation = "move"
    shown = await api.view_of(board, played.marks, animation)
    return {"view": shown, "applied": played.applied, "said": said}


async def _act(
    api: Api, game: Game, player: Player, body: dict[str, Any], version: int, rid: int
) -> tuple[Played, str | None]:
    """Play what the body asks, and what to say of it (a hint's move, an undo's)."""
    service, face = api.bot.service, FACES[game.kind]
    mode = body.get("mode", face.first_mode)
    if mode not in face.modes:
        raise Refused(400, "That mode does not exist for this kind.")
    if "cell" in body:
        cell = number(body, "cell", game.width * game.height)
        pressed = await service.play(
            game.id, player.id, lambda g: face.press(g, cell, mode), rid, player.name, version
        )
        return pressed, None
    control = body.get("control")
    if control is not None:
        act = face.act
        if act is None or control not in {token for _, token in face.controls}:
            raise Refused(400, "That control does not exist for this kind.")
        acted = await service.play(
            game.id, player.id, lambda g: act(g, control, mode), rid, player.name, version
        )
        return acted, None
    action = body.get("action")
    if action == "hint":
        hinted = await service.hint(game.id, player.id, rid, player.name)
        return hinted, plain(texts.hinted(face, hinted.moves)) if hinted.applied else None
    if action == "undo":
        undone = await service.undo(game.id, player.id, rid)
        return undone, plain(texts.undone(undone, face)) if undone.applied else None
    if action == "restart":
        return await service.restart(game.id, player.id, rid), None
    if action == "giveup":
        return await service.give_up(game.id, player.id, rid, version), None
    raise Refused(400, "That request could not be read.")


async def picture(api: Api, request: web.Request) -> web.StreamResponse:
    """A board's picture or animation, for the ticket its view gave."""
    game_id = _game_id(request)
    name = request.match_info["name"]
    version_text, _, which_text = name.partition("-")
    which = PICTURES.get(which_text)
    version_text = version_text.removesuffix(".png")
    if which is None or not version_text.isdigit() or len(version_text) > 12:
        raise web.HTTPNotFound(text="That picture is not there (any more).")
    game = await api.bot.storage.game(game_id)
    ticket, version = request.query.get("t", ""), int(version_text)
    if game is None or not api.sessions.valid_ticket(ticket, game.owner_id, game.id, version):
        raise web.HTTPNotFound(text="That picture is not there (any more).")
    data = api.pictures.kept(game.id, version, which)
    if data is None and version == game.version:
        board = await api.bot.service.board(game)
        if which == "png":
            data = await api.pictures.board(board)
        else:
            data = await api.pictures.animation(board, which)
    if data is None:
        raise web.HTTPNotFound(text="That picture is not there (any more).")
    return web.Response(
        body=data,
        content_type=mime(data),
        headers={"Cache-Control": "private, max-age=31536000, immutable"},
    )
