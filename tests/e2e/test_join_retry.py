"""A join whose answer is lost on the way back (the request reached the server, the phone's
link dropped before the answer came) is sent again with its key, by itself: the player gets
the seat the first attempt took, and the table has no ghost of them (docs/protocol.md,
"Joining"). Real Chromium, real server; the answer is dropped by Playwright's router."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from playwright.sync_api import Route, expect

from .conftest import ConsoleLog, OpenPage
from .driver import sel

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]


def test_a_join_whose_answer_is_lost_gets_its_seat(
    open_page: OpenPage, server_url: str, console_errors: ConsoleLog
) -> None:
    code = httpx.post(server_url + "/api/rooms", json={"name": "Ana"}).json()["code"]
    bodies: list[dict[str, Any]] = []

    def lose_the_first_answer(route: Route) -> None:
        body = route.request.post_data_json
        assert body is not None
        bodies.append(body)
        if len(bodies) == 1:
            answer = route.fetch()  # the server seats Bo...
            assert answer.status == 200
            route.abort("connectionreset")  # ...and the answer never arrives
        else:
            route.continue_()

    page = open_page("bo")
    page.route("**/api/rooms/*/join", lose_the_first_answer)
    page.goto(f"{server_url}/r/{code}")
    page.fill(sel("join-name"), "Bo")
    page.click(sel("join-submit"))
    expect(page.locator(sel("lobby"))).to_be_visible()
    expect(page.locator(sel("lobby-player"))).to_have_count(2)
    assert len(bodies) == 2 and bodies[0] == bodies[1]  # the same join, key and all
    assert len(bodies[0]["join_key"]) >= 22
    players = httpx.get(f"{server_url}/api/rooms/{code}").json()["players"]
    assert [p["name"] for p in players] == ["Ana", "Bo"]
    assert sum(p["connected"] for p in players) == 1  # Bo's socket, on the seat it was given
    # Chromium reports the dropped request itself; nothing else may have gone wrong.
    console_errors.errors[:] = [e for e in console_errors.errors if "ERR_CONNECTION_RESET" not in e]
