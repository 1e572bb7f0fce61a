import asyncio
import contextlib
import html
import json
import logging
import os
import re
import sqlite3
import threading
import urllib.request
from concurrent.futures import Future
from dataclasses import replace
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path
from types import SimpleNamespace

import pytest
from aiohttp.test_utils import TestClient, TestServer
from framekit import chromium

from bot.kinds import FACES
from kinds.choco.engine import edges as choco_edges
from kinds.pipes.engine import KIND, from_code, turns_between
from playground.offline import CHANNEL_ID, GUILD_ID
from playground.server import PLAYERS, PUZZLERS, Playground, make_app, serve
from puzzle import KINDS
from puzzle.grid import cell_name

USERS = ALICE, BOB, CAROL = tuple(str(p.id) for p in PLAYERS)


@pytest.fixture
async def playground(tmp_path):
    playground = Playground(str(tmp_path / "pg.sqlite3"))
    await playground.start()
    yield playground
    await playground.close()


@pytest.fixture
async def client(playground):
    async with TestClient(TestServer(make_app(playground))) as test_client:
        yield test_client


async def say(client, user, text):
    response = await client.post("/api/command", json={"user": user, "text": text})
    return (await response.json())["error"]


async def messages(client, user):
    return (await (await client.get(f"/api/state?user={user}")).json())["messages"]


async def test_commands_typed_on_the_page_reach_the_real_bot(client):
    assert await say(client, ALICE, "/pipes new 5x5 seed:page") is None
    board = (await messages(client, ALICE))[-1]
    assert board["content"].startswith("**Pipes 5x5-page**")
    assert [f["name"] for f in board["files"]] == ["board.png"]
    image = await client.get(board["files"][0]["url"])
    assert image.content_type == "image/png" and (await image.read())[:4] == b"\x89PNG"
    assert await say(client, ALICE, "/pipes rotate A1 B2x2") is None
    private = (await messages(client, ALICE))[-1]
    assert private["ephemeral"] and "3 turns" in private["content"]
    assert private not in await messages(client, BOB)  # ephemeral: Alice's only
    # The public board was edited too: a new image behind a new URL (no stale cache).
    public = (await messages(client, BOB))[-1]
    assert "3 turns" in public["content"]
    assert public["files"][0]["url"] != board["files"][0]["url"]


async def test_a_command_s_answers_say_who_used_it_as_discord_does(client):
    """Discord heads the answers to a slash command with "Alice used /pipes new": the
    "thinking" message and what fills it, a typed move's private answer; a board edited by a
    move keeps its own heading, and a button press adds none."""
    assert await say(client, ALICE, "/pipes new 5x4 seed:used") is None
    board = (await messages(client, BOB))[-1]
    assert board["used"] == {"user": ALICE, "command": "/pipes new"}
    assert await say(client, BOB, "/pipes help") is None
    assert (await messages(client, BOB))[-1]["used"] == {"user": BOB, "command": "/pipes help"}
    assert await say(client, ALICE, "/pipes rotate A1") is None
    shown = await messages(client, ALICE)
    assert shown[-1]["ephemeral"]
    assert shown[-1]["used"] == {"user": ALICE, "command": "/pipes rotate"}
    assert next(m for m in shown if m["id"] == board["id"])["used"] == board["used"]
    tile = next(
        c["custom_id"] for row in board["components"] for c in row["components"]
        if ":t:" in c["custom_id"]
    )  # fmt: skip
    response = await client.post(
        "/api/click", json={"user": ALICE, "message": board["id"], "custom_id": tile}
    )
    assert (await response.json())["error"] is None
    after = await messages(client, ALICE)
    assert [(m["id"], m["used"]) for m in after] == [(m["id"], m["used"]) for m in shown]
    assert "2 turns" in next(m for m in after if m["id"] == board["id"])["content"]


def suggested(page: str) -> list[str]:
    """The commands a page suggests: the placeholder's example and the picker's list."""
    example = re.search(r'placeholder="[^"]*?like (/[^"]*)"', page)
    assert example is not None
    picker = re.search(r'<datalist id="suggestions">(.*?)</datalist>', page, re.S)
    assert picker is not None
    offered = re.findall(r'<option value="([^"]*)"', picker[1])
    return list(dict.fromkeys(html.unescape(text) for text in (example[1], *offered)))


async def test_every_command_the_page_suggests_works(client, playground, caplog):
    """Each command the page suggests, typed in the order shown, is read and done: no line
    on the page, no refusal by the bot. The typed moves are in each kind's own notation,
    on a board of its own that a suggested command makes."""
    caplog.set_level(logging.INFO, logger="bot.interactions")
    page = await (await client.get("/")).text()
    commands = suggested(page)
    for name, face in playground.faces().items():  # a board and a move of every kind
        assert any(c.startswith(f"/{name} new ") for c in commands), name
        assert any(c.split()[:2] in ([f"/{name}", v.name] for v in face.verbs) for c in commands)
    for text in commands:
        assert await say(client, ALICE, text) is None, text
    done = [r.getMessage() for r in caplog.records if r.name == "bot.interactions"]
    assert len(done) == len(commands)  # each reached the bot
    assert all(line.endswith("outcome=ok") for line in done), done


async def test_bad_commands_get_a_sentence(client):
    assert "start with /pipes" in await say(client, ALICE, "hello")
    assert "has no “frobnicate”" in await say(client, ALICE, "/pipes frobnicate")
    assert "needs cells" in await say(client, ALICE, "/pipes rotate")
    assert "No player called" in await say(client, ALICE, "/pipes stats user:@zed")


