"""The Activity played in real Chromium, as Discord shows it: the real Embedded App SDK in
the fake Discord parent frame, behind the Activity's content security policy, over the real
bot and storage (``framekit``). Every kind won by taps alone and ranked; a daily's clock
started when it is opened; two players on one instance, each on their own board and never
reaching the other's; a 360×740 phone; keyboard play; refused moves; and no request for
anything outside the machine, checked at the end of every test."""

from collections.abc import Sequence

import pytest
from activitykit import solving_press
from botkit import ALICE, BOB
from framekit import Site, Window, chromium, outside, policy_refusals, requested, sent, serve

from bot.kinds import FACES
from play import load
from puzzle import KINDS
from puzzle.grid import cell_name
from renderer.layout import layout

OTHERS_BOARD = "That board is someone else's: open one of yours."
SIGN_IN_AGAIN = "Sign in again: your session has ended."
CHANGED = "That board changed since you saw it, so nothing was played: here it is as it is now."


def one_sentence(said: str) -> bool:
    """A sentence a player reads in the page: one line, one full stop, no Discord markup."""
    return said.endswith(".") and not any(mark in said for mark in ("\n", ". ", "`", "<@", "**"))


@pytest.fixture(scope="module")
def browser():
    with chromium() as driver:
        yield driver


@pytest.fixture
def site(tmp_path, clock, activity_bundle, browser):
    with serve(tmp_path, clock) as site:
        requested(browser)  # what earlier tests' pages asked for, and their refusals
        policy_refusals(browser)
        yield site
        for handle in browser.window_handles[1:]:
            browser.switch_to.window(handle)
            browser.close()
        browser.switch_to.window(browser.window_handles[0])
        browser.get("about:blank")


def stayed_home(browser, site: Site, urls: Sequence[str] = ()) -> None:
    """No page asked for anything but the served origin (``urls``: what the test already
    read from the log), and the policy refused nothing."""
    assert outside([*urls, *requested(browser)], site.origin) == []
    assert policy_refusals(browser) == []


def daily_of(site: Site, kind: str):
    """Today's daily of ``kind`` where no Play was pressed (what the home list offers)."""
    return site.run(site.harness.bot.service.todays_daily(None, kind))


def game_of(site: Site, game_id: int):
    return site.run(site.harness.bot.storage.game(game_id))


def daily_game(site: Site, user: int, daily_id: int):
    return site.run(site.harness.bot.storage.daily_game(user, daily_id))


def pressed(game, cell: int, mode: str):
    """The state a press of the kind's own on ``cell`` in ``mode`` makes of the game."""
    kind, puzzle = KINDS[game.kind], load(game.puzzle)
    text = FACES[game.kind].press(game, cell, mode)
    return kind.apply(puzzle, game.state, kind.parse_moves(puzzle, game.state, text)).state


def hinted(game):
    """The state the kind's hint leads the game to."""
    kind, puzzle = KINDS[game.kind], load(game.puzzle)
    return kind.apply(puzzle, game.state, [kind.hint(puzzle, game.state)]).state


def choose_mode(window: Window, mode: str) -> None:
    button = window.find(f'[data-mode="{mode}"]')
    if button.get_attribute("aria-pressed") != "true":
        button.click()
    assert button.get_attribute("aria-pressed") == "true"


def new_board(window: Window, kind: str, preset: str) -> int:
    """A new board of ``kind`` at ``preset``, chosen and opened on the home list; its id."""
    from selenium.webdriver.support.select import Select

    Select(window.find(f'select[data-preset="{kind}"]')).select_by_value(preset)
    window.open(f'[data-new="{kind}"]')
    return shown_game(window)


def shown_game(window: Window) -> int:
    """The id of the board the page shows, read off its picture's URL."""
    url = window.js("return document.querySelector('img.picture').getAttribute('src')")
    return int(url.split("/")[2])


