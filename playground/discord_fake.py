"""Discord's side of an Activity, faked on loopback for the playground and the tests.

Mounted under :data:`PREFIX` beside the Activity (same origin, as Discord's client and the
Activity's proxy are to the SDK), it serves:

- ``GET frame?user=<id>&name=<name>``: the parent frame that plays Discord's client around
  the Activity (``static/discord-frame.js``): it embeds ``/activity/`` and answers the
  Embedded App SDK's handshake, AUTHORIZE and AUTHENTICATE for that user;
- ``POST authorize`` ``{"client_id", "user", "name"}`` → ``{"code"}``: the code Discord's
  client hands the Activity on AUTHORIZE, bound to the playing user;
- ``POST oauth2/token`` and ``GET users/@me``: the OAuth2 endpoints the backend calls, so
  ``DISCORD_API`` is this app's base URL (``http://127.0.0.1:<port>/discord``).

Codes are single use and tokens last as long as the app, as far as the backend can tell
the same as Discord's."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aiohttp import web

#: Where the playground and the tests mount the fake (``add_subapp(PREFIX + "/", ...)``).
PREFIX = "/discord"
STATIC = Path(__file__).with_name("static")
#: The frame page's policy: its own script, and frames of its own origin only.
FRAME_CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'; frame-src 'self'; frame-ancestors 'self'"
)
#: How long Discord's access tokens last (``expires_in``): a week.
TOKEN_SECONDS = 7 * 24 * 3600


@dataclass(frozen=True, slots=True)
class User:
    """A Discord user as the fake knows them: an id and the name they show."""

    id: str
    name: str

    def me(self) -> dict[str, Any]:
        """The user as Discord's ``/users/@me`` describes them."""
        return {
            "id": self.id,
            "username": self.name.lower(),
            "global_name": self.name,
            "discriminator": "0",
            "avatar": None,
            "public_flags": 0,
        }


def _oauth_error(status: int, error: str, description: str) -> web.Response:
    return web.json_response({"error": error, "error_description": description}, status=status)


class FakeDiscord:
    """One application's OAuth2 at Discord: the codes and tokens it issued."""

    def __init__(self, client_id: str, client_secret: str) -> None:
        self.client_id = client_id
        self.client_secret = client_secret
        self._codes: dict[str, User] = {}
        self._tokens: dict[str, User] = {}

    def code_for(self, user: User) -> str:
        """A new authorization code for ``user``, as AUTHORIZE would give the Activity."""
        code = secrets.token_urlsafe(18)
        self._codes[code] = user
        return code

    def app(self) -> web.Application:
        """The fake's routes, to mount under :data:`PREFIX`."""
        app = web.Application()
        app.add_routes(
            [
                web.get("/frame", self._frame),
                web.get("/frame.js", self._frame_script),
                web.post("/authorize", self._authorize),
                web.post("/oauth2/token", self._token),
                web.get("/users/@me", self._me),
            ]
        )
        return app

    async def _frame(self, _: web.Request) -> web.Response:
        page = (STATIC / "discord-frame.html").read_text(encoding="utf-8")
        return web.Response(
            text=page.replace("__CLIENT_ID__", self.client_id),
            content_type="text/html",
            headers={"Content-Security-Policy": FRAME_CSP, "Cache-Control": "no-store"},
        )

    async def _frame_script(self, _: web.Request) -> web.FileResponse:
        return web.FileResponse(
            STATIC / "discord-frame.js", headers={"Content-Type": "text/javascript"}
        )

    async def _authorize(self, request: web.Request) -> web.Response:
        asked = await request.json()
        if asked.get("client_id") != self.client_id:
            return _oauth_error(400, "invalid_client", "Unknown application.")
        user = User(str(asked.get("user", "")), str(asked.get("name", "")))
        if not user.id.isdigit() or not user.name:
            return _oauth_error(400, "invalid_request", "A user id and name are needed.")
        return web.json_response({"code": self.code_for(user)})

    async def _token(self, request: web.Request) -> web.Response:
        form = await request.post()
        if form.get("client_id") != self.client_id or not secrets.compare_digest(
            str(form.get("client_secret", "")), self.client_secret
        ):
            return _oauth_error(401, "invalid_client", "Invalid client.")
        if form.get("grant_type") != "authorization_code":
            return _oauth_error(400, "unsupported_grant_type", "Unsupported grant type.")
        user = self._codes.pop(str(form.get("code", "")), None)
        if user is None:
            return _oauth_error(400, "invalid_grant", 'Invalid "code" in request.')
        token = secrets.token_urlsafe(24)
        self._tokens[token] = user
        return web.json_response(
            {
                "access_token": token,
                "token_type": "Bearer",
                "expires_in": TOKEN_SECONDS,
                "refresh_token": secrets.token_urlsafe(24),
                "scope": "identify",
            }
        )

    async def _me(self, request: web.Request) -> web.Response:
        scheme, _, token = request.headers.get("Authorization", "").partition(" ")
        user = self._tokens.get(token) if scheme == "Bearer" else None
        if user is None:
            return web.json_response({"message": "401: Unauthorized", "code": 0}, status=401)
        return web.json_response(user.me())
