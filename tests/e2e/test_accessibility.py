"""The findings of an outside accessibility audit (WCAG 2.2 AA), checked where a player meets
them, in real Chromium: live regions say a thing once (a running countdown is never inside
one), what a Goblin draw or LaunderMat's reveal did to you is said politely, dice and the
timer survive forced colours, tags wrap under a text-spacing override at 320 px, a button's
name contains its visible label, the log scrolls by keyboard, and focus lands where the
player can see it.

LaunderMat and Goblin states come from the real engines behind a mocked socket
(fake_room.py, goblin_fake.py); the lobby from the real server.
"""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import Page, expect

from laundermat import games
from laundermat.games.laundermat.chance import ScriptedChance
from laundermat.games.laundermat.engine import Game, Phase
from laundermat.games.laundermat.match import LaunderMatMatch
from tests.games.laundermat.builders import bill, build

from .audit import audit, serve_axe
from .conftest import PHONE, OpenPage
from .driver import sel
from .fake_room import CODE, FakeRoom, now_ms
from .goblin_fake import CODE as GOBLIN_CODE
from .goblin_fake import GoblinFakeRoom, drive_to, new_match
from .test_table_ux import contrast

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]

NAMES = ["Ana", "Bo", "Cyd"]

# Every live region's text (role=timer is aria-live=off: not one of them).
LIVE_JS = """() => [...document.querySelectorAll(
  '[role=status], [role=alert], [role=log], [aria-live]:not([aria-live=off])')]
  .map((el) => el.textContent.replace(/\\s+/g, ' ').trim())"""

SPACING_CSS = """* { line-height: 1.5 !important; letter-spacing: 0.12em !important;
  word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }"""
# A user style sheet: the CSP blocks <style>, so a constructed sheet the document adopts.
ADOPT_JS = """(css) => { const s = new CSSStyleSheet(); s.replaceSync(css);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, s]; }"""


def open_room(
    open_page: OpenPage, server_url: str, room: FakeRoom, viewport=PHONE, clock: bool = False
) -> Page:
    page = open_page("fake-room", viewport, setup=room.attach)
    serve_axe(page)
    if clock:
        page.clock.install()  # runs as the real one until the test moves it on
    page.goto(f"{server_url}/r/{CODE}")
    expect(page.locator(sel("game"))).to_be_visible()
    return page


def live_texts(page: Page) -> list[str]:
    result: list[str] = page.evaluate(LIVE_JS)
    return result


def watch(page: Page, seconds: int, countdown: str) -> tuple[list[tuple[str, ...]], list[str]]:
    """The live regions' texts and the countdowns' texts (joined by " | "), four times a
    second for `seconds` of the page's clock (installed by open_room), run at once."""
    live: list[tuple[str, ...]] = []
    ticks: list[str] = []
    for _ in range(seconds * 4):
        live.append(tuple(live_texts(page)))
        ticks.append(" | ".join(page.locator(countdown).all_inner_texts()))
        page.clock.run_for(250)
    return live, ticks


def test_the_reconnecting_banner_is_announced_once(open_page: OpenPage, server_url: str):
    room = FakeRoom(build(3), 0, NAMES)
    page = open_room(open_page, server_url, room, clock=True)
    room.refuse = True  # every reconnect is refused: the wait grows to seconds
    room.sockets[-1].close(code=1011, reason="going away")
    expect(page.locator(sel("reconnecting"))).to_be_visible()
    retry = page.locator("[data-role=retry-in]")
    expect(retry).to_have_text(re.compile(r"Trying again in [3-9] s"), timeout=20_000)
    live, ticks = watch(page, 3, "[data-role=retry-in]")
    assert len(set(ticks)) >= 2, ticks  # the countdown ran...
    assert len(set(live)) == 1, live  # ...and no live region changed with it
    assert any("Connection lost" in text for text in live[0]), live[0]
    assert not any("Trying again" in text for text in live[0]), live[0]


def test_the_away_line_is_announced_once(open_page: OpenPage, server_url: str):
    room = FakeRoom(build(3), 0, NAMES)
    room.away = {1}
    room.offline = {2: now_ms() + 40_000}  # Cyd dropped: a bot stands in in 40 s
    page = open_room(open_page, server_url, room, clock=True)
    expect(page.locator(sel("away"))).to_contain_text("Bo is away")
    expect(page.locator(sel("offline"))).to_have_text("Cyd is offline.")
    # Cyd's countdown to her stand-in runs too, outside the live region, as the window's does.
    clocks = "[data-testid=offline-clock] .timer-text, [data-testid=away-clock] .timer-text"
    live, ticks = watch(page, 3, clocks)
    assert all(len(t.split(" | ")) == 2 for t in ticks), ticks
    assert len({t.split(" | ")[0] for t in ticks}) >= 2, ticks  # Cyd's
    assert len({t.split(" | ")[1] for t in ticks}) >= 2, ticks  # the window's
    assert len(set(live)) == 1, live
    assert any("Bo is away" in text and "Cyd is offline." in text for text in live[0]), live[0]
    assert not any("plays for Cyd" in text for text in live[0]), live[0]
    expect(page.locator(sel("offline-clock"))).to_have_text(
        re.compile(r"A bot plays for Cyd in \d+ s\.")
    )


