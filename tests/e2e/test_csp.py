"""The client runs under the server's strict Content-Security-Policy, and the harness sees a
violation when one happens (so the whole-game test in test_browser.py, which fails on any
console error, also fails on any CSP violation). The page as served is a useful home page
before (or without) any script, and the client loads from the tree's versioned URLs."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from .conftest import PHONE, ConsoleLog, OpenPage
from .driver import sel


def test_the_page_is_served_with_the_policy(open_page: OpenPage, server_url: str) -> None:
    page = open_page("phone")
    response = page.goto(server_url + "/")
    assert response is not None
    policy = response.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy
    expect(page.get_by_test_id("create-form")).to_be_visible()  # the module script ran


def test_a_violation_is_caught_by_the_harness(
    open_page: OpenPage, server_url: str, console_errors: ConsoleLog
) -> None:
    page = open_page("canary")
    page.goto(server_url + "/")
    expect(page.get_by_test_id("create-form")).to_be_visible()
    # An inline style attribute is what the client used to write: the policy blocks it.
    with page.expect_console_message(lambda msg: "CSP violation" in msg.text):
        page.evaluate("document.body.setAttribute('style', 'outline: 1px solid red')")
    caught = [e for e in console_errors.errors if "CSP" in e or "Content Security" in e]
    assert caught, console_errors.errors
    console_errors.errors.clear()  # expected here; the fixture checks for anything else


def test_a_first_visit_fetches_no_games_screens(open_page: OpenPage, server_url: str) -> None:
    """Issue 30, item 14: the home page runs on the shell and each game's card alone; every
    module it ran was preloaded by the page (no import waterfall), from the tree's versioned
    URLs. A game's screens and stylesheet come when first needed (here its rules, opened from
    the create form), under the policy: each sheet is in document.styleSheets with its rules,
    none blocked."""
    page = open_page("styles")
    page.goto(server_url + "/")
    expect(page.get_by_test_id("create-form")).to_be_visible()
    page.wait_for_load_state("networkidle")
    version = page.evaluate("() => new URL(document.querySelector('script[src]').src).pathname")
    version = version.removesuffix("/js/main.js")
    assert re.fullmatch(r"/static/v/[0-9a-f]{16}", version), version
    assert sheets(page, version) == {"inline": sheets(page, version)["inline"]}  # the shell's
    preloaded = page.evaluate(
        "() => [...document.querySelectorAll('link[rel=modulepreload]')].map((l) => l.href)"
    )
    home = fetched_modules(page)
    assert len(preloaded) > 20 and set(home) <= {*preloaded, f"{server_url}{version}/js/main.js"}
    assert not [m for m in home if re.search(r"/js/games/\w+/index\.js$", m)], home
    # Nor the other screens' controller (static/js/screens.js): a room's socket and the rest.
    assert not [m for m in home if m.endswith(("/js/controller.js", "/js/net.js"))], home
    for game, heading in (("laundermat", "LaunderMat"), ("goblin", "Goblin Laundromat")):
        page.select_option(sel("create-game"), game)
        page.get_by_role("button", name="How to play").click()
        dialog = page.locator(sel("rules-dialog"))
        expect(dialog).to_be_visible()  # once the game's screens are in
        expect(dialog).to_contain_text(f"How to play {heading}")
        page.keyboard.press("Escape")
        expect(dialog).to_be_hidden()
        assert sheets(page, version).get(f"/js/games/{game}/{game}.css", 0) > 10
        assert f"{server_url}{version}/js/games/{game}/index.js" in fetched_modules(page)
    assert sheets(page, version)["inline"] > 100


def sheets(page: Page, version: str) -> dict[str, int]:
    """The page's stylesheets by path under the tree's version ("inline": the page's own
    <style>), with their rule counts."""
    loaded = page.evaluate(
        "() => [...document.styleSheets].map((s) => "
        "[s.href ? new URL(s.href).pathname : 'inline', s.cssRules.length])"
    )
    return {path.removeprefix(version): n for path, n in loaded}


def fetched_modules(page: Page) -> list[str]:
    return page.evaluate(
        "() => performance.getEntriesByType('resource').map((r) => r.name).filter("
        "(n) => n.endsWith('.js'))"
    )


def test_the_home_page_says_what_it_is_without_javascript(
    browser: Browser, server_url: str
) -> None:
    """Issue 30, item 14: the first paint needs no script. With JavaScript off the home page
    still says what LaunderMat is and shows the create and join forms (off), styled, and
    Chromium reads its web app manifest without an error; a room link shows its own screen,
    never the home page."""
    context = browser.new_context(java_script_enabled=False, viewport=PHONE)
    try:
        page = context.new_page()
        page.goto(server_url + "/")
        expect(page.get_by_role("heading", name="LaunderMat", level=1)).to_be_visible()
        expect(page.get_by_text("Grab cash, dodge the Alarms")).to_be_visible()
        for heading in ("Start a new room", "Join a room"):
            expect(page.get_by_role("heading", name=heading)).to_be_visible()
        expect(page.get_by_role("button", name="Create room")).to_be_disabled()
        # Its <noscript> note is checked over HTTP (tests/web/test_pages.py): the way
        # Playwright turns scripts off leaves the parser treating <noscript> as scripted.
        background = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
        assert background == "rgb(16, 24, 31)"  # the inlined css/app.css applies: its --bg
        manifest = context.new_cdp_session(page).send("Page.getAppManifest")
        assert manifest["url"].endswith("/manifest.webmanifest") and manifest["errors"] == []
        page.goto(server_url + "/r/abcde")
        expect(page.get_by_text("Opening room ABCDE")).to_be_visible()
        expect(page.get_by_text("Start a new room")).to_have_count(0)
    finally:
        context.close()
