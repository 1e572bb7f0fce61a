"""``python -m playground``: the real bot in a browser page that looks like a Discord
channel, for trying it without a token, a server or even a network.

Every command typed and every button pressed becomes the same raw INTERACTION_CREATE
payload the tests use (``playground.offline``), dispatched through discord.py into
``bot.create_bot(...)``; the page shows what the bot sent. Commands are read as Discord's
client reads them (``playground.options``). The bot runs on the page's clock, which steps to
the next day (streaks, leaderboards); the daily is posted when that clock reaches its time,
or on demand. The channel and the clock are kept beside the data (``playground.keep``).

The Activity is on: the bot has an application id and secret of the playground's own (fake),
the Activity's app is served under ``/activity/`` and Discord's side of it (OAuth2 and the
parent frame that embeds it, ``playground.discord_fake``) under ``/discord/``, all on the
page's origin. When the bot answers Play or ``/<kind> daily`` with LAUNCH_ACTIVITY, the page
opens that frame for the player who asked; the page's switch turns the Activity off in the
server, as ``/pipes-setup activity`` does.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import html
import io
import logging
import socket
import sys
import zlib
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass, replace
from datetime import UTC, datetime, time, timedelta
from pathlib import Path
from urllib.parse import urlencode

import discord
from aiohttp import web
from PIL import Image

from activity import create_app
from bot import PipesBot, Settings, create_bot
from bot.config import DEFAULT_DATABASE, ConfigError, load_settings
from bot.face import Face
from bot.kinds import FACES
from db import DailyKind, GuildSettings, StorageUnusable

from .discord_fake import PREFIX, FakeDiscord
from .keep import Keeper, Kept, kept_beside
from .offline import (
    CHANNEL_ID,
    EVERYONE,
    GUILD_ID,
    BotFailure,
    Harness,
    Request,
    role_payload,
    user_payload,
)
from .options import Channel, Member, Role, Server, read
from .suggestions import suggestions

log = logging.getLogger(__name__)
PAGE = Path(__file__).with_name("static") / "playground.html"
DEFAULT_PORT = 8765
#: How often the playground posts what is due on its clock (the bot's job runs every minute).
TICK_SECONDS = 20.0
#: The playground's own application (fake: its secret guards nothing but the page's sessions).
CLIENT_ID, CLIENT_SECRET = "1500000000000000900", "the-playground-s-own-not-a-secret"
#: Discord's interaction callback that opens the app's Activity (LAUNCH_ACTIVITY).
LAUNCH_ACTIVITY = 12


@dataclass(frozen=True)
class Player:
    id: int
    name: str
    manager: bool = False


PLAYERS = (
    Player(1_500_000_000_000_000_001, "Alice"),
    Player(1_500_000_000_000_000_002, "Bob"),
    Player(1_500_000_000_000_000_003, "Carol (server manager)", manager=True),
)
PUZZLERS = 1_500_000_000_000_000_101
#: The roles of the page's server: @everyone, and one people join to be pinged by the daily
#: post (mentionable, as such a role is on Discord).
ROLES = (
    Role(GUILD_ID, "@everyone", role_payload(GUILD_ID, "@everyone", permissions=EVERYONE)),
    Role(PUZZLERS, "puzzlers", role_payload(PUZZLERS, "puzzlers", mentionable=True, position=1)),
)
#: The server's channel as a channel option resolves it.
CHANNEL = Channel(
    CHANNEL_ID,
    "puzzles",
    discord.ChannelType.text,
    {"id": str(CHANNEL_ID), "type": 0, "name": "puzzles", "permissions": "0"},
)


@dataclass(frozen=True)
class Answer:
    """What the page shows of an interaction: a line under the box if it failed, and the
    Activity's frame to open (its URL) if the bot launched the Activity."""

    error: str | None = None
    launch: str | None = None


