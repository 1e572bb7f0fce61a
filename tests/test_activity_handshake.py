"""Signing in to the Activity in a real browser: the real Embedded App SDK (the built
bundle) inside the fake Discord parent frame, behind the Activity's content security
policy, reaches the signed-in UI; a player who refuses the sign-in reads why in one
sentence; and no page asks for anything outside the machine."""

import pytest
from framekit import chromium, outside, policy_refusals, requested, serve

CONNECTING = "Connecting to Discord…"
REFUSED = "Discord did not let Daily Pipes know who you are, so you cannot play here."


@pytest.fixture
def site(tmp_path, clock, activity_bundle):
    with serve(tmp_path, clock) as site:
        yield site


@pytest.fixture
def browser():
    with chromium() as driver:
        yield driver


def wait(driver, until):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, 30, poll_frequency=0.05).until(until)


def in_activity(driver, script):
    """Run ``script`` in the Activity's frame and return what it returns."""
    from selenium.webdriver.common.by import By

    driver.switch_to.frame(driver.find_element(By.ID, "activity"))
    try:
        return driver.execute_script(script)
    finally:
        driver.switch_to.default_content()


def activity_text(driver):
    """The Activity's text (its ``#app``) once it no longer says it is connecting."""
    script = "return document.getElementById('app')?.innerText.trim() ?? ''"
    return wait(driver, lambda d: (text := in_activity(d, script)) not in ("", CONNECTING) and text)


def answered(driver):
    """What the fake Discord client answered the SDK, in order."""
    from selenium.webdriver.common.by import By

    return [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#rpc li")]


def test_the_real_sdk_signs_in_through_the_frame_with_nothing_outside(site, browser):
    browser.get(site.frame(user=1001, name="Alice"))
    assert "Alice" in activity_text(browser)
    assert answered(browser)[:3] == ["✓ HANDSHAKE → READY", "✓ AUTHORIZE", "✓ AUTHENTICATE"]
    urls = requested(browser)
    assert f"{site.origin}/activity/api/token" in urls
    assert f"{site.origin}/activity/app.js" in urls
    assert outside(urls, site.origin) == []
    assert policy_refusals(browser) == []
    # The checks see what would leave: an image the policy refuses is still requested, a
    # fetch it refuses is only refused (and no host name but loopback's resolves anyway).
    in_activity(
        browser,
        "const img = document.createElement('img');"
        "img.src = 'https://cdn.outside.example/pixel.png'; document.body.append(img);"
        "fetch('https://api.outside.example/x').catch(() => {});",
    )
    refusals: list[str] = []

    def both_refused(driver):
        refusals.extend(policy_refusals(driver))
        return all(any(rule in r for r in refusals) for rule in ("img-src", "connect-src"))

    wait(browser, both_refused)
    assert outside(requested(browser), site.origin) == ["https://cdn.outside.example/pixel.png"]


def test_a_refused_sign_in_reads_as_one_sentence(site, browser):
    browser.get(site.frame(user=1002, name="Bob", refuse="AUTHORIZE"))
    assert activity_text(browser) == REFUSED
    assert answered(browser) == ["✓ HANDSHAKE → READY", "✗ AUTHORIZE: The user refused."]
    assert outside(requested(browser), site.origin) == []


def test_outside_discord_the_page_says_to_open_it_from_discord(site, browser):
    """Opened as a plain page (no parent frame, no launch parameters), the SDK cannot
    start: the page says so at once instead of waiting."""
    from selenium.webdriver.common.by import By

    browser.get(f"{site.origin}/activity/")
    error = wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#app .error"))
    assert error[0].text == "Open this from Discord: it could not reach Discord's client."
