"""The Activity in a real browser, as Discord shows it: the bot (a harness), the Activity's
app under ``/activity/`` and the fake Discord (``playground/discord_fake.py``: OAuth2 and
the parent frame) under ``/discord/``, on one loopback origin; headless Chromium that
records every request the pages make, so a test can say none left loopback; and a player's
window (:class:`Window`) to tap, type and read the Activity in."""

from __future__ import annotations

import asyncio
import contextlib
import json
import shutil
import socket
import threading
from collections.abc import Callable, Coroutine, Iterator
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlencode

import pytest
from activitykit import CLIENT_ID, CLIENT_SECRET
from aiohttp import web
from botkit import Harness, make_bot

from activity import create_app
from playground.discord_fake import PREFIX, FakeDiscord

CHROMIUM, DRIVER = shutil.which("chromium"), shutil.which("chromedriver")
T = TypeVar("T")
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

    def run(self, coroutine: Coroutine[Any, Any, T]) -> T:
        """Run ``coroutine`` on the site's loop (where the bot and its storage live)."""
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout=60)


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
    driver.set_script_timeout(30)
    try:
        yield driver
    finally:
        driver.quit()


def sent(driver) -> list[tuple[str, dict[str, str]]]:
    """Every request the pages (and their frames, in every window) sent since the last
    call, including those the browser then refused to load: its URL and headers."""
    requests = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            request = message["params"]["request"]
            requests.append((request["url"], request.get("headers", {})))
    return requests


def requested(driver) -> list[str]:
    """Every URL the pages (and their frames) sent a request for since the last call,
    including those the browser then refused to load."""
    return [url for url, _ in sent(driver)]


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


def wait(driver, until: Callable[[Any], T], seconds: float = 30) -> T:
    """What ``until(driver)`` returns once it is truthy (polled every 50 ms)."""
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, seconds, poll_frequency=0.05).until(until)


class Window:
    """One player's Discord window (a browser tab) showing the Activity; the driver works
    inside the Activity's frame. Opened as ``user`` on ``site``, in the current tab."""

    def __init__(self, driver, site: Site, user: int, name: str, **query: str) -> None:
        self.driver = driver
        self.handle = driver.current_window_handle
        driver.get(site.frame(user=user, name=name, **query))
        self.enter()
        self.wait_for("view")

    def enter(self) -> None:
        """Make this window's Activity frame the one the driver works in."""
        from selenium.webdriver.common.by import By

        self.driver.switch_to.window(self.handle)
        self.driver.switch_to.default_content()
        self.driver.switch_to.frame(wait(self.driver, lambda d: d.find_element(By.ID, "activity")))

    def js(self, script: str, *args: Any) -> Any:
        """What ``script`` (a function body, run in the Activity's frame) returns."""
        return self.driver.execute_script(script, *args)

    def find(self, css: str):
        """The element ``css`` selects, once there is one."""
        from selenium.webdriver.common.by import By

        return wait(self.driver, lambda d: d.find_element(By.CSS_SELECTOR, css))

    def page(self, key: str) -> str | None:
        """A value the page keeps on its body: view, version or busy."""
        return self.js("return document.body.dataset[arguments[0]] ?? null", key)

    def wait_for(self, key: str, value: str | None = None) -> str:
        """The body's ``key`` once it is set (to ``value``, if given)."""

        def reached(_) -> str | None:
            now = self.page(key)
            return now if now is not None and value in (None, now) else None

        return wait(self.driver, reached)

    def click(self, css: str) -> None:
        """A real click (the browser's own pointer events, as a mouse makes them) on the
        middle of what ``css`` selects, scrolled into view first as a player would."""
        from selenium.webdriver.common.action_chains import ActionChains

        element = wait(
            self.driver,
            lambda _: self.js(
                "const e = document.querySelector(arguments[0]);"
                "e?.scrollIntoView({block: 'nearest'}); return e;",
                css,
            ),
        )
        ActionChains(self.driver, duration=0).click(element).perform()

    def open(self, css: str) -> None:
        """Click a home row or button (``css``) and wait for its board."""
        assert self.page("view") == "home"
        self.click(css)
        self.wait_for("view", "board")

    def settle(self) -> str:
        """Wait until no move is queued, in flight or being drawn; the version shown."""
        return self.driver.execute_async_script(
            "const done = arguments[0], body = document.body;"
            "const check = () => body.dataset.busy === '0' && body.dataset.version"
            "  ? done(body.dataset.version) : setTimeout(check, 10);"
            "check();"
        )

    def tap(self, css: str) -> str:
        """Click a cell or control (``css``) and wait until its answer is drawn: the new
        version shown (the same one for a refusal)."""
        self.click(css)
        return self.settle()

    def status(self) -> str:
        """The one sentence the status line says (empty when it says nothing)."""
        return self.find("#status").text