class SteppingClock:
    """The page's clock: the real time, plus whole days the page stepped forward. The bot runs
    on it (daily dates, post times, the times in its messages), and so does the page."""

    def __init__(self, real: Callable[[], datetime] | None = None) -> None:
        self.offset = timedelta(0)
        self.real = real or (lambda: datetime.now(UTC))

    def __call__(self) -> datetime:
        return self.real() + self.offset


def picture_size(data: bytes) -> tuple[int, int] | None:
    """A picture's width and height (the page lays it out before it loads), or None."""
    try:
        with Image.open(io.BytesIO(data)) as picture:
            return picture.size
    except (OSError, ValueError):  # not a picture (a pack's zip)
        return None


def smallest_daily(face: Face) -> str:
    """The daily choice of a kind whose board has the fewest cells."""
    kind, today = face.kind, datetime.now(UTC).date()

    def cells(choice: str) -> int:
        width, height = kind.size(kind.daily(choice, today))
        return width * height

    return min(kind.daily_presets, key=cells)


class Playground:
    """The bot behind the page, and what the page can ask of it."""

    def __init__(
        self,
        database_path: str,
        *,
        real_clock: Callable[[], datetime] | None = None,
        origin: str = "",
    ) -> None:
        """``origin``: where the page is served (``http://127.0.0.1:8765``); the Activity
        signs players in at the fake Discord there (without one, it cannot sign anyone in)."""
        self.clock = SteppingClock(real_clock)
        self.discord = FakeDiscord(CLIENT_ID, CLIENT_SECRET)
        self.bot: PipesBot = create_bot(
            Settings(
                database_path=database_path,
                limit_sides=False,
                client_id=CLIENT_ID,
                client_secret=CLIENT_SECRET,
                discord_api=origin + PREFIX,
            ),
            clock=self.clock,
            sync_commands=False,
            schedule=False,
        )
        self.harness = Harness(self.bot)
        #: The bot's Activity (its web app), which the page serves under ``/activity/``.
        self.activity = create_app(self.bot)
        self.harness.names.update((player.id, player.name) for player in PLAYERS)
        self.lock = asyncio.Lock()
        #: The channel and the clock, kept beside the data for the next start.
        self.keeper = Keeper(kept_beside(database_path))
        self._suggested: list[str] | None = None

    async def start(self) -> None:
        await self.harness.start()
        self.bot.start_stocking()  # fresh boards at once, as on Discord
        for role in ROLES:
            if role.id != GUILD_ID:  # @everyone comes with the server
                self.harness.add_role(role.payload)
        storage = self.bot.storage
        if await storage.guild_settings(GUILD_ID) is not None:
            self._restore(self.keeper.load())
        else:  # a database new to the playground: a channel kept for another is not its own
            self.keeper.forget()
            # Every kind in the daily post, each its smallest daily (the boards fit the page).
            dailies = tuple(
                DailyKind(name, smallest_daily(face), position=k)
                for k, (name, face) in enumerate(FACES.items())
            )
            await storage.save_guild_settings(
                GuildSettings(
                    guild_id=GUILD_ID,
                    channel_id=CHANNEL_ID,
                    post_time=time(0, 0),
                    timezone="UTC",
                    enabled=True,
                    dailies=dailies,
                )
            )

    async def close(self) -> None:
        self.keep()
        await self.harness.close()

    def _restore(self, kept: Kept) -> None:
        self.clock.offset = timedelta(days=kept.days)
        self.harness.messages.update(kept.messages)
        self.harness.visible_to.update(kept.visible_to)
        self.harness.files.update(kept.files)

    def keep(self) -> None:
        """Keep the channel and the clock as they are now (a failure to is only logged)."""
        try:
            self.keeper.save(
                Kept(
                    days=self.clock.offset.days,
                    messages=self.harness.messages,
                    visible_to=self.harness.visible_to,
                    files=self.harness.files,
                )
            )
        except OSError as error:
            log.warning("the playground's channel is not kept in %s: %s", self.keeper.path, error)

    def player(self, user_id: int) -> Player:
        for player in PLAYERS:
            if player.id == user_id:
                return player
        raise ValueError("unknown player")

    async def command(self, user_id: int, text: str) -> str | None:
        """Run a typed slash command; returns an error sentence for the page, or None."""
        return (await self.typed(user_id, text)).error

    async def typed(self, user_id: int, text: str) -> Answer:
        """Run a typed slash command, as ``command``, and what the page shows of it."""
        player = self.player(user_id)
        words = text.split(maxsplit=2)
        groups = [f"/{group.name}" for group in self.bot.tree.get_commands()]
        if len(words) < 2 or words[0] not in groups:
            return Answer(
                f"Commands start with {', '.join(groups[:-1])} or {groups[-1]}, like "
                f"/{next(iter(self.faces()))} help."
            )
        found = self.bot.tree.get_command(words[0][1:])
        group = found if isinstance(found, discord.app_commands.Group) else None
        command = group.get_command(words[1]) if group else None
        if group is None or not isinstance(command, discord.app_commands.Command):
            names = ", ".join(c.name for c in group.commands) if group else ""
            return Answer(f"{words[0]} has no “{words[1]}”. Try one of: {names}.")
        try:
            options, resolved = read(command, words[2] if len(words) > 2 else "", self.server())
        except ValueError as error:
            return Answer(str(error))
        permissions = discord.Permissions(manage_guild=True) if player.manager else None
        async with self.lock:
            return await self._answered(
                player,
                self.harness.command(
                    command.name,
                    player.id,
                    group=group.name,
                    permissions=permissions,
                    resolved=resolved,
                    **options,
                ),
            )

    async def _answered(self, player: Player, interaction: Awaitable[list[Request]]) -> Answer:
        """Run one interaction; a failure of the bot (it apologised in the channel) is a line
        for the page and a traceback in the terminal, and concerns this interaction only. If
        the bot answered with LAUNCH_ACTIVITY, the Activity opens for the player."""
        try:
            made = await interaction
        except BotFailure as failure:
            self.keep()
            for error in failure.errors:
                log.error("the bot failed", exc_info=error)
            first = failure.errors[0]
            return Answer(
                f"The bot failed ({type(first).__name__}: {first}) and apologised; the "
                "traceback is in the playground's terminal."
            )
        self.keep()
        launched = any(request.callback_type == LAUNCH_ACTIVITY for request in made)
        return Answer(launch=self.frame(player) if launched else None)

    def frame(self, player: Player) -> str:
        """The URL of Discord's frame showing the Activity to ``player`` in the channel: one
        instance per channel, as Discord has."""
        query = {
            "user": player.id,
            "name": player.name,
            "guild": GUILD_ID,
            "channel": CHANNEL_ID,
            "instance": f"i-{CHANNEL_ID}",
        }
        return f"{PREFIX}/frame?{urlencode(query)}"

    async def activity_on(self) -> bool:
        """Whether Play opens the Activity in the page's server (its setting, which
        ``/pipes-setup activity`` changes too)."""
        settings = await self.bot.storage.guild_settings(GUILD_ID)
        return self.bot.settings.activity and (settings is None or settings.activity)

    async def turn_activity(self, on: bool) -> None:
        """Turn the Activity on or off in the page's server, as ``/pipes-setup activity``."""
        async with self.lock:
            settings = await self.bot.storage.guild_settings(GUILD_ID)
            assert settings is not None  # the playground's server is set up at its start
            await self.bot.storage.save_guild_settings(replace(settings, activity=on, dailies=()))

    def server(self) -> Server:
        """Who and what options can name: the players, the roles and the channel."""
        return Server(
            members=[Member(p.id, p.name, dict(user_payload(p.id, p.name))) for p in PLAYERS],
            roles=ROLES,
            channels=[CHANNEL],
        )

    def faces(self) -> dict[str, Face]:
        """The kinds the bot has commands for, by command group."""
        groups = [command.name for command in self.bot.tree.get_commands()]
        return {name: FACES[name] for name in groups if name in FACES}

    async def suggestions(self) -> list[str]:
        """The commands the page suggests (``playground.suggestions``), made once: making
        the boards they are about takes a moment, off the event loop."""
        if self._suggested is None:
            self._suggested = await asyncio.to_thread(suggestions, self.faces())
        return self._suggested

    async def click(self, user_id: int, message_id: int, custom_id: str) -> Answer:
        player = self.player(user_id)
        async with self.lock:
            return await self._answered(
                player, self.harness.click(message_id, custom_id, player.id)
            )

    async def post_daily(self) -> str | None:
        """Make today's daily post now, if it was not made yet."""
        async with self.lock:
            settings = await self.bot.storage.guild_settings(GUILD_ID)
            if settings is None or not settings.enabled:
                return "The daily post is off here: turn it on with /pipes-setup daily."
            # Post "now": as if its post time were the midnight that began the server's day
            # (its own time zone), so the post is of the date the server is on.
            await self.bot.storage.save_guild_settings(replace(settings, post_time=time(0, 0)))
            try:
                posted = await self.bot.poster.tick()
            finally:  # the post time back; what the tick recorded (a pause, failures) kept
                after = await self.bot.storage.guild_settings(GUILD_ID) or settings
                await self.bot.storage.save_guild_settings(
                    replace(after, post_time=settings.post_time, dailies=())
                )
            self.keep()
        return None if posted else "Today's daily is already posted: step to the next day."

    async def tick(self) -> int:
        """What the bot's minute job does, on the page's clock: post each daily that is due
        (its post time has come in the server's time zone); returns how many were posted."""
        async with self.lock:
            posted = await self.bot.poster.tick()
            if posted:
                self.keep()
            return posted

    async def ticking(self, every: float = TICK_SECONDS) -> None:
        """``tick`` now and then every ``every`` seconds, until cancelled."""
        while True:
            try:
                await self.tick()
            except Exception:
                log.exception("the daily post's tick failed")
            await asyncio.sleep(every)

    async def next_day(self) -> None:
        """Step the page's clock a day on; the posts due by then are made."""
        self.clock.offset += timedelta(days=1)
        self.keep()
        await self.tick()

    def state(self, viewer: int) -> dict:
        """The channel as the viewer sees it (others' ephemeral messages hidden)."""
        messages = []
        for message_id, message in self.harness.messages.items():
            owner = self.harness.visible_to.get(message_id)
            if message["flags"] & 64 and owner != viewer:
                continue
            # The URL changes with the bytes, so the browser never shows an old board.
            files = [
                {
                    "name": name,
                    "url": f"/files/{message_id}/{k}/{name}?v={zlib.crc32(data):08x}",
                    "size": picture_size(data),
                }
                for k, (name, data) in enumerate(self.harness.files.get(message_id, []))
            ]
            used = message.get("interaction")
            messages.append(
                {
                    "id": str(message_id),
                    "content": message["content"],
                    "ephemeral": bool(message["flags"] & 64),
                    "loading": message.get("loading"),
                    "files": files,
                    "components": message["components"],
                    # "Alice used /<kind> new", as Discord heads the answers to a command
                    "used": used and {"user": used["user"]["id"], "command": f"/{used['name']}"},
                }
            )
        now = self.clock()
        return {
            "date": now.date().isoformat(),
            "now": int(now.timestamp() * 1000),  # the page renders <t:…> markup against it
            "players": [{"id": str(p.id), "name": p.name} for p in PLAYERS],
            "channel": {"id": str(CHANNEL.id), "name": CHANNEL.name},
            "roles": [{"id": str(r.id), "name": r.name} for r in self.server().roles],
            "messages": messages,
        }

    def file(self, message_id: int, index: int) -> tuple[str, bytes]:
        return self.harness.files[message_id][index]


