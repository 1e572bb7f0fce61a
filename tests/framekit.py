"""The Activity in a real browser, as Discord shows it: the bot (a harness), the Activity's
app under ``/activity/`` and the fake Discord (``playground/discord_fake.py``: OAuth2 and
the parent frame) under ``/discord/``, on one loopback origin; headless Chromium that
records every request the pages make, so a test can say none left loopback."""

from __future__ import annotations

import asyncio
import contextlib
import json
import shutil
import socket
import threading
from collections.abc import Iterator
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from activitykit import CLIENT_ID, CLIENT_SECRET
from aiohttp import web
from botkit import Harness, make_bot

from activity import create_app
from playground.discord_fake import PREFIX, FakeDiscord

CHROMIUM, DRIVER = shutil.which("chromium"), shutil.which("chromedriver")
#: Schemes that never leave the browser.
LOCAL_SCHEMES = ("data:", "blob:", "about:", "chrome:", "chrome-error:", "devtools:")


@dataclass(frozen=True)
class Site:
    """The served origin, its bot, and the loop it runs on."""

    origin: str
    harness: Harness
    loop: asyncio.AbstractEventLoop

    def frame(self, user: int = 1001, name: str = "Alice", **query: str) -> str:
        """The URL of the fake Discord client showing the Activity to ``user``."""
        return f"{self.origin}{PREFIX}/frame?{urlencode({'user': user, 'name': name, **query})}"


@contextlib.contextmanager
def serve(tmp_path: Path, clock) -> Iterator[Site]:
    """Serve the bot's Activity and the fake Discord from a thread until the block ends."""
    started: Future = Future()
    loop = asyncio.new_event_loop()
    listening = socket.socket()
    listening.bind(("127.0.0.1", 0))
    origin = f"http://127.0.0.1:{listening.getsockname()[1]}"

    async def main() -> None:
        harness = Harness(
            make_bot(
                tmp_path,
                clock,
                client_id=CLIENT_ID,
                client_secret=CLIENT_SECRET,
                discord_api=origin + PREFIX,
            )
        )
        await harness.start()
        app = web.Application()
        app.add_subapp(PREFIX + "/", FakeDiscord(CLIENT_ID, CLIENT_SECRET).app())
        app.add_subapp("/activity/", create_app(harness.bot))
        runner = web.AppRunner(app)
        await runner.setup()
        try:
            await web.SockSite(runner, listening).start()
            started.set_result(Site(origin, harness, loop))
            await asyncio.Event().wait()
        finally:
            await runner.cleanup()
            await harness.close()

    def run() -> None:
        with contextlib.suppress(asyncio.CancelledError):
            loop.run_until_complete(main())

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    try:
        yield started.result(timeout=60)
    finally:
        for task in asyncio.all_tasks(loop):
            loop.call_soon_threadsafe(task.cancel)
        thread.join(timeout=30)


@contextlib.contextmanager
def chromium(width: int = 1100, height: int = 1300) -> Iterator[Any]:
    """Headless Chromium recording the network and the console (skips the test without
    Debian's chromium and chromium-driver). Any host name but loopback's fails to resolve,
    so nothing can leave the machine even if a page's policy let it try."""
    if not (CHROMIUM and DRIVER):
        pytest.skip(
            "Debian's chromium and chromium-driver are not installed "
            "(.ci/run installs them with apt-get)"
        )
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
        f"--window-size={width},{height}",
    ):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    try:
        yield driver
    finally:
        driver.quit()


def requested(driver) -> list[str]:
    """Every URL the pages (and their frames) sent a request for since the last call,
    including those the browser then refused to load."""
    urls = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    return urls


def policy_refusals(driver) -> list[str]:
    """What the console said a content security policy refused since the last call (a
    ``fetch`` refused by ``connect-src`` is never requested, so only this shows it)."""
    return [
        entry["message"]
        for entry in driver.get_log("browser")
        if "Content Security Policy" in entry["message"]
    ]


def outside(urls: list[str], origin: str) -> list[str]:
    """The URLs that are neither the served origin nor local to the browser."""
    return [u for u in urls if not u.startswith((origin + "/", *LOCAL_SCHEMES))]
