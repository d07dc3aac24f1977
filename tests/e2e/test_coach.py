"""Learn to play in real Chromium (issue 33 §3): the home page's "Learn to play" starts a
lesson with two bots; the coach's panel shows the hint for the learner's decision (here the
draft's first pick, DRAFT-5), its "Do that" plays the suggested move, and "Turn hints off"
turns it off at once and for good in that room (a reload keeps it off), until turned on."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from .audit import audit, serve_axe
from .conftest import OpenPage
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
    page.locator(sel("coach-off")).click()
    expect(coach).to_have_attribute("data-coach", "off")
    expect(coach).not_to_contain_text("Coach:")
    expect(page.locator(sel("coach-do"))).to_have_count(0)
    assert audit(page, "coach off") == []
    page.reload()
    expect(page.locator(sel("game"))).to_be_visible()
    expect(coach).to_have_attribute("data-coach", "off")  # off stays off in this room
    page.locator(sel("coach-on")).click()
    expect(coach).to_have_attribute("data-coach", "on")
    expect(coach).to_contain_text("Coach:")
