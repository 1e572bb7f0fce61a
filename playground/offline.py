"""Drive the real bot offline: raw INTERACTION_CREATE payloads go into discord.py's own
parsing and dispatch; every request the bot would send is recorded instead of sent. The
tests, the benchmarks and the browser playground all use this one harness.

This is the one place that touches discord.py internals (pinned at 2.7.1):
- interaction responses go through ``AsyncWebhookAdapter.request``, REST calls through
  ``client.http.request``: both are replaced by recorders that answer like Discord;
- ``_async_setup_hook`` prepares the loop, ``state.user`` and ``application_id`` are set by
  hand (no gateway READY);
- a DynamicItem click is dropped unless ``message.components`` holds its custom_id, so each
  recorded message is kept and clicks carry its current components;
- dispatch is fire-and-forget, so ``settle`` waits for every task, and errors that discord.py
  would only log (View.on_error, the tree's error handler) are collected and fail the test.
"""

from __future__ import annotations

import asyncio
import io
import itertools
import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, TypedDict

import aiohttp
import discord
from discord.types.user import User as UserPayload
from discord.ui.view import BaseView
from discord.webhook.async_ import AsyncWebhookAdapter, Route
from PIL import Image

APP_ID = 1_200_000_000_000_000_001
BOT_ID = 1_200_000_000_000_000_002
GUILD_ID = 1_200_000_000_000_000_003
CHANNEL_ID = 1_200_000_000_000_000_004
SETTLE_TIMEOUT = 20.0

_counter = itertools.count(1)


def snowflake() -> int:
    """A fresh snowflake made from the current time (old ids count as expired)."""
    return discord.utils.time_snowflake(datetime.now(UTC)) + next(_counter)


def default_name(user_id: int) -> str:
    """The name a user interacts with unless ``Harness.names`` gives another."""
    return f"player{user_id % 1000}"


def user_payload(user_id: int, name: str, bot: bool = False) -> UserPayload:
    return {
        "id": str(user_id),
        "username": name,
        "discriminator": "0",
        "global_name": name,
        "avatar": None,
        "bot": bot,
    }


@dataclass
class Request:
    """One request the bot made: an interaction response or follow-up, or a REST call."""

    via: str  # "webhook" (interaction responses) or "http" (REST)
    method: str
    path: str
    json: dict | None
    files: list[tuple[str, bytes]] = field(default_factory=list)
    #: When the bot made it (``time.perf_counter()``), for latency measurements.
    at: float = field(default_factory=time.perf_counter)

    @property
    def callback_type(self) -> int | None:
        return self.json.get("type") if self.path.endswith("/callback") and self.json else None

    @property
    def data(self) -> dict:
        """The message part of the request (inside ``data`` for callbacks)."""
        if self.json is None:
            return {}
        return self.json.get("data", {}) if self.path.endswith("/callback") else self.json

    @property
    def content(self) -> str:
        return self.data.get("content") or ""

    @property
    def ephemeral(self) -> bool:
        return bool(self.data.get("flags", 0) & 64)

    def image(self, name: str = "board.png") -> Image.Image:
        for filename, data in self.files:
            if filename.endswith(name):
                return Image.open(io.BytesIO(data))
        raise AssertionError(f"no attachment {name} in {[f for f, _ in self.files]}")

    def custom_ids(self) -> list[str]:
        return [
            c["custom_id"]
            for row in self.data.get("components", [])
            for c in row.get("components", [])
            if "custom_id" in c
        ]

    def button(self, custom_id: str) -> dict:
        for row in self.data.get("components", []):
            for component in row.get("components", []):
                if component.get("custom_id") == custom_id:
                    return component
        raise AssertionError(f"no button {custom_id}")


def _files(files) -> list[tuple[str, bytes]]:
    out = []
    for file in files or []:
        file.fp.seek(0)
        out.append((file.filename, file.fp.read()))
    return out


def _payload_of(parts) -> dict | None:
    for part in parts or []:
        if part.get("name") == "payload_json":
            return json.loads(part["value"])
    return None


_HARNESSES: list[Harness] = []
_NO_CODE = (lambda: None).__code__


