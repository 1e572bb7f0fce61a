"""The Activity's API over the real bot and storage: sessions, boards opened and played by
cell presses, doubled and stale requests, one player never reaching another's board, the
pictures and where their cells are, and every kind won by presses alone."""

import asyncio
import io
import uuid

import pytest
from activitykit import solving_press, start_activity
from botkit import ALICE, BOB, board_message, enable_daily, new_board
from PIL import Image

from activity.pictures import grid
from activity.session import Player, Sessions
from activity.views import plain
from bot.kinds import FACES
from play import load
from playground.offline import CHANNEL_ID, GUILD_ID
from puzzle import KINDS, Marks
from renderer.layout import layout


@pytest.fixture
async def activity(tmp_path, clock):
    activity = await start_activity(tmp_path, clock)
    yield activity
    await activity.client.close()
    await activity.harness.close()


async def test_every_call_needs_a_session_the_backend_signed(activity):
    status, body = await activity.call("GET", "/api/home")
    assert status == 401 and body["error"] == "Sign in again: your session has ended."
    forged = Sessions("another secret").issue(Player(ALICE, "Alice"))
    assert (await activity.call("GET", "/api/home", token=forged))[0] == 401
    tampered = activity.session(ALICE).replace("e", "f", 1)
    assert (await activity.call("GET", "/api/home", token=tampered))[0] == 401
    status, body = await activity.call("GET", "/api/home", ALICE)
    assert status == 200 and body["user"] == {"id": str(ALICE), "name": "Alice"}


def test_a_session_expires():
    now = [1000.0]
    sessions = Sessions("secret", clock=lambda: now[0])
    token = sessions.issue(Player(ALICE, "Alice"))
    assert sessions.player(token) == Player(ALICE, "Alice")
    now[0] += 13 * 3600
    assert sessions.player(token) is None


async def test_a_press_plays_the_kinds_own_press_once_even_when_sent_twice(activity):
    view = await activity.new(ALICE, params="5x4")
    assert len(view["cells"]) == 20 and view["cells"][7].startswith("C2: ")
    game = await activity.harness.bot.storage.game(view["id"])
    request = uuid.uuid4().hex
    status, body = await activity.press(ALICE, view, 7, "c", request=request)
    assert status == 200 and body["applied"] and body["view"]["version"] == 1
    after = await activity.harness.bot.storage.game(view["id"])
    kind, puzzle = KINDS["pipes"], load(game.puzzle)
    typed = kind.apply(puzzle, game.state, kind.parse_moves(puzzle, game.state, "C2")).state
    assert after.state == typed and after.turns == 1
    # The same request again (a response lost, the client retried): nothing more changes.
    status, again = await activity.press(ALICE, view, 7, "c", request=request)
    assert status == 200 and not again["applied"] and again["view"]["version"] == 1
    assert (await activity.harness.bot.storage.game(view["id"])).turns == 1


async def test_a_press_on_a_board_that_changed_since_is_refused_with_the_board_as_it_is(activity):
    view = await activity.new(ALICE)
    await activity.press(ALICE, view, 0)
    status, body = await activity.press(ALICE, view, 1)  # still version 0
    assert status == 409 and body["error"].endswith(".") and "\n" not in body["error"]
    assert body["view"]["version"] == 1
    assert (await activity.harness.bot.storage.game(view["id"])).turns == 1


@pytest.mark.parametrize(
    "body",
    [
        {"cell": 20},
        {"cell": -1},
        {"cell": "A1"},
        {"cell": 0, "mode": "zz"},
        {"control": "u"},
        {"action": "dance"},
        {},
    ],
)
async def test_bad_input_changes_nothing_and_says_so_in_one_sentence(activity, body):
    view = await activity.new(ALICE)
    sent = {"request": "r1", "version": 0, **body}
    status, answer = await activity.call("POST", f"/api/boards/{view['id']}/moves", ALICE, sent)
    assert status == 400 and answer["error"].endswith(".") and "\n" not in answer["error"]
    assert (await activity.harness.bot.storage.game(view["id"])).version == 0