@pytest.mark.parametrize("kind", sorted(FACES))
def test_every_kind_is_won_by_taps_alone_and_ranked(site, browser, kind):
    daily = daily_of(site, kind)  # made before the page asks for home, as a post would be
    window = Window(browser, site, ALICE, "Alice")
    assert window.find(f'[data-home-daily="{kind}"]').get_attribute("data-state") == "new"
    window.open(f'[data-home-daily="{kind}"]')
    game = daily_game(site, ALICE, daily.id)
    service = site.harness.bot.service
    taps, mode = 0, None
    while site.run(service.board(game)).ending == "playing":
        press, times = site.run(solving_press(site, game.id))
        if press["mode"] != mode:
            choose_mode(window, mode := press["mode"])
        target = (
            f'[data-cell="{cell_name(press["cell"] % game.width, press["cell"] // game.width)}"]'
            if "cell" in press
            else f'[data-control="{press["control"]}"]'
        )
        wanted = hinted(game)
        for _ in range(times):
            shown = window.tap(target)
            taps += 1
            game = game_of(site, game.id)
            assert shown == str(game.version)
        assert game.state == wanted  # the taps pressed the cell or control meant
    assert game.version == taps and window.status() == ""
    result = site.run(site.harness.bot.storage.result(daily.id, ALICE))
    assert result is not None and result.game_id == game.id
    standings = site.run(service.standings(kind, None, daily.date))
    assert [r.user_id for r in standings.everywhere] == [ALICE]
    assert window.find("#result").is_displayed() and window.find("#result").text.startswith("✅")
    share = window.find("#share").text
    assert share.startswith(FACES[kind].kind.title) and window.find("[data-copy]").is_displayed()
    # A tap on the won board: refused in one sentence, nothing stored changes.
    window.tap('[data-cell="A1"]')
    assert one_sentence(window.status()), window.status()
    assert game_of(site, game.id) == game
    # Back home, the daily reads as solved.
    window.click('[data-nav="home"]')
    window.wait_for("view", "home")
    assert window.find(f'[data-home-daily="{kind}"]').get_attribute("data-state") == "solved"
    stayed_home(browser, site)


def test_a_dailys_clock_starts_when_it_is_opened_not_at_sign_in(site, browser, clock):
    signed_in = clock.now
    daily = daily_of(site, "pipes")
    window = Window(browser, site, ALICE, "Alice")
    assert daily_game(site, ALICE, daily.id) is None  # listed, but no board yet
    clock.advance(hours=2, minutes=7)
    window.open('[data-home-daily="pipes"]')
    game = daily_game(site, ALICE, daily.id)
    assert game.started_at == clock.now and game.started_at != signed_in
    assert window.page("version") == "0"
    stayed_home(browser, site)


def test_two_players_on_one_instance_each_play_their_own_board_and_never_reach_the_other(
    site, browser
):
    daily = daily_of(site, "pipes")
    alice = Window(browser, site, ALICE, "Alice", instance="i-shared")
    browser.switch_to.new_window("tab")
    bob = Window(browser, site, BOB, "Bob", instance="i-shared")
    windows = {ALICE: alice, BOB: bob}
    for window in windows.values():
        window.enter()
        window.open('[data-home-daily="pipes"]')
    games = {user: daily_game(site, user, daily.id) for user in windows}
    assert games[ALICE].id != games[BOB].id
    assert games[ALICE].puzzle == games[BOB].puzzle  # the same daily, a board each
    labels = {}
    for user, window in windows.items():
        window.enter()
        labels[user] = window.js(
            "return [...document.querySelectorAll('[data-cell]')].map(b => b.ariaLabel)"
        )
    # Alice turns A1: her board moves, Bob's (stored and shown) does not.
    alice.enter()
    choose_mode(alice, "c")
    assert alice.tap('[data-cell="A1"]') == "1"
    assert game_of(site, games[ALICE].id).state == pressed(games[ALICE], 0, "c")
    assert game_of(site, games[BOB].id) == games[BOB]
    bob.enter()
    assert bob.page("version") == "0"
    assert labels[BOB] == bob.js(
        "return [...document.querySelectorAll('[data-cell]')].map(b => b.ariaLabel)"
    )
    # Bob turns B2 on his: Alice's stays as she left it.
    urls = requested(browser)
    choose_mode(bob, "c")
    assert bob.tap('[data-cell="B2"]') == "1"
    bobs_requests = sent(browser)
    urls += [url for url, _ in bobs_requests]
    assert game_of(site, games[BOB].id).state == pressed(games[BOB], games[BOB].width + 1, "c")
    assert game_of(site, games[ALICE].id).version == 1
    # Bob's page, with the session his client holds, asking for Alice's board: refused.
    session = next(
        value
        for url, headers in bobs_requests
        if url.endswith("/moves")
        for name, value in headers.items()
        if name.lower() == "authorization"
    )
    ask = (
        "const [path, method, session, done] = arguments;"
        "const headers = {'Content-Type': 'application/json'};"
        "if (session) headers.Authorization = session;"
        "const body = method === 'POST'"
        "  ? JSON.stringify({request: 'r-bob', version: 1, cell: 0, mode: 'c'}) : undefined;"
        "fetch(path, {method, headers, body})"
        "  .then(async (r) => done([r.status, (await r.json()).error ?? null]));"
    )
    board = f"api/boards/{games[ALICE].id}"
    assert browser.execute_async_script(ask, board, "GET", session) == [403, OTHERS_BOARD]
    assert browser.execute_async_script(ask, f"{board}/moves", "POST", session) == [
        403,
        OTHERS_BOARD,
    ]
    assert browser.execute_async_script(ask, board, "GET", None) == [401, SIGN_IN_AGAIN]
    assert game_of(site, games[ALICE].id).version == 1
    stayed_home(browser, site, urls)