class _Saved(TypedDict, total=False):
    """The discord.py methods the harnesses replace, while any harness is alive."""

    request: Callable[..., Any]
    on_error: Callable[..., Any]


_SAVED: _Saved = {}


async def _route_webhook(
    self: AsyncWebhookAdapter,  # named as in the method it replaces (mypy compares names)
    route: Route,
    session: aiohttp.ClientSession | None = None,
    *,
    payload: dict[str, Any] | None = None,
    multipart: list[dict[str, Any]] | None = None,
    files: Sequence[discord.File] | None = None,
    **_kwargs: Any,
) -> Any:
    """Interaction responses, sent to the harness whose interaction token they carry."""
    for harness in reversed(_HARNESSES):
        if route.webhook_token in harness.tokens:
            return harness.on_webhook(route, payload, multipart, files)
    raise AssertionError(f"a webhook request for a token no harness issued: {route.url}")


async def _route_view_error(
    _view: BaseView,
    interaction: discord.Interaction[Any],
    error: Exception,
    _item: discord.ui.Item[Any],
    /,
) -> None:
    """Errors discord.py would only log, collected by the harness of that bot."""
    for harness in _HARNESSES:
        if harness.bot is interaction.client:
            harness.errors.append(error)


class BotFailure(AssertionError):
    """The bot failed on an interaction: errors it answered with an apology and logged."""

    def __init__(self, errors: Sequence[BaseException]) -> None:
        super().__init__(f"the bot failed: {list(errors)!r}")
        self.errors = list(errors)
        self.__cause__ = errors[0].__cause__ or errors[0]


@dataclass
class Fault:
    """A REST request to fail once (see ``Harness.fail``)."""

    method: str
    path_part: str
    error: BaseException
    delivered: bool


class _Response:
    """What discord.py's HTTP errors read of a response."""

    def __init__(self, status: int) -> None:
        self.status = status
        self.reason = {403: "Forbidden", 404: "Not Found"}.get(status, "Server Error")


def http_error(status: int, code: int, message: str) -> discord.HTTPException:
    """The error discord.py raises for a Discord answer with this status and JSON code."""
    kind = {403: discord.Forbidden, 404: discord.NotFound}.get(status, discord.DiscordServerError)
    return kind(_Response(status), {"code": code, "message": message})


#: What a member needs for the daily post: View Channel, Send Messages, Attach Files, Read
#: Message History (plus Embed Links, harmless).
EVERYONE = discord.Permissions(
    view_channel=True,
    send_messages=True,
    attach_files=True,
    read_message_history=True,
    embed_links=True,
    use_application_commands=True,
)


def channel_payload(overwrites: Sequence[dict[str, Any]] = ()) -> dict[str, Any]:
    return {
        "id": str(CHANNEL_ID),
        "type": 0,
        "guild_id": str(GUILD_ID),
        "name": "puzzles",
        "position": 0,
        "permission_overwrites": list(overwrites),
        "nsfw": False,
        "parent_id": None,
        "topic": None,
        "last_message_id": None,
        "rate_limit_per_user": 0,
    }


def role_payload(
    role_id: int,
    name: str,
    *,
    permissions: discord.Permissions | None = None,
    mentionable: bool = False,
    position: int = 0,
) -> dict[str, Any]:
    """A role of the test server as Discord sends one (the server's id is @everyone's)."""
    return {
        "id": str(role_id),
        "name": name,
        "permissions": str((permissions or discord.Permissions.none()).value),
        "position": position,
        "color": 0,
        "hoist": False,
        "managed": False,
        "mentionable": mentionable,
        "flags": 0,
    }


def guild_payload() -> dict[str, Any]:
    """The test server as GUILD_CREATE brings it: one text channel, @everyone with the usual
    permissions, and the bot as its only known member."""
    return {
        "id": str(GUILD_ID),
        "name": "Puzzle Club",
        "owner_id": str(1_300_000_000_000_000_009),
        "unavailable": False,
        "member_count": 3,
        "roles": [role_payload(GUILD_ID, "@everyone", permissions=EVERYONE)],
        "channels": [channel_payload()],
        "members": [
            {
                "user": user_payload(BOT_ID, "Daily Pipes", bot=True),
                "roles": [],
                "joined_at": datetime.now(UTC).isoformat(),
                "deaf": False,
                "mute": False,
                "flags": 0,
            }
        ],
        "features": [],
        "emojis": [],
        "stickers": [],
        "threads": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "voice_states": [],
        "presences": [],
    }


