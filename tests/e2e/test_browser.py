"""The browser client, end to end: two phones and a laptop play a whole game through the UI
alone, while a spectator watches on a phone; every screen each page shows is checked against
its view (screen_audit.py). Reactions are tapped and muted at a table of three and a spectator.

No direct socket messages: everything is clicks and keys on the page, and the server is a
real `laundermat serve` (see conftest.py). Screenshots land in tests/artifacts/. In the whole
game Bo's laptop and a 1920x1080 table screen are in Spanish: the English-leftover auditor
(english.py) reads both at every new window.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from laundermat.web.locales import Catalogs
from laundermat.web.settings import REPO_STATIC

from .conftest import LAPTOP, NARROW_PHONE, PHONE, ConsoleLog, OpenPage, frames
from .driver import Seat, sel, unnamed_controls, wait_for_news
from .english import SpanishPages
from .screen_audit import ScreenAuditor

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

NAMES = ["Ana", "Bo", "Cyd"]
SPANISH = frozenset({"Bo"})  # a table can mix languages: Bo's browser is in Spanish
FULL_HD: ViewportSize = {"width": 1920, "height": 1080}
CATALOGS = Catalogs.load(REPO_STATIC)


def label(viewport: ViewportSize) -> str:
    return f"{viewport['width']}x{viewport['height']}"


def no_sideways_scroll(page: Page) -> bool:
    return bool(
        page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")
    )


def make_room(
    open_page: OpenPage,
    server_url: str,
    shots: Path | None = None,
    round_timer: int = 60,
    bribe_timer: int = 45,
    auditor: ScreenAuditor | None = None,
    spanish: frozenset[str] = frozenset(),
) -> tuple[list[Seat], str]:
    """Ana creates a room on the home page, Bo joins by typing the code, Cyd by the link.
    The players named in `spanish` have a Spanish browser (the screen auditor reads English:
    their pages are read by the English-leftover auditor instead)."""
    viewports = [PHONE, LAPTOP, NARROW_PHONE]
    pages = [
        open_page(name, vp, locale="es-ES" if name in spanish else None)
        for name, vp in zip(NAMES, viewports, strict=True)
    ]
    for page, name, vp in zip(pages, NAMES, viewports, strict=True):
        if auditor is not None and name not in spanish:
            auditor.watch(page, f"{name}, a player at {vp['width']}")
    seats = [
        Seat(page, name, i, shots, label(vp))
        for i, (page, name, vp) in enumerate(zip(pages, NAMES, viewports, strict=True))
    ]
    seats[2].shot_stages = frozenset({"lobby", "draft", "final"})  # the narrowest phone: a few
    host, second, third = pages

    host.goto(server_url + "/")
    host.fill(sel("create-name"), "Ana")
    host.select_option(sel("round-timer"), str(round_timer))
    host.select_option(sel("bribe-timer"), str(bribe_timer))
    host.click(sel("create-submit"))
    code = host.locator(sel("room-code")).inner_text().strip()
    assert code
    expect(host).to_have_url(f"{server_url}/r/{code}")

    # Bo types the code on the home page and submits with the keyboard.
    second.goto(server_url + "/")
    second.fill(sel("join-name"), "Bo")
    second.fill(sel("join-code"), code.lower())
    second.press(sel("join-code"), "Enter")
    expect(second.locator(sel("lobby"))).to_be_visible()

    # Cyd opens the join link: the code is already filled in.
    third.goto(f"{server_url}/r/{code}")
    expect(third.locator(sel("join-code"))).to_have_count(0)
    third.fill(sel("join-name"), "Cyd")
    third.click(sel("join-submit"))
    expect(third.locator(sel("lobby"))).to_be_visible()

    expect(host.locator(sel("lobby-player"))).to_have_count(3)
    return seats, code


def start(seats: list[Seat]) -> None:
    host = seats[0].page
    expect(host.locator(sel("start-game"))).to_be_enabled()
    host.click(sel("start-game"))
    for seat in seats:
        expect(seat.page.locator(sel("draft-panel"))).to_be_visible()


@pytest.mark.calm
def test_three_players_play_a_whole_game(open_page: OpenPage, server_url: str, artifacts: Path):
    """Bo's laptop and the table screen beside the phones are in Spanish (issue 33's done
    condition): the English-leftover auditor reads both at every new window of the game."""
    auditor = ScreenAuditor()
    seats, code = make_room(open_page, server_url, artifacts, auditor=auditor, spanish=SPANISH)
    host, laptop, narrow = (s.page for s in seats)
    tv = open_page("the table screen, in Spanish", FULL_HD, locale="es-ES")
    tv.goto(f"{server_url}/tv/{code}")
    expect(tv.locator(sel("tv-player"))).to_have_count(3)
    in_spanish = SpanishPages({"Bo's laptop": laptop, "the table screen": tv}, (*NAMES, code))
    in_spanish.at("the lobby")

    # The lobby: a big code, a QR code that loads, a copy-link button, players with presence.
    expect(host.locator(sel("room-code"))).to_have_text(code)
    expect(host.locator(sel("qr"))).to_be_visible()
    host.wait_for_function(
        "() => { const i = document.querySelector('[data-testid=qr]'); "
        "return i && i.complete && i.naturalWidth > 0; }"
    )
    expect(host.locator(sel("copy-link"))).to_be_visible()
    expect(laptop.locator(sel("lobby-player"))).to_have_count(3)
    expect(laptop.locator(sel("start-game"))).to_have_count(0)  # only the host starts
    for seat in seats:
        seat.screenshot("lobby")
    assert no_sideways_scroll(narrow)

    start(seats)
    watcher = auditor.watch(open_page("watcher", PHONE), "a spectator at 390")
    watcher.goto(f"{server_url}/r/{code}")
    watcher.click(sel("watch-room"))

    checked: set[str] = set()
    for _ in range(4000):
        auditor.check(force=False)
        statuses = [seat.status() for seat in seats]
        if statuses[1] is not None:
            in_spanish.at("round {round}, {phase}, window {window}".format(**statuses[1]))
        if all(s is not None and s["phase"] == "over" for s in statuses):
            break
        for status in statuses:
            if status is not None and status["phase"] not in checked:
                checked.add(str(status["phase"]))
                assert no_sideways_scroll(narrow), f"sideways scroll at 360 px in {status}"
        acted = False
        for seat in seats:
            acted = seat.step() or acted
        if not acted:
            wait_for_news(host)
    else:
        pytest.fail(f"the game did not finish: {[s.status() for s in seats]}")

    for seat in seats:  # the whole game was played on deltas: whole views only at its edges
        kinds = frames(seat.page)
        assert kinds["patch"] > 50 and kinds["patch"] > 5 * kinds["view"], kinds
    phases_seen = set().union(*(seat.phases for seat in seats))
    assert {"draft", "purchase", "bribe_protect", "bribe_counter", "bribe_entries"} <= phases_seen
    notes = [f"{seat.name}: {note}" for seat in seats for note in seat.log]
    print("\n".join(notes))  # shown when the test fails
    assert any("bought" in n for n in notes), notes
    assert any("done" in n for n in notes), notes

    # The end: the investigation, every player's breakdown, the winner or the caught.
    expect(laptop.locator(sel("final-standings"))).to_be_visible()
    in_spanish.at("the end")
    assert len(in_spanish.seen) > 16, in_spanish.seen  # a draft and a purchase a round, and more
    for seat in seats:
        if seat.name in SPANISH:
            continue
        page = seat.page
        final = page.locator(sel("final-standings"))
        expect(final).to_be_visible()
        expect(page.locator(sel("investigated"))).to_contain_text("Investigated:")
        expect(page.locator(sel("headline"))).not_to_be_empty()
        for i in range(3):
            expect(page.locator(sel(f"standing-{i}"))).to_be_visible()
        for name in NAMES:
            expect(final).to_contain_text(name)
        log = page.locator(sel("game-log"))
        expect(log).to_contain_text("Round 8 begins")
        expect(log).to_contain_text("The investigation targets")
    expect(watcher.locator(sel("final-standings"))).to_be_visible()
    auditor.check()  # the end: every secret revealed, the whole log again
    assert auditor.screens > 100 and auditor.lines > 100, (auditor.screens, auditor.lines)
    print(auditor.cost())  # shown with -s or when the test fails
    log_text = host.locator(sel("game-log")).inner_text()
    print([line for line in log_text.splitlines() if "Time ran out" in line])
    assert "raided the Vault" in log_text or "collided" in log_text, log_text[:2000]

    for seat in seats:  # the reveal's animations done before the pictures
        seat.page.evaluate("() => Promise.all(document.getAnimations().map((a) => a.finished))")
        seat.screenshot("final")
    assert no_sideways_scroll(narrow)
    # A reaction on the end screen (issue 33 §2), LaunderMat's own phrase, to every page.
    react(narrow, "mine")
    for page in (host, narrow, watcher):
        expect(page.locator(sel("reaction"))).to_have_text(re.compile(r"Cyd\s*That's mine!"))
    mine = CATALOGS.t("es", "laundermat.reactions.mine.text")
    for page in (laptop, tv):  # in Spanish, and on the table screen too
        expect(page.locator(sel("reaction"))).to_have_text(re.compile(rf"Cyd\s*{mine}"))
    in_spanish.at("a reaction on show")

    # Issue 30: the host starts the next game with the ready players; too few is said, and
    # those still on the end screen keep their final scores until they leave it.
    expect(laptop.locator(sel("start-ready"))).to_have_count(0)  # the host's alone
    laptop.click(sel("ready"))
    expect(host.locator(sel("ready-list"))).to_have_text("Ready: Bo. Waiting for Ana and Cyd.")
    host.click(sel("start-ready"))  # Ana and Bo: LaunderMat needs three
    expect(host.locator(sel("toast"))).to_contain_text("needs at least 3 players")
    narrow.click(sel("ready"))
    expect(host.locator(sel("ready-list"))).to_have_text("Ready: Bo and Cyd. Waiting for Ana.")
    host.click(sel("start-ready"))
    expect(host.locator(sel("draft-panel"))).to_be_visible()  # her own tap: straight there
    for page in (laptop, narrow):
        expect(page.locator(sel("to-new-game"))).to_be_visible()
        expect(page.locator(sel("final-standings"))).to_be_visible()
        page.click(sel("to-new-game"))
    for seat in seats:
        expect(seat.page.locator(sel("draft-panel"))).to_be_visible()
        if seat.name not in SPANISH:
            expect(seat.page.locator(sel("round"))).to_have_text("Round 1 of 8")
            expect(seat.page.locator(sel("game-log"))).not_to_contain_text("investigation")
    in_spanish.at("the next game")


def react(page: Page, reaction: str) -> None:
    page.click(sel("react-toggle"))
    page.click(sel(f"react-{reaction}"))
    expect(page.locator(sel("reaction-tray"))).to_have_count(0)  # out of the game's way


def shown(page: Page) -> list[str]:
    return [" ".join(t.split()) for t in page.locator(sel("reaction")).all_inner_texts()]


def react_and_mute(bo: Page, ana: Page, cyd: Page, watcher: Page) -> None:
    """Reactions (issue 33 §2): Bo taps one and every page shows it by his name, the
    spectator's too, who has no reactions to send; Cyd mutes them, which her browser
    remembers across a reload, and then sees none until she turns them back on."""
    react(bo, "nooo")
    for page in (bo, ana, cyd, watcher):
        expect(page.locator(sel("reaction"))).to_have_text(re.compile(r"Bo\s*Nooo!"))
    watcher.click(sel("react-toggle"))
    expect(watcher.locator(sel("reactions-mute"))).to_be_focused()  # the only control
    expect(watcher.locator("[data-action=react]")).to_have_count(0)
    watcher.keyboard.press("Escape")  # closes it, and the button has the focus back
    expect(watcher.locator(sel("reaction-tray"))).to_have_count(0)
    expect(watcher.locator(sel("react-toggle"))).to_be_focused()

    cyd.click(sel("react-toggle"))
    cyd.click(sel("reactions-mute"))
    expect(cyd.locator(sel("reaction"))).to_have_count(0)
    cyd.reload()
    expect(cyd.locator(sel("game"))).to_be_visible()
    cyd.click(sel("react-toggle"))
    expect(cyd.locator(sel("reactions-mute"))).to_have_attribute("aria-pressed", "true")
    react(bo, "laugh")  # while Cyd is muted
    expect(ana.locator(sel("reaction")).last).to_have_text(re.compile(r"Bo\s*😂"))
    cyd.click(sel("reactions-mute"))
    cyd.click(sel("react-toggle"))
    react(ana, "wow")  # after Bo's on every socket: Cyd shows Ana's, never Bo's
    expect(cyd.locator(sel("reaction"))).to_have_text(re.compile(r"Ana\s*😮"))
    assert not any("😂" in text for text in shown(cyd))


def test_refresh_returns_player_to_their_seat(open_page: OpenPage, server_url: str):
    # A long draft (10 minutes, time-scaled): nobody else picks, so it must outlast the test.
    seats, code = make_room(open_page, server_url, round_timer=600)
    start(seats)
    bo = seats[1].page

    # Bo picks a bill, then reloads the page mid-draft.
    bill = bo.locator("[data-testid^=draft-bill-]:enabled").first
    testid = bill.get_attribute("data-testid") or ""
    bill.click()
    expect(bo.locator(sel(testid))).to_have_attribute("aria-pressed", "true")
    seat_before = bo.locator(sel("game")).get_attribute("data-seat")

    bo.reload()
    game = bo.locator(sel("game"))
    expect(game).to_be_visible()
    expect(game).to_have_attribute("data-seat", seat_before or "")
    expect(bo.locator(sel("wallet"))).to_be_visible()
    expect(bo.locator(f"{sel(f'board-{seat_before}')}")).to_contain_text("Bo (you)")
    expect(bo.locator(sel(testid))).to_have_attribute("aria-pressed", "true")
    expect(bo.locator(sel("instruction"))).to_contain_text("You've picked")

    # After the refresh Bo still plays: change the pick back and forth.
    other = bo.locator("[data-testid^=draft-bill-][aria-pressed=false]:enabled").first
    other_id = other.get_attribute("data-testid") or ""
    other.click()
    expect(bo.locator(sel(other_id))).to_have_attribute("aria-pressed", "true")

    # Anyone with the code can watch: no wallet, no controls, the same table.
    watcher = open_page("watcher", PHONE)
    watcher.goto(f"{server_url}/r/{code}")
    watcher.click(sel("watch-room"))
    expect(watcher.locator(sel("game"))).to_be_visible()
    expect(watcher.locator(sel("wallet"))).to_have_count(0)
    expect(watcher.locator("[data-testid^=draft-bill-]:enabled")).to_have_count(0)
    expect(watcher.locator(sel("board-0"))).to_be_visible()
    react_and_mute(bo, seats[0].page, seats[2].page, watcher)

    # The rules are at hand, from the keyboard too.
    rules = bo.locator(sel("rules-dialog"))
    bo.locator(sel("open-rules")).focus()
    bo.keyboard.press("Enter")
    expect(rules).to_be_visible()
    expect(rules).to_contain_text("Each round")
    bo.keyboard.press("Escape")
    expect(rules).to_be_hidden()


def test_lobby_host_controls_and_a_second_tab(
    open_page: OpenPage, server_url: str, console_errors: ConsoleLog
):
    seats, code = make_room(open_page, server_url)
    host, bo, cyd = (s.page for s in seats)

    assert unnamed_controls(host) == []
    # Copying the link works, or says how to copy by hand where the clipboard is blocked.
    host.click(sel("copy-link"))
    expect(host.locator(sel("lobby"))).to_contain_text(re.compile("Link copied|copy it"))

    # The host changes a setting: everyone sees it.
    host.select_option(sel("lobby-round-timer"), "180")
    expect(bo.locator(sel("lobby"))).to_contain_text("3 minutes")

    # A fourth player joins and is removed by the host.
    dee = open_page("Dee", PHONE)
    dee.goto(f"{server_url}/r/{code}")
    dee.fill(sel("join-name"), "Dee")
    dee.click(sel("join-submit"))
    expect(host.locator(sel("lobby-player"))).to_have_count(4)
    host.click(sel("kick-Dee"))
    expect(dee.locator(sel("home-error"))).to_contain_text("The host removed you")
    expect(host.locator(sel("lobby-player"))).to_have_count(3)
    # Kick means gone (issue 31): the same browser under another name is kept out until the
    # host lets Dee back in from the lobby's list.
    dee.fill(sel("join-name"), "Dee Two")
    dee.click(sel("join-submit"))
    expect(dee.locator(sel("home-error"))).to_contain_text("lets you back in")
    refused = (
        "Dee: console.error: Failed to load resource: the server responded with a status of 403"
    )
    console_errors.errors[:] = [e for e in console_errors.errors if not e.startswith(refused)]
    host.click(sel("unbar-Dee"))
    expect(host.locator(sel("barred"))).to_have_count(0)
    dee.click(sel("join-submit"))
    expect(host.locator(sel("lobby-player"))).to_have_count(4)
    dee.click(sel("leave-room"))
    expect(host.locator(sel("lobby-player"))).to_have_count(3)

    # The same seat opened in a second tab: the first tab says so and can take it back.
    second_tab = cyd.context.new_page()
    console_errors.watch(second_tab, "Cyd's second tab")
    second_tab.goto(f"{server_url}/r/{code}")
    expect(second_tab.locator(sel("lobby"))).to_be_visible()
    expect(cyd.locator(sel("banner-replaced"))).to_be_visible()
    cyd.get_by_role("button", name="Play here instead").click()
    expect(cyd.locator(sel("banner-replaced"))).to_have_count(0)
    expect(second_tab.locator(sel("banner-replaced"))).to_be_visible()

    # Leaving the lobby frees the seat.
    bo.click(sel("leave-room"))
    expect(host.locator(sel("lobby-player"))).to_have_count(2)
    expect(host.locator(sel("start-game"))).to_be_disabled()
