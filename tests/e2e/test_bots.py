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
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import ServerProcess

from ..web.client import room_games
from .conftest import LAPTOP, PHONE, TIME_SCALE, OpenPage, frames
from .driver import Seat, sel, unnamed_controls, wait_for_news
from .screen_audit import ScreenAuditor

# Whether the element is wholly in the viewport and on top where a finger would tap it.
ON_FIRST_SCREEN = """(selector) => {
  const el = document.querySelector(selector);
  const r = el.getBoundingClientRect();
  const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  return r.top >= 0 && r.bottom <= innerHeight && !!top && el.contains(top);
}"""

# Whole games with bots: every page asks for reduced motion (the `calm` marker, conftest.py); the
# animations have tests of their own (test_moments.py, test_accessibility.py).
pytestmark = [pytest.mark.browser, pytest.mark.calm, pytest.mark.timeout(300)]


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


# The turn alerts' browser APIs, observed (issue 30 item 12): the tab's titles in turn, vibrate
# calls, oscillators made (each beep makes one), notifications made, wake lock requests and
# releases, and a permission prompt that answers as the context's grant says;
# `window.__hide(true)` makes the tab hidden as far as the page can tell (and, as a browser
# does, drops the wake lock).
ALERT_PROBES = """
window.__alerts = { vibrations: [], beeps: 0, notices: [], asked: 0, locks: [], titles: [] };
const seen = window.__alerts;
new MutationObserver(() => {
  if (document.title && seen.titles.at(-1) !== document.title) seen.titles.push(document.title);
}).observe(document, { subtree: true, childList: true, characterData: true });
Object.defineProperty(Navigator.prototype, "vibrate", {
  configurable: true, value: (pattern) => { seen.vibrations.push(pattern); return true; } });
const RealAudio = window.AudioContext;
window.AudioContext = class extends RealAudio {
  createOscillator() { seen.beeps += 1; return super.createOscillator(); }
};
const RealNotification = window.Notification;
function Notification(title, options) {
  seen.notices.push({ title, body: options?.body, state: document.visibilityState });
  return new RealNotification(title, options);
}
Object.defineProperty(Notification, "permission", {
  get: () => (seen.asked ? RealNotification.permission : "default") });
Notification.requestPermission = () => {
  seen.asked += 1;
  return RealNotification.requestPermission();
};
window.Notification = Notification;
let hidden = false;
Object.defineProperty(Document.prototype, "visibilityState", {
  configurable: true, get: () => (hidden ? "hidden" : "visible") });
const held = new Set();
Object.defineProperty(Navigator.prototype, "wakeLock", { configurable: true, value: {
  request: async (type) => {
    seen.locks.push(`request ${type}`);
    const sentinel = new EventTarget();
    sentinel.release = async () => { held.delete(sentinel); seen.locks.push("release"); };
    held.add(sentinel);
    return sentinel;
  } } });
window.__hide = (on) => {
  hidden = on;
  if (on) for (const s of held) { held.delete(s); s.dispatchEvent(new Event("release")); }
  document.dispatchEvent(new Event("visibilitychange"));
};
"""


UNMARKED_AFTER_HER_PICK = """() => {
  const titles = window.__alerts.titles;
  const mine = titles.findIndex((t) => t.startsWith("● Your pick — Round 1: Draft · "));
  return mine >= 0 && titles.slice(mine + 1).some((t) => /^(Round|Bribery) /.test(t));
}"""


def alerts_seen(page: Page) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate("() => window.__alerts")
    return result


def play_until(seat: Seat, condition: str, more: int = 600) -> None:
    """Play on until the page's JS `condition` holds (each window closes within seconds)."""
    for _ in range(more):
        if seat.page.evaluate(condition):
            return
        if not seat.step():
            wait_for_news(seat.page, 500)
    pytest.fail(f"never: {condition} ({alerts_seen(seat.page)})")


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
            wait_for_news(seats[0].page)
    pytest.fail(f"the game did not finish: {[s.status() for s in seats]}")


