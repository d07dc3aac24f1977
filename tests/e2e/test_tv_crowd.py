"""The table screen with a fuller table (issue 33 §1): four players of each game, each with a
name of the longest kind the server takes (24 characters, one word), late in a game and at
its end, on screens of 1920x1080 and 1280x720: no name runs out of its box. (The whole fit
that test_tv.py checks with three players does not hold yet with four or more late in a
game: the players' areas need a column more than the screen has.) Fake rooms (fake_room.py,
goblin_fake.py): the real engine's views, no game played to get there.
"""

from __future__ import annotations

from collections.abc import Callable

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
from .tv_probes import FIT_JS

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


def screens(open_page: OpenPage, attach: Callable[[BrowserContext], None], url: str) -> list[Page]:
    pages = []
    for size in SIZES:
        tv = open_page(f"tv {size['width']}", viewport=size, setup=attach)
        tv.emulate_media(reduced_motion="reduce")
        tv.goto(url)
        pages.append(tv)
    return pages


def names_stay_in_their_boxes(pages: list[Page], stage: str) -> None:
    for tv in pages:
        expect(tv.locator(sel("game"))).to_have_attribute("data-stage", stage)
        # The layout running over aside (see above): the names, the chips, the panels.
        problems = [p for p in tv.evaluate(FIT_JS) if "runs over its box" in p]
        assert [p for p in problems if "div.tv-" not in p] == [], (stage, problems)


def test_four_laundermat_players_with_long_names(open_page: OpenPage, server_url: str) -> None:
    kinds = [RACK, VENDING, CHARGING, PAWN, SLOT]
    copies = [
        {"kind": kinds[(seat + n) % 5], "owner": seat, "alarm_flag": n % 2 == 0}
        for seat in range(4)
        for n in range(4)
    ]
    game = build(
        4,
        phase=Phase.PURCHASE,
        round=7,
        copies=copies,
        collected=[0, 1, 2],
        wallets={0: [bill(50_000)], 1: [bill(30_000)], 2: [bill(100_000)]},
    )
    room = FakeRoom(game, None, LONG[:4])
    pages = screens(open_page, room.attach, f"{server_url}/tv/{LAUNDERMAT_CODE}")
    names_stay_in_their_boxes(pages, "purchase")


def round_four(players: int) -> GoblinMatch:
    """A match at the first laundry of round 4 (the players' last Programs)."""
    match = new_match(1, players)
    assert isinstance(match, GoblinMatch)
    while drive_to(match, 0, "laundry", push=False) and match.state.round < 4:
        act(match, 0, {"type": "stop"})
    assert match.state.round == 4, match.state.round
    return match


def test_four_goblin_players_with_long_names(open_page: OpenPage, server_url: str) -> None:
    match = round_four(4)  # the Score Zones near their fullest
    room = GoblinFakeRoom(match, None, LONG[:4])
    pages = screens(open_page, room.attach, f"{server_url}/tv/{GOBLIN_CODE}")
    names_stay_in_their_boxes(pages, "laundry")
    drive_to(match, 0, "none")  # plays on to the end
    assert match.over()
    for tv in pages:
        room.send_view(room.sockets[pages.index(tv)])
    names_stay_in_their_boxes(pages, "over")
