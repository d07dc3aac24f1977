"""Goblin Laundromat in real Chromium: two phones (390x844) and a laptop (1366x768) play a
whole game through the UI alone (the pick-and-pass, the laundry, the final scoring) while a
spectator watches on a laptop, and two phones a whole 2-player game with the market. Every
screen each page shows is checked against its view (screen_audit.py). The host picks the game
and its Decision timer (GSETUP-3) on the create form built from GET /api/catalog; every screen
is checked with axe-core and for 44 px targets (audit.py); a CSP violation or console error
fails the test (conftest.py). In the three-player game Cyd's laptop and a 1920x1080 table screen
are in Spanish: the English-leftover auditor (english.py) reads both at every new window.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, ViewportSize, expect

from laundermat.web.locales import Catalogs
from laundermat.web.settings import REPO_STATIC

from ..web.client import room_games
from .audit import audit, covered_buttons, serve_axe
from .conftest import LAPTOP, PHONE, OpenPage
from .driver import sel, unnamed_controls, wait_for_news
from .english import SpanishPages, assert_spanish
from .goblin_seat import GoblinSeat, play_to_the_end
from .screen_audit import ScreenAuditor

pytestmark = [pytest.mark.browser, pytest.mark.timeout(420)]

FULL_HD: ViewportSize = {"width": 1920, "height": 1080}
CATALOGS = Catalogs.load(REPO_STATIC)


FULLY_IN_VIEW_JS = """(testid) => {
  const r = document.querySelector(`[data-testid=${testid}]`).getBoundingClientRect();
  return r.top >= 0 && r.bottom <= window.innerHeight;
}"""


def create_goblin_room(page: Page, url: str, name: str, timer: int = 30) -> str:
    """The host picks Goblin Laundromat and its Decision timer on the create form."""
    page.goto(url + "/")
    expect(page.locator(sel("home-title"))).to_have_text("LaunderMat")
    page.select_option(sel("create-game"), "goblin")
    # Issue 30: the heading names the game picked; the top bar keeps the site's name.
    expect(page.locator(sel("home-title"))).to_have_text("Goblin Laundromat")
    expect(page.locator("label[for=decision-timer]")).to_have_text("Decision timer")
    expect(page.locator(sel("round-timer"))).to_have_count(0)  # LaunderMat's settings are gone
    expect(page.locator(sel("decision-timer"))).to_have_value("30")  # GSETUP-3's default
    expect(page.locator(".card.create")).to_contain_text("2 to 5 players")
    page.fill(sel("create-name"), name)
    page.select_option(sel("decision-timer"), str(timer))
    with page.expect_request("**/api/rooms") as created:
        page.click(sel("create-submit"))
    body = created.value.post_data_json
    assert body is not None
    assert re.fullmatch(r"[A-Za-z0-9_-]{22}", body.pop("device")), body  # this browser's id
    assert body == {"name": name, "game": "goblin", "settings": {"decision_timer": timer}}
    code = page.locator(sel("room-code")).inner_text().strip()
    assert code
    expect(page.locator(sel("lobby-decision-timer"))).to_have_value(str(timer))
    in_the_lobby_of_goblin(page, code)
    return code


def in_the_lobby_of_goblin(page: Page, code: str) -> None:
    """Issue 30: host and guests alike are told which game the room is for, tab included."""
    expect(page.locator(sel("lobby-title"))).to_have_text("Goblin Laundromat · lobby")
    expect(page).to_have_title(f"Lobby · Goblin Laundromat {code} · LaunderMat")


def join(page: Page, url: str, code: str, name: str, spanish: SpanishPages | None = None) -> None:
    """`spanish`: the page is in Spanish (the English-leftover auditor reads it instead)."""
    page.goto(f"{url}/r/{code}")
    if spanish is not None:
        expect(page.locator(sel("join-game"))).to_contain_text("Goblin Laundromat")
        assert_spanish(page, f"{name}'s join page", spanish.allow)
        page.fill(sel("join-name"), name)
        page.click(sel("join-submit"))
        expect(page.locator(sel("lobby"))).to_be_visible()
        return
    # Issue 30: a Goblin room's link says so, and its create form is set to Goblin too.
    expect(page.locator(sel("join-game"))).to_have_text(
        "A game of Goblin Laundromat for 2 to 5 players."
    )
    expect(page.locator(sel("home-title"))).to_have_text("Goblin Laundromat")
    expect(page.locator(sel("create-game"))).to_have_value("goblin")
    expect(page.locator(".card.create")).to_contain_text("2 to 5 players")
    expect(page).to_have_title(f"Join · Goblin Laundromat {code} · LaunderMat")
    page.fill(sel("join-name"), name)
    page.click(sel("join-submit"))
    expect(page.locator(sel("lobby"))).to_be_visible()
    in_the_lobby_of_goblin(page, code)


def check_final(page: Page, names: list[str]) -> None:
    final = page.locator(sel("final-standings"))
    expect(final).to_be_visible(timeout=20_000)
    for name in names:
        expect(final).to_contain_text(name)
    expect(page.locator(sel("headline"))).to_contain_text("win")
    # GSCORE-4: one explanation per majority type, in words.
    for kind in ("underwear", "pants", "cape"):
        expect(page.locator(sel(f"majority-{kind}"))).to_contain_text("Counts:")
    expect(page.locator("[data-testid^=breakdown-]")).to_have_count(len(names))
    # GPUBLIC-1 at the end: everything, the setup cards, the pile and the undealt Programs too.
    reveal = page.locator(sel("full-reveal"))
    reveal.locator("summary").click()
    expect(reveal).to_contain_text("Setup card (dealt face down at the start): ")
    expect(page.locator(sel("reveal-pile"))).to_contain_text("Left in the pile, next card first: ")
    expect(page.locator(sel("reveal-programs"))).to_contain_text("Programs nobody was dealt: P")


def result_of(url: str, code: str) -> dict[str, Any]:
    game = room_games(url, code)[0]
    replay: dict[str, Any] = httpx.get(f"{url}/api/games/{game['game_id']}/replay").json()
    return replay


@pytest.mark.calm
def test_three_players_play_a_whole_goblin_game(
    open_page: OpenPage, server_url: str, artifacts: Path
) -> None:
    """Cyd's laptop and the table screen beside the phones are in Spanish (issue 33's done
    condition): the English-leftover auditor reads both at every new window of the game."""
    names = ["Ana", "Bo", "Cyd"]
    auditor = ScreenAuditor()
    sizes = [PHONE, PHONE, LAPTOP]
    pages = [open_page(name, size) for name, size in zip(names[:2], sizes, strict=False)]
    for page, name, size in zip(pages, names, sizes, strict=False):
        auditor.watch(page, f"{name}, a player at {size['width']}")
    pages.append(open_page("Cyd, in Spanish", LAPTOP, locale="es-ES"))
    for page in pages:
        serve_axe(page)
    host = pages[0]
    code = create_goblin_room(host, server_url, "Ana", timer=30)
    lobby_problems = audit(host, "lobby")
    tv = open_page("the table screen, in Spanish", FULL_HD, locale="es-ES")
    in_spanish = SpanishPages({"Cyd's laptop": pages[2], "the table screen": tv}, (*names, code))
    join(pages[1], server_url, code, "Bo")
    join(pages[2], server_url, code, "Cyd", spanish=in_spanish)
    expect(host.locator(sel("lobby-player"))).to_have_count(3)
    tv.goto(f"{server_url}/tv/{code}")
    expect(tv.locator(sel("tv-player"))).to_have_count(3)
    in_spanish.at("the lobby")
    # GSETUP-3: the host changes the Decision timer in the lobby; the others see it.
    # 60 s (15 s at the suite's time scale) leaves the audits below time to run.
    host.select_option(sel("lobby-decision-timer"), "15")
    expect(pages[1].locator("dl.settings")).to_contain_text("Decision timer15 seconds")
    host.select_option(sel("lobby-decision-timer"), "60")
    expect(pages[1].locator("dl.settings")).to_contain_text("1 minute")
    expect(host.locator(sel("lobby"))).to_contain_text(
        "Every decision lasts at most the Decision timer"
    )
    host.click(sel("start-game"))
    watcher = auditor.watch(open_page("watcher", LAPTOP), "a spectator at 1366")
    watcher.goto(f"{server_url}/r/{code}")
    watcher.click(sel("watch-room"))
    for page in [*pages, watcher]:
        expect(page.locator(sel("pick-panel"))).to_be_visible()
    # The pick-and-pass screen: your hand, where it goes next, who has picked.
    expect(host.locator("[data-testid^=hand-]")).to_have_count(3)  # GFILL-1: H = Cycle 3
    expect(host.locator(sel("pass-line"))).to_contain_text("passes")
    expect(host.locator(sel("who-picked")).locator("li")).to_have_count(3)
    problems = lobby_problems + audit(host, "pick")
    assert covered_buttons(host, "[data-testid=pick-panel]") == []  # none under a sticky bar
    # The rules dialog is Goblin's own.
    pages[1].click(sel("open-rules"))
    dialog = pages[1].locator(sel("rules-dialog"))
    expect(dialog).to_contain_text("How to play Goblin Laundromat")
    expect(dialog).to_contain_text("Majorities (Underwear 8/4, Pants 10/5, Capes 12/6)")
    problems += audit(pages[1], "rules dialog")
    pages[1].click(sel("close-rules"))
    # Reactions (issue 33 §2): Goblin's own phrases in Bo's tray; his tap reaches every
    # phone and the spectator, by his name.
    pages[1].click(sel("react-toggle"))
    expect(pages[1].locator(sel("react-push_on"))).to_have_text("Push on!")
    problems += audit(pages[1], "reaction tray")
    pages[1].click(sel("react-risky"))
    for page in [pages[0], pages[1], watcher]:
        expect(page.locator(sel("reaction"))).to_have_text(re.compile(r"Bo\s*Risky…"))
    risky = re.escape(CATALOGS.t("es", "goblin.reactions.risky.text"))
    for page in (pages[2], tv):  # in Spanish, and on the table screen too
        expect(page.locator(sel("reaction"))).to_have_text(re.compile(rf"Bo\s*{risky}"))
    in_spanish.at("a reaction on show")
    problems += audit(host, "a reaction on show")
    assert unnamed_controls(host) == []
    host.screenshot(path=str(artifacts / "goblin-pick-390x844.png"), full_page=True)

    seats = [
        GoblinSeat(page, name, i) for i, (page, name) in enumerate(zip(pages, names, strict=True))
    ]
    seats[0].shots = artifacts
    audited: set[str] = set()

    def audit_new_screens() -> None:
        status = seats[0].status()
        kind = str(status["kind"]) if status else ""
        if status and status["canAct"] and kind in ("laundry", "keep") and kind not in audited:
            audited.add(kind)
            problems.extend(audit(host, kind))
            assert unnamed_controls(host) == []

    for _ in range(20000):
        if all((s.status() or {}).get("phase") == "over" for s in seats):
            break
        auditor.check(force=False)
        audit_new_screens()
        if (cyd := seats[2].status()) is not None:
            in_spanish.at("round {round}, {phase}, window {window}".format(**cyd))
        acted = False
        for seat in seats:
            acted = seat.step() or acted
        if not acted:
            wait_for_news(host)
    play_to_the_end(seats, auditor=auditor)  # raises if it has not finished

    check_final(host, names)
    expect(watcher.locator(sel("final-standings"))).to_be_visible()
    expect(pages[2].locator(sel("final-standings"))).to_be_visible()
    in_spanish.at("the end")
    assert len(in_spanish.seen) > 30, in_spanish.seen  # every window of the game, read
    auditor.check()  # the end: everything revealed, the whole log again
    assert auditor.screens > 100 and auditor.lines > 100, (auditor.screens, auditor.lines)
    print(auditor.cost())  # shown with -s or when the test fails
    problems += audit(host, "final")
    host.screenshot(path=str(artifacts / "goblin-final-390x844.png"), full_page=True)
    assert problems == [], "\n".join(problems)
    assert {"pick", "laundry"} <= set().union(*(s.kinds for s in seats))
    assert "laundry" in audited
    record = result_of(server_url, code)
    assert record["game"] == "goblin"
    assert len(record["result"]["players"]) == 3
    assert "react" not in str(record)  # a reaction is never part of the game's record


@pytest.mark.calm
def test_two_players_play_a_whole_market_game(
    open_page: OpenPage, server_url: str, artifacts: Path
) -> None:
    names = ["Dee", "Eli"]
    auditor = ScreenAuditor()
    pages = [auditor.watch(open_page(name, PHONE), f"{name}, a player at 390") for name in names]
    for page in pages:
        serve_axe(page)
    code = create_goblin_room(pages[0], server_url, "Dee", timer=45)
    join(pages[1], server_url, code, "Eli")
    expect(pages[0].locator(sel("start-game"))).to_be_enabled()  # GSETUP-1: 2 is enough
    pages[0].click(sel("start-game"))
    for page in pages:
        expect(page.locator(sel("market-panel"))).to_be_visible()
    # GMARKET-1: 2 x Cycle 3 = 6 cards, 3 face up.
    expect(pages[0].locator(sel("market")).locator(".gcard")).to_have_count(3)
    picker = next(p for p in pages if p.locator("[data-testid^=market-C]").count())
    problems = audit(picker, "market")
    picker.screenshot(path=str(artifacts / "goblin-market-390x844.png"), full_page=True)

    seats = [
        GoblinSeat(page, name, i, risk=0.45)
        for i, (page, name) in enumerate(zip(pages, names, strict=True))
    ]
    play_to_the_end(seats, auditor=auditor)

    # Issue 30: "Play again?" is on the end's first view, as the page brings the end in.
    for page in pages:
        page.wait_for_function(FULLY_IN_VIEW_JS, arg="ready")
    pages[1].screenshot(path=str(artifacts / "goblin-play-again-390x844.png"))
    for page in pages:
        check_final(page, names)
    auditor.check()
    problems += audit(pages[1], "final (2 players)")
    pages[1].screenshot(path=str(artifacts / "goblin-final-2p-390x844.png"), full_page=True)
    assert problems == [], "\n".join(problems)
    assert "market" in set().union(*(s.kinds for s in seats))

    # Each player answers; the last Ready starts the next game. Whoever is still reading
    # keeps the final scores until they leave them.
    dee, eli = pages
    expect(eli.locator(sel("start-ready"))).to_have_count(0)  # the host's alone
    expect(dee.locator(sel("fill-bots"))).not_to_be_checked()
    eli.click(sel("ready"))
    for page in pages:
        expect(page.locator(sel("ready-list"))).to_have_text("Ready: Eli. Waiting for Dee.")
    expect(dee.locator(sel("final-standings"))).to_be_visible()  # one of two: no game yet
    dee.click(sel("ready"))  # her tap starts it: she goes straight to the new game
    expect(dee.locator(sel("market-panel"))).to_be_visible()
    expect(eli.locator(sel("to-new-game"))).to_be_visible()
    expect(eli.locator(sel("next-bar"))).to_contain_text("The next game has started.")
    # Whatever the start sent Eli has come, and the scores stay. A barrier, not a pause: a
    # reaction Dee sends now reaches Eli after it (one socket, in order).
    dee.click(sel("react-toggle"))
    dee.click(sel("react-risky"))
    expect(eli.locator(sel("reaction"))).to_contain_text("Dee")
    expect(eli.locator(sel("final-standings"))).to_be_visible()
    expect(eli.locator(sel("headline"))).to_contain_text("win")
    expect(eli.locator(sel("market-panel"))).to_have_count(0)
    eli.click(sel("to-new-game"))
    for page in pages:
        expect(page.locator(sel("market-panel"))).to_be_visible()
        expect(page.locator(sel("round"))).to_have_text("Round 1 of 4")
        expect(page.locator(sel("game-log"))).not_to_contain_text("Final scoring")
    record = result_of(server_url, code)
    assert [c for c in record["commands"] if c["type"] == "pick"]