def make_app(playground: Playground) -> web.Application:
    """The page and its small JSON API."""
    routes = web.RouteTableDef()

    @routes.get("/")
    async def page(_: web.Request) -> web.Response:
        offered = await playground.suggestions()
        text = (
            PAGE.read_text(encoding="utf-8")
            .replace("{{example}}", html.escape(offered[0]))
            .replace(
                "{{suggestions}}",
                "".join(f'<option value="{html.escape(command)}">' for command in offered),
            )
        )
        return web.Response(text=text, content_type="text/html")

    @routes.get("/api/state")
    async def state(request: web.Request) -> web.Response:
        shown = playground.state(int(request.query.get("user", PLAYERS[0].id)))
        return web.json_response({**shown, "activity": await playground.activity_on()})

    @routes.post("/api/command")
    async def command(request: web.Request) -> web.Response:
        body = await request.json()
        answer = await playground.typed(int(body["user"]), str(body["text"]))
        return web.json_response(asdict(answer))

    @routes.post("/api/click")
    async def click(request: web.Request) -> web.Response:
        body = await request.json()
        answer = await playground.click(
            int(body["user"]), int(body["message"]), str(body["custom_id"])
        )
        return web.json_response(asdict(answer))

    @routes.post("/api/activity")
    async def activity(request: web.Request) -> web.Response:
        await playground.turn_activity(bool((await request.json())["on"]))
        return web.json_response({"error": None})

    @routes.post("/api/daily")
    async def daily(_: web.Request) -> web.Response:
        return web.json_response({"error": await playground.post_daily()})

    @routes.post("/api/next-day")
    async def next_day(_: web.Request) -> web.Response:
        await playground.next_day()
        return web.json_response({"error": None, "date": playground.clock().date().isoformat()})

    @routes.get("/files/{message}/{index}/{name}")
    async def file(request: web.Request) -> web.Response:
        name, data = playground.file(
            int(request.match_info["message"]), int(request.match_info["index"])
        )
        kind = (
            "image/gif"
            if name.endswith(".gif")
            else "image/png"
            if name.endswith(".png")
            else "application/zip"
        )
        return web.Response(body=data, content_type=kind)

    app = web.Application()
    app.add_routes(routes)
    app.add_subapp(PREFIX + "/", playground.discord.app())
    app.add_subapp("/activity/", playground.activity)
    return app


