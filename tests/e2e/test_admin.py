"""The operator's console page (/admin, static/admin.html and js/admin.js; issue 35 §3) in
real Chromium under the server's Content-Security-Policy: a wrong token is refused on the
page, the right one logs in, the live room is listed, and closing it with a message shows
that message on the player's own screen; then a block and a drain, each in the recent
actions under the operator's name. Any console error or CSP violation fails the test."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import expect

from tests.web.conftest import ServerProcess

from .conftest import LAPTOP, ConsoleLog, OpenPage
from .driver import sel

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]

TOKEN = "the-operators-browser-token-0123456789"


@pytest.fixture
def console_server(tmp_path: Path) -> Iterator[ServerProcess]:
    server = ServerProcess(
        f"sqlite+aiosqlite:///{tmp_path / 'admin.db'}", tmp_path / "server.log", admin_token=TOKEN
    )
    server.start()
    yield server
    server.stop()


def test_the_console_logs_in_lists_and_closes_a_room_with_a_message(
    open_page: OpenPage, console_server: ServerProcess, console_errors: ConsoleLog
) -> None:
    url = console_server.url
    code = httpx.post(url + "/api/rooms", json={"name": "Ana"}).json()["code"]
    player = open_page("player")
    player.goto(f"{url}/r/{code}")
    player.fill(sel("join-name"), "Bo")
    player.click(sel("join-submit"))
    expect(player.locator(sel("lobby-player"))).to_have_count(2)

    admin = open_page("operator", viewport=LAPTOP)
    admin.goto(url + "/admin")
    admin.get_by_label("Operator token").fill("not-the-operators-token")
    admin.get_by_role("button", name="Log in").click()
    expect(admin.get_by_role("alert")).to_have_text("That token is not the operator's.")
    admin.get_by_label("Operator token").fill(TOKEN)
    admin.get_by_label("Your name, for the log").fill("Ada")
    admin.get_by_role("button", name="Log in").click()

    rooms = admin.get_by_test_id("admin-rooms")
    row = rooms.locator(f"tr[data-room='{code}']")
    expect(row).to_contain_text("Ana")
    expect(row).to_contain_text("Bo")
    expect(row).to_contain_text("lobby")
    expect(admin.get_by_test_id("admin-replicas")).to_contain_text("(this one)")
    # The cookie stands for the token from now on, and no script can read it.
    assert admin.evaluate("() => document.cookie") == ""
    assert TOKEN not in admin.content()

    message = "Closing for maintenance: back in ten minutes."
    row.get_by_label(f"Message to the players of {code}").fill(message)
    row.get_by_role("button", name="Close room").click()
    expect(admin.locator("#admin-status")).to_have_text(
        f"Room {code} closed; its players were told."
    )
    expect(rooms).to_contain_text("No live rooms.")
    expect(player.get_by_test_id("closed-by-operator")).to_have_text(
        f"The server's operator: “{message}”"
    )

    block = admin.locator("#block-form")
    block.get_by_label("Address").fill("198.51.100.4")
    block.get_by_label("Minutes (0 lifts it)").fill("15")
    block.get_by_role("button", name="Block").click()
    expect(admin.get_by_test_id("admin-blocks")).to_contain_text("198.51.100.4:")

    drain = admin.get_by_test_id("admin-replicas").get_by_role("button", name="Drain")
    drain.click()  # armed: a second click drains
    admin.get_by_role("button", name="Drain: click again").click()
    expect(admin.get_by_test_id("admin-replicas")).to_contain_text("draining")
    actions = admin.get_by_test_id("admin-actions")
    for action in ("login", "close", "block", "drain"):
        expect(actions.locator("td", has_text=action).first).to_be_visible()
    expect(actions.locator("td", has_text="Ada@127.0.0.1").first).to_be_visible()
    assert httpx.post(url + "/api/rooms", json={"name": "Late"}).json()["code"] == "draining"

    admin.get_by_role("button", name="Log out").click()
    expect(admin.get_by_label("Operator token")).to_be_visible()
    assert httpx.get(url + "/api/admin/overview").status_code == 401
    # Chromium reports the wrong token's 401 itself, once; nothing else may have gone wrong.
    refused = [e for e in console_errors.errors if "401 (Unauthorized)" in e]
    assert len(refused) == 1
    console_errors.errors[:] = [e for e in console_errors.errors if e not in refused]
