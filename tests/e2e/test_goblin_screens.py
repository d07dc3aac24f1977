"""Goblin Laundromat's screens a random game may not reach, at 390x844, from the real engine
behind a mocked socket (goblin_fake.py): a laundry under way with its limits beside the
counts and the odds (GWASH-3, GWASH-6), the Stain Potion covering a card (GPOTION-1), and a
failed laundry's choice of the card to keep (GWASH-5). Each screen is checked with axe-core
and for 44 px targets.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .audit import audit, covered_buttons, serve_axe
from .conftest import PHONE, OpenPage
from .driver import sel, unnamed_controls
from .goblin_fake import CODE, GoblinFakeRoom, act, drive_to, new_match

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]

NAMES = ["Ana", "Bo", "Cyd"]


def a_failed_laundry(viewer: int) -> GoblinFakeRoom:
    """The first seed whose plain game gives `viewer`, always drawing, a keep window."""
    for seed in range(1, 200):
        match = new_match(seed, 3)
        if drive_to(match, viewer, "keep"):
            return GoblinFakeRoom(match, viewer, NAMES)
    raise AssertionError("no seed in 1..199 fails a laundry with 2+ cards up")


def test_the_laundry_with_the_potion_then_a_failure_to_keep_a_card(
    open_page: OpenPage, server_url: str, artifacts: Path
) -> None:
    viewer = 0
    match = new_match(11, 3)
    assert drive_to(match, viewer, "laundry")
    room = GoblinFakeRoom(match, viewer, NAMES)
    page = open_page("Ana", PHONE, setup=room.attach)
    serve_axe(page)
    page.goto(f"{server_url}/r/{CODE}")

    panel = page.locator(sel("laundry-panel"))
    expect(panel).to_be_visible()
    expect(panel.locator("h2")).to_have_text("Your laundry")
    laundry = match.view(viewer)["laundry"]
    # GWASH-3: each limited stain's count beside its limit; an ignored one says so.
    for stain, limit in laundry["limits"].items():
        row = page.locator(sel(f"meter-{stain}"))
        expect(row).to_contain_text("—" if limit is None else str(limit))
    expect(page.locator(sel("drawn-count"))).to_contain_text(
        f"{len(laundry['drawn'])} of {laundry['cycle']} cards drawn"
    )
    expect(page.locator(sel("fail-odds"))).to_contain_text(
        re.compile(r"next draw fails: [<>]?\d+%")
    )
    expect(page.locator(sel("draw"))).to_contain_text("chance to fail")
    problems = audit(page, "laundry")
    assert covered_buttons(page, "[data-testid=laundry-panel]") == []  # none under a sticky bar
    assert unnamed_controls(page) == []
    page.evaluate("() => window.scrollTo(0, 0)")  # the sticky bar is drawn where it was scrolled
    page.screenshot(path=str(artifacts / "goblin-screen-laundry-390x844.png"), full_page=True)

    # GPOTION-1: the next card counts no stains; the page says which card it covers.
    page.click(sel("draw-potion"))
    expect(page.locator(sel("drawn")).locator(".is-covered")).to_have_count(1)
    assert room.commands[-1] == {"type": "draw_with_potion"}
    expect(page.locator(sel(f"board-{viewer}"))).to_contain_text("Potion used on")
    expect(page.locator(sel("draw-potion"))).to_have_count(0)  # once per game

    # GWASH-5: a failed laundry with 2+ cards up: one card to keep, by tap.
    failed = a_failed_laundry(viewer)
    page2 = open_page("Ana again", PHONE, setup=failed.attach)
    serve_axe(page2)
    page2.goto(f"{server_url}/r/{CODE}")
    expect(page2.locator(sel("failed-note"))).to_contain_text("laundry failed: too much")
    keep = page2.locator("[data-testid^=keep-C]")
    drawn = failed.match.view(viewer)["laundry"]["drawn"]
    expect(keep).to_have_count(len(drawn))
    problems += audit(page2, "keep")
    assert covered_buttons(page2, "[data-testid=laundry-panel]") == []
    page2.evaluate("() => window.scrollTo(0, 0)")
    page2.screenshot(path=str(artifacts / "goblin-screen-keep-390x844.png"), full_page=True)
    keep.last.click()
    assert failed.commands[-1] == {"type": "keep", "card": drawn[-1]}
    zone = failed.match.view(viewer)["players"][viewer]["score_zone"]["cards"]
    assert drawn[-1] in zone
    expect(page2.locator(sel(f"zone-{viewer}"))).to_contain_text("Score Zone · ")
    assert problems == [], "\n".join(problems)


def test_a_wrong_move_is_refused_with_a_sentence(open_page: OpenPage, server_url: str) -> None:
    match = new_match(5, 3)
    assert drive_to(match, 1, "laundry")
    act(match, 1, {"type": "draw_with_potion"})  # the Potion is used behind the page's back
    window = match.window()
    assert window is not None and window.kind == "laundry" and window.actors == (1,)
    room = GoblinFakeRoom(match, 1, NAMES)
    page = open_page("Bo", PHONE, setup=room.attach)
    page.goto(f"{server_url}/r/{CODE}")
    expect(page.locator(sel("draw"))).to_be_enabled()
    expect(page.locator(sel("draw-potion"))).to_have_count(0)  # not offered once used
    # A stale page (sent before the view caught up) still gets a clear sentence. The stale
    # action and the tap in one step: a render in between (a countdown tick, on a loaded
    # machine) would put the button's own action back, and the tap would send a plain draw.
    page.evaluate(
        """() => {
            const draw = document.querySelector('[data-testid=draw]');
            draw.dataset.action = 'draw-potion';
            draw.click();
        }"""
    )
    expect(page.locator(sel("toast"))).to_contain_text("Your Stain Potion is already used.")


@pytest.mark.parametrize("players", [4, 5])
def test_bigger_tables_render_the_pick_and_the_laundry(
    open_page: OpenPage, server_url: str, players: int
) -> None:
    """GFILL-1: 4 and 5 players pick from hands of the Cycle; everyone's area fits the phone."""
    names = ["Ana", "Bo", "Cyd", "Dee", "Eli"][:players]
    match = new_match(2, players)
    room = GoblinFakeRoom(match, 0, names)
    page = open_page(f"{players} players", PHONE, setup=room.attach)
    page.goto(f"{server_url}/r/{CODE}")
    expect(page.locator("[data-testid^=hand-]")).to_have_count(3)
    expect(page.locator("[data-testid^=board-]")).to_have_count(players)
    expect(page.locator(sel("who-picked")).locator("li")).to_have_count(players)
    assert drive_to(match, 0, "laundry")
    room.send_view(room.sockets[-1])
    expect(page.locator(sel("laundry-panel"))).to_be_visible()
    expect(page.locator(sel("laundry-order")).locator("li")).to_have_count(players)
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")