async def serve(
    database_path: str,
    host: str = "127.0.0.1",
    port: int = DEFAULT_PORT,
    ready: asyncio.Future | None = None,
) -> None:
    """Run the playground until cancelled; ``ready`` receives its URL and the playground
    once it listens."""
    listening = socket.create_server((host, port))  # a port already taken ends here
    origin = f"http://{host}:{listening.getsockname()[1]}"
    try:
        playground = Playground(database_path, origin=origin)
        await playground.start()
    except BaseException:
        listening.close()
        raise
    ticking = asyncio.ensure_future(playground.ticking())
    runner = web.AppRunner(make_app(playground))
    try:
        await runner.setup()
        await web.SockSite(runner, listening).start()
        url = origin + "/"
        if ready is not None:
            ready.set_result((url, playground))
        else:
            print(
                f"No DISCORD_TOKEN set, so here is the playground: open {url} "
                "(the real bot, offline; Ctrl+C stops it).",
                flush=True,
            )
        await asyncio.Event().wait()
    finally:
        ticking.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await ticking
        await runner.cleanup()
        listening.close()
        await playground.close()


def main() -> None:
    """Entry point of ``python -m playground``: exit code 2 with one line when its storage
    cannot serve."""
    parser = argparse.ArgumentParser(prog="python -m playground", description=__doc__)
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--database", default=None, help=f"default: {DEFAULT_DATABASE}")
    args = parser.parse_args()
    try:
        settings = load_settings()
    except ConfigError as error:
        print(f"error: {error}", file=sys.stderr)
        sys.exit(2)
    database = args.database or settings.database
    logging.basicConfig(level=logging.WARNING)
    logging.getLogger("discord").setLevel(logging.ERROR)  # no voice-support chatter
    try:
        with contextlib.suppress(KeyboardInterrupt):
            asyncio.run(serve(database, port=args.port))
    except StorageUnusable as error:
        setting = "--database" if args.database else settings.database_setting
        print(f"error: {setting}: {error}", file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