async def test_a_text_option_runs_to_the_next_name_as_in_discord(client, playground):
    """As in Discord's client, ``name:`` starts an option and its value is every word up to
    the next ``name:``; words without a name fill the options in order."""
    assert await say(client, ALICE, "/pipes new 6x6 seed:two words level:hard") is None
    board = (await messages(client, ALICE))[-1]["content"]
    assert board.startswith("**Pipes 6x6h-two-words** · 6×6 · hard")
    # The help's own example: three moves in one option.
    assert await say(client, ALICE, "/pipes rotate cells:B3 C4x2 D1ccw") is None
    assert "4 turns" in (await messages(client, ALICE))[-1]["content"]
    # Without names, as before: the size, then every word a move.
    assert await say(client, ALICE, "/pipes new 6x6") is None
    assert (await messages(client, ALICE))[-1]["content"].startswith("**Pipes 6x6-")
    assert await say(client, ALICE, "/pipes rotate B3 C4x2") is None
    assert "3 turns" in (await messages(client, ALICE))[-1]["content"]
    # A time of day in two words, and a quoted value.
    setup = "/pipes-setup daily time:9:30 pm timezone:Europe/Berlin"
    assert await say(client, CAROL, setup) is None
    saved = await playground.bot.storage.guild_settings(GUILD_ID)
    assert (saved.post_time, saved.timezone) == (time(21, 30), "Europe/Berlin")
    assert "21:30 Europe/Berlin" in (await messages(client, CAROL))[-1]["content"]
    assert await say(client, CAROL, '/pipes-setup daily time:"7 am" timezone:UTC') is None
    saved = await playground.bot.storage.guild_settings(GUILD_ID)
    assert (saved.post_time, saved.timezone) == (time(7, 0), "UTC")
    assert await say(client, ALICE, '/pipes new 5x4 seed:"a b') == "Close your quotes."
    assert await say(client, ALICE, "/pipes new sise:6x6") == (
        "/pipes new has no option sise: its options are size, level, wrap, seed."
    )


async def test_values_discord_would_not_send_are_refused_on_the_page(client, playground):
    """Declared choices, numbers in range, true/false and text lengths are checked on the
    page as Discord's client checks them: one sentence, and nothing reaches the bot."""
    sent = len(playground.harness.requests)
    titles = ", ".join(face.kind.title for face in FACES.values())
    refused = {
        "/pipes new 5x4 level:bogus": "level must be one of: easy, normal, hard.",
        "/pipes leaderboard period:year": (
            "period must be one of: the day, the week, the month, all time."
        ),
        "/pipes-setup kind kind:chess": f"kind must be one of: {titles}.",
        "/mines new beginner mines:0": "mines must be a whole number from 1 to 200.",
        "/mines new beginner mines:201": "mines must be a whole number from 1 to 200.",
        "/mines new beginner mines:1.5": "mines must be a whole number, not 1.5.",
        "/pipes new 5x4 wrap:maybe": "wrap must be true or false, not maybe.",
        "/pipes new 5x4 seed:" + "s" * 33: "seed can be at most 32 characters long (this is 33).",
        '/pipes new 5x4 seed:""': "seed needs a value (or leave it out).",
        "/pipes new 5x4 level:hard level:easy": "level is given twice: give each option once.",
    }
    for text, sentence in refused.items():
        assert await say(client, CAROL, text) == sentence, text
    assert len(playground.harness.requests) == sent  # nothing reached the bot
    # A choice is picked by its name or its value, in any case, and sent as its value.
    assert await say(client, ALICE, "/pipes new 6x6 level:HARD seed:c") is None
    assert (await messages(client, ALICE))[-1]["content"].startswith("**Pipes 6x6h-c**")
    assert await say(client, ALICE, "/pipes leaderboard period:the Week") is None
    week = (await messages(client, ALICE))[-1]["content"]
    assert await say(client, ALICE, "/pipes leaderboard period:week") is None
    assert (await messages(client, ALICE))[-1]["content"] == week
    name, face = next(iter(FACES.items()))
    assert await say(client, CAROL, f"/pipes-setup kind kind:{face.kind.title.upper()}") is None
    assert (await messages(client, CAROL))[-1]["content"].startswith("Saved.")
    assert await say(client, CAROL, f"/pipes-setup kind kind:{name} on:yes") is None


async def test_users_roles_and_channels_resolve(client, playground, monkeypatch):
    """Users by the players' names, roles of the page's server (one people join, to be
    pinged by the daily post) and its channel: sent with Discord's ``resolved`` data."""
    payloads = []
    build = playground.harness.command_payload

    def recorded(*args, **kwargs):
        payloads.append(build(*args, **kwargs))
        return payloads[-1]

    monkeypatch.setattr(playground.harness, "command_payload", recorded)
    text = "/pipes-setup daily channel:#puzzles time:9am ping_role:puzzlers"
    assert await say(client, CAROL, text) is None
    resolved = payloads[-1]["data"]["resolved"]
    assert resolved["roles"][str(PUZZLERS)]["name"] == "puzzlers"
    assert list(resolved["channels"]) == [str(CHANNEL_ID)]
    assert (await playground.bot.storage.guild_settings(GUILD_ID)).role_id == PUZZLERS
    assert (await (await client.post("/api/daily")).json())["error"] is None
    post = next(m for m in await messages(client, BOB) if "Daily" in m["content"])
    assert post["content"].startswith(f"<@&{PUZZLERS}> ")
    state = await (await client.get(f"/api/state?user={BOB}")).json()
    assert {"id": str(PUZZLERS), "name": "puzzlers"} in state["roles"]
    # @everyone is a role of the server too (the bot refuses to ping it); others are not.
    assert await say(client, CAROL, "/pipes-setup daily ping_role:@everyone") is None
    assert "does not ping @everyone" in (await messages(client, CAROL))[-1]["content"]
    assert await say(client, CAROL, "/pipes-setup daily ping_role:admins") == (
        "No role called admins: this server has @everyone and @puzzlers."
    )
    assert await say(client, CAROL, "/pipes-setup daily channel:general") == (
        "No channel called general for channel: this server has #puzzles."
    )
    assert await say(client, ALICE, "/pipes stats user:bob") is None
    assert resolved is not payloads[-1]["data"]["resolved"]
    assert list(payloads[-1]["data"]["resolved"]["users"]) == [BOB]