def cells_on_screen(window: Window) -> list[dict]:
    """Each cell button's box in the Activity's viewport."""
    return window.js(
        "return [...document.querySelectorAll('[data-cell]')].map((b) => {"
        "  const r = b.getBoundingClientRect();"
        "  return {cell: b.dataset.cell, left: r.left, right: r.right, top: r.top,"
        "          bottom: r.bottom, width: r.width, height: r.height}; })"
    )


def test_a_phone_fits_a_12x12_board_whole_and_zooms_a_26x26_one_to_the_cell_tapped(site, browser):
    browser.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": 360, "height": 740, "deviceScaleFactor": 2, "mobile": True},
    )
    try:
        window = Window(browser, site, ALICE, "Alice")
        new_board(window, "pipes", "12x12")
        width, height = window.js("return [window.innerWidth, window.innerHeight]")
        assert width == 360
        assert window.js("return document.documentElement.scrollWidth") <= 360
        cells = cells_on_screen(window)
        assert len(cells) == 144
        for cell in cells:
            assert cell["left"] >= 0 and cell["right"] <= 360, cell
            assert cell["top"] >= 0 and cell["bottom"] <= height, cell
            assert cell["width"] >= 24 and cell["height"] >= 24, cell
        assert not window.find('[data-zoom="in"]').is_displayed()
        # 26×26: too small to touch whole, so it zooms; a tap then turns the cell under it.
        window.click('[data-nav="home"]')
        window.wait_for("view", "home")
        game_id = new_board(window, "pipes", "26x26")
        assert max(c["width"] for c in cells_on_screen(window)) < 24
        while max(c["width"] for c in cells_on_screen(window)) < 24:
            window.click('[data-zoom="in"]')
        assert window.js("return document.documentElement.scrollWidth") <= 360
        game = game_of(site, game_id)
        cell = tapped_at_the_stage_centre(window, game)
        assert window.settle() == "1"
        assert game_of(site, game_id).state == pressed(game, cell, "c")
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    stayed_home(browser, site)