async def test_one_player_never_reads_moves_or_sees_anothers_board(activity):
    view = await activity.new(ALICE)
    status, body = await activity.call("GET", f"/api/boards/{view['id']}", BOB)
    assert status == 403 and body["error"] == "That board is someone else's: open one of yours."
    assert (await activity.press(BOB, view, 0))[0] == 403
    assert (await activity.harness.bot.storage.game(view["id"])).version == 0
    url = view["picture"]["url"]
    assert (await activity.client.get("/" + url)).status == 200
    without = url.split("?")[0]
    assert (await activity.client.get("/" + without)).status == 404
    bobs = await activity.new(BOB)
    ticket = bobs["picture"]["url"].split("?")[1]
    assert (await activity.client.get(f"/{without}?{ticket}")).status == 404


@pytest.mark.parametrize("kind", sorted(FACES))
async def test_the_picture_is_the_kinds_own_and_its_cells_lie_where_the_view_says(activity, kind):
    face = FACES[kind]
    view = await activity.new(ALICE, kind, face.kind.presets[0])
    answer = await activity.client.get("/" + view["picture"]["url"])
    assert answer.status == 200 and answer.content_type == "image/png"
    picture = Image.open(io.BytesIO(await answer.read()))
    assert picture.size == (view["picture"]["width"], view["picture"]["height"])
    board = await activity.harness.bot.service.board(
        await activity.harness.bot.storage.game(view["id"])
    )
    drawn, _ = await face.draw(activity.harness.bot.workers, board, None, Marks())
    assert Image.open(io.BytesIO(drawn)).tobytes() == picture.tobytes()
    # The hit map is the shared layout's: cell (x, y) of the picture starts there.
    geometry = layout(view["width"], view["height"])
    cells = view["picture"]["grid"]
    assert cells["cell"] == geometry.cell
    assert (cells["left"], cells["top"]) == geometry.cell_origin(0, 0)


async def test_a_wrapping_boards_cells_start_past_its_gutter(activity):
    view = await activity.new(ALICE, "pipes", "6x6w")
    board = await activity.harness.bot.service.board(
        await activity.harness.bot.storage.game(view["id"])
    )
    png, _ = await FACES["pipes"].draw(activity.harness.bot.workers, board, None, Marks())
    wrapped = layout(6, 6, wrap=True)
    assert grid(board, png) == {
        "left": wrapped.cell_origin(0, 0)[0],
        "top": wrapped.cell_origin(0, 0)[1],
        "cell": wrapped.cell,
    }


@pytest.mark.parametrize("kind", sorted(FACES))
async def test_every_kind_is_won_by_presses_alone_and_ranked(activity, kind):
    face = FACES[kind]
    # Made first: home leaves out a daily still being made after a few seconds (some kinds'
    # take longer on a busy machine) and shows it on the next call.
    await activity.harness.bot.service.todays_daily(None, kind)
    status, home = await activity.call("GET", "/api/home", ALICE)
    daily = next(d for d in home["dailies"] if d["kind"] == kind)
    assert daily["state"] == "new"
    status, body = await activity.call(
        "POST", "/api/boards", ALICE, {"daily_id": daily["daily_id"]}
    )
    assert status == 200, body
    view = body["view"]
    assert view["daily"] == daily["date"] and view["elapsed"] == 0
    view = await solve(activity, ALICE, view)
    assert view["ending"] == "solved" and view["result"]["share"].startswith(face.kind.title)
    assert view["actions"] == [] and view["animation"]["url"].endswith(
        f"{view['version']}-win.gif?" + view["animation"]["url"].split("?")[1]
    )
    result = await activity.harness.bot.storage.result(daily["daily_id"], ALICE)
    assert result is not None and result.game_id == view["id"]
    answer = await activity.client.get("/" + view["animation"]["url"])
    assert answer.status == 200