async def test_a_bot_failure_is_one_line_that_the_next_command_clears(
    client, playground, monkeypatch
):
    """A command the bot fails on is answered with its apology and one line on the page;
    the next command runs as usual (the failure is that command's, not every later one's)."""

    async def broken(*_args, **_kwargs):
        raise RuntimeError("the disk is on fire")

    monkeypatch.setattr(playground.bot.service, "stats", broken)
    failed = await say(client, ALICE, "/pipes stats")
    assert failed.startswith("The bot failed (RuntimeError: the disk is on fire)")
    assert (await messages(client, ALICE))[-1]["content"].startswith("Sorry, something went wrong")
    monkeypatch.undo()
    assert await say(client, ALICE, "/pipes stats") is None
    assert await say(client, ALICE, "/pipes new 5x4") is None
    assert (await messages(client, ALICE))[-1]["content"].startswith("**Pipes 5x4-")


async def test_daily_post_and_next_day(client):
    assert (await (await client.post("/api/daily")).json())["error"] is None
    again = (await (await client.post("/api/daily")).json())["error"]
    assert "already posted" in again
    # The next day's post time (midnight UTC here) has come once the clock steps there.
    day = (await (await client.post("/api/next-day")).json())["date"]
    assert "already posted" in (await (await client.post("/api/daily")).json())["error"]
    posts = [m for m in await messages(client, BOB) if "Daily Pipes —" in m["content"]]
    assert len(posts) == 2 and day in posts[-1]["content"]


async def test_a_restart_keeps_the_channel_and_the_clock(tmp_path):
    """Restarting the playground on the same database shows the same channel (pictures and
    private messages included, buttons still working) on the same stepped date."""
    database = str(tmp_path / "kept.sqlite3")
    first = Playground(database)
    await first.start()
    try:
        async with TestClient(TestServer(make_app(first))) as client:
            assert await say(client, ALICE, "/pipes new 5x4 seed:kept") is None
            day = (await (await client.post("/api/next-day")).json())["date"]
            assert await say(client, ALICE, "/pipes rotate A1") is None
            before = {u: await (await client.get(f"/api/state?user={u}")).json() for u in USERS}
            board = next(m for m in before[ALICE]["messages"] if "Pipes 5x4-kept" in m["content"])
            picture = await (await client.get(board["files"][0]["url"])).read()
    finally:
        await first.close()
    assert (tmp_path / "kept.playground.json").is_file()
    second = Playground(database)
    await second.start()
    try:
        async with TestClient(TestServer(make_app(second))) as client:
            for user, state in before.items():
                after = await (await client.get(f"/api/state?user={user}")).json()
                assert {**after, "now": 0} == {**state, "now": 0}
            assert before[ALICE]["date"] == day
            assert before[ALICE]["messages"] != before[BOB]["messages"]  # Alice's private reply
            assert await (await client.get(board["files"][0]["url"])).read() == picture
            tile = next(
                c["custom_id"] for row in board["components"] for c in row["components"]
                if c["custom_id"].startswith("pipes:t:")
            )  # fmt: skip
            response = await client.post(
                "/api/click", json={"user": ALICE, "message": board["id"], "custom_id": tile}
            )
            assert (await response.json())["error"] is None
            edited = next(m for m in await messages(client, BOB) if m["id"] == board["id"])
            assert "2 turns" in edited["content"]
    finally:
        await second.close()
    # A database new to the playground starts with an empty channel on today's date.
    for path in tmp_path.glob("kept.sqlite3*"):
        path.unlink()
    third = Playground(database)
    await third.start()
    try:
        assert third.state(int(ALICE))["messages"] == []
        assert third.clock.offset == timedelta(0)
    finally:
        await third.close()


class RealClock:
    """The real time as a test sets it."""

    def __init__(self, now):
        self.now = now

    def __call__(self):
        return self.now


