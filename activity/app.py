"""The Activity's web app: the client's page (behind a Discord-like content security
policy), its script and style, and the JSON API (``activity.api``)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from aiohttp import web

from .api import Api, guarded, home, move, open_board, picture, show_board, token
from .session import Sessions

if TYPE_CHECKING:
    from bot import PipesBot

WEB = Path(__file__).with_name("web")
BUNDLE = WEB / "dist" / "app.js"
#: What Discord's proxy allows an Activity, and no more: its own origin only (no inline
#: script or style, no outside URL), inside Discord's client.
CSP = (
    "default-src 'self'; img-src 'self'; style-src 'self'; script-src 'self'; "
    "connect-src 'self'; frame-ancestors 'self' https://discord.com https://*.discord.com"
)
CSP_HEADER = "Content-Security-Policy"
_CLIENT_ID = re.compile(r'(<meta name="client-id" content=")[^"]*(")')
NOT_BUILT = "The Activity's client is not built: run `python3 tasks.py run` once."
#: The largest request body the API reads.
MAX_BODY = 16 * 1024
API = web.AppKey("api", Api)


def create_app(bot: PipesBot) -> web.Application:
    """The Activity's app over the bot's service (set up or not yet: the service is read at
    each request), signing sessions with the application's secret."""
    app = web.Application(client_max_size=MAX_BODY)
    api = Api(bot, Sessions(bot.settings.client_secret))
    app[API] = api

    async def index(_request: web.Request) -> web.Response:
        if not BUNDLE.is_file():
            return web.Response(
                status=503, text=NOT_BUILT, headers={"Content-Security-Policy": CSP}
            )
        page = (WEB / "index.html").read_text()
        return web.Response(
            text=_CLIENT_ID.sub(lambda m: f"{m[1]}{bot.settings.client_id}{m[2]}", page),
            content_type="text/html",
            headers={CSP_HEADER: CSP, "Cache-Control": "no-cache"},
        )

    async def script(_request: web.Request) -> web.StreamResponse:
        if not BUNDLE.is_file():
            return web.Response(status=503, text=NOT_BUILT)
        return web.FileResponse(BUNDLE, headers={"Cache-Control": "no-cache"})

    async def style(_request: web.Request) -> web.StreamResponse:
        return web.FileResponse(WEB / "style.css", headers={"Cache-Control": "no-cache"})

    app.router.add_get("/", index)
    app.router.add_get("/app.js", script)
    app.router.add_get("/style.css", style)
    app.router.add_post("/api/token", guarded(token, api))
    app.router.add_get("/api/home", guarded(home, api))
    app.router.add_post("/api/boards", guarded(open_board, api))
    app.router.add_get(r"/api/boards/{game}", guarded(show_board, api))
    app.router.add_post(r"/api/boards/{game}/moves", guarded(move, api))
    app.router.add_get(r"/api/pictures/{game}/{name}", guarded(picture, api))
    app.on_cleanup.append(api.close)
    return app
