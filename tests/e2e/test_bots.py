"""Bots at the table, in the browser at 390x844: one person and two bots play a whole game
(watched by a spectator on a 1366x768 laptop; every screen of both is checked against its view,
screen_audit.py),
and a player who drops (their phone's context closes) is stood in for by a bot to the end.

Its own server: the shared one keeps GEN-4's 30 s away time; here a player is away after
2 s, so the stand-in starts within the test's time. Windows run at the suite's time scale.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import ServerProcess

from ..web.client import room_games
from .conftest import LAPTOP, PHONE, TIME_SCALE, OpenPage, frames
from .driver import Seat, sel, unnamed_controls
from .screen_audit import ScreenAuditor

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]


@pytest.fixture(scope="module")
def bots_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    tmp = tmp_path_factory.mktemp("e2e-bots")
    proc = ServerProcess(
        f"sqlite+aiosqlite:///{tmp / 'bots.db'}",
        tmp / "server.log",
        time_scale=TIME_SCALE,
        away_after_seconds=2,
        json_logs="false",
        join_attempts_per_minute=1000,
        room_creations_per_minute=1000,
    )
    proc.start()
    try:
        yield proc.url
        from laundermat.verify import problems  # every finished game verifies: no bot nonce

        finished = httpx.get(proc.url + "/api/history", params={"limit": 200}).json()
        checked = {
            g["game_id"]: problems(httpx.get(f"{proc.url}/api/games/{g['game_id']}/replay").json())
            for g in finished
        }
        assert not any(checked.values()), checked
    finally:
        proc.stop()


def join(page: Page, url: str, code: str, name: str) -> None:
    page.goto(f"{url}/r/{code}")
    page.fill(sel("join-name"), name)
    page.click(sel("join-submit"))
    expect(page.locator(sel("lobby"))).to_be_visible()


def create(page: Page, url: str, name: str) -> str:
    page.goto(url + "/")
    page.fill(sel("create-name"), name)
    page.select_option(sel("round-timer"), "30")
    page.click(sel("create-submit"))
    code = page.locator(sel("room-code")).inner_text().strip()
    assert code
    return code


def add_bot(page: Page, count: int) -> None:
    page.click(sel("add-bot"))
    expect(page.locator(sel("lobby-player"))).to_have_count(count)


def play_to_the_end(
    seats: list[Seat], more: int = 6000, auditor: ScreenAuditor | None = None
) -> None:
    for _ in range(more):
        if auditor is not None:
            auditor.check(force=False)
        statuses = [seat.status() for seat in seats]
        if all(s is not None and s["phase"] == "over" for s in statuses):
            return
        acted = False
        for seat in seats:
            acted = seat.step() or acted
        if not acted:
            seats[0].page.wait_for_timeout(100)
    pytest.fail(f"the game did not finish: {[s.status() for s in seats]}")


def test_one_person_and_two_bots_play_a_whole_game(
    open_page: OpenPage, bots_url: str, artifacts: Path
) -> None:
    auditor = ScreenAuditor()
    page = auditor.watch(open_page("Ana", PHONE), "Ana, a player at 390")
    code = create(page, bots_url, "Ana")
    players = page.locator(sel("lobby-players"))
    expect(page.locator(sel("start-game"))).to_be_disabled()
    add_bot(page, 2)
    add_bot(page, 3)
    expect(players).to_contain_text("Bot Ada")
    expect(players).to_contain_text("Bot Alan")
    expect(page.locator(".presence.bot")).to_have_count(2)  # a badge with the word "bot"
    # Remove one, add one again: the table is back to three.
    page.get_by_role("button", name="Remove Bot Alan").click()
    expect(page.locator(sel("lobby-player"))).to_have_count(2)
    add_bot(page, 3)
    expect(page.locator(sel("lobby-stand-in"))).to_be_checked()
    assert unnamed_controls(page) == []
    page.screenshot(path=str(artifacts / "bots-lobby-390x844.png"), full_page=True)
    page.click(sel("start-game"))
    expect(page.locator(sel("draft-panel"))).to_be_visible()
    expect(page.locator(f"{sel('board-0')}, {sel('board-1')}, {sel('board-2')}")).to_have_count(3)
    expect(page.locator(".presence.bot")).to_have_count(2)  # the bots' boards say so too
    expect(page.locator(sel("away-line"))).to_have_count(0)
    assert unnamed_controls(page) == []
    watcher = auditor.watch(open_page("watcher", LAPTOP), "a spectator at 1366")
    watcher.goto(f"{bots_url}/r/{code}")
    watcher.click(sel("watch-room"))

    play_to_the_end([Seat(page, "Ana", 0)], auditor=auditor)

    final = page.locator(sel("final-standings"))
    expect(final).to_be_visible()
    expect(watcher.locator(sel("final-standings"))).to_be_visible()
    auditor.check()
    assert auditor.screens > 50 and auditor.lines > 50, (auditor.screens, auditor.lines)
    for name in ("Ana", "Bot Ada", "Bot Alan"):
        expect(final).to_contain_text(name)
    expect(page.locator(sel("game-log"))).to_contain_text("Round 8 begins")
    # PUBLIC-1: the end reveals every hidden bill, the Vault's and the never-drawn deck's.
    page.locator(sel("full-reveal")).locator("summary").click()
    vault = re.compile(r"Left in the Vault: (\$|nothing)")
    expect(page.locator(sel("reveal-vault"))).to_contain_text(vault)
    expect(page.locator(sel("reveal-deck"))).to_contain_text(re.compile(r"Never drawn: \$"))
    page.screenshot(path=str(artifacts / "bots-final-390x844.png"), full_page=True)
    assert code
    kinds = frames(page)  # the game was played on deltas (docs/protocol.md, "Deltas")
    assert kinds["patch"] > 50 and kinds["patch"] > 5 * kinds["view"], kinds


def test_a_bot_stands_in_for_a_player_who_drops(
    open_page: OpenPage, bots_url: str, artifacts: Path
) -> None:
    host = open_page("Ana", PHONE)
    code = create(host, bots_url, "Ana")
    dee = open_page("Dee", PHONE)
    join(dee, bots_url, code, "Dee")
    add_bot(host, 3)
    expect(dee.locator(sel("add-bot"))).to_have_count(0)  # the host's only
    expect(dee.locator(sel("lobby-stand-in"))).to_have_count(0)
    expect(dee.locator(sel("lobby-players"))).to_contain_text("Bot Ada")
    host.click(sel("start-game"))
    for page in (host, dee):
        expect(page.locator(sel("draft-panel"))).to_be_visible()

    seats = [Seat(host, "Ana", 0), Seat(dee, "Dee", 1)]
    for _ in range(100):  # Dee picks a bill in the first draft, then her phone is gone
        if seats[1].step():
            break
        host.wait_for_timeout(100)
    dee.context.close()

    line = host.locator(sel("stand-in"))
    expect(line).to_have_text("A bot plays for Dee", timeout=15_000)
    expect(host.locator(sel("away-line"))).to_have_attribute("role", "status")
    host.screenshot(path=str(artifacts / "bots-stand-in-390x844.png"), full_page=True)
    assert unnamed_controls(host) == []

    play_to_the_end([seats[0]])

    final = host.locator(sel("final-standings"))
    expect(final).to_be_visible()
    for name in ("Ana", "Dee", "Bot Ada"):
        expect(final).to_contain_text(name)
    game = room_games(bots_url, code)[0]
    replay = httpx.get(f"{bots_url}/api/games/{game['game_id']}/replay").json()
    dee_id = replay["player_ids"][replay["names"].index("Dee")]
    dee_seat = replay["seats"].index(dee_id)
    moves = [c for c in replay["commands"] if c.get("seat") == dee_seat]
    assert not any(c["type"] == "set_away" for c in moves)  # a bot played; the game waited
    assert len(moves) > 8  # her seat played on after she left


def test_with_stand_ins_off_everyone_sees_the_countdown_without_her(
    open_page: OpenPage, bots_url: str
) -> None:
    host = open_page("Ana", PHONE)
    code = create(host, bots_url, "Ana")
    dee = open_page("Dee", PHONE)
    join(dee, bots_url, code, "Dee")
    add_bot(host, 3)
    host.click(sel("lobby-stand-in"))  # the box follows the room's view, once it says so
    expect(host.locator(sel("lobby-stand-in"))).not_to_be_checked()
    expect(dee.locator(sel("lobby"))).to_contain_text("the game goes on without them")
    host.click(sel("start-game"))
    expect(host.locator(sel("draft-panel"))).to_be_visible()
    dee.context.close()
    line = host.locator(sel("away"))
    expect(line).to_contain_text("Dee is away — continuing without them", timeout=15_000)
    # The countdown runs beside the live region (role=status), not in it (an accessibility audit).
    expect(host.locator(sel("away-clock"))).to_contain_text(re.compile(r"\d+ s left"))
    expect(host.locator(sel("away-line")).locator(sel("away-clock"))).to_have_count(0)
    expect(host.locator(sel("stand-in"))).to_have_count(0)