async def test_the_daily_post_keeps_its_time_on_the_page_clock(tmp_path):
    """The daily is posted when the page's clock (stepped days included) reaches its post
    time in the server's zone, and "post now" posts the date the server is on."""
    real = RealClock(datetime(2026, 11, 24, 12, 0, tzinfo=UTC))
    playground = Playground(str(tmp_path / "clock.sqlite3"), real_clock=real)
    await playground.start()
    try:
        async with TestClient(TestServer(make_app(playground))) as client:
            setup = "/pipes-setup daily time:9:30 pm timezone:Europe/Berlin"  # 20:30 UTC
            assert await say(client, CAROL, setup) is None
            at = datetime(2026, 11, 24, 20, 30, tzinfo=UTC)
            assert (
                f"Next post: <t:{int(at.timestamp())}:F>."
                in ((await messages(client, CAROL))[-1]["content"])
            )
            assert await playground.tick() == 0  # noon: not yet
            state = await (await client.post("/api/next-day")).json()
            assert state == {"error": None, "date": "2026-11-25"}
            assert await say(client, CAROL, "/pipes-setup status") is None
            at += timedelta(days=1)
            assert (
                f"Next post: <t:{int(at.timestamp())}:F>."
                in ((await messages(client, CAROL))[-1]["content"])
            )
            page = await (await client.get(f"/api/state?user={BOB}")).json()
            assert page["now"] == int(datetime(2026, 11, 25, 12, tzinfo=UTC).timestamp() * 1000)
            assert not [m for m in page["messages"] if "Daily" in m["content"]]
            real.now = datetime(2026, 11, 24, 20, 31, tzinfo=UTC)  # the page: 25th, 21:31 Berlin
            assert await playground.tick() == 1
            post = (await messages(client, BOB))[-1]["content"]
            assert "Daily Pipes — 2026-11-25" in post
            # 23:30 UTC is already the 26th in Berlin: "post now" posts the 26th's daily.
            real.now = datetime(2026, 11, 24, 23, 30, tzinfo=UTC)
            assert (await (await client.post("/api/daily")).json())["error"] is None
            assert "Daily Pipes — 2026-11-26" in (await messages(client, BOB))[-1]["content"]
    finally:
        await playground.close()


# -- in a real browser ------------------------------------------------------------------


@pytest.fixture
def served(tmp_path):
    """The playground served from a thread, as ``python -m playground`` would: its URL, and
    the playground and the loop it runs on (to hold the bot up where a test must)."""
    started: Future = Future()
    loop = asyncio.new_event_loop()

    async def main():
        ready = loop.create_future()
        task = asyncio.ensure_future(serve(str(tmp_path / "e2e.sqlite3"), port=0, ready=ready))
        url, playground = await ready
        started.set_result(SimpleNamespace(url=url, playground=playground, loop=loop))
        with contextlib.suppress(asyncio.CancelledError):
            await task

    thread = threading.Thread(target=lambda: loop.run_until_complete(main()), daemon=True)
    thread.start()
    # Starting spawns and warms every worker process: allow a busy machine its time.
    yield started.result(timeout=120)
    for task in asyncio.all_tasks(loop):
        loop.call_soon_threadsafe(task.cancel)
    thread.join(timeout=10)


@pytest.fixture
def site(served):
    return served.url


@pytest.fixture
def browser():
    with chromium() as driver:
        yield driver


def wait_idle(driver):
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(driver, 30, poll_frequency=0.02).until(
        lambda d: d.execute_script("return document.body.dataset.busy") == "0"
    )


def type_command(driver, text):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    box = driver.find_element(By.ID, "box")
    box.send_keys(text + Keys.ENTER)
    wait_idle(driver)


def stored_daily(database, day):
    """The daily puzzle of a date as the playground stored it (its seed is the deployment's
    secret: no code reproduces it)."""
    raw = sqlite3.connect(database)
    raw.row_factory = sqlite3.Row
    row = raw.execute(
        "SELECT p.* FROM puzzles p JOIN daily_puzzles d ON d.puzzle_id = p.id "
        "WHERE d.date = ? AND d.kind = 'pipes'",
        (day,),
    ).fetchone()
    raw.close()
    return KIND.load(SimpleNamespace(**dict(row)))


def solve_by_typing(driver, puzzle):
    """Type the turns that solve the board in view, as one ``/pipes rotate``."""
    turns = [
        f"{cell_name(cell % puzzle.width, cell // puzzle.width)}x{k}"
        for cell, (tile, target) in enumerate(zip(puzzle.tiles, puzzle.solution, strict=True))
        if (k := turns_between(tile, target))
    ]
    type_command(driver, f"/pipes rotate cells:{' '.join(turns)}")


def solve_on_page(driver, puzzle):
    """Click the tile buttons of the newest board the engine's way until it is solved."""
    from selenium.webdriver.common.by import By

    first = driver.find_elements(By.CSS_SELECTOR, "button[data-custom-id^='pipes:t:']")[-20]
    game = first.get_attribute("data-custom-id").split(":")[2]
    for cell, (tile, target) in enumerate(zip(puzzle.tiles, puzzle.solution, strict=True)):
        for _ in range(turns_between(tile, target)):
            press(driver, f"button[data-custom-id='pipes:t:{game}:{cell}:0:0:c']")


def press(driver, selector):
    """Click the newest button matching ``selector`` (found afresh if the page re-drew)."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By

    for _ in range(5):
        try:
            driver.find_elements(By.CSS_SELECTOR, selector)[-1].click()
            break
        except StaleElementReferenceException:
            continue
    wait_idle(driver)


def screenshots() -> str | None:
    """The folder to save the README's pictures in (``PLAYGROUND_SCREENSHOTS``), if set."""
    shots = os.environ.get("PLAYGROUND_SCREENSHOTS")
    if shots:
        Path(shots).mkdir(parents=True, exist_ok=True)
    return shots


def text_of(driver):
    from selenium.webdriver.common.by import By

    return driver.find_element(By.ID, "messages").text