def tapped_at_the_stage_centre(window: Window, game) -> int:
    """Tap (a touch) the middle of the board's visible part; the cell the picture has
    there, found from the picture's own layout (not from the buttons laid over it)."""
    from selenium.webdriver.common.actions import interaction
    from selenium.webdriver.common.actions.action_builder import ActionBuilder
    from selenium.webdriver.common.actions.pointer_input import PointerInput

    stage = window.find(".stage")
    x, y, left, top, shown, natural = window.js(
        "const s = arguments[0].getBoundingClientRect();"
        "const p = document.querySelector('img.picture');"
        "const r = p.getBoundingClientRect();"
        "return [s.left + s.width / 2, s.top + s.height / 2, r.left, r.top, r.width,"
        "        p.naturalWidth];",
        stage,
    )
    geometry = layout(game.width, game.height)
    origin_x, origin_y = geometry.cell_origin(0, 0)
    scale = natural / shown
    col = int(((x - left) * scale - origin_x) // geometry.cell)
    row = int(((y - top) * scale - origin_y) // geometry.cell)
    finger = PointerInput(interaction.POINTER_TOUCH, "finger")
    tap = ActionBuilder(window.driver, mouse=finger)
    tap.pointer_action.move_to(stage).pointer_down().pointer_up()
    tap.perform()
    return row * game.width + col


def focused_cell(window: Window) -> str | None:
    return window.js("return document.activeElement?.dataset.cell ?? null")


def test_keyboard_play_arrows_move_the_focus_and_enter_or_space_press_the_cell(site, browser):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    def keys(*typed):
        ActionChains(browser).send_keys(*typed).perform()

    window = Window(browser, site, ALICE, "Alice")
    game_id = new_board(window, "pipes", "5x5")
    game = game_of(site, game_id)
    assert focused_cell(window) == "A1"  # the board opens with the keyboard on it
    keys(Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.ARROW_DOWN, Keys.ARROW_LEFT)
    assert focused_cell(window) == "B2"
    keys(Keys.ENTER)
    assert window.settle() == "1" and focused_cell(window) == "B2"
    turned = game_of(site, game_id)
    assert turned.state == pressed(game, 6, "c") != game.state
    # The second mode by its number key, then Space: B2 turns back.
    keys("2")
    assert window.find('[data-mode="a"]').get_attribute("aria-pressed") == "true"
    keys(Keys.SPACE)
    assert window.settle() == "2" and focused_cell(window) == "B2"
    assert game_of(site, game_id).state == pressed(turned, 6, "a") == game.state
    # The edges hold the focus on the board.
    keys(Keys.ARROW_LEFT, Keys.ARROW_LEFT, Keys.ARROW_UP, Keys.ARROW_UP)
    assert focused_cell(window) == "A1"
    stayed_home(browser, site)


def test_a_move_the_kind_refuses_says_one_sentence_and_changes_nothing(site, browser):
    window = Window(browser, site, ALICE, "Alice")
    game_id = new_board(window, "mines", "9x9")
    press, _ = site.run(solving_press(site, game_id))  # the first opening
    choose_mode(window, press["mode"])
    game = game_of(site, game_id)
    first = cell_name(press["cell"] % game.width, press["cell"] // game.width)
    assert window.tap(f'[data-cell="{first}"]') == "1"
    opened = game_of(site, game_id)
    assert opened.state.opened
    # A flag on an open cell: refused, in one sentence, and nothing stored changes.
    cell = min(opened.state.opened)
    name = cell_name(cell % game.width, cell // game.width)
    choose_mode(window, "f")
    assert window.tap(f'[data-cell="{name}"]') == "1"
    said = window.status()
    assert said == f"{name} is open: only hidden cells take a flag." and one_sentence(said)
    assert game_of(site, game_id) == opened
    stayed_home(browser, site)


def test_a_tap_on_a_board_moved_elsewhere_since_is_refused_and_shows_the_board_as_it_is(
    site, browser
):
    window = Window(browser, site, ALICE, "Alice")
    game_id = new_board(window, "pipes", "5x4")
    corner = window.find('[data-cell="E4"]').get_attribute("aria-label")
    # The player types a move in Discord meanwhile; the page still shows version 0.
    site.run(site.harness.command("rotate", ALICE, cells="E4"))
    typed = game_of(site, game_id)
    assert typed.version == 1 and window.page("version") == "0"
    choose_mode(window, "c")
    assert window.tap('[data-cell="A1"]') == "1"  # refused, and the board redrawn as it is
    assert window.status() == CHANGED
    assert game_of(site, game_id) == typed
    # What the page shows is the board as it is: E4 turned, its picture the new version's.
    assert window.find('[data-cell="E4"]').get_attribute("aria-label") != corner
    assert f"/{game_id}/1.png?" in window.find("img.picture").get_attribute("src")
    stayed_home(browser, site)
