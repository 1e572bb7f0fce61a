"""Signing in: the OAuth2 code the Activity got from Discord's client (AUTHORIZE) is
exchanged for an access token at Discord's token endpoint, and the token names the user
(``/users/@me``). The API's base is a setting, so tests point it at a fake on loopback."""

from __future__ import annotations

from typing import Any

import aiohttp

from .session import Player

#: How long Discord may take to answer one request.
TIMEOUT = aiohttp.ClientTimeout(total=10)


class SignInRefused(Exception):
    """Discord did not vouch for the player; the message is for people."""


async def sign_in(api: str, client_id: str, client_secret: str, code: str) -> tuple[str, Player]:
    """The access token for ``code`` and the player it belongs to."""
    form = {
        "client_id": client_id,
        "client_secret": client_secret,
        "grant_type": "authorization_code",
        "code": code,
    }
    try:
        async with aiohttp.ClientSession(timeout=TIMEOUT) as http:
            async with http.post(f"{api}/oauth2/token", data=form) as answer:
                granted: Any = await answer.json() if answer.status == 200 else None
            token = granted.get("access_token") if isinstance(granted, dict) else None
            if not isinstance(token, str):
                raise SignInRefused("Discord did not accept the sign-in: open the Activity again.")
            headers = {"Authorization": f"Bearer {token}"}
            async with http.get(f"{api}/users/@me", headers=headers) as answer:
                user: Any = await answer.json() if answer.status == 200 else None
    except (aiohttp.ClientError, TimeoutError, ValueError):
        raise SignInRefused("Discord could not be reached to sign you in: try again.") from None
    if not isinstance(user, dict) or not str(user.get("id", "")).isdigit():
        raise SignInRefused("Discord did not say who you are: open the Activity again.")
    name = user.get("global_name") or user.get("username") or "Player"
    return token, Player(int(user["id"]), str(name))