def opened(driver, url, width=None):
    """The page in the browser, ready (at ``width`` px wide, as a phone shows it, if given)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    if width is not None:
        driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": 740, "deviceScaleFactor": 2, "mobile": True},
        )
    driver.get(url)
    WebDriverWait(driver, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#user option"))


def newest(driver, part=""):
    """The text of the newest message (of its ``part``, a CSS selector, if given), read at
    once (the page re-draws while a test reads it)."""
    return driver.execute_script(
        "const all = document.querySelectorAll('.msg');"
        "const last = all[all.length - 1];"
        "const part = last && (arguments[0] ? last.querySelector(arguments[0]) : last);"
        "return part ? part.innerText : '';",
        part,
    )


def test_a_slow_answer_shows_thinking_under_who_used_it_in_chromium(served, browser, monkeypatch):
    """While the bot makes a board (held here until the test lets it go), the page shows what
    Discord shows: "Alice used /pipes new" over "Daily Pipes is thinking…"; then the board
    fills that message, under the same heading."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait

    service, release = served.playground.bot.service, asyncio.Event()
    made = service.new_game

    async def held(*args, **kwargs):
        await release.wait()
        return await made(*args, **kwargs)

    monkeypatch.setattr(service, "new_game", held)
    opened(browser, served.url)
    browser.find_element(By.ID, "box").send_keys("/pipes new 5x4 seed:slow" + Keys.ENTER)
    WebDriverWait(browser, 30, poll_frequency=0.05).until(
        lambda d: "Daily Pipes is thinking…" in newest(d)
    )
    assert newest(browser, ".used") == "Alice used /pipes new"
    assert browser.execute_script("return document.body.dataset.busy") == "1"
    served.loop.call_soon_threadsafe(release.set)
    wait_idle(browser)
    assert "Pipes 5x4-slow" in newest(browser) and "thinking" not in text_of(browser)
    assert newest(browser, ".used") == "Alice used /pipes new"


def at_end(driver) -> bool:
    """Whether the channel shows its newest message to its very end."""
    return driver.execute_script(
        "const list = document.getElementById('messages');"
        "return list.scrollHeight - list.scrollTop - list.clientHeight < 2;"
    )


def test_the_page_follows_the_newest_answer_as_discord_does_in_chromium(served, browser):
    """At the end of the channel the page keeps to the newest message as answers and their
    pictures arrive; a command typed while reading older messages jumps to its answer (as
    sending does on Discord); a message arriving while reading older ones leaves the reader
    where they are and offers a bar to jump to it."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    opened(browser, served.url, width=360)
    for seed in ("one", "two", "three"):
        type_command(browser, f"/pipes new 6x6 seed:{seed}")
        WebDriverWait(browser, 10, poll_frequency=0.05).until(at_end)
    assert browser.execute_script("return document.getElementById('messages').scrollTop") > 0
    browser.execute_script("document.getElementById('messages').scrollTop = 0")
    type_command(browser, "/pipes help")
    WebDriverWait(browser, 10, poll_frequency=0.05).until(at_end)
    assert "Daily Pipes" in newest(browser) and newest(browser, ".used") == "Alice used /pipes help"
    browser.execute_script("document.getElementById('messages').scrollTop = 0")
    present = browser.find_element(By.ID, "present")
    assert not present.is_displayed()
    # Bob starts a board: it arrives while Alice reads the top of the channel.
    request = urllib.request.Request(
        served.url + "api/command",
        data=json.dumps({"user": BOB, "text": "/pipes new 5x4 seed:bob"}).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        assert json.load(answer)["error"] is None
    WebDriverWait(browser, 10, poll_frequency=0.05).until(lambda _: present.is_displayed())
    assert browser.execute_script("return document.getElementById('messages').scrollTop") == 0
    present.click()
    WebDriverWait(browser, 10, poll_frequency=0.05).until(at_end)
    assert "Pipes 5x4-bob" in newest(browser) and not present.is_displayed()


def test_the_page_fits_a_phone_360_px_wide_in_chromium(served, browser):
    """At 360 px a board of every kind, its picture and its buttons fit the width: no
    sideways scrolling, no label cut (a row too wide for the screen wraps, as on Discord, but
    a row of cells stays a row), and the box to type in is in view."""
    from selenium.webdriver.common.by import By

    opened(browser, served.url, width=360)
    boards = [c for c in suggested(browser.page_source) if c.split()[1] == "new"]
    assert len(boards) == len(served.playground.faces())
    for command in [*boards, "/pipes help"]:
        type_command(browser, command)
    sizes = browser.execute_script(
        "const list = document.getElementById('messages');"
        "return [document.documentElement.scrollWidth, window.innerWidth,"
        " list.scrollWidth, list.clientWidth];"
    )
    assert sizes[0] <= sizes[1] and sizes[2] <= sizes[3], sizes
    cut = browser.execute_script(
        "return [...document.querySelectorAll('.row button, .msg img')].filter("
        "(e) => e.scrollWidth > e.clientWidth || e.getBoundingClientRect().right > 360"
        ").map((e) => e.innerText || e.alt);"
    )
    assert cut == []
    # A row of a board's cells stays one row, as on its picture.
    rows = browser.execute_script(
        "return [...document.querySelectorAll('.row')].map((row) => [...row.children].map("
        "(b) => [b.dataset.customId, b.innerText, b.offsetTop]));"
    )
    cells = [row for row in rows if all(":t:" in b[0] for b in row)]
    assert len(cells) >= len(boards)
    assert [row for row in cells if len({b[2] for b in row}) > 1] == []
    box = browser.find_element(By.ID, "box")
    assert box.is_displayed() and box.rect["x"] + box.rect["width"] <= 360


def test_play_a_game_and_the_daily_in_chromium(site, browser, tmp_path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    shots = screenshots()
    browser.get(site)
    WebDriverWait(browser, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#user option"))
    type_command(browser, "/pipes new 5x4 seed:e2e")
    assert "Pipes 5x4-e2e" in text_of(browser)
    solve_on_page(browser, from_code("5x4-e2e"))
    assert "solved 5x4-e2e" in text_of(browser)

    press(browser, "#activity")  # off: Play shows the board as a message, with buttons
    assert browser.find_element(By.ID, "activity").text == "Activity: off"
    press(browser, "#post-daily")  # the post carries every kind: play its Pipes
    play = next(
        b for b in browser.find_elements(By.CSS_SELECTOR, "button[data-custom-id^='pipes:play:']")
        if "Pipes" in b.text
    )  # fmt: skip
    press(browser, f"button[data-custom-id='{play.get_attribute('data-custom-id')}']")
    daily = text_of(browser).split("Daily Pipes — ")[1].split(" ")[0]
    # The smallest daily is 6×6, played through windows of buttons: typed at once here.
    solve_by_typing(browser, stored_daily(tmp_path / "e2e.sqlite3", daily))
    page = text_of(browser)
    assert f"solved the daily Pipes of {daily} · 6×6 · " in page
    assert f"#1 on this server for {daily}" in page
    if shots:
        threading.Event().wait(
            1.5
        )  # the picture, not a test: the water has run, the solved board holds
        browser.save_screenshot(f"{shots}/playground-daily-solved.png")
    type_command(browser, "/pipes leaderboard")
    assert "1. Alice · " in text_of(browser)
    if shots:
        browser.save_screenshot(f"{shots}/playground-leaderboard.png")
        type_command(browser, "/pipes new 6x6 seed:shot")
        board = browser.find_elements(By.CSS_SELECTOR, ".msg")[-1]
        tiles = board.find_elements(By.CSS_SELECTOR, "button[data-custom-id^='pipes:t:']")
        for tile in [t.get_attribute("data-custom-id") for t in tiles][::2]:
            press(browser, f"button[data-custom-id='{tile}']")
        browser.save_screenshot(f"{shots}/playground-6x6-mid-play.png")


def in_the_activity(driver, script):
    """Run ``script`` in the Activity's page (inside the pane, inside Discord's frame), and
    leave the driver on the channel's page."""
    from selenium.webdriver.common.by import By

    driver.switch_to.frame(driver.find_element(By.ID, "pane-frame"))
    driver.switch_to.frame(driver.find_element(By.ID, "activity"))
    try:
        return driver.execute_script(script)
    finally:
        driver.switch_to.default_content()


