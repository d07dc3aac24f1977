"""The create form and the lobby's settings are built from GET /api/catalog, not from lists
in the client: a catalog with other labels and choices (served here through Playwright's
routing; the rest is the real server) changes the form, and a game the page has no client
for is not offered. And the shell in the person's language: the first paint, every shell screen
read by the English-leftover auditor (english.py), the language switch."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Route, expect

from laundermat.web.locales import Catalogs
from laundermat.web.settings import REPO_STATIC

from .conftest import LAPTOP, ConsoleLog, OpenPage
from .driver import sel
from .english import assert_spanish, leftovers

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]

CATALOGS = Catalogs.load(REPO_STATIC)

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


def shown(key: str, server: str) -> str:
    """A word of the server's catalog as the page shows it: the client's own catalog words a
    game it knows in the person's language (by key); the server's word is the fallback."""
    return CATALOGS.t("en", key) if CATALOGS.has("en", key) else server


def test_the_create_form_and_lobby_follow_the_catalog(open_page: OpenPage, server_url: str):
    page = open_page("catalog", setup=lambda c: c.route("**/api/catalog", serve_catalog))
    page.goto(server_url + "/")
    field = page.locator(sel("round-timer"))
    label = shown("laundermat.catalog.settings.round_timer", "Longest turn")
    title = shown("laundermat.catalog.title", "LaunderMat Classic")
    expect(page.locator("label[for=round-timer]")).to_have_text(label)
    expect(field.locator("option")).to_have_text(["45 seconds", "10 minutes"])
    expect(field).to_have_value("600")  # the catalog's default
    expect(page.locator(sel("bribe-timer"))).to_have_value("30")
    expect(page.locator(sel("create-game"))).to_have_count(0)  # one game this page can show
    expect(page.locator(".card.create")).to_contain_text("3 to 6 players")
    expect(page.locator(sel("home-title"))).to_have_text(title)

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
    expect(page.locator(sel("lobby-title"))).to_have_text(f"{title} · lobby")
    expect(page).to_have_title(f"Lobby · {title} {code}")  # the site's name is in it
    page.select_option(sel("lobby-round-timer"), "600")
    expect(page.locator(sel("lobby-round-timer"))).to_have_value("600")


# ------------------------------------------------------------------ the person's language

# The shell's screens are read whole: the games' words on them (a tagline, settings, a
# primer) are in the games' catalogs too. A selector here would leave a part unread.
GAME_PARTS: tuple[str, ...] = ()


def test_the_shell_in_spanish_and_the_language_switch(
    open_page: OpenPage, server_url: str, console_errors: ConsoleLog
):
    """A Spanish browser gets the first paint and every shell screen in Spanish (the auditor
    reads each), the switch redraws at once in English and back without a reload and is
    remembered for the server, and a table can mix languages."""
    ana = open_page("Ana, in Spanish", locale="es-ES")
    first = ana.goto(server_url + "/")
    assert first is not None and '<html lang="es">' in first.text()
    expect(ana.locator(sel("create-submit"))).to_have_text("Crear sala")
    assert_spanish(ana, "the home page", ignore=GAME_PARTS)

    ana.evaluate("() => { window.stillHere = true; }")
    ana.select_option(sel("language"), "en")
    expect(ana.locator(sel("create-submit"))).to_have_text("Create room")
    expect(ana.locator("html")).to_have_attribute("lang", "en")
    assert ana.evaluate("() => window.stillHere === true")  # redrawn, not reloaded
    cookies = {c["name"]: c["value"] for c in ana.context.cookies()}
    assert cookies.get("laundermat_lang") == "en"
    reloaded = ana.reload()
    assert reloaded is not None and "Start a new room" in reloaded.text()  # the cookie's
    expect(ana.locator(sel("language"))).to_have_value("en")
    ana.select_option(sel("language"), "es")
    expect(ana.locator(sel("create-submit"))).to_have_text("Crear sala")

    ana.fill(sel("join-name"), "Ana")
    ana.fill(sel("join-code"), "QQQQQ")
    ana.click(sel("join-submit"))
    expect(ana.locator(sel("home-error"))).to_contain_text("No hay ninguna sala")
    assert_spanish(ana, "an error", allow=("Ana", "QQQQQ"), ignore=GAME_PARTS)

    ana.fill(sel("create-name"), "Ana")
    ana.click(sel("create-submit"))
    expect(ana.locator(sel("lobby"))).to_be_visible()
    code = ana.locator(sel("room-code")).inner_text().strip()
    bo = open_page("Bo, in Spanish", locale="es-ES")
    bo.goto(f"{server_url}/r/{code}")
    expect(bo.locator(sel("join-submit"))).to_have_text("Unirse a la partida")
    assert_spanish(bo, "the join page", allow=("Ana", code), ignore=GAME_PARTS)
    bo.fill(sel("join-name"), "Bo")
    bo.click(sel("join-submit"))
    cyd = open_page("Cyd, in English", locale="en-GB")  # one table, two languages
    cyd.goto(f"{server_url}/r/{code}")
    cyd.fill(sel("join-name"), "Cyd")
    cyd.click(sel("join-submit"))
    expect(cyd.locator(sel("leave-room"))).to_have_text("Leave the room")
    expect(ana.locator(sel("lobby-player"))).to_have_count(3)
    names = ("Ana", "Bo", "Cyd", code)
    for page, who in ((ana, "the host's lobby"), (bo, "a guest's lobby")):
        expect(page.locator(sel("leave-room"))).to_have_text("Salir de la sala")
        assert_spanish(page, who, allow=names, ignore=GAME_PARTS)

    tv = open_page("the table screen, in Spanish", LAPTOP, locale="es-ES")
    tv.goto(f"{server_url}/tv/{code}")
    expect(tv.locator(sel("tv-player"))).to_have_count(3)
    assert_spanish(tv, "the table screen's lobby", allow=names, ignore=GAME_PARTS)
    # A reaction reaches the table screen too, its words in each page's language.
    bo.click(sel("react-toggle"))
    expect(bo.locator(sel("react-laugh"))).to_have_attribute("aria-label", "Risa")
    bo.click(sel("react-laugh"))
    for page in (ana, cyd, tv):
        expect(page.locator(sel("reaction"))).to_have_text(re.compile(r"Bo\s*😂"))
    expect(cyd.locator(".reaction-text")).to_have_attribute("aria-label", "Laughing")
    assert_spanish(tv, "a reaction on the table screen", allow=names, ignore=GAME_PARTS)

    ana.goto(server_url + "/history")
    expect(ana.locator(".history .loading")).to_have_count(0)
    assert_spanish(ana, "the history", allow=names)
    ana.goto(server_url + "/replay/987654")
    expect(ana.locator(sel("replay-error"))).to_be_visible()
    assert_spanish(ana, "a replay that is not there")
    # The unknown room's and game's answers, which the page said in words above.
    missing = "Ana, in Spanish: console.error: Failed to load resource: the server responded "
    console_errors.errors[:] = [e for e in console_errors.errors if not e.startswith(missing)]


def test_without_the_catalogs_bundle_each_file_is_fetched(
    open_page: OpenPage, server_url: str, console_errors: ConsoleLog
):
    """Under the tree's version a language's catalogs come in one answer (web/locales.py's
    bundles); a server without it (an older replica, in a rolling upgrade) answers 404, and
    the client fetches the files instead: the home page is in Spanish all the same."""
    ana = open_page("Ana, from a server without bundles", locale="es-ES")
    bundle = re.compile(r".*/static/v/\w+/locales/\w+\.all\.json$")
    ana.route(bundle, lambda route: route.fulfill(status=404))
    with ana.expect_request(re.compile(r".*/js/games/goblin/locales/es\.json$")):
        ana.goto(server_url + "/")
    expect(ana.locator(sel("create-submit"))).to_be_enabled()  # the client's own page
    expect(ana.locator(sel("create-submit"))).to_have_text("Crear sala")
    assert_spanish(ana, "the home page", ignore=GAME_PARTS)
    missing = "Ana, from a server without bundles: console.error: Failed to load resource: "
    console_errors.errors[:] = [e for e in console_errors.errors if not e.startswith(missing)]


def test_the_auditor_catches_english_and_untranslated_keys(open_page: OpenPage, server_url: str):
    page = open_page("Ana, in Spanish", locale="es-ES")
    page.goto(server_url + "/history")
    # Its data in (a new browser has played nothing): no later render redraws the page over
    # what is added below.
    expect(page.locator(sel("history-empty"))).to_be_visible()
    assert leftovers(page) == []
    page.evaluate("""() => {
      const add = (html) => document.querySelector('main').insertAdjacentHTML('beforeend', html);
      add('<p>Esperando a Ana</p>');
      add('<p>Waiting for the host</p>');
      add('<p>goblin.phase.fill</p>');
      add('<button aria-label="Close the rules">x</button>');
      add('<p>Hola, {{name}}</p>');
    }""")
    found = "\n".join(leftovers(page, allow=("Ana",)))
    for problem in (
        "English 'waiting'",
        "English 'the'",
        "unresolved key 'goblin.phase.fill'",
        "aria-label: English 'close'",
        "unfilled placeholder '{{name}}'",
    ):
        assert problem in found, (problem, found)
    assert "Esperando" not in found
