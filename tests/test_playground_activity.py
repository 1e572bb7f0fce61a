"""The playground hosts the Activity: its bot has an application of the playground's own,
the Activity's app and Discord's side of it (OAuth2, the parent frame) are served with the
page, Play opens the Activity in a pane for the player who pressed, and the page's switch
turns it off in the server as ``/pipes-setup activity`` does."""

import asyncio
import socket
import uuid
from types import SimpleNamespace

import pytest
from activitykit import solving_press
from aiohttp.test_utils import TestClient, TestServer

from activity import CSP
from activity.app import API
from playground.offline import CHANNEL_ID, GUILD_ID
from playground.server import CLIENT_ID, PLAYERS, Playground, make_app

ALICE, BOB = PLAYERS[0], PLAYERS[1]


@pytest.fixture
async def page(tmp_path):
    """The playground served on a loopback port it knows (its fake Discord answers there),
    and a client of it."""
    listening = socket.create_server(("127.0.0.1", 0))
    origin = f"http://127.0.0.1:{listening.getsockname()[1]}"
    playground = Playground(str(tmp_path / "pg.sqlite3"), origin=origin)
    await playground.start()
    server = TestServer(make_app(playground), socket_factory=lambda *_: listening)
    try:
        async with TestClient(server) as client:
            yield SimpleNamespace(playground=playground, client=client)
    finally:
        await playground.close()


async def post(client, path, body, token=None):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    answer = await client.post(path, json=body, headers=headers)
    return answer.status, await answer.json()


async def signed_in(client, player):
    """A session of the Activity for ``player``, got as the SDK gets one: a code from
    Discord's client (AUTHORIZE), exchanged by the backend at Discord's token endpoint."""
    status, granted = await post(
        client,
        "/discord/authorize",
        {"client_id": CLIENT_ID, "user": str(player.id), "name": player.name},
    )
    assert status == 200, granted
    status, signed = await post(client, "/activity/api/token", {"code": granted["code"]})
    assert status == 200, signed
    assert signed["user"] == {"id": str(player.id), "name": player.name}
    return signed["session"]


async def test_the_page_serves_the_activity_and_discord_s_frame_around_it(page):
    """The Activity is on in the playground: its app (behind Discord's policy, with the
    playground's application id) and the frame that plays Discord's client, on one origin."""
    client = page.client
    assert page.playground.bot.settings.activity
    activity = await client.get("/activity/")
    assert activity.status == 200
    assert activity.headers["Content-Security-Policy"] == CSP
    assert f'<meta name="client-id" content="{CLIENT_ID}">' in await activity.text()
    frame = await client.get("/discord/frame?user=1&name=Alice")
    assert frame.status == 200
    assert f'content="{CLIENT_ID}"' in await frame.text()
    state = await (await client.get(f"/api/state?user={ALICE.id}")).json()
    assert state["activity"] is True


async def play_button(client, kind_title="Pipes"):
    """Today's daily post (posted now) and the custom id of its Play button for a kind."""
    assert (await post(client, "/api/daily", {}))[1]["error"] is None
    shown = (await (await client.get(f"/api/state?user={BOB.id}")).json())["messages"]
    daily_post = shown[-1]
    play = next(
        c["custom_id"]
        for row in daily_post["components"]
        for c in row["components"]
        if c["label"] == f"▶ Play {kind_title}"
    )
    return daily_post["id"], play


async def test_a_daily_played_from_play_to_a_win_in_the_activity_shows_in_the_channel(page):
    """Bob presses Play; signed in, the Activity opens on that daily (its launch), he wins it
    by presses alone, and the bot's win line goes out to the channel (a message outside any
    interaction), which the page shows to everyone."""
    client, playground = page.client, page.playground
    message, play = await play_button(client)
    status, answer = await post(
        client, "/api/click", {"user": BOB.id, "message": message, "custom_id": play}
    )
    assert answer["launch"] is not None
    session = await signed_in(client, BOB)
    auth = {"Authorization": f"Bearer {session}"}
    launch = (await (await client.get("/activity/api/home", headers=auth)).json())["launch"]
    assert launch["kind"] == "pipes" and launch["daily_id"] == int(play.rsplit(":", 1)[1])
    status, opened = await post(client, "/activity/api/boards", launch, session)
    assert status == 200, opened
    view = opened["view"]
    kit = SimpleNamespace(harness=playground.harness)
    while view["ending"] == "playing":
        press, times = await solving_press(kit, view["id"])
        for _ in range(times):
            body = {"request": uuid.uuid4().hex, "version": view["version"], **press}
            status, moved = await post(
                client, f"/activity/api/boards/{view['id']}/moves", body, session
            )
            assert status == 200, moved
            view = moved["view"]
    assert view["ending"] == "solved"
    await asyncio.gather(*playground.activity[API].announcing)
    said = (await (await client.get(f"/api/state?user={ALICE.id}")).json())["messages"][-1]
    assert said["content"].startswith(f"🎉 <@{BOB.id}> solved the daily Pipes of ")
    assert not said["ephemeral"] and said["used"] is None


async def test_play_with_the_activity_on_opens_it_for_who_pressed_and_off_shows_the_board(page):
    """Play on the daily post (or a typed ``/<kind> daily``) answers with LAUNCH_ACTIVITY
    (callback type 12): the page is told to open Discord's frame for the player who asked, in
    the page's channel. Turned off with the page's switch (the server's setting), Play sends
    the board with buttons."""
    client, playground = page.client, page.playground
    message, play = await play_button(client)
    sent = len(playground.harness.requests)
    status, answer = await post(
        client, "/api/click", {"user": BOB.id, "message": message, "custom_id": play}
    )
    assert status == 200 and answer["error"] is None, answer
    assert answer["launch"] == (
        f"/discord/frame?user={BOB.id}&name={BOB.name}&guild={GUILD_ID}"
        f"&channel={CHANNEL_ID}&instance=i-{CHANNEL_ID}"
    )
    made = playground.harness.requests[sent:]
    assert [r.callback_type for r in made if r.callback_type is not None] == [12]
    launch = await playground.bot.storage.last_launch(BOB.id)
    assert launch is not None and launch.channel_id == CHANNEL_ID
    # Typed, /<kind> daily opens it too, for whoever typed it.
    status, answer = await post(client, "/api/command", {"user": ALICE.id, "text": "/maze daily"})
    assert answer["error"] is None and f"user={ALICE.id}&name=Alice&" in answer["launch"]
    # Off: the server's setting, as /pipes-setup activity sets it; Play shows the board.
    assert (await post(client, "/api/activity", {"on": False}))[1]["error"] is None
    settings = await playground.bot.storage.guild_settings(GUILD_ID)
    assert settings.activity is False
    state = await (await client.get(f"/api/state?user={BOB.id}")).json()
    assert state["activity"] is False
    status, answer = await post(
        client, "/api/click", {"user": BOB.id, "message": message, "custom_id": play}
    )
    assert answer == {"error": None, "launch": None}
    board = (await (await client.get(f"/api/state?user={BOB.id}")).json())["messages"][-1]
    assert board["files"] and board["components"]