def test_play_opens_the_activity_beside_the_channel_signed_in_as_who_pressed_in_chromium(
    activity_bundle, served, browser
):
    """With the Activity on (the playground's default), Bob presses Play under the daily post:
    the bot answers LAUNCH_ACTIVITY, and the page opens the Activity in a pane beside the
    channel, in Discord's frame, signed in as Bob and on his board of that daily; ✕ closes it,
    and nothing was sent to the channel. Switched off, the same Play sends his board with its
    buttons."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.select import Select
    from selenium.webdriver.support.ui import WebDriverWait

    opened(browser, served.url)
    Select(browser.find_element(By.ID, "user")).select_by_visible_text("Bob")
    assert browser.find_element(By.ID, "activity").text == "Activity: on"
    press(browser, "#post-daily")
    shown = len(browser.find_elements(By.CSS_SELECTOR, ".msg"))
    pipes = next(
        b for b in browser.find_elements(By.CSS_SELECTOR, "button[data-custom-id^='pipes:play:']")
        if b.text == "▶ Play Pipes"
    )  # fmt: skip
    play = f"button[data-custom-id='{pipes.get_attribute('data-custom-id')}']"
    press(browser, play)
    pane = browser.find_element(By.ID, "pane")
    assert pane.is_displayed() and "Bob" in pane.find_element(By.ID, "pane-who").text
    channel = browser.find_element(By.ID, "messages")
    assert channel.is_displayed()
    assert channel.rect["x"] + channel.rect["width"] <= pane.rect["x"]  # beside it
    # Signed in through Discord's frame, the Activity opens on the daily Bob asked for.
    WebDriverWait(browser, 30, poll_frequency=0.1).until(
        lambda d: in_the_activity(d, "return document.body.dataset.view") == "board"
    )
    cells = in_the_activity(browser, "return document.querySelectorAll('[data-cell]').length")
    bobs = asyncio.run_coroutine_threadsafe(
        served.playground.bot.storage.unfinished_games(PLAYERS[1].id), served.loop
    ).result(timeout=30)
    assert [(g.kind, g.daily_id is not None, g.width * g.height) for g in bobs] == [
        ("pipes", True, cells)
    ]
    browser.switch_to.frame(browser.find_element(By.ID, "pane-frame"))  # what Discord answered
    answered = browser.execute_script(
        "return [...document.querySelectorAll('#rpc li')].map((line) => line.textContent)"
    )
    browser.switch_to.default_content()
    assert "✓ AUTHENTICATE" in answered and not [line for line in answered if "✗" in line]
    press(browser, "#pane-close")
    assert not pane.is_displayed()
    assert len(browser.find_elements(By.CSS_SELECTOR, ".msg")) == shown  # nothing was sent

    press(browser, "#activity")
    assert browser.find_element(By.ID, "activity").text == "Activity: off"
    press(browser, play)
    assert not pane.is_displayed()
    assert newest(browser, ".content").startswith("Daily Pipes")
    assert newest(browser, ".note") == "👁 Only you can see this"  # Bob's board, as before


def test_a_typed_move_and_a_give_up_read_on_the_page_in_chromium(site, browser):
    """A typed move answers with the board's picture, a refusal names its board in small
    print, a board given up says so in its banner, a Minesweeper board opens on a window of
    closed cells to open, and a maze is walked by hints (the README's pictures, with
    PLAYGROUND_SCREENSHOTS)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    shots = screenshots()
    browser.get(site)
    WebDriverWait(browser, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#user option"))
    type_command(browser, "/pipes new 6x6 seed:typed")
    type_command(browser, "/pipes rotate cells:A1 B2 C3")
    reply = browser.find_elements(By.CSS_SELECTOR, ".msg")[-1]
    assert "ephemeral" in reply.get_attribute("class")
    assert "Pipes 6x6-typed" in reply.text and reply.find_elements(By.CSS_SELECTOR, ".files img")
    if shots:
        browser.save_screenshot(f"{shots}/playground-typed-move.png")
    type_command(browser, "/pipes rotate cells:Z9")
    small = browser.find_elements(By.CSS_SELECTOR, ".msg .subtext")[-1]
    assert small.text == "Pipes 6x6-typed"
    type_command(browser, "/pipes giveup")
    assert "Given up after 3 turns" in browser.find_elements(By.CSS_SELECTOR, ".msg")[-1].text
    if shots:
        browser.save_screenshot(f"{shots}/playground-given-up.png")
    type_command(browser, "/mines new beginner seed:shot")
    cells = browser.find_elements(By.CSS_SELECTOR, "button[data-custom-id^='pipes:t:']")[-20:]
    assert any("■" in cell.text for cell in cells)  # closed cells to open in the first window
    if shots:
        browser.save_screenshot(f"{shots}/playground-mines-first-window.png")
    type_command(browser, "/maze new 12x12 seed:shot")
    for _ in range(3):
        type_command(browser, "/maze hint")
    page = text_of(browser)
    assert "Maze 12x12-shot" in page and "💡 3 (+1:30)" in page
    if shots:
        browser.save_screenshot(f"{shots}/playground-maze-mid-walk.png")


async def test_minesweeper_a_maze_and_the_daily_of_every_kind_on_the_page(client):
    assert await say(client, ALICE, "/mines new beginner hard 12 seed:page") is None
    board = (await messages(client, ALICE))[-1]
    assert board["content"].startswith("**Minesweeper 9x9m12h-page** · 9×9 · hard · 12 mines")
    assert "whole number" in await say(client, ALICE, "/mines new beginner mines:many")
    assert await say(client, ALICE, "/mines hint") is None
    assert "💡 1" in (await messages(client, ALICE))[-1]["content"]
    assert await say(client, ALICE, "/maze new 8x8 seed:page") is None
    assert await say(client, ALICE, "/maze hint") is None
    assert "💡 1" in (await messages(client, ALICE))[-1]["content"]
    # The daily post carries every kind; each Play button gives its own board (as a message:
    # the Activity turned off in the server with the page's switch).
    assert (await (await client.post("/api/activity", json={"on": False})).json())["error"] is None
    assert (await (await client.post("/api/daily")).json())["error"] is None
    post = next(m for m in await messages(client, BOB) if "Daily Minesweeper —" in m["content"])
    assert "Daily Pipes —" in post["content"] and "Daily Maze —" in post["content"]
    assert "Daily Ten Drops —" in post["content"] and "Daily Double Choco —" in post["content"]
    assert [f["name"] for f in post["files"]] == ["daily.png"]  # one picture of them all
    plays = [c["custom_id"] for row in post["components"] for c in row["components"]]
    for play in plays:
        response = await client.post(
            "/api/click", json={"user": BOB, "message": post["id"], "custom_id": play}
        )
        assert (await response.json())["error"] is None
    mine = [m for m in await messages(client, BOB) if m["ephemeral"]]
    assert any(m["content"].startswith("**Daily Minesweeper") for m in mine)
    assert any(m["content"].startswith("**Daily Pipes") for m in mine)
    assert any(m["content"].startswith("**Daily Maze") for m in mine)
    assert any(m["content"].startswith("**Daily Ten Drops") for m in mine)
    assert any(m["content"].startswith("**Daily Double Choco") for m in mine)


def test_ten_drops_is_cleared_on_the_page_with_its_chains_animated_in_chromium(site, browser):
    """A Ten Drops board played to par, by a button when its line opens with a chain in the
    first window, else typed: the answer to a chain shows it as an animated GIF the browser
    plays (the README's picture, with PLAYGROUND_SCREENSHOTS)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    shots = screenshots()
    drops = KINDS["drops"]
    board = drops.load(drops.generate(drops.parse_params("6x6"), "page"))
    browser.get(site)
    WebDriverWait(browser, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#user option"))
    type_command(browser, "/drops new 6x6 seed:page")
    assert f"par {board.par} drops left" in text_of(browser)
    state, taps = drops.initial_state(board), list(board.solution)
    first = next(k for k, c in enumerate(taps) if drops.apply(board, state, taps[: k + 1]).trace)
    buttons = browser.find_elements(By.CSS_SELECTOR, "button[data-custom-id^='pipes:t:']")
    button = next((b for b in buttons[-20:] if b.text.split()[0] == board.name(taps[0])), None)
    if first == 0 and button is not None:  # the line opens with a chain in the first window
        press(browser, f"button[data-custom-id='{button.get_attribute('data-custom-id')}']")
    else:
        type_command(browser, "/drops tap cells:" + " ".join(map(board.name, taps[: first + 1])))
    rest = taps[first + 1 :]
    chain = browser.find_elements(By.CSS_SELECTOR, ".files img[alt='drops-chain.gif']")
    assert chain and browser.execute_script(
        "const i = arguments[0]; return i.complete && i.naturalWidth > 0;", chain[-1]
    )
    if shots:
        threading.Event().wait(0.4)  # the picture, not a test: a chain mid-flight
        browser.save_screenshot(f"{shots}/playground-drops-chain.png")
    if rest:
        type_command(browser, "/drops tap cells:" + " ".join(board.name(c) for c in rest))
    page = text_of(browser)
    left = f"{board.par} drops left"
    assert f"with {left} in {len(board.solution)} taps (par {left})" in page


def test_double_choco_is_walled_checked_and_solved_on_the_page_in_chromium(site, browser):
    """A Double Choco board walled by typing, all but a few of the solution's walls and a
    wrong one; the 🔍 Check button hatches what breaks (the README's picture, with
    PLAYGROUND_SCREENSHOTS); the wrong wall away and the rest typed, it is solved."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    shots = screenshots()
    choco = KINDS["choco"]
    board = choco.load(choco.generate(choco.parse_params("6x6"), "page"))
    solution = sorted(board.walls)
    wrong = next(e for e in choco_edges(6, 6) if e not in board.walls)
    held, drawn = solution[-3:], [*solution[:-3], wrong]
    browser.get(site)
    WebDriverWait(browser, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#user option"))
    type_command(browser, "/choco new 6x6 seed:page")
    assert "Double Choco 6x6-page · 6×6 · normal · " in text_of(browser)
    type_command(browser, "/choco wall walls:" + walls_typed(board, drawn))
    assert f"🧱 {len(drawn)} walls · {len(drawn)} toggles" in text_of(browser)
    press(browser, "button[data-custom-id^='pipes:a:'][data-custom-id*=':k:']")
    checked = [m for m in browser.find_elements(By.CSS_SELECTOR, ".msg") if "🔍 Check: " in m.text]
    assert checked  # the board itself, above the typed move's private reply
    # Its puzz.link link is a link, as Discord shows one.
    link = checked[-1].find_element(By.LINK_TEXT, "Open on puzz.link")
    assert link.get_attribute("href") == board.link
    if shots:  # the checked board at the top (a picture that loads scrolls to the end)
        WebDriverWait(browser, 10, poll_frequency=0.2).until(
            lambda d: d.execute_script(
                "arguments[0].scrollIntoView(); const top = arguments[0]"
                ".getBoundingClientRect().top; return top >= 0 && top < 100;",
                checked[-1],
            )
        )
        threading.Event().wait(0.3)  # the picture, not a test: no late load scrolls it away
        browser.save_screenshot(f"{shots}/playground-choco.png")
    type_command(browser, "/choco wall walls:" + walls_typed(board, [wrong, *held]))
    toggles = len(drawn) + 1 + len(held)
    assert f"with {toggles} toggles (par {len(solution)} walls)" in text_of(browser)
    assert "solved 6x6-page" in text_of(browser)


def walls_typed(board, walls):
    return " ".join(KINDS["choco"].format_move(board, e) for e in walls)


def test_times_on_the_page_follow_its_clock_in_chromium(site, browser):
    """After "Next day", <t:…> markup renders against the page's clock (a board just begun
    was begun "a few seconds ago", not "in a day"), the stepped day's post is made at its
    time, and a role mention shows the role's name."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    browser.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": "UTC"})
    browser.get(site)
    WebDriverWait(browser, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#user option"))
    press(browser, "#next-day")
    day = date.fromisoformat(browser.find_element(By.ID, "date").text.split()[-1])
    # The server posts at midnight UTC: the stepped day's post is there without asking.
    assert f"Daily Pipes — {day.isoformat()}" in text_of(browser)
    type_command(browser, "/pipes new 5x4 seed:clock")
    assert "⏱ started a few seconds ago" in text_of(browser)
    Select(browser.find_element(By.ID, "user")).select_by_index(2)  # Carol, who manages
    wait_idle(browser)
    type_command(browser, "/pipes-setup daily ping_role:puzzlers")
    saved = browser.find_elements(By.CSS_SELECTOR, ".msg .content")[-1].text
    following = day + timedelta(days=1)
    assert f"Next post: {following:%A, %B} {following.day}, {following.year}" in saved
    assert "12:00 AM" in saved and "Pings @puzzlers." in saved


async def test_posting_now_keeps_what_the_post_recorded(playground):
    """A server paused by the post (a choice its kind refuses) stays paused after "Post
    today's daily now", and its own post time comes back."""
    from db import DailyKind
    from playground.offline import GUILD_ID

    storage = playground.bot.storage
    settings = await storage.guild_settings(GUILD_ID)
    await storage.save_guild_settings(
        replace(settings, dailies=(DailyKind("pipes", "8x8 bogus", position=0),))
    )
    await playground.post_daily()
    after = await storage.guild_settings(GUILD_ID)
    assert after.paused is not None and "8x8 bogus" in after.paused
    assert after.post_time == settings.post_time