@pytest.mark.whole_chromium  # the headless shell has no notifications (check_turn_alerts)
def test_one_person_and_two_bots_play_a_whole_game(
    open_page: OpenPage, bots_url: str, artifacts: Path
) -> None:
    auditor = ScreenAuditor()
    page = auditor.watch(open_page("Ana", PHONE), "Ana, a player at 390")
    page.context.grant_permissions(["notifications"], origin=bots_url)
    page.add_init_script(ALERT_PROBES)
    code = create(page, bots_url, "Ana")
    # "Notify me" asks the browser only when tapped.
    assert alerts_seen(page)["asked"] == 0
    page.click(sel("notify-me"))
    expect(page.locator(sel("notify-on"))).to_contain_text("when it's your turn")
    expect(page.locator(sel("notify-off"))).to_be_focused()  # the same button, now to stop them
    assert alerts_seen(page)["asked"] == 1
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
    # Issue 30: the host finds Start on the first screen however long the lobby (it was
    # ~1,200 px down at 390x844, below the code, the players and the settings).
    page.evaluate("window.scrollTo(0, 0)")
    assert page.evaluate(ON_FIRST_SCREEN, sel("start-game"))
    page.click(sel("start-game"))
    expect(page.locator(sel("draft-panel"))).to_be_visible()
    expect(page.locator(f"{sel('board-0')}, {sel('board-1')}, {sel('board-2')}")).to_have_count(3)
    expect(page.locator(".presence.bot")).to_have_count(2)  # the bots' boards say so too
    expect(page.locator(sel("away-line"))).to_have_count(0)
    assert unnamed_controls(page) == []
    watcher = auditor.watch(open_page("watcher", LAPTOP), "a spectator at 1366")
    watcher.goto(f"{bots_url}/r/{code}")
    watcher.click(sel("watch-room"))
    check_turn_alerts(page)

    play_to_the_end([Seat(page, "Ana", 0)], auditor=auditor)
    # The end lets the phone sleep again.
    page.wait_for_function("() => window.__alerts.locks.at(-1) === 'release'")

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
    # and her moves' acks rode in her frames ("Acks"), but where none followed
    assert kinds["inline_ack"] > 5 and kinds["inline_ack"] > kinds["ack"], kinds


def check_turn_alerts(page: Page) -> None:
    """Issue 30 item 12, in the game's first rounds: the title, a vibration and a beep when the
    draft opens for Ana; a notification for the next decision while the tab is hidden; none
    of the beeps once muted (remembered); the wake lock held while playing, asked for again
    when the tab comes back."""
    seat = Seat(page, "Ana", 0)
    expect(page).to_have_title(re.compile(r"^● Your pick — Round 1: Draft · LaunderMat "))
    first = alerts_seen(page)
    assert first["vibrations"] and first["beeps"] == len(first["vibrations"]), first
    assert first["locks"] == ["request screen"] and first["notices"] == [], first
    # Once she has picked, a title with nothing of hers to do comes (the draft waiting on the
    # bots, or a step for others): the titles are recorded as they come, however fast.
    play_until(seat, UNMARKED_AFTER_HER_PICK)

    page.evaluate("() => window.__hide(true)")
    play_until(seat, "() => window.__alerts.notices.length > 0")
    notice = alerts_seen(page)["notices"][0]
    assert notice["state"] == "hidden" and notice["title"].startswith("Your "), notice
    assert re.fullmatch(r"LaunderMat · room [A-Z0-9]{5}", notice["body"]), notice
    page.evaluate("() => window.__hide(false)")
    assert alerts_seen(page)["locks"][-1] == "request screen"  # back: awake again

    mute = page.locator(sel("sound-toggle"))
    expect(mute).to_have_attribute("aria-pressed", "false")
    mute.click()
    expect(mute).to_have_attribute("aria-pressed", "true")
    before = alerts_seen(page)
    play_until(seat, f"() => window.__alerts.vibrations.length > {len(before['vibrations'])}")
    assert alerts_seen(page)["beeps"] == before["beeps"]  # a decision came, in silence
    page.reload()
    expect(page.locator(sel("sound-toggle"))).to_have_attribute("aria-pressed", "true")


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
        wait_for_news(host)
    dee.context.close()

    # Offline, until her away clock runs out (2 s here): said once, and counted down beside
    # the live region; the draft's "who has picked" marks her too.
    expect(host.locator(sel("offline"))).to_have_text("Dee is offline.")
    expect(host.locator(sel("offline-clock"))).to_have_text(
        re.compile(r"A bot plays for Dee in [0-2] s\.")
    )
    expect(host.locator(sel("away-line")).locator(sel("offline-clock"))).to_have_count(0)
    dee_picked = host.locator("[data-testid^=picked-]", has_text="Dee")  # seats are shuffled
    expect(dee_picked).to_contain_text("Dee (offline) has picked")
    line = host.locator(sel("stand-in"))
    expect(line).to_have_text("A bot plays for Dee", timeout=15_000)
    expect(host.locator(sel("offline-clock"))).to_have_count(0)
    expect(dee_picked).not_to_contain_text("offline")
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
    ana = Seat(host, "Ana", 0)
    for _ in range(100):  # Ana picks: her instruction then says whom the draft waits for
        if ana.step():
            break
        wait_for_news(host)
    dee.context.close()
    expect(host.locator(sel("offline-clock"))).to_contain_text("The game goes on without Dee in")
    expect(host.locator(sel("instruction"))).to_contain_text("Dee (offline)")
    line = host.locator(sel("away"))
    expect(line).to_contain_text("Dee is away — continuing without them", timeout=15_000)
    # The countdown runs beside the live region (role=status), not in it (an accessibility audit).
    expect(host.locator(sel("away-clock"))).to_contain_text(re.compile(r"\d+ s left"))
    expect(host.locator(sel("away-line")).locator(sel("away-clock"))).to_have_count(0)
    expect(host.locator(sel("stand-in"))).to_have_count(0)