def test_a_goblin_draw_and_how_the_laundry_ends_are_announced(open_page: OpenPage, server_url: str):
    match = new_match(11, 3)
    assert drive_to(match, 0, "laundry")
    room = GoblinFakeRoom(match, 0, NAMES)
    page = open_page("Ana", PHONE, setup=room.attach)
    page.goto(f"{server_url}/r/{GOBLIN_CODE}")
    draw = page.locator(sel("draw"))
    expect(draw).to_be_enabled()
    announced: list[str] = []
    for _ in range(20):
        sent = len(room.commands)
        before = " ".join(live_texts(page))
        draw.focus()
        page.keyboard.press("Enter")
        page.wait_for_function(
            "() => document.querySelector('[data-testid=game]').dataset.pending !== 'true'"
        )
        assert len(room.commands) == sent + 1
        page.wait_for_function(f"(before) => ({LIVE_JS})().join(' ') !== before", arg=before)
        announced.append(" ".join(live_texts(page)))
        assert re.search(r"You drew [A-Z]", announced[-1]), announced[-1]
        if not (draw.count() and draw.is_enabled()):
            break
    assert re.search(r"Your laundry failed|You completed the laundry", announced[-1]), announced


def a_collision_with_a_vault_raid() -> Game:
    """Ana and Bo pick the $20k bill: both raid the Vault (a low roll, no Alarm)."""
    ten, twenty, thirty = bill(10_000), bill(20_000), bill(30_000)
    vault = [bill(40_000), bill(50_000)]
    return build(
        3,
        display=[ten, twenty, thirty],
        vault=vault,
        selections={1: twenty, 2: thirty},
        chance=ScriptedChance(values={"vault_deal": vault}, dice=[2, 3]),
    )


def test_the_reveal_says_what_happened_to_you(open_page: OpenPage, server_url: str):
    page = open_room(open_page, server_url, FakeRoom(a_collision_with_a_vault_raid(), 0, NAMES))
    page.click(sel(f"draft-bill-{bill(20_000)}"))
    expect(page.locator(sel("round-report"))).to_be_visible()
    page.wait_for_function(f"() => ({LIVE_JS})().join(' ').includes('You collided')")
    said = " ".join(live_texts(page))
    assert re.search(r"You collided with Bo on \$20k", said), said
    assert re.search(r"You raided the Vault,? (and )?rolled \d", said), said


def test_dice_and_the_timer_keep_their_colours_when_forced(open_page: OpenPage, server_url: str):
    page = open_room(open_page, server_url, FakeRoom(a_collision_with_a_vault_raid(), 0, NAMES))
    page.emulate_media(forced_colors="active")
    page.click(sel(f"draft-bill-{bill(20_000)}"))
    expect(page.locator(sel("die")).first).to_be_visible()
    page.evaluate("() => Promise.all(document.getAnimations().map((a) => a.finished))")
    colours = page.evaluate(
        """() => { const bg = (el) => getComputedStyle(el).backgroundColor;
        const die = document.querySelector('[data-testid=die]');
        return { pip: bg(die.querySelector('.pip.on')), die: bg(die),
                 fill: bg(document.querySelector('.timer-fill')),
                 track: bg(document.querySelector('.timer-track')) }; }"""
    )
    assert not re.fullmatch(r"rgba\(.*, 0\)", colours["pip"]), colours  # not transparent
    assert contrast(colours["pip"], colours["die"]) >= 3, colours
    assert contrast(colours["fill"], colours["track"]) >= 3, colours


def test_tags_wrap_with_wider_text_spacing_at_320_px(open_page: OpenPage, server_url: str):
    page = open_room(
        open_page, server_url, FakeRoom(build(3), 0, NAMES), {"width": 320, "height": 640}
    )
    expect(page.locator(".boards")).to_contain_text("raids the Vault 1st")
    page.evaluate(ADOPT_JS, SPACING_CSS)  # applies at once: reading scrollWidth lays out anew
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 320, f"the page is {width} px wide"


def test_a_weapon_buttons_name_contains_its_visible_label(open_page: OpenPage, server_url: str):
    rich = {0: [bill(100_000), bill(40_000), bill(20_000), bill(10_000)]}
    game = build(
        3,
        phase=Phase.PURCHASE,
        collected=[0],
        wallets=rich,
        weapon_market=["rubber_gloves", "budget_app", "seniority"],
    )
    page = open_room(open_page, server_url, FakeRoom(game, 0, NAMES))
    buttons = page.locator("[data-testid=purchase-panel] button[data-kind]")
    assert buttons.count() >= 6
    for i in range(buttons.count()):
        button = buttons.nth(i)
        label = " ".join(button.inner_text().split())
        snapshot = button.aria_snapshot()
        name = re.search(r'button "(.*?)"', snapshot)
        assert name and label.lower() in name.group(1).lower(), (label, snapshot)
    assert audit(page, "shop") == []


