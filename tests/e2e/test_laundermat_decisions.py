"""LaunderMat's decisions on the first screen (issue 30, item 6): the buttons that end a
purchase, an Alarm or a bribery stage (Skip, Buy or Discard, Done) stay on screen, above the
wallet stuck to a phone's bottom, however long the panel grows: five additions in the shop, the
Alarm's rules, four flagged additions to protect, the entries stage's odds and bills. They were
up to 900 px below an 844 px screen's fold.
Engine states through the mocked socket (fake_room.py)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import ViewportSize, expect

from laundermat.games.laundermat.engine import Game, Phase
from tests.games.laundermat.builders import CHARGING, PAWN, RACK, SLOT, VENDING, bill, build

from .conftest import LAPTOP, ON_FIRST_SCREEN_JS, PHONE, SCROLL_STILL_JS, SMALL_PHONE, OpenPage
from .driver import sel
from .fake_room import CODE, FakeRoom

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]

KINDS = [RACK, VENDING, CHARGING, PAWN, SLOT]
# Seat 1, the viewer: $220k in five bills, five additions, four of them flagged, one protected.
WALLETS = {1: [bill(50_000, k) for k in range(4)] + [bill(20_000)]}
COPIES: list[dict[str, Any]] = [
    {
        "kind": KINDS[(seat + n) % 5],
        "owner": seat,
        "alarm_flag": n != 1,
        "protection": 50_000 if n == 4 else 0,
    }
    for seat in range(3)
    for n in range(5)
]
# Each state, and the controls that end the viewer's decision in it (the last is enabled).
STATES = {
    "purchase": (Phase.PURCHASE, ["skip-purchase"]),
    "alarm": (Phase.ALARM, ["alarm-buy", "alarm-discard"]),
    "protect": (Phase.BRIBE_PROTECT, ["bribe-done"]),
    "counter": (Phase.BRIBE_COUNTER, ["bribe-done"]),
    "entries": (Phase.BRIBE_ENTRIES, ["confirm-entries", "bribe-done"]),
}
# A checkout (a purchase, a protection, a cancelled one), opened by a tap on the first of its
# kind of button: the bill picker's first control, and the confirm and the way out.
CHECKOUTS = {
    "purchase": (Phase.PURCHASE, "choose", ["pay-auto", "confirm-purchase", "skip-purchase"]),
    "protect": (Phase.BRIBE_PROTECT, "bribe-target", ["pay-auto", "confirm-protect", "bribe-done"]),
    "counter": (Phase.BRIBE_COUNTER, "bribe-target", ["pay-auto", "confirm-counter", "bribe-done"]),
}


def state(phase: Phase) -> Game:
    actors = [1] if phase is Phase.PURCHASE else None
    alarm = (1, bill(100_000)) if phase is Phase.ALARM else None  # seat 1's Vault bill
    return build(
        3,
        phase=phase,
        round=8,
        copies=COPIES,
        wallets=WALLETS,
        done=[0],
        actors=actors,
        alarm=alarm,
    )


@pytest.mark.parametrize("name", sorted(STATES))
@pytest.mark.parametrize("viewport", [PHONE, SMALL_PHONE, LAPTOP], ids=["390", "360", "laptop"])
def test_the_button_that_ends_a_decision_is_on_the_first_screen(
    open_page: OpenPage, server_url: str, viewport: ViewportSize, name: str
) -> None:
    phase, controls = STATES[name]
    room = FakeRoom(state(phase), 1, ["Ana", "Ben", "Cal"])
    page = open_page("Ben", viewport, setup=room.attach)
    page.goto(f"{server_url}/r/{CODE}")
    expect(page.locator(sel(controls[-1]))).to_be_enabled()
    page.wait_for_function(SCROLL_STILL_JS)  # the landing scroll to the panel is over
    problems = page.evaluate(ON_FIRST_SCREEN_JS, controls)
    page.evaluate("() => window.scrollTo(0, 0)")
    problems += [f"at the top: {p}" for p in page.evaluate(ON_FIRST_SCREEN_JS, controls)]
    assert problems == []
    if viewport is not LAPTOP:  # above the wallet, not under it
        wallet = page.locator(sel("wallet")).bounding_box()
        button = page.locator(sel(controls[-1])).bounding_box()
        assert wallet and button and button["y"] + button["height"] <= wallet["y"]


@pytest.mark.parametrize("name", sorted(CHECKOUTS))
@pytest.mark.parametrize("viewport", [PHONE, SMALL_PHONE], ids=["390", "360"])
def test_a_checkout_is_on_the_first_screen(
    open_page: OpenPage, server_url: str, viewport: ViewportSize, name: str
) -> None:
    """Once a purchase, a protection or a cancelled protection is chosen, paying for it is the
    decision: the bills, the confirm and the way out, with no scrolling (the rules' paragraph
    and the panel's rows had pushed the confirm 200-500 px down at 360x640)."""
    phase, action, controls = CHECKOUTS[name]
    room = FakeRoom(state(phase), 1, ["Ana", "Ben", "Cal"])
    page = open_page("Ben", viewport, setup=room.attach)
    page.goto(f"{server_url}/r/{CODE}")
    page.locator(f"[data-action={action}]:enabled").first.click()
    expect(page.locator(sel(controls[1]))).to_be_visible()
    page.wait_for_function(SCROLL_STILL_JS)
    assert page.evaluate(ON_FIRST_SCREEN_JS, controls) == []
