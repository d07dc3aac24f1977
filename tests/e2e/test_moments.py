"""Issue 30: a dramatic moment gets its beat. Your laundry's result vanished within 400 ms
(the screen moved on to the next player), and bots' quick moves made LaunderMat's Alarm and
reveal flash by. The shell's moment (static/js/moments.js) stays on screen for 2.5 s or until
tapped, while play goes on underneath and taps reach what is under it.

Fake rooms (goblin_fake.py, fake_room.py): no game is played to get there.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import FloatRect, Page, expect

from laundermat.games.goblin import GoblinMatch
from laundermat.games.laundermat.chance import ScriptedChance
from tests.games.laundermat.builders import bill, build

from .conftest import OpenPage
from .driver import sel
from .fake_room import CODE as FAKE_CODE
from .fake_room import FakeRoom
from .goblin_fake import (
    CODE,
    GoblinFakeRoom,
    act,
    drive_to,
    first_option,
    long_laundry,
    new_match,
)

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]

NAMES = ["Ana", "Bo", "Cyd"]
MOMENT_MS = 2500

# When each moment came and went, by the page's clock (a test's own clock would add the
# time its messages take to travel).
RECORD_JS = """() => {
  window.moments = [];
  const look = () => {
    const now = performance.now();
    for (const el of document.querySelectorAll('[data-testid=moment]')) {
      if (window.moments.some((m) => m.el === el)) continue;
      window.moments.push({ el, text: el.textContent, shown: now, gone: null });
    }
    for (const m of window.moments) if (m.gone === null && !m.el.isConnected) m.gone = now;
  };
  new MutationObserver(look).observe(document.body, { childList: true, subtree: true });
  look();
}"""

SEEN_JS = "() => window.moments.map((m) => ({ text: m.text, shown: m.shown, gone: m.gone }))"

# A tap at the moment's centre reaches the page under it: the moment blocks nothing.
TAP_THROUGH_JS = """() => { const el = document.querySelector('[data-testid=moment]');
  const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !el.contains(hit) && !!hit; }"""


def moment(page: Page) -> dict[str, Any]:
    page.wait_for_function("() => window.moments.length > 0 && window.moments[0].gone !== null")
    seen: list[dict[str, Any]] = page.evaluate(SEEN_JS)
    return seen[0]


def test_your_laundry_result_stays_while_play_goes_on(open_page: OpenPage, server_url: str):
    match = long_laundry(0)
    room = GoblinFakeRoom(match, 0, NAMES)
    page = open_page("Ana", setup=room.attach)
    page.goto(f"{server_url}/r/{CODE}")
    expect(page.locator(sel("drawn-count"))).to_contain_text("1 of 6")
    region = page.locator(sel("moments"))
    expect(region).to_have_attribute("aria-live", "polite")
    page.evaluate(RECORD_JS)
    for drawn in range(2, 7):  # the sixth card completes the Cycle
        page.locator(sel("draw")).evaluate("(el) => el.click()")
        if drawn < 6:
            expect(page.locator(sel("drawn-count"))).to_contain_text(f"{drawn} of 6")
    shown = page.locator(sel("moment"))
    expect(shown).to_contain_text("completed")
    assert page.evaluate(TAP_THROUGH_JS)

    # Play goes on underneath: the next washer stops; the page follows, the moment stays.
    washer = match.view(None)["laundry"]["seat"]
    assert washer != 0
    assert first_option(match.view(washer)) == {"type": "stop"}
    act(match, washer, {"type": "stop"})
    room.send_view(room.sockets[-1])
    expect(page.locator(sel("game-log"))).to_contain_text(f"{NAMES[washer]} stopped")
    first = moment(page)
    assert "You completed" in str(first["text"])
    assert float(first["gone"]) - float(first["shown"]) >= MOMENT_MS - 50


def test_a_tap_ends_a_moment_and_reduced_motion_has_no_animation(
    open_page: OpenPage, server_url: str
):
    match = long_laundry(0)
    room = GoblinFakeRoom(match, 0, NAMES)
    page = open_page("Ana", setup=room.attach)
    page.emulate_media(reduced_motion="reduce")
    page.goto(f"{server_url}/r/{CODE}")
    expect(page.locator(sel("drawn-count"))).to_contain_text("1 of 6")
    page.evaluate(RECORD_JS)
    page.click(sel("stop"))
    expect(page.locator(sel("moment"))).to_contain_text("You stopped")
    assert page.locator(sel("moment")).evaluate("(el) => el.getAnimations().length") == 0
    page.mouse.click(200, 400)  # anywhere
    seen = moment(page)
    assert float(seen["gone"]) - float(seen["shown"]) < MOMENT_MS - 500


def test_an_alarm_gets_its_beat_after_the_dice(open_page: OpenPage, server_url: str):
    # Bo and Cyd collide: their Vault raids (a $100k bill always sounds the Alarm) roll dice.
    game = build(
        3,
        display=[bill(10_000), bill(20_000), bill(30_000)],
        vault=[bill(100_000, 1)],
        selections={1: bill(20_000), 2: bill(20_000)},
        chance=ScriptedChance(values={"vault_deal": [bill(100_000, 1)]}, dice=[6, 6]),
    )
    page = open_page("Ana", setup=FakeRoom(game, 0, NAMES).attach)
    page.goto(f"{server_url}/r/{FAKE_CODE}")
    expect(page.locator(sel("game"))).to_be_visible()
    page.evaluate(RECORD_JS)
    page.click(sel(f"draft-bill-{bill(10_000)}"))
    expect(page.locator(sel("moment")).first).to_contain_text("You collected $10k")
    expect(page.locator(sel("moments"))).to_contain_text("ALARM", timeout=8_000)
    assert page.evaluate(TAP_THROUGH_JS)
    seen = page.evaluate(SEEN_JS)
    reveal = next(m for m in seen if "collected" in m["text"])
    alarm = next(m for m in seen if "ALARM" in m["text"])
    # Not before its die has rolled (1.5 s after the reveal; a busy page may draw that late).
    assert alarm["shown"] - reveal["shown"] >= 1_000, seen


def last_laundry(viewer: int) -> GoblinMatch:
    """A match at the last laundry of the game, the viewer's: their Stop ends the game."""
    for seed in range(1, 300):
        match = new_match(seed, 3)
        assert isinstance(match, GoblinMatch)
        while drive_to(match, viewer, "laundry", push=False):
            if match.state.round == 4 and match.state.order[-1] == viewer:
                return match
            act(match, viewer, {"type": "stop"})
    raise AssertionError("no seed in 1..299 gives the viewer the game's last laundry")


def overlap(a: FloatRect | None, b: FloatRect | None) -> bool:
    assert a is not None and b is not None
    return not (
        a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
    )


def test_a_moment_leaves_the_end_screens_play_again_in_sight(open_page: OpenPage, server_url: str):
    """The game ends while the last laundry's moment is on show: "Play again?" (Ready, and
    who is ready) stays in sight beside it, on a phone."""
    room = GoblinFakeRoom(last_laundry(0), 0, NAMES)
    page = open_page("Ana", setup=room.attach)
    page.goto(f"{server_url}/r/{CODE}")
    expect(page.locator(sel("laundry-panel"))).to_be_visible()
    page.locator(sel("stop")).evaluate("(el) => el.click()")
    expect(page.locator(sel("final-standings"))).to_be_visible()
    shown = page.locator(sel("moment")).first
    expect(shown).to_contain_text("You stopped")
    for part in ("ready", "ready-list"):
        target = page.locator(sel(part))
        expect(target).to_be_in_viewport()
        assert not overlap(shown.bounding_box(), target.bounding_box()), part
