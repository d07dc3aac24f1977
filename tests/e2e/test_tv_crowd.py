"""The table screen with a fuller table (issue 33 §1): four to six players of LaunderMat and four
or five of Goblin, each with a name of the longest kind the server takes (24 characters, one
word), late in a game and at its end, on screens of 1920x1080 and 1280x720: the whole fit that
test_tv.py checks (the page is the screen, nothing cut, no text under 24 px at 1920x1080), with
the boards shown a page at a time (ui/tv-pages.js). Fake rooms (fake_room.py, goblin_fake.py):
the real engine's views, no game played to get there. Also the fullest moments of a table of
three that whole games once met by chance: a tie at Goblin's end, protections bought in
LaunderMat's bribery.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, ViewportSize, expect

from laundermat.games.goblin import GoblinMatch
from laundermat.games.laundermat.engine import Phase
from tests.games.laundermat.builders import CHARGING, PAWN, RACK, SLOT, VENDING, bill, build

from .conftest import OpenPage
from .driver import sel
from .fake_room import CODE as LAUNDERMAT_CODE
from .fake_room import FakeRoom
from .goblin_fake import CODE as GOBLIN_CODE
from .goblin_fake import GoblinFakeRoom, act, drive_to, new_match
from .tv_probes import FIT_JS, SMALL_TEXT_JS

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]

SIZES: list[ViewportSize] = [{"width": 1920, "height": 1080}, {"width": 1280, "height": 720}]
# 24 characters, the longest name a room takes (rooms/names.py), with no place to break.
LONG = [
    "Wolfeschlegelsteinhausen",
    "Bartholomewsdottirsdotti",
    "Hubert-Blaine-Wolfeschle",
    "Maximiliansen-Ohnesorgen",
    "Anastasiadouopoulouvaki",
    "Cunegondeduvallonmartins",
]


def screens(
    open_page: OpenPage,
    attach: Callable[[BrowserContext], None],
    url: str,
    sizes: list[ViewportSize] = SIZES,
) -> list[Page]:
    pages = []
    for size in sizes:
        tv = open_page(f"tv {size['width']}", viewport=size, setup=attach)
        tv.emulate_media(reduced_motion="reduce")
        tv.clock.install()  # fits() turns the boards' pages
        tv.goto(url)
        pages.append(tv)
    return pages


def fits(pages: list[Page], stage: str, players: int, waited_on: int | None = None) -> None:
    """Every check the whole TV games make at each window (test_tv.py), on every page of the
    boards in turn, which together show every player's board; the board of the player the
    table waits on is on every page."""
    for tv in pages:
        expect(tv.locator(sel("game"))).to_have_attribute("data-stage", stage)
        now = datetime.fromtimestamp(tv.evaluate("Date.now()") / 1000, UTC)
        tv.clock.pause_at(now + timedelta(seconds=1))  # no page turns but the test's
        seen: set[str] = set()
        for _ in range(board_pages(tv)):
            page_fits(tv, stage)
            shown = tv.locator("[data-testid^=board-]").evaluate_all(BOARD_IDS_JS)
            assert waited_on is None or f"board-{waited_on}" in shown, (waited_on, shown)
            seen.update(shown)
            turn_the_page(tv)
        tv.clock.resume()  # the moments' timers hold the next view back
        assert len(seen) == players, (stage, sorted(seen))


BOARD_IDS_JS = "(els) => els.map((el) => el.dataset.testid)"
TURN_MS = 8000  # ui/tv-pages.js


# The smallest text a room reads, by the screen's width: 24 px across a room from a 1920x1080
# television; 14 px from a tablet stood up on the table.
MIN_TEXT_PX = {1920: 24, 768: 14}


def page_fits(tv: Page, stage: str) -> None:
    size = tv.viewport_size or {"width": 0}
    problems = tv.evaluate(FIT_JS)
    if size["width"] in MIN_TEXT_PX:
        problems += tv.evaluate(SMALL_TEXT_JS, MIN_TEXT_PX[size["width"]])
    assert problems == [], (size, stage, problems)


def board_pages(tv: Page) -> int:
    """How many pages the boards take, as the screen says ("page 1 of 3"); 1 when unsaid."""
    line = tv.get_by_test_id("tv-board-page")
    if not line.count():
        return 1
    found = re.search(r"(\d+) of (\d+)", line.inner_text())
    assert found, line.inner_text()
    return int(found.group(2))


def turn_the_page(tv: Page) -> None:
    line = tv.get_by_test_id("tv-board-page")
    if not line.count():
        return
    before = line.inner_text()
    # A second at a time, so the socket's pings are answered between (one jump of TURN_MS
    # would leave the page a while without a pong, and it would reconnect).
    for _ in range(TURN_MS // 1000):
        tv.clock.run_for(1000)
    expect(line).not_to_have_text(before)


@pytest.mark.parametrize("players", [4, 6])
def test_laundermat_players_with_long_names(
    open_page: OpenPage, server_url: str, players: int
) -> None:
    kinds = [RACK, VENDING, CHARGING, PAWN, SLOT]
    copies = [
        {"kind": kinds[(seat + n) % 5], "owner": seat, "alarm_flag": n % 2 == 0}
        for seat in range(players)
        for n in range(4)
    ]
    game = build(
        players,
        phase=Phase.PURCHASE,
        round=7,
        copies=copies,
        collected=[0, 1, 2],
        wallets={0: [bill(50_000)], 1: [bill(30_000)], 2: [bill(100_000)]},
    )
    room = FakeRoom(game, None, LONG[:players])
    pages = screens(open_page, room.attach, f"{server_url}/tv/{LAUNDERMAT_CODE}")
    fits(pages, "purchase", players)


def round_four(players: int) -> GoblinMatch:
    """A match at the first laundry of round 4 (the players' last Programs)."""
    match = new_match(1, players)
    assert isinstance(match, GoblinMatch)
    while drive_to(match, 0, "laundry", push=False) and match.state.round < 4:
        act(match, 0, {"type": "stop"})
    assert match.state.round == 4, match.state.round
    return match


@pytest.mark.parametrize("players", [4, 5])
def test_goblin_players_with_long_names(open_page: OpenPage, server_url: str, players: int) -> None:
    match = round_four(players)  # the Score Zones near their fullest
    room = GoblinFakeRoom(match, None, LONG[:players])
    pages = screens(open_page, room.attach, f"{server_url}/tv/{GOBLIN_CODE}")
    fits(pages, "laundry", players, waited_on=match.state.washer)
    drive_to(match, 0, "none")  # plays on to the end
    assert match.over()
    room.version += 1
    for socket in room.sockets:  # a page may have reconnected while its clock jumped
        room.send_view(socket, bump=False)
    fits(pages, "over", 0)  # the scores take the screen


# Seeds whose 3-player game ends in a tie on Coins: broken by stains, and shared (GSCORE-7).
TIED = {"stains": 23, "shared": 46}


@pytest.mark.parametrize("tie", sorted(TIED))
def test_a_goblin_end_with_a_tie_fits(open_page: OpenPage, server_url: str, tie: str) -> None:
    """GSCORE-7: the table screen's end says how the tie was broken and still fits the screen,
    with the longest names; the scores take the screen (the areas beside them, with a tie's
    line across the screen, once pushed the end past its bottom)."""
    match = new_match(TIED[tie], 3)
    drive_to(match, 0, "none", push=False)
    assert match.over() and match.result()["tie_break"] == tie
    room = GoblinFakeRoom(match, None, LONG[:3])
    pages = screens(open_page, room.attach, f"{server_url}/tv/{GOBLIN_CODE}")
    fits(pages, "over", 0)
    for tv in pages:
        expect(tv.locator(sel("tie-break"))).to_be_visible()


def protected_copies(players: int, each: int) -> list[dict[str, Any]]:
    """`each` additions a player, every other one flagged and protected with $50k."""
    kinds = [RACK, VENDING, CHARGING, PAWN, SLOT]
    return [
        {
            "kind": kinds[(seat + n) % 5],
            "owner": seat,
            "alarm_flag": n % 2 == 0,
            "protection": 50_000 if n % 2 == 0 else 0,
        }
        for seat in range(players)
        for n in range(each)
    ]


def test_laundermat_protections_bought_fit(open_page: OpenPage, server_url: str) -> None:
    """BRIBE-3: late in a game of three, each player's flagged additions protected, the list
    of protections bought under the stage (it once ran the four columns into a fifth at
    1280x720)."""
    copies = protected_copies(3, 3)
    game = build(3, phase=Phase.BRIBE_PROTECT, round=8, copies=copies, done=[0])
    room = FakeRoom(game, None, ["Ana", "Ben", "Cal"])
    pages = screens(open_page, room.attach, f"{server_url}/tv/{LAUNDERMAT_CODE}")
    fits(pages, "bribe_protect", 3)


@pytest.mark.parametrize("players", [3, 6])
@pytest.mark.parametrize("stage", [Phase.BRIBE_PROTECT, Phase.BRIBE_COUNTER, Phase.BRIBE_ENTRIES])
def test_laundermat_bribery_at_its_fullest_fits(
    open_page: OpenPage, server_url: str, stage: Phase, players: int
) -> None:
    """BRIBE-3..5 with the longest names, five additions each and three protections a player:
    the stage's list of them, a card a copy, ran the table over one to three more columns
    (3310 px at 1920x1080 for three players, 4254 px for six), and "Who is done" over its
    box. A line a player now: left to the boards' badges when every board is on the screen,
    a count and a sum when the boards take turns; the odds beside the stage."""
    game = build(players, phase=stage, round=8, copies=protected_copies(players, 5), done=[0])
    room = FakeRoom(game, None, LONG[:players])
    pages = screens(open_page, room.attach, f"{server_url}/tv/{LAUNDERMAT_CODE}")
    fits(pages, str(stage), players)


TABLET_STOOD_UP: ViewportSize = {"width": 768, "height": 1024}


def laundermat_round_seven(players: int, names: list[str]) -> FakeRoom:
    kinds = [RACK, VENDING, CHARGING, PAWN, SLOT]
    copies = [
        {"kind": kinds[(seat + n) % 5], "owner": seat, "alarm_flag": n % 2 == 0}
        for seat in range(players)
        for n in range(3)
    ]
    wallets = {0: [bill(50_000)], 1: [bill(30_000)], 2: [bill(100_000)]}
    game = build(
        players, phase=Phase.PURCHASE, round=7, copies=copies, collected=[0, 1, 2], wallets=wallets
    )
    return FakeRoom(game, None, names)


def test_a_tablet_stood_up_as_the_table_screen(open_page: OpenPage, server_url: str) -> None:
    """A screen taller than wide: the stage across the top, the areas in two columns under it,
    type a table reads (the 16:9 layout shrank to a quarter of the width, its text 10 px)."""
    room = laundermat_round_seven(4, LONG[:4])
    url = f"{server_url}/tv/{LAUNDERMAT_CODE}"
    [tv] = screens(open_page, room.attach, url, [TABLET_STOOD_UP])
    fits([tv], "purchase", 4)
    match = round_four(4)
    goblin = GoblinFakeRoom(match, None, LONG[:4])
    [tv] = screens(open_page, goblin.attach, f"{server_url}/tv/{GOBLIN_CODE}", [TABLET_STOOD_UP])
    fits([tv], "laundry", 4, waited_on=match.state.washer)
    right = tv.locator("[data-testid^=board-]").evaluate_all(
        "(els) => Math.max(...els.map((el) => el.getBoundingClientRect().right))"
    )
    assert right > 0.75 * TABLET_STOOD_UP["width"]  # the areas use the screen's width


def test_a_phone_opened_on_the_table_screen(open_page: OpenPage, server_url: str) -> None:
    """A phone in portrait: one column that scrolls, in type a phone reads (it was the 16:9
    layout shrunk to 6.5 px to the rem), and nothing wider than the screen."""
    room = laundermat_round_seven(4, LONG[:4])
    phone: ViewportSize = {"width": 390, "height": 844}
    [tv] = screens(open_page, room.attach, f"{server_url}/tv/{LAUNDERMAT_CODE}", [phone])
    expect(tv.locator(sel("game"))).to_have_attribute("data-stage", "purchase")
    assert tv.evaluate(SMALL_TEXT_JS, 11) == []
    assert tv.evaluate("() => document.scrollingElement.scrollWidth") <= phone["width"]
