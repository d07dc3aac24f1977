"""The round's timer bar counts down by a transform, never by its width: the compositor moves
it without layout or paint, so a phone does not repaint the page for as long as a timer runs
(a whole-game test's Chromium spent about a quarter of its CPU on that repaint)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.games.laundermat.builders import build

from .conftest import OpenPage
from .driver import sel
from .fake_room import CODE, FakeRoom

pytestmark = [pytest.mark.browser, pytest.mark.timeout(60)]

BAR_JS = """() => { const fill = document.querySelector('.timer-fill');
  const track = fill.parentElement;
  return { shown: fill.getBoundingClientRect().width / track.getBoundingClientRect().width,
           laidOut: fill.offsetWidth / track.clientWidth }; }"""


def test_the_timer_bar_shrinks_by_a_transform(open_page: OpenPage, server_url: str):
    page = open_page("timer", setup=FakeRoom(build(3), 0, ["Ana", "Bo", "Cyd"]).attach)
    page.goto(f"{server_url}/r/{CODE}")
    expect(page.locator(sel("game"))).to_be_visible()
    page.wait_for_function(f"() => ({BAR_JS})().shown < 1")
    first = page.evaluate(BAR_JS)
    assert 0 < first["shown"] < 1, first
    assert first["laidOut"] == 1, first  # its box keeps the track's width: no relayout
    page.wait_for_function(f"() => ({BAR_JS})().shown < {first['shown']}")  # it counts down
