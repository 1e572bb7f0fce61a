"""The fake Discord that the playground and the browser tests sign in through answers as
Discord's OAuth2 does: a code for a user, exchanged once with the right secret for a
token, which names the user at ``/users/@me``; anything else refused in Discord's words."""

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from playground.discord_fake import PREFIX, FakeDiscord

CLIENT_ID, SECRET = "1234567890", "the-secret"


@pytest.fixture
async def discord():
    app = web.Application()
    app.add_subapp(PREFIX + "/", FakeDiscord(CLIENT_ID, SECRET).app())
    async with TestClient(TestServer(app)) as client:
        yield client


async def code(discord, user="1001", name="Alice", client_id=CLIENT_ID):
    answer = await discord.post(
        f"{PREFIX}/authorize", json={"client_id": client_id, "user": user, "name": name}
    )
    return answer.status, await answer.json()


async def exchange(discord, code, secret=SECRET, grant="authorization_code"):
    form = {"client_id": CLIENT_ID, "client_secret": secret, "grant_type": grant, "code": code}
    answer = await discord.post(f"{PREFIX}/oauth2/token", data=form)
    return answer.status, await answer.json()


async def me(discord, token):
    answer = await discord.get(f"{PREFIX}/users/@me", headers={"Authorization": f"Bearer {token}"})
    return answer.status, await answer.json()


async def test_a_code_becomes_a_token_that_names_its_user(discord):
    status, granted = await code(discord, "1001", "Alice")
    assert status == 200
    status, token = await exchange(discord, granted["code"])
    assert status == 200
    assert token["token_type"] == "Bearer" and token["scope"] == "identify"
    assert token["expires_in"] > 0
    assert await me(discord, token["access_token"]) == (
        200,
        {
            "id": "1001",
            "username": "alice",
            "global_name": "Alice",
            "discriminator": "0",
            "avatar": None,
            "public_flags": 0,
        },
    )
    # Two users' codes never cross.
    _, other = await code(discord, "1002", "Bob")
    _, bobs = await exchange(discord, other["code"])
    assert (await me(discord, bobs["access_token"]))[1]["id"] == "1002"


async def test_what_discord_refuses_is_refused_in_its_words(discord):
    _, granted = await code(discord)
    assert await exchange(discord, granted["code"], secret="wrong") == (
        401,
        {"error": "invalid_client", "error_description": "Invalid client."},
    )
    assert (await exchange(discord, granted["code"], grant="client_credentials"))[0] == 400
    assert (await exchange(discord, granted["code"]))[0] == 200
    # A code is spent once; an unknown one is refused the same way.
    for spent in (granted["code"], "made-up"):
        assert await exchange(discord, spent) == (
            400,
            {"error": "invalid_grant", "error_description": 'Invalid "code" in request.'},
        )
    assert await me(discord, "made-up") == (401, {"message": "401: Unauthorized", "code": 0})
    assert (await code(discord, client_id="999"))[0] == 400
    assert (await code(discord, user="alice"))[0] == 400


async def test_the_frame_page_names_the_application(discord):
    answer = await discord.get(f"{PREFIX}/frame?user=1001&name=Alice")
    page = await answer.text()
    assert f'<meta name="client-id" content="{CLIENT_ID}">' in page
    assert "script-src 'self'" in answer.headers["Content-Security-Policy"]
    assert '<script src="frame.js"' in page and "<script>" not in page
    script = await discord.get(f"{PREFIX}/frame.js")
    assert script.status == 200 and "HANDSHAKE" in await script.text()