def a_game_in_round(target: int) -> Game:
    """Random-legal bots play rounds 1 .. target-1: a long log, then the draft waits for all."""
    definition = games.require("laundermat")
    match = definition.new(5, ["p0", "p1", "p2"], {"round_timer": 30, "bribe_timer": 15})
    bots = {s: definition.bot(random.Random(s)) for s in range(3)}
    assert isinstance(match, LaunderMatMatch)
    game = match.game
    while not (game.state.round == target and game.state.phase == Phase.DRAFT):
        window = match.window()
        assert window is not None
        pending = match.pending()
        seat = pending[0] if pending else window.actors[0]
        wire = bots[seat].decide(match.view(seat))
        if wire is None:
            wire = definition.timeout(match, window.id).to_dict()
        match.apply(match.parse(wire))
    return game


def test_the_long_log_scrolls_by_keyboard(open_page: OpenPage, server_url: str):
    page = open_room(open_page, server_url, FakeRoom(a_game_in_round(5), 0, NAMES))
    log = page.locator("#log .log-list")
    assert log.evaluate("(el) => el.scrollHeight > el.clientHeight + 100")  # it scrolls
    assert audit(page, "draft with a long log") == []
    page.locator(sel("log-link")).focus()
    page.keyboard.press("Enter")
    expect(log).to_be_focused()
    assert re.search(r'list "[^"]*log[^"]*"', log.aria_snapshot(), re.I), log.aria_snapshot()
    page.keyboard.press("End")
    page.wait_for_function(
        "() => document.querySelector('#log .log-list').scrollTop > 100", timeout=3000
    )


def test_a_room_made_with_the_keyboard_lands_on_the_lobbys_heading(
    open_page: OpenPage, server_url: str
):
    page = open_page("Ana")
    page.goto(server_url + "/")
    page.fill(sel("create-name"), "Ana")
    page.locator(sel("create-submit")).focus()
    page.keyboard.press("Enter")
    expect(page.locator(sel("lobby"))).to_be_visible()
    expect(page.locator("[data-testid=lobby] h1")).to_be_focused()
    chip = page.locator(".topbar .room-chip")
    code = page.locator(sel("room-code")).inner_text().strip()
    assert f"Room code {code}" in chip.aria_snapshot(), chip.aria_snapshot()


CLEAR_JS = """() => { const el = document.activeElement; const r = el.getBoundingClientRect();
  const bar = document.querySelector('[data-testid=phase-bar]').getBoundingClientRect();
  const wallet = document.querySelector('[data-testid=wallet]');
  const bottom = wallet ? wallet.getBoundingClientRect().top : window.innerHeight;
  return { tag: el.tagName, landing: el.dataset.landing ?? null, text: el.textContent,
           clear: r.top >= bar.bottom - 1 && r.bottom <= bottom + 1 }; }"""


def test_focus_moved_to_a_panel_you_wait_in_is_in_view(open_page: OpenPage, server_url: str):
    # Six at the table, two collisions: four Vault raids, the first sounds the Alarm (a $100k
    # bill always does). Bo decides; Ana, who picked by keyboard, waits below a long reveal.
    names = [*NAMES, "Dee", "Eve", "Fay"]
    vault = [bill(100_000, 1), bill(70_000), bill(40_000, 1), bill(50_000, 1)]
    game = build(
        6,
        display=[bill(v) for v in (10_000, 20_000, 30_000, 40_000, 50_000)],
        vault=vault,
        selections={
            1: bill(20_000),
            2: bill(20_000),
            3: bill(30_000),
            4: bill(30_000),
            5: bill(40_000),
        },
        chance=ScriptedChance(values={"vault_deal": vault}, dice=[6, 6, 2, 2]),
    )
    page = open_room(open_page, server_url, FakeRoom(game, 0, names))
    page.locator(sel(f"draft-bill-{bill(10_000)}")).focus()
    page.keyboard.press("Enter")  # the draft locks: the focused button goes away
    expect(page.locator(sel("game"))).to_have_attribute("data-phase", "alarm")
    expect(page.locator(sel("game"))).to_have_attribute("data-can-act", "false")
    page.wait_for_function(f"() => ({CLEAR_JS})().landing !== null")  # focus has landed
    where = page.evaluate(CLEAR_JS)
    assert where["tag"] == "H2" and where["landing"] == "panel", where
    assert where["clear"], where  # not below the screen, nor under the sticky wallet


def test_the_room_code_chip_says_what_it_is(open_page: OpenPage, server_url: str):
    page = open_room(open_page, server_url, FakeRoom(build(3), 0, NAMES))
    chip = page.locator(".topbar .room-chip")
    assert f"Room code {CODE}" in chip.aria_snapshot(), chip.aria_snapshot()
