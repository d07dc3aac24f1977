"""Goblin Laundromat with bots, in real Chromium at 390x844: one person and two of the
platform's bots play a whole game (bots are a platform feature: nothing here is Goblin's
own), and the replay page of that finished game renders step by step with the same parts as
the live screen, from the first step to the final scoring. Every screen the player, the
spectator and the replay show is checked against its view (screen_audit.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from ..web.client import room_games
from .audit import audit, serve_axe
from .conftest import PHONE, OpenPage
from .driver import sel, unnamed_controls
from .goblin_seat import GoblinSeat, play_to_the_end
from .screen_audit import ScreenAuditor
from .test_goblin_game import check_final, create_goblin_room

# Whole games with bots: every page asks for reduced motion (the `calm` marker, conftest.py); the
# animations have tests of their own (test_moments.py, test_accessibility.py).
pytestmark = [pytest.mark.browser, pytest.mark.calm, pytest.mark.timeout(420)]


def add_bot(page: Page, count: int) -> None:
    page.click(sel("add-bot"))
    expect(page.locator(sel("lobby-player"))).to_have_count(count)


def finished_game_id(url: str, code: str) -> int:
    game_id: int = room_games(url, code)[0]["game_id"]
    return game_id


def test_one_person_and_two_bots_then_the_replay(
    open_page: OpenPage, server_url: str, artifacts: Path
) -> None:
    auditor = ScreenAuditor()
    page = auditor.watch(open_page("Ana", PHONE), "Ana, a player at 390")
    serve_axe(page)
    code = create_goblin_room(page, server_url, "Ana", timer=15)
    add_bot(page, 2)
    add_bot(page, 3)
    expect(page.locator(".presence.bot")).to_have_count(2)
    page.click(sel("start-game"))
    expect(page.locator(sel("pick-panel"))).to_be_visible()
    expect(page.locator("[data-testid^=board-]")).to_have_count(3)
    expect(page.locator(".presence.bot")).to_have_count(2)  # the bots' areas say so too
    assert unnamed_controls(page) == []

    # A spectator opens the link and watches: the public table, no hand, no controls.
    watcher = auditor.watch(open_page("watcher", PHONE), "a spectator at 390")
    serve_axe(watcher)
    watcher.goto(f"{server_url}/r/{code}")
    # Issue 30: the link of a running Goblin room names it, and the form beside is Goblin's.
    expect(watcher.locator(sel("join-game"))).to_contain_text("Goblin Laundromat")
    expect(watcher.locator(sel("home-title"))).to_have_text("Goblin Laundromat")
    expect(watcher.locator(".card.create")).to_contain_text("2 to 5 players")
    watcher.click(sel("watch-room"))
    expect(watcher.locator("[data-testid^=board-]")).to_have_count(3)
    expect(watcher.locator("[data-testid^=hand-]")).to_have_count(0)
    expect(watcher.locator(sel("my-basket"))).to_have_count(0)
    spectator_problems = audit(watcher, "spectator")

    seat = GoblinSeat(page, "Ana", 0, risk=0.25)
    play_to_the_end([seat], auditor=auditor)
    expect(watcher.locator(sel("final-standings"))).to_be_visible()
    auditor.check()

    check_final(page, ["Ana", "Bot Ada", "Bot Alan"])
    expect(page.locator(sel("game-log"))).to_contain_text("Round 4 begins")
    page.screenshot(path=str(artifacts / "goblin-bots-final-390x844.png"), full_page=True)
    assert seat.kinds >= {"pick", "laundry"}

    # The replay page of this finished game (issue 15, part 3: replay works for it).
    game_id = finished_game_id(server_url, code)
    page.goto(f"{server_url}/replay/{game_id}")
    board = page.locator(sel("replay-board"))
    expect(board).to_be_visible()
    expect(page.locator(sel("step-counter"))).to_contain_text("Step 0 of")
    # Issue 30: the replay names its game and the room's number for it; nobody is "offline".
    expect(page.locator("h1")).to_have_text("Replay: Goblin Laundromat, game 1")
    expect(page).to_have_title("Replay · Goblin Laundromat, game 1 · LaunderMat")
    expect(board.locator("[data-testid^=board-]")).to_have_count(3)
    expect(page.locator(".presence")).to_have_count(0)
    expect(board).to_have_attribute("data-phase", "fill")
    problems = spectator_problems + audit(page, "replay: first step")
    page.click(sel("replay-next"))
    expect(page.locator(sel("step-counter"))).to_contain_text("Step 1 of")
    # Jump to round 3, then watch as everyone (every seat's own part shown).
    page.select_option(sel("replay-round-select"), "3")
    expect(board).to_have_attribute("data-round", "3")
    page.select_option(sel("replay-viewer"), "all")
    expect(page.locator(".replay-secrets")).to_contain_text("knows in their Basket")
    page.click(sel("replay-last"))
    expect(board).to_have_attribute("data-phase", "over")
    expect(board.locator(sel("final-standings"))).to_contain_text("Final scoring")
    expect(board.locator(sel("majority-cape"))).to_be_visible()
    auditor.check()  # every step shown, as a seat and as everything: who did what, by name
    problems += audit(page, "replay: last step")
    page.screenshot(path=str(artifacts / "goblin-replay-390x844.png"), full_page=True)

    # Issue 30: the history names the game, and places everyone with their Coins.
    page.click(sel("history-link"))
    entry = page.locator(sel(f"history-game-{game_id}"))
    expect(entry.locator(sel("history-title"))).to_contain_text("Goblin Laundromat, game 1")
    summary = next(g for g in room_games(server_url, code) if g["game_id"] == game_id)
    rows = entry.locator(sel("history-players")).locator("li")
    expect(rows).to_have_count(3)
    for row, player in zip(rows.all(), summary["players"], strict=True):
        expect(row).to_contain_text(player["name"])
        expect(row).to_contain_text(f"{player['score']} Coin")
    expect(rows.first).to_contain_text("1st")
    problems += audit(page, "history")
    assert problems == [], "\n".join(problems)
