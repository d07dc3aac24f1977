"""The client runs under the server's strict Content-Security-Policy, and the harness sees a
violation when one happens (so the whole-game test in test_browser.py, which fails on any
console error, also fails on any CSP violation)."""

from __future__ import annotations

from playwright.sync_api import expect

from .conftest import ConsoleLog, OpenPage


def test_the_page_is_served_with_the_policy(open_page: OpenPage, server_url: str) -> None:
    page = open_page("phone")
    response = page.goto(server_url + "/")
    assert response is not None
    policy = response.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy
    expect(page.locator("#app")).not_to_be_empty()  # the module script ran


def test_a_violation_is_caught_by_the_harness(
    open_page: OpenPage, server_url: str, console_errors: ConsoleLog
) -> None:
    page = open_page("canary")
    page.goto(server_url + "/")
    expect(page.locator("#app")).not_to_be_empty()
    # An inline style attribute is what the client used to write: the policy blocks it.
    with page.expect_console_message(lambda msg: "CSP violation" in msg.text):
        page.evaluate("document.body.setAttribute('style', 'outline: 1px solid red')")
    caught = [e for e in console_errors.errors if "CSP" in e or "Content Security" in e]
    assert caught, console_errors.errors
    console_errors.errors.clear()  # expected here; the fixture checks for anything else


def test_each_games_stylesheet_loads_from_its_folder(open_page: OpenPage, server_url: str) -> None:
    """The shell links every registered game's stylesheet (games/<name>/<name>.css) under the
    policy: each one is in document.styleSheets with its rules, none blocked."""
    page = open_page("styles")
    page.goto(server_url + "/")
    expect(page.locator("#app")).not_to_be_empty()
    page.wait_for_load_state("load")
    loaded = page.evaluate(
        "() => [...document.styleSheets].map((s) => [new URL(s.href).pathname, s.cssRules.length])"
    )
    rules = dict(loaded)
    for game in ("laundermat", "goblin"):
        assert rules.get(f"/static/js/games/{game}/{game}.css", 0) > 10, loaded
    assert rules.get("/static/css/app.css", 0) > 100, loaded
