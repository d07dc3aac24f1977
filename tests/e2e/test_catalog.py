"""The create form and the lobby's settings are built from GET /api/catalog, not from lists
in the client: a catalog with other labels and choices (served here through Playwright's
routing; the rest is the real server) changes the form, and a game the page has no client
for is not offered."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Route, expect

from .conftest import OpenPage
from .driver import sel

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]

CATALOG = {
    "games": [
        {
            "name": "laundermat",
            "title": "LaunderMat Classic",  # the page shows the catalog's title, not its own
            "min_players": 3,
            "max_players": 6,
            "settings": [
                {
                    "key": "round_timer",
                    "label": "Longest turn",
                    "choices": [45, 600],
                    "default": 600,
                    "unit": "seconds",
                },
                {
                    "key": "bribe_timer",
                    "label": "Bribery stage timer",
                    "choices": [15, 30],
                    "default": 30,
                    "unit": "seconds",
                },
            ],
        },
        {
            "name": "no_client_here",
            "title": "Nothing",
            "min_players": 2,
            "max_players": 2,
            "settings": [],
        },
    ]
}


def serve_catalog(route: Route) -> None:
    route.fulfill(status=200, content_type="application/json", body=json.dumps(CATALOG))


def test_the_create_form_and_lobby_follow_the_catalog(open_page: OpenPage, server_url: str):
    page = open_page("catalog", setup=lambda c: c.route("**/api/catalog", serve_catalog))
    page.goto(server_url + "/")
    field = page.locator(sel("round-timer"))
    expect(page.locator("label[for=round-timer]")).to_have_text("Longest turn")
    expect(field.locator("option")).to_have_text(["45 seconds", "10 minutes"])
    expect(field).to_have_value("600")  # the catalog's default
    expect(page.locator(sel("bribe-timer"))).to_have_value("30")
    expect(page.locator(sel("create-game"))).to_have_count(0)  # one game this page can show
    expect(page.locator(".card.create")).to_contain_text("3 to 6 players")
    expect(page.locator(sel("home-title"))).to_have_text("LaunderMat Classic")

    page.fill(sel("create-name"), "Ana")
    page.select_option(sel("round-timer"), "45")
    with page.expect_request("**/api/rooms") as created:
        page.click(sel("create-submit"))
    body = json.loads(created.value.post_data or "{}")
    settings = {"round_timer": 45, "bribe_timer": 30}
    assert re.fullmatch(r"[A-Za-z0-9_-]{22}", body.pop("device")), body  # this browser's id
    assert body == {"name": "Ana", "game": "laundermat", "settings": settings}

    lobby = page.locator(sel("lobby"))
    expect(lobby).to_be_visible()
    expect(page.locator(sel("lobby-round-timer"))).to_have_value("45")
    expect(page.locator(sel("lobby-round-timer")).locator("option")).to_have_count(2)
    expect(lobby).to_contain_text("Players (1 of 6)")
    code = page.locator(sel("room-code")).inner_text().strip()
    expect(page.locator(sel("lobby-title"))).to_have_text("LaunderMat Classic · lobby")
    expect(page).to_have_title(f"Lobby · LaunderMat Classic {code}")  # the site's name is in it
    page.select_option(sel("lobby-round-timer"), "600")
    expect(page.locator(sel("lobby-round-timer"))).to_have_value("600")
