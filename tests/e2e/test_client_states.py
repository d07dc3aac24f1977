"""The client in situations a random game rarely reaches, and at the protocol's edges.

Each test builds an engine state directly (tests/games/laundermat/builders.py), serves it through a
mocked socket (fake_room.py) and uses the real page the way a player would. What the client
sends is checked against the engine's command form (docs/protocol.md).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from laundermat.games.laundermat.engine import Phase, parse_command
from laundermat.games.patch import diff
from tests.games.laundermat.builders import PAWN, RACK, SLOT, bill, build

from ..waits import until
from .conftest import OpenPage
from .driver import sel, unnamed_controls
from .fake_room import CODE, FakeRoom

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]

NAMES = ["Ana", "Bo", "Cyd"]


def open_room(open_page: OpenPage, server_url: str, room: FakeRoom, clock: bool = False) -> Page:
    page = open_page("fake-room", setup=room.attach)
    if clock:
        page.clock.install()  # runs as the real one until the test moves it on
    page.goto(f"{server_url}/r/{CODE}")
    expect(page.locator(sel("game"))).to_be_visible()
    return page


def last_command(room: FakeRoom) -> dict[str, object]:
    return room.commands()[-1]


def test_seniority_prompt_claims_the_collided_bill(open_page: OpenPage, server_url: str):
    forty, ten = bill(40_000), bill(10_000)
    game = build(
        3,
        phase=Phase.SENIORITY,
        weapons={0: "seniority"},
        collisions=[(forty, [0, 1])],
        display=[forty, ten],
        actors=[0],
    )
    room = FakeRoom(game, 0, NAMES)
    page = open_room(open_page, server_url, room)

    panel = page.locator(sel("seniority-panel"))
    expect(panel).to_contain_text("You collided with Bo")
    expect(panel).to_contain_text("$40k")
    page.locator(sel("seniority-claim")).focus()
    page.keyboard.press("Enter")

    expect(page.locator(sel("purchase-panel"))).to_be_visible()  # the claim counts (BUY-1)
    assert room.sent("act")[-1]["command"] == {"type": "seniority", "claim": True}
    assert room.sent("act")[-1]["window"] == 1
    expect(page.locator(sel("round-report"))).to_contain_text("used Seniority to claim")


def test_alarm_purchase_with_the_green_tshirt_reference(open_page: OpenPage, server_url: str):
    alarm_bill, twenty, ten = bill(70_000), bill(20_000), bill(10_000)
    game = build(
        3,
        phase=Phase.ALARM,
        alarm=(0, alarm_bill),
        weapons={0: "green_tshirt"},
        wallets={0: [twenty, ten]},
    )
    room = FakeRoom(game, 0, NAMES)
    page = open_room(open_page, server_url, room)

    panel = page.locator(sel("alarm-panel"))
    expect(panel).to_contain_text("$70k")
    expect(page.locator(sel("alarm-buy"))).to_be_disabled()  # choose an addition first
    page.click(sel(f"alarm-type-{SLOT}"))
    summary = page.locator(sel("pay-summary"))
    expect(summary).to_contain_text("$80k short of $150k")
    page.click(sel(f"pay-bill-{twenty}"))
    page.click(sel(f"pay-bill-{ten}"))
    expect(summary).to_contain_text("$50k short")
    expect(page.locator(sel("alarm-buy"))).to_be_disabled()
    # Green T-Shirt: every committed bill counts as the $70k Alarm bill: 3 x $70k.
    page.select_option(sel("pay-reference"), str(alarm_bill))
    expect(summary).to_contain_text("overpaid by $60k")
    page.click(sel("alarm-buy"))

    expect(page.locator(sel("alarm-panel"))).to_have_count(0)
    command = last_command(room)
    assert command == {
        "type": "alarm_purchase",
        "addition": SLOT,
        "bills": [twenty, ten],
        "reference": alarm_bill,
    }
    expect(page.locator(sel("board-0"))).to_contain_text("Slot Machine")
    expect(page.locator(sel("board-0"))).to_contain_text("Flagged")


def test_purchase_bill_picker_and_anonymous_email(open_page: OpenPage, server_url: str):
    ten, twenty, fifty, hundred = bill(10_000), bill(20_000), bill(50_000), bill(100_000)
    game = build(
        3,
        phase=Phase.PURCHASE,
        collected=[0, 1, 2],
        wallets={0: [ten, twenty, fifty, hundred]},
        weapon_market=["anonymous_email", "jackpot", "rubber_gloves"],
    )
    room = FakeRoom(game, 0, NAMES)
    page = open_room(open_page, server_url, room)

    assert unnamed_controls(page) == []
    # Nobody owns a Slot Machine: Jackpot is offered but cannot be bought (BUY-10).
    expect(page.locator(sel("choose-jackpot"))).to_be_disabled()
    expect(page.locator(sel("purchase-panel"))).to_contain_text("No possible target")

    # The running total: short, overpaid, exact.
    page.click(sel(f"choose-{RACK}"))
    summary = page.locator(sel("pay-summary"))
    page.click(sel(f"pay-bill-{ten}"))
    expect(summary).to_contain_text("$10k short of $20k")
    expect(page.locator(sel("confirm-purchase"))).to_be_disabled()
    page.click(sel(f"pay-bill-{twenty}"))
    expect(summary).to_contain_text("overpaid by $10k")
    page.click(sel(f"pay-bill-{ten}"))
    expect(summary).to_contain_text("exact")
    expect(summary).to_contain_text("$5k bonus")
    page.click(sel("back-to-shop"))

    # Anonymous Email needs its type in the same command (GEN-2).
    page.click(sel("choose-anonymous_email"))
    page.click(sel("pay-auto"))
    expect(summary).to_contain_text("$100k: exact")
    expect(page.locator(sel("confirm-purchase"))).to_be_disabled()
    page.click(sel(f"email-type-{PAWN}"))
    page.click(sel("confirm-purchase"))

    expect(page.locator(sel("purchase-panel"))).to_contain_text("done shopping")
    assert last_command(room) == {
        "type": "buy_weapon",
        "weapon": "anonymous_email",
        "bills": [hundred],
        "email_type": PAWN,
    }
    expect(page.locator(sel("board-0"))).to_contain_text("Anonymous Email")
    expect(page.locator(sel("game-log"))).to_contain_text("flagged every Pawn Shop")


def test_bribery_protect_counter_and_entries(open_page: OpenPage, server_url: str):
    fifty, sixty, ten, forty = bill(50_000), bill(60_000), bill(10_000), bill(40_000)
    copies = [
        {"kind": PAWN, "owner": 0, "alarm_flag": True},
        {"kind": RACK, "owner": 0},
        {"kind": SLOT, "owner": 1, "alarm_flag": True, "protection": 60_000},
    ]
    game = build(
        3,
        phase=Phase.BRIBE_PROTECT,
        wallets={0: [fifty, sixty, ten, forty]},
        copies=copies,
        done=[1, 2],
    )
    room = FakeRoom(game, 0, NAMES)
    page = open_room(open_page, server_url, room)

    panel = page.locator(sel("bribery-panel"))
    expect(panel).to_have_attribute("data-stage", "bribe_protect")
    expect(panel).to_contain_text("1 clean addition can't get you caught")
    expect(page.locator(sel("protect-1"))).to_have_count(0)  # the clean copy is not offered
    page.click(sel("protect-0"))
    page.click(sel(f"pay-bill-{fifty}"))
    page.click(sel("confirm-protect"))
    expect(page.locator(sel("board-0"))).to_contain_text("Protected $50k")
    assert last_command(room) == {"type": "protect", "copy": 0, "bills": [fifty]}
    page.click(sel("bribe-done"))

    # Stage 2: Bo's $60k protection can be cancelled for $60k or more.
    expect(panel).to_have_attribute("data-stage", "bribe_counter")
    page.click(sel("counter-2"))
    page.click(sel("pay-auto"))
    page.click(sel("confirm-counter"))
    expect(page.locator(sel("board-1"))).to_contain_text("cancelled")
    assert last_command(room) == {"type": "counter", "copy": 2, "bills": [sixty]}
    page.click(sel("bribe-done"))

    # Stage 3: $50k buys 2 entries ($10k is wasted); both must be placed.
    expect(panel).to_have_attribute("data-stage", "bribe_entries")
    assert unnamed_controls(page) == []
    page.click(sel(f"pay-bill-{forty}"))
    page.click(sel(f"pay-bill-{ten}"))
    expect(page.locator(sel("split-status"))).to_contain_text("place 2 more")
    expect(page.locator(sel("confirm-entries"))).to_be_disabled()
    page.click(sel(f"split-inc-{SLOT}"))
    page.click(sel(f"split-inc-{SLOT}"))
    expect(page.locator(sel(f"split-inc-{PAWN}"))).to_be_disabled()
    expect(page.locator(sel("split-status"))).to_contain_text("All 2 entries placed")
    page.click(sel("confirm-entries"))
    expect(page.locator(sel("pool"))).to_contain_text("3 entries")
    assert last_command(room) == {"type": "entries", "bills": [forty, ten], "split": {SLOT: 2}}
    page.click(sel("bribe-done"))
    expect(page.locator(sel("final-standings"))).to_be_visible()


def test_version_gap_resync_errors_and_reconnect(open_page: OpenPage, server_url: str):
    game = build(3)
    room = FakeRoom(game, 0, NAMES)
    page = open_room(open_page, server_url, room)
    assert room.sent("hello")[0]["token"]

    # A view that skips a version makes the client ask for the whole view.
    room.version += 1
    room.send_view()
    wait_for(page, lambda: room.sent("resync"), room.received)

    # Every error reaches the player as a sentence.
    room.fail_next = ("card_not_on_display", "That bill is not on the display.")
    page.locator("[data-testid^=draft-bill-]").first.click()
    expect(page.locator(sel("toast"))).to_contain_text("That bill is no longer on the table.")

    # The connection drops: a banner shows, the client reconnects and says hello again.
    hellos = len(room.sent("hello"))
    room.sockets[-1].close(code=1001, reason="going away")
    expect(page.locator(sel("reconnecting"))).to_be_visible()
    expect(page.locator(sel("reconnecting"))).to_be_hidden()
    assert len(room.sent("hello")) == hellos + 1
    assert room.sent("hello")[-1]["token"] == room.sent("hello")[0]["token"]
    expect(page.locator("[data-testid^=draft-bill-]:enabled")).not_to_have_count(0)


def wait_for(page: Page, ready: Callable[[], object], about: object = None) -> None:
    """Until `ready()`, a condition on what the fake room received. The room hears the page
    through Playwright's events, which the sync API delivers only while a call of it runs:
    the pause between two looks is one (no call waits on a Python condition)."""
    until(ready, lambda: f"{about}", 10, pause=lambda s: page.wait_for_timeout(s * 1000))


def test_a_move_in_flight_when_the_link_drops_is_sent_again_with_its_id(
    open_page: OpenPage, server_url: str
):
    """The tap reached a link that died: the client sends it again on its next socket, with
    the same id (the server answers an id once and applies it once), instead of dropping it."""
    room = FakeRoom(build(3), 0, NAMES)
    page = open_room(open_page, server_url, room)
    room.hold = True
    page.locator("[data-testid^=draft-bill-]").first.click()
    wait_for(page, lambda: room.sent("act"))
    first = room.sent("act")[0]
    room.held = []  # lost with the link
    room.hold = False
    room.sockets[-1].close(code=1001, reason="going away")
    wait_for(page, lambda: len(room.sent("act")) == 2)
    again = room.sent("act")[1]
    assert (again["id"], again["command"]) == (first["id"], first["command"])
    expect(page.locator("[data-testid^=draft-bill-][aria-pressed=true]")).to_have_count(1)
    expect(page.locator(sel("toast"))).to_have_count(0)


def test_keyboard_focus_stays_on_the_control_whose_move_is_on_its_way(
    open_page: OpenPage, server_url: str
):
    room = FakeRoom(build(3), 0, NAMES)
    page = open_room(open_page, server_url, room, clock=True)
    room.hold = True
    bill = page.locator("[data-testid^=draft-bill-]").first
    bill.focus()
    page.keyboard.press("Enter")
    wait_for(page, lambda: room.sent("act"))
    expect(bill).to_have_attribute("aria-disabled", "true")  # busy, but still focused
    expect(bill).to_be_focused()
    page.keyboard.press("Enter")  # ignored while the first is on its way
    # A barrier: the socket's next frame is the idle ping (six quiet seconds, run at once on
    # the page's clock); a second act, had the key sent one, would have come before it.
    page.clock.run_for(6000)
    wait_for(page, lambda: room.sent("ping"), "the idle ping")
    assert len(room.sent("act")) == 1
    room.release()
    expect(bill).not_to_have_attribute("aria-disabled", "true")
    expect(bill).to_be_focused()


def test_a_seat_taken_by_another_tab_leaves_this_one_frozen(open_page: OpenPage, server_url: str):
    room = FakeRoom(build(3), 0, NAMES)
    page = open_room(open_page, server_url, room)
    room.close_for_good("replaced", 4001)
    expect(page.locator(sel("banner-replaced"))).to_be_visible()
    expect(page.locator("[data-testid^=draft-bill-]")).not_to_have_count(0)
    expect(page.locator("[data-testid^=draft-bill-]:enabled")).to_have_count(0)
    expect(page.locator("[data-action=reclaim-seat]")).to_be_enabled()
    page.click("[data-action=reclaim-seat]")  # play here again: the board comes back to life
    expect(page.locator(sel("banner-replaced"))).to_have_count(0)
    expect(page.locator("[data-testid^=draft-bill-]:enabled")).not_to_have_count(0)


def test_kicked_player_sees_why_and_loses_the_seat(open_page: OpenPage, server_url: str):
    room = FakeRoom(build(3), 0, NAMES)
    page = open_room(open_page, server_url, room)
    room.close_for_good("kicked", 4003)
    expect(page.locator(sel("home-error"))).to_contain_text("The host removed you")
    expect(page.locator(sel("join-form"))).to_be_visible()
    assert page.evaluate(f"() => localStorage.getItem('laundermat.seat.{CODE}')") is None


def test_jackpot_names_its_target(open_page: OpenPage, server_url: str):
    hundred, thirty = bill(100_000), bill(30_000)
    game = build(
        3,
        phase=Phase.PURCHASE,
        collected=[0],
        wallets={0: [hundred], 2: [thirty]},
        copies=[{"kind": SLOT, "owner": 2}],
        weapon_market=["jackpot", "rubber_gloves", "budget_app"],
    )
    room = FakeRoom(game, 0, NAMES)
    page = open_room(open_page, server_url, room)

    expect(page.locator(sel("board-2"))).to_contain_text("Jackpot target")
    page.click(sel("choose-jackpot"))
    page.click(sel("pay-auto"))
    expect(page.locator(sel("confirm-purchase"))).to_be_disabled()  # whose bill?
    expect(page.locator(sel("jackpot-target-1"))).to_have_count(0)  # Bo owns no Slot Machine
    page.click(sel("jackpot-target-2"))
    page.click(sel("confirm-purchase"))

    expect(page.locator(sel("wallet-total"))).to_contain_text("$30k · 1 bill")
    assert last_command(room) == {
        "type": "buy_weapon",
        "weapon": "jackpot",
        "bills": [hundred],
        "jackpot_target": 2,
    }
    expect(page.locator(sel("game-log"))).to_contain_text("hit Cyd with Jackpot")


def test_lost_and_found_draw_and_switch_back(open_page: OpenPage, server_url: str):
    room = FakeRoom(build(3, weapons={0: "lost_and_found"}), 0, NAMES)
    page = open_room(open_page, server_url, room)

    special = page.locator(sel("lost-and-found"))
    expect(special).to_have_attribute("aria-pressed", "false")
    special.click()
    expect(special).to_have_attribute("aria-pressed", "true")
    expect(page.locator(sel("instruction"))).to_contain_text("hidden Lost and Found bill")
    expect(page.locator(sel("picked-0"))).to_have_class(re.compile("ok"))
    special.click()  # switch back: the draw returns to the deck (LOSTFOUND-2)
    expect(special).to_have_attribute("aria-pressed", "false")
    assert room.commands()[-2:] == [{"type": "lost_and_found"}, {"type": "clear_selection"}]


def test_a_patch_updates_the_page_and_one_for_another_version_resyncs(
    open_page: OpenPage, server_url: str
):
    """docs/protocol.md "Deltas": the client applies a patch to the view it holds and renders
    the result; a patch from a version it does not hold makes it ask for the whole view."""
    game = build(3)
    room = FakeRoom(game, 0, NAMES)
    page = open_room(open_page, server_url, room)
    before = room.view_message(whole=True, bump=False)
    game.apply(parse_command({"type": "set_away", "seat": 1, "away": True}))  # GEN-4
    after = room.view_message(whole=True)

    def body(message: dict[str, object]) -> dict[str, object]:
        return {k: v for k, v in message.items() if k not in ("type", "version", "server_time")}

    ops = diff(body(before), body(after))
    assert any(op["path"].startswith("/game/log/") for op in ops), ops
    patch = {"type": "patch", "from": before["version"], "version": after["version"]}
    room.sockets[-1].send(json.dumps({**patch, "server_time": after["server_time"], "ops": ops}))
    expect(page.locator(sel("game-log"))).to_contain_text("Bo lost the connection")
    assert not room.sent("resync")

    stray = {"type": "patch", "from": room.version + 3, "version": room.version + 4}
    room.sockets[-1].send(json.dumps({**stray, "server_time": after["server_time"], "ops": []}))
    wait_for(page, lambda: room.sent("resync"), room.received)
    expect(page.locator(sel("game-log"))).to_contain_text("Bo lost the connection")