class Harness:
    """A bot wired to recorders; see the module docstring. ``close`` undoes the wiring."""

    def __init__(self, bot) -> None:
        self.bot = bot
        self.requests: list[Request] = []
        self.messages: dict[int, dict] = {}
        self.errors: list[BaseException] = []
        self.tokens: set[str] = set()
        self.users: dict[str, int] = {}  # interaction token -> user id
        #: The names users interact with, where not ``default_name``.
        self.names: dict[int, str] = {}
        self.files: dict[int, list[tuple[str, bytes]]] = {}  # message id -> attachments
        self.visible_to: dict[int, int] = {}  # ephemeral message id -> its user
        self._original: dict[str, int] = {}
        self._clicked: dict[str, int] = {}
        self._deferred: set[int] = set()
        self._nonces: dict[tuple[int, str], int] = {}  # (channel, nonce) -> message id
        self._faults: list[Fault] = []
        self._answered: dict[str, asyncio.Event] = {}  # interaction token -> first response
        self._first: dict[str, int] = {}  # interaction token -> its first callback's type
        #: Interaction token of a slash command -> what Discord heads its messages with.
        self._used: dict[str, dict[str, Any]] = {}
        if not _HARNESSES:
            _SAVED["request"] = AsyncWebhookAdapter.request
            _SAVED["on_error"] = discord.ui.View.on_error
            # Deliberate monkeypatching of discord.py internals: mypy forbids assigning to a
            # method, but still checks that each replacement has the method's signature.
            AsyncWebhookAdapter.request = _route_webhook  # type: ignore[method-assign]
            discord.ui.View.on_error = _route_view_error  # type: ignore[method-assign]
        _HARNESSES.append(self)
        bot.log_error = self.errors.append
        bot.http.request = self._http_request

    def restore(self) -> None:
        """Unhook this harness; the last one out puts discord.py back as it was."""
        if self in _HARNESSES:
            _HARNESSES.remove(self)
        if not _HARNESSES and _SAVED:
            # Undo the monkeypatching above.
            AsyncWebhookAdapter.request = _SAVED.pop("request")  # type: ignore[method-assign]
            discord.ui.View.on_error = _SAVED.pop("on_error")  # type: ignore[method-assign]

    def on_webhook(self, route, payload, multipart, files) -> Any:
        body = payload if payload is not None else _payload_of(multipart)
        path = route.url.split("/api/v10", 1)[-1].split("?")[0]
        request = Request("webhook", route.method, path, body, _files(files))
        fault = self._fault(request)
        if fault is not None and not fault.delivered:
            raise fault.error
        self.requests.append(request)
        answer = self._answer_webhook(request)
        if request.callback_type is not None:
            token = request.path.split("/")[3]
            self._first.setdefault(token, request.callback_type)
            self._answered.setdefault(token, asyncio.Event()).set()
        if fault is not None:
            raise fault.error
        return answer

    def _fault(self, request: Request) -> Fault | None:
        """The fault set up for this request, if any (used once)."""
        for fault in self._faults:
            if fault.method == request.method and fault.path_part in request.path:
                self._faults.remove(fault)
                return fault
        return None

    async def start(self) -> None:
        await self.bot._async_setup_hook()
        await self.bot.setup_hook()
        state = self.bot._connection
        state.user = discord.ClientUser(
            state=state, data=user_payload(BOT_ID, "Daily Pipes", bot=True)
        )
        state.application_id = APP_ID
        state.parse_guild_create(guild_payload())

    def add_role(self, role: dict[str, Any]) -> None:
        """A role is made in the server (a GUILD_ROLE_CREATE from the gateway)."""
        self.bot._connection.parse_guild_role_create({"guild_id": str(GUILD_ID), "role": role})

    def update_channel(self, overwrites: list[dict[str, Any]]) -> None:
        """The channel's permission overwrites change (a CHANNEL_UPDATE from the gateway)."""
        self.bot._connection.parse_channel_update(channel_payload(overwrites))

    def fail(
        self, method: str, path_part: str, error: BaseException, *, delivered: bool = False
    ) -> None:
        """Make the next request ``method`` (REST or interaction webhook) whose path contains
        ``path_part`` raise ``error``; with ``delivered`` Discord did it but the answer was
        lost."""
        self._faults.append(Fault(method, path_part, error, delivered))

    async def close(self) -> None:
        await self.bot.close()
        self.restore()

    # -- answers like Discord's -------------------------------------------------------------

    def _message(
        self,
        body: dict | None,
        channel_id: int,
        message_id: int | None = None,
        files=(),
        used: dict[str, Any] | None = None,
    ) -> dict:
        """Record a message as Discord keeps it; ``used``: the slash command it answers."""
        body = body or {}
        message_id = message_id or snowflake()
        old = self.messages.get(message_id, {})
        if files:
            self.files[message_id] = list(files)
        message = {
            "id": str(message_id),
            "channel_id": str(channel_id),
            "type": 0,
            "author": user_payload(BOT_ID, "Daily Pipes", bot=True),
            "content": body.get("content", old.get("content", "")),
            "components": body.get("components", old.get("components", [])),
            "flags": body.get("flags", old.get("flags", 0)),
            "attachments": [
                {
                    "id": str(snowflake()),
                    "filename": name,
                    "size": len(data),
                    "url": f"https://cdn.invalid/{name}",
                    "proxy_url": f"https://cdn.invalid/{name}",
                }
                for name, data in files
            ]
            or old.get("attachments", []),
            "embeds": [],
            "mentions": [],
            "mention_roles": [],
            "pinned": False,
            "mention_everyone": False,
            "tts": False,
            "timestamp": datetime.now(UTC).isoformat(),
            "edited_timestamp": None,
            "loading": body.get("loading", False),
        }
        used = used or old.get("interaction")
        if used is not None:  # "Alice used /<kind> new" above it
            message["interaction"] = used
        self.messages[message_id] = message
        return message

    def _answer_webhook(self, request: Request) -> Any:
        parts = request.path.strip("/").split("/")
        if parts[0] == "interactions":  # /interactions/{id}/{token}/callback
            interaction_id, token = int(parts[1]), parts[2]
            assert request.json is not None  # a callback always carries its type
            kind = request.json["type"]
            answer: dict = {"interaction": {"id": str(interaction_id), "type": kind}}
            used = self._used.get(token)
            if kind == 4:
                message = self._message(request.data, CHANNEL_ID, files=request.files, used=used)
                self._see(token, message)
                self._original[token] = int(message["id"])
                answer["interaction"]["response_message_id"] = message["id"]
                answer["resource"] = {"type": 4, "message": message}
            elif kind == 7:
                message_id = self._clicked[token]
                message = self._message(request.data, CHANNEL_ID, message_id, request.files)
                answer["resource"] = {"type": 7, "message": message}
            elif kind == 6:  # a deferred update: the original is the clicked message
                self._original[token] = self._clicked[token]
            elif kind == 5:  # the first follow-up will fill this "thinking" message
                self._original[token] = snowflake()
                self._deferred.add(self._original[token])
                flags = request.data.get("flags", 0)
                self._see(
                    token,
                    self._message(
                        {"flags": flags, "loading": True},
                        CHANNEL_ID,
                        self._original[token],
                        used=used,
                    ),
                )
                answer["interaction"]["response_message_loading"] = True
            return answer
        # /webhooks/{app}/{token}[/messages/{id|@original}]
        token = parts[2]
        if request.method == "POST":
            original = self._original.get(token)
            if original is not None and original in self._deferred:
                self._deferred.discard(original)
                return self._message(request.json, CHANNEL_ID, original, request.files)
            message = self._message(
                request.json, CHANNEL_ID, files=request.files, used=self._used.get(token)
            )
            self._see(token, message)
            return message
        target = parts[-1]
        # A component interaction's original response is the message it was clicked on.
        original = self._original.get(token, self._clicked.get(token))
        assert original is not None or target != "@original", f"no original for {token}"
        message_id = original if target == "@original" and original else int(target)
        if request.method == "DELETE":
            self.messages.pop(message_id, None)
            self._deferred.discard(message_id)
            return None
        return self._message(request.json, CHANNEL_ID, message_id, request.files)

    def _see(self, token: str, message: dict) -> None:
        """Remember who may see an ephemeral message: the user of the interaction."""
        if message["flags"] & 64 and token in self.users:
            self.visible_to[int(message["id"])] = self.users[token]

    async def _http_request(self, route, *, files=None, form=None, **kwargs):
        body = kwargs.get("json") if form is None else _payload_of(form)
        request = Request(
            "http", route.method, route.url.split("/api/v10", 1)[-1], body, _files(files)
        )
        fault = self._fault(request)
        if fault is not None and not fault.delivered:
            raise fault.error
        self.requests.append(request)
        answer = self._answer_rest(request, kwargs.get("params") or {})
        if fault is not None:
            raise fault.error
        return answer

    def _answer_rest(self, request: Request, params: dict[str, Any]) -> Any:
        parts = request.path.strip("/").split("/")
        body = request.json or {}
        if parts[:3] == ["users", "@me", "channels"]:  # open a DM
            recipient = int(body["recipient_id"])
            return {
                "id": str(recipient + 1),
                "type": 1,
                "last_message_id": None,
                "recipients": [user_payload(recipient, f"user{recipient % 1000}")],
            }
        if parts[0] == "channels" and parts[2] == "messages":
            channel_id = int(parts[1])
            if request.method == "GET" and len(parts) == 3:  # the channel's history
                mine = [m for m in self.messages.values() if int(m["channel_id"]) == channel_id]
                newest = sorted(mine, key=lambda m: int(m["id"]), reverse=True)
                return newest[: int(params.get("limit", 50))]
            if request.method == "DELETE":
                self.messages.pop(int(parts[3]), None)
                return None
            if request.method == "POST" and body.get("enforce_nonce"):
                known = self._nonces.get((channel_id, str(body["nonce"])))
                if known is not None and known in self.messages:  # Discord's nonce dedupe
                    return self.messages[known]
            message_id = int(parts[3]) if len(parts) > 3 else None
            if message_id is not None and message_id not in self.messages:
                raise http_error(404, 10008, "Unknown Message")
            message = self._message(body, channel_id, message_id, request.files)
            if request.method == "POST" and body.get("nonce") is not None:
                self._nonces[(channel_id, str(body["nonce"]))] = int(message["id"])
            return message
        return {}

    # -- sending interactions ---------------------------------------------------------------

    def _base(
        self, kind: int, user_id: int, permissions: discord.Permissions | None, guild: bool
    ) -> dict:
        token = f"token-{snowflake()}"
        self.tokens.add(token)
        self.users[token] = user_id
        payload: dict[str, Any] = {
            "id": str(snowflake()),
            "application_id": str(APP_ID),
            "type": kind,
            "token": token,
            "version": 1,
            "locale": "en-US",
            "entitlements": [],
            "attachment_size_limit": 10 * 1024 * 1024,
            "authorizing_integration_owners": {},
            "app_permissions": "0",
            "channel_id": str(CHANNEL_ID),
            "channel": {
                "id": str(CHANNEL_ID),
                "type": 0,
                "name": "puzzles",
                "position": 0,
                "permission_overwrites": [],
                "nsfw": False,
                "parent_id": None,
                "topic": None,
                "last_message_id": None,
                "rate_limit_per_user": 0,
            },
        }
        user = user_payload(user_id, self.names.get(user_id, default_name(user_id)))
        if guild:
            perms = permissions or discord.Permissions.none()
            payload.update(
                {
                    "guild_id": str(GUILD_ID),
                    "guild_locale": "en-US",
                    "context": 0,
                    "member": {
                        "user": user,
                        "roles": [],
                        "joined_at": datetime.now(UTC).isoformat(),
                        "deaf": False,
                        "mute": False,
                        "flags": 0,
                        "permissions": str(perms.value),
                    },
                }
            )
            payload["channel"]["guild_id"] = str(GUILD_ID)
        else:
            payload.update({"user": user, "context": 1})
        return payload

    async def command(self, name: str, user_id: int, **kwargs: Any) -> list[Request]:
        """Run a command (the arguments of ``command_payload``) and return the requests it
        made."""
        return await self._dispatch(self.command_payload(name, user_id, **kwargs))

    def command_payload(
        self,
        name: str,
        user_id: int,
        *,
        group: str,
        permissions: discord.Permissions | None = None,
        guild: bool = True,
        resolved: dict | None = None,
        **options: Any,
    ) -> dict:
        """The INTERACTION_CREATE payload of ``/group name option=value …``."""
        payload = self._base(2, user_id, permissions, guild)
        kinds = {str: 3, int: 4, bool: 5}
        sub = [
            {
                "name": key,
                "type": kinds.get(type(value), 3) if not isinstance(value, tuple) else value[0],
                "value": value if not isinstance(value, tuple) else value[1],
            }
            for key, value in options.items()
        ]
        user = payload["member"]["user"] if guild else payload["user"]
        self._used[payload["token"]] = {
            "id": payload["id"],
            "type": 2,
            "name": f"{group} {name}",
            "user": user,
        }
        payload["data"] = {
            "id": str(snowflake()),
            "name": group,
            "type": 1,
            "options": [{"name": name, "type": 1, "options": sub}],
        }
        if resolved:
            payload["data"]["resolved"] = resolved
        return payload

    async def click(
        self, message_id: int, custom_id: str, user_id: int, guild: bool = True
    ) -> list[Request]:
        """Press a button of a recorded message as ``user_id``."""
        return await self._dispatch(self.click_payload(message_id, custom_id, user_id, guild))

    def press(self, message_id: int, custom_id: str, user_id: int) -> dict:
        """Press a button without waiting for the bot (load tests); ``settle`` afterwards.
        Returns the payload, which ``deliver`` can send again (a redelivery)."""
        payload = self.click_payload(message_id, custom_id, user_id, True)
        self.deliver(payload)
        return payload

    async def answered(self, payload: dict) -> int:
        """Deliver a payload, wait until the bot has given it its first response and return
        that response's type (7: the updated board, 6: a deferral …)."""
        event = self._answered.setdefault(payload["token"], asyncio.Event())
        self.deliver(payload)
        await asyncio.wait_for(event.wait(), SETTLE_TIMEOUT)
        return self._first[payload["token"]]

    def deliver(self, payload: dict) -> None:
        """Hand a raw INTERACTION_CREATE payload to discord.py without waiting."""
        self.bot._connection.parse_interaction_create(payload)

    def click_payload(self, message_id: int, custom_id: str, user_id: int, guild: bool) -> dict:
        payload = self._base(3, user_id, None, guild)
        payload["message"] = dict(self.messages[message_id])
        payload["data"] = {"custom_id": custom_id, "component_type": 2}
        self._clicked[payload["token"]] = message_id  # the message UPDATE_MESSAGE will edit
        return payload

    async def _dispatch(self, payload: dict) -> list[Request]:
        before, failed_before = len(self.requests), len(self.errors)
        running = asyncio.all_tasks()
        self.bot._connection.parse_interaction_create(payload)
        await self.settle(running)
        made = self.requests[before:]
        # This interaction's failures only: ``errors`` keeps every one (tests read it), and an
        # earlier failure must not fail every later interaction.
        failed = self.errors[failed_before:]
        if failed:
            raise BotFailure(failed)
        return made

    async def settle(self, running: set[asyncio.Task] | frozenset = frozenset()) -> None:
        """Wait until every task started since ``running`` was taken has finished."""
        current = asyncio.current_task()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + SETTLE_TIMEOUT
        while True:
            # Not ours: discord.py's 15-minute timeout tasks of views on ephemeral messages,
            # and a web server's connection tasks when the playground drives the bot.
            pending = [
                t
                for t in asyncio.all_tasks()
                if t is not current
                and t not in running
                and not t.done()
                and "timeout_task" not in getattr(t.get_coro(), "__qualname__", "")
                and "/aiohttp/" not in getattr(t.get_coro(), "cr_code", _NO_CODE).co_filename
            ]
            if not pending:
                return
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise AssertionError(f"the bot did not finish: {pending!r}")
            await asyncio.wait(pending, timeout=remaining)