async def test_a_daily_exists_for_a_player_once_they_open_it_and_its_clock_starts_then(
    activity, clock
):
    status, home = await activity.call("GET", "/api/home", ALICE)
    daily = next(d for d in home["dailies"] if d["kind"] == "pipes")
    assert await activity.harness.bot.storage.daily_game(ALICE, daily["daily_id"]) is None
    clock.advance(hours=3)
    opened = {"daily_id": daily["daily_id"]}
    status, body = await activity.call("POST", "/api/boards", ALICE, opened)
    game = await activity.harness.bot.storage.daily_game(ALICE, daily["daily_id"])
    assert status == 200 and game.started_at == clock.now and body["view"]["id"] == game.id
    # Opening it again is the same board, its clock running on.
    clock.advance(minutes=5)
    status, again = await activity.call("POST", "/api/boards", ALICE, opened)
    assert again["view"]["id"] == game.id and again["view"]["elapsed"] == 300


async def test_a_daily_not_begun_or_unknown_is_refused_in_one_sentence(activity, clock):
    service = activity.harness.bot.service
    tomorrow = await service.daily_puzzle(
        service.today().replace(day=service.today().day + 1),
        KINDS["pipes"].parse_params("5x4"),
        "pipes",
    )
    for daily_id in (tomorrow.id, 999_999):
        status, body = await activity.call("POST", "/api/boards", ALICE, {"daily_id": daily_id})
        assert status == 409 and body["error"].endswith(".") and "\n" not in body["error"]
    assert await activity.harness.bot.storage.unfinished_games(ALICE) == []


async def solve(activity, user, view):
    """Press the kind's hints, one press at a time, until the board is over."""
    while view["ending"] == "playing":
        press, times = await solving_press(activity, view["id"])
        for _ in range(times):
            sent = {"request": uuid.uuid4().hex, "version": view["version"], **press}
            status, body = await activity.call(
                "POST", f"/api/boards/{view['id']}/moves", user, sent
            )
            assert status == 200, body
            view = body["view"]
    return view


async def test_the_activity_opens_on_the_play_pressed_and_a_win_there_is_said_in_its_channel(
    activity, clock
):
    await enable_daily(activity.harness, "5x4")
    made = await activity.harness.command("daily", ALICE, group="mines")
    assert made[0].callback_type == 12
    status, home = await activity.call("GET", "/api/home", ALICE)
    launch = home["launch"]
    today = await activity.harness.bot.service.todays_daily(GUILD_ID, "mines")
    assert launch == {"kind": "mines", "daily_id": today.id, "game_id": None}
    status, body = await activity.call("POST", "/api/boards", ALICE, {"daily_id": today.id})
    game = await activity.harness.bot.storage.game(body["view"]["id"])
    assert (game.guild_id, game.channel_id, game.daily_id) == (GUILD_ID, CHANNEL_ID, today.id)
    before = len(activity.harness.requests)
    view = await solve(activity, ALICE, body["view"])
    assert view["ending"] == "solved"
    await asyncio.gather(*activity.api.announcing)
    said = [
        r
        for r in activity.harness.requests[before:]
        if r.method == "POST" and r.path == f"/channels/{CHANNEL_ID}/messages"
    ]
    assert len(said) == 1 and said[0].content.startswith(f"🎉 <@{ALICE}> solved the daily")
    assert view["result"]["share"] in said[0].content
    # Ten minutes later the Activity opens on its home list, still on that server's dailies.
    clock.advance(minutes=11)
    status, home = await activity.call("GET", "/api/home", ALICE)
    assert status == 200 and home["launch"] is None
    assert next(d for d in home["dailies"] if d["kind"] == "mines")["state"] == "solved"


