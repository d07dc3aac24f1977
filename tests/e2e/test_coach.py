"""Learn to play in real Chromium (issue 33 §3): the home page's "Learn to play" starts a
lesson with two bots; the coach's panel shows the hint for the learner's decision (here the
draft's first pick, DRAFT-5), its "Do that" plays the suggested move, and "Turn hints off"
turns it off at once and for good in that room (a reload keeps it off), until turned on."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from .audit import audit, serve_axe
from .conftest import PHONE, OpenPage
from .driver import sel

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]


def test_learn_to_play_shows_a_hint_and_turns_it_off(
    open_page: OpenPage, server_url: str, artifacts: Path
) -> None:
    page = open_page("learner")
    serve_axe(page)
    page.goto(server_url + "/")
    learn = page.locator(sel("learn"))
    expect(learn).to_have_text("Learn LaunderMat")
    learn.click()  # no name typed: a first-timer is not stopped by a form
    game = page.locator(sel("game"))
    expect(game).to_have_attribute("data-phase", "draft")
    coach = page.locator(sel("coach"))
    expect(coach).to_have_attribute("data-coach", "on")
    expect(coach).to_contain_text("Pick the $")  # drawn from the learner's own display
    expect(coach).to_contain_text("DRAFT-5")
    page.screenshot(path=artifacts / "coach-hint.png")
    assert audit(page, "coach") == []  # 44 px targets, no serious axe finding, contrast
    window = game.get_attribute("data-window")
    page.locator(sel("coach-do")).click()  # the suggested move, sent as the learner's own
    expect(game).not_to_have_attribute("data-window", window or "")  # the draft locked
    turn_hints_off(page)
    expect(coach).not_to_contain_text("Coach:")
    expect(page.locator(sel("coach-do"))).to_have_count(0)
    assert audit(page, "coach off") == []
    page.reload()
    expect(page.locator(sel("game"))).to_be_visible()
    expect(coach).to_have_attribute("data-coach", "off")  # off stays off in this room
    page.locator(sel("coach-on")).click()
    expect(coach).to_have_attribute("data-coach", "on")
    expect(coach).to_contain_text("Coach:")


def turn_hints_off(page: Page) -> None:
    """Tap "Turn hints off" until the coach says it is off. The bots play on, and when the
    window changes the panel is drawn anew beside the next decision (ui/coach.js withCoach):
    a tap on the panel being replaced is lost, as a player's would be, and tapped again.
    Known and not fixed: the panel could keep its element across windows."""
    coach = page.locator(sel("coach"))
    for _ in range(5):
        if coach.get_attribute("data-coach") == "off":  # a slow answer to the last tap
            return
        page.locator(sel("coach-off")).click()
        try:
            expect(coach).to_have_attribute("data-coach", "off", timeout=3_000)
            return
        except AssertionError:
            continue
    expect(coach).to_have_attribute("data-coach", "off")


SMALL_PHONE: ViewportSize = {"width": 360, "height": 640}


def decision_in_view(page: Page, controls: list[str], label: str, artifacts: Path) -> None:
    """The hint and the decision's controls on one screen, as the page lands on them."""
    hint = page.locator(sel("coach")).locator("p").first
    expect(hint).to_contain_text("Coach:")
    page.wait_for_timeout(0)  # the render's scroll into view has run
    page.screenshot(path=artifacts / f"coach-{label}.png")
    expect(hint).to_be_in_viewport(ratio=1)
    for control in controls:
        expect(page.locator(control).first).to_be_in_viewport(ratio=1)


@pytest.mark.parametrize("size", [PHONE, SMALL_PHONE], ids=["390x844", "360x640"])
def test_a_goblin_hint_shares_the_first_screen_with_its_decision(
    open_page: OpenPage, server_url: str, artifacts: Path, size: ViewportSize
) -> None:
    """Issue 30 (the decision in front of you): the coach's hint sat a scroll above the hand
    (in the status bar's notes, while the page lands on the decision's panel).
    At a pick, the hint and the hand's first card; at the learner's laundry, the hint and
    Draw and Stop, without scrolling."""
    page = open_page("learner", viewport=size)
    page.goto(server_url + "/")
    page.locator(sel("create-game")).select_option("goblin")
    page.locator(sel("learn")).click()
    game = page.locator(sel("game"))
    expect(game).to_have_attribute("data-can-act", "true", timeout=30_000)
    expect(game).to_have_attribute("data-kind", "pick")
    expect(page.locator(sel("coach-do"))).to_be_visible()
    label = f"{size['width']}x{size['height']}"
    decision_in_view(page, [f"{sel('hand')} [data-card]"], f"pick-{label}", artifacts)
    # Follow the hints to the learner's own laundry.
    laundry = page.locator("main[data-kind=laundry][data-can-act=true]")
    for _ in range(40):
        if laundry.count():
            break
        if game.get_attribute("data-can-act") == "true" and page.locator(sel("coach-do")).count():
            page.locator(sel("coach-do")).click()
        page.wait_for_timeout(300)
    expect(laundry).to_be_attached(timeout=30_000)
    expect(page.locator(sel("coach-do"))).to_be_visible()
    decision_in_view(page, [sel("draw"), sel("stop")], f"laundry-{label}", artifacts)