async def test_another_servers_daily_is_refused_where_the_player_pressed_play(activity):
    await enable_daily(activity.harness, "6x5")
    await activity.harness.command("daily", ALICE)
    elsewhere = await activity.harness.bot.service.todays_daily(None, "pipes")
    status, body = await activity.call("POST", "/api/boards", ALICE, {"daily_id": elsewhere.id})
    assert status == 409 and body["error"] == "That is not a daily puzzle of this server."


def test_the_faces_lines_lose_discords_markup_timer_and_links():
    line = "**Daily** · 3 walls · [Open on puzz.link](<https://puzz.link/p?x>) · ⏱ started <t:9:R>"
    assert plain(line) == "Daily · 3 walls"
    assert plain("💡 1 (+0:30) · `B3`") == "💡 1 (+0:30) · B3"


async def test_a_board_moves_between_the_activity_and_the_buttons_both_ways(activity):
    harness = activity.harness
    # Started with a button message, it is listed in the Activity and played there...
    *_, game = await new_board(harness, ALICE)
    _, home = await activity.call("GET", "/api/home", ALICE)
    assert [b["game_id"] for b in home["boards"]] == [game.id]
    _, body = await activity.call("GET", f"/api/boards/{game.id}", ALICE)
    status, played = await activity.press(ALICE, body["view"], 3)
    assert status == 200 and played["view"]["version"] == 1
    # ...and a typed move goes on from there, on the same board.
    await harness.command("rotate", ALICE, cells="A1")
    assert (await harness.bot.storage.game(game.id)).version == 2
    # Started in the Activity, `resume` brings it back as a message with its buttons.
    view = await activity.new(ALICE, "mines", "9x9")
    await activity.press(ALICE, view, 0, "f")
    made = await harness.command("resume", ALICE, group="mines")
    shown = board_message(made)
    assert shown.content.startswith("**Minesweeper") and any(
        c["custom_id"].startswith(f"pipes:t:{view['id']}:")
        for row in shown.data["components"]
        for c in row["components"]
    )


async def test_without_its_built_client_the_page_says_how_to_build_it(
    activity, monkeypatch, tmp_path
):
    monkeypatch.setattr("activity.app.BUNDLE", tmp_path / "missing.js")
    answer = await activity.client.get("/")
    assert answer.status == 503
    assert (
        await answer.text()
        == "The Activity's client is not built: run `python3 tasks.py run` once."
    )


async def test_tokens_tickets_and_ids_of_any_text_or_size_are_refused_not_crashed(activity):
    assert (await activity.call("GET", "/api/home", token="é.ü"))[0] == 401
    view = await activity.new(ALICE)
    without = view["picture"]["url"].split("?")[0]
    assert (await activity.client.get(f"/{without}?t=é")).status == 404
    status, body = await activity.call("POST", "/api/boards", ALICE, {"daily_id": 2**70})
    assert status == 400 and body["error"] == "That request could not be read."
    assert (await activity.call("GET", f"/api/boards/{10**25}", ALICE))[0] == 404


async def test_a_play_whose_daily_was_still_being_made_opens_the_home_list(activity, clock):
    await activity.harness.bot.storage.remember_launch(ALICE, "choco", None, GUILD_ID, CHANNEL_ID)
    status, home = await activity.call("GET", "/api/home", ALICE)
    assert status == 200 and home["launch"] is None


async def test_a_board_for_everyone_is_played_in_its_channel_not_in_the_activity(activity):
    await activity.harness.command("together", ALICE, size="5x4")
    game = (await activity.harness.bot.storage.unfinished_games(ALICE))[0]
    assert game.mode == "shared"
    status, body = await activity.call("GET", "/api/home", ALICE)
    assert status == 200 and body["boards"] == []
    status, body = await activity.call("GET", f"/api/boards/{game.id}", ALICE)
    said = "That board is everyone's in its channel: play it with its buttons there."
    assert status == 403 and body["error"] == said
