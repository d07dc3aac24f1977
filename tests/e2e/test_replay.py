"""Provably fair games and replays in the browser, at 390x844.

The lobby shows the server's commitment and counts the players whose browser added its
randomness; the end screen reveals the secret and links the replay and the record; the replay
page steps through a finished game with the live game's own board; the history page lists the
games of rooms this browser played in. Bots finish the games over sockets (quick), the
browsers only look.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
import re
import threading
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from laundermat.bots.ws_bot import RoomRun, play_seats

from ..web.client import room_games
from .conftest import PHONE, ConsoleLog, OpenPage
from .driver import sel, unnamed_controls
from .screen_audit import ScreenAuditor

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

NAMES = ["Ana", "Bo", "Bartholomew_Featherstone"]  # the longest name (24) must fit a phone


def play_with_bots(url: str, code: str, seats: list[dict[str, str]]) -> None:
    """Bots play the seats (the first is the host) to the end of the game. In a thread: the
    sync Playwright API keeps an event loop running in this one."""
    run = RoomRun(url, len(seats), 0.0, random.Random(7))
    run.code = code

    def target() -> None:
        asyncio.run(asyncio.wait_for(play_seats(run, seats), 150))

    thread = threading.Thread(target=target)
    thread.start()
    thread.join(170)
    assert run.completed, dict(run.errors)


def game_of(url: str, code: str) -> dict[str, Any]:
    games = room_games(url, code)
    assert games, f"no finished game of room {code}"
    return games[0]


@pytest.fixture(scope="module")
def finished_game(server_url: str) -> dict[str, Any]:
    """A three-player game the bots finished: its history entry and its record."""
    with httpx.Client(base_url=server_url, timeout=10) as http:
        first = http.post("/api/rooms", json={"name": NAMES[0]}).json()
        code = first["code"]
        seats = [first] + [
            http.post(f"/api/rooms/{code}/join", json={"name": name}).json() for name in NAMES[1:]
        ]
    play_with_bots(server_url, code, seats)
    summary = game_of(server_url, code)
    record = httpx.get(f"{server_url}/api/games/{summary['game_id']}/replay").json()
    return {"code": code, "summary": summary, "record": record}


def step_view(url: str, game_id: int, step: int, viewer: str) -> dict[str, Any]:
    response = httpx.get(f"{url}/api/games/{game_id}/replay/step/{step}?viewer={viewer}")
    response.raise_for_status()
    data: dict[str, Any] = response.json()
    return data


def no_sideways_scroll(page: Page) -> bool:
    return bool(
        page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")
    )


def wallet_text(me: dict[str, Any]) -> str:
    """The wallet's total as the client writes it: "$0 · 0 bills", "$70k · 2 bills"."""
    value, bills = me["wallet_total"], len(me["wallet"])
    total = "$0" if value == 0 else f"${value // 1000:,}k"
    return f"{total} · {bills} {'bill' if bills == 1 else 'bills'}"


def shot(page: Page, path: Path) -> None:
    page.evaluate("() => window.scrollTo(0, 0)")
    page.screenshot(path=str(path), full_page=True)


def test_replay_steps_jumps_to_a_round_and_watches_as_each_seat(
    open_page: OpenPage, server_url: str, finished_game: dict[str, Any], artifacts: Path
) -> None:
    record = finished_game["record"]
    game_id, steps = record["game_id"], record["steps"]
    round3 = record["round_starts"]["3"]
    auditor = ScreenAuditor()
    page = auditor.watch(open_page("replay", PHONE), "the replay at 390")
    page.clock.install()  # runs as the real one, until the pause below is proved
    page.goto(f"{server_url}/replay/{game_id}")
    counter = page.locator(sel("step-counter"))
    expect(counter).to_have_text(f"Step 0 of {steps}")
    expect(page.locator(sel("replay-board"))).to_be_visible()
    # Issue 30: the game and the room's number for it, as the history calls it (not the
    # record's id); the keyboard's hint where a keyboard is likely; nobody "offline".
    assert record["game_number"] == 1
    expect(page.locator("h1")).to_have_text("Replay: LaunderMat, game 1")
    expect(page).to_have_title("Replay · LaunderMat, game 1")
    expect(page.locator(sel("keys-hint"))).to_be_visible()
    expect(page.locator(".presence")).to_have_count(0)

    # ▶ plays on its own at a readable pace, and pauses.
    play = page.locator(sel("replay-play"))
    play.click()
    expect(play).to_have_attribute("aria-label", "Pause")
    expect(counter).to_have_text(f"Step 2 of {steps}", timeout=5000)
    play.click()
    expect(play).to_have_attribute("aria-label", "Play")
    paused = counter.inner_text()
    page.clock.run_for(1800)  # longer than a step's pace, at once: a paused replay stays put
    expect(counter).to_have_text(paused)

    # Jump to round 3: the counter and the board's round follow.
    page.select_option(sel("replay-round-select"), "3")
    expect(counter).to_have_text(f"Step {round3} of {steps}")
    expect(page.locator(sel("replay-round"))).to_have_text("Round 3 of 8")
    expect(page).to_have_url(re.compile(rf"/replay/{game_id}\?step={round3}&viewer=all$"))

    # Watch as each seat: that seat's wallet, as the server shows it to that seat, and its
    # board marked; the other seats' wallets are not shown. (Seating is shuffled: the final
    # view's players name each seat's player_id.)
    name_of = dict(zip(record["player_ids"], record["names"], strict=True))
    names = [name_of[p["name"]] for p in record["final"]["players"]]
    for seat in range(3):
        page.select_option(sel("replay-viewer"), str(seat))
        mine = step_view(server_url, game_id, round3, str(seat))["view"]["me"]
        wallet = page.locator(sel(f"wallet-{seat}"))
        expect(wallet).to_contain_text(f"{names[seat]}'s wallet")
        expect(wallet.locator(sel("wallet-total"))).to_have_text(wallet_text(mine))
        for other in range(3):
            if other != seat:
                expect(page.locator(sel(f"wallet-{other}"))).to_have_count(0)
        expect(page.locator(sel(f"board-{seat}"))).to_contain_text("(watching)")
        assert unnamed_controls(page) == []

    # Everything: every seat's wallet at once.
    shot(page, artifacts / "replay-seat-390x844.png")
    page.select_option(sel("replay-viewer"), "all")
    everything = step_view(server_url, game_id, round3, "all")["view"]
    for seat in range(3):
        total = page.locator(sel(f"wallet-{seat}")).locator(sel("wallet-total"))
        expect(total).to_have_text(wallet_text(everything["all_seats"][seat]))

    # One step at a time: the buttons and the arrow keys.
    page.click(sel("replay-next"))
    expect(counter).to_have_text(f"Step {round3 + 1} of {steps}")
    page.keyboard.press("ArrowRight")
    expect(counter).to_have_text(f"Step {round3 + 2} of {steps}")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    expect(counter).to_have_text(f"Step {round3} of {steps}")
    assert no_sideways_scroll(page)

    # The last step: the final standings and the revealed secret.
    page.click(sel("replay-last"))
    expect(counter).to_have_text(f"Step {steps} of {steps}")
    expect(page.locator(sel("final-standings"))).to_be_visible()
    expect(page.locator(sel("reveal-check"))).to_contain_text("Checked in your browser")
    shot(page, artifacts / "replay-end-390x844.png")
    expect(page.locator(sel("server-seed"))).to_contain_text(record["server_seed"][:8])
    expect(page.locator(sel("record-link")).first).to_have_attribute(
        "href", f"/api/games/{game_id}/replay"
    )
    assert unnamed_controls(page) == []
    assert no_sideways_scroll(page)
    auditor.check()  # every step shown, as each seat and as everything
    assert auditor.screens >= 8 and auditor.lines > 50, (auditor.screens, auditor.lines)

    # On a touch screen there are no arrow keys to mention.
    phone = open_page("replay on a touch screen", PHONE, touch=True)
    phone.goto(f"{server_url}/replay/{game_id}")
    expect(phone.locator(sel("replay-board"))).to_be_visible()
    expect(phone.locator(sel("keys-hint"))).to_be_hidden()


def test_history_lists_the_games_of_rooms_this_browser_played_in(
    open_page: OpenPage, server_url: str, finished_game: dict[str, Any]
) -> None:
    summary = finished_game["summary"]
    game_id = summary["game_id"]
    page = open_page("history", PHONE)
    page.goto(server_url + "/")
    played = [{"code": finished_game["code"], "joined_at": 0}]
    page.evaluate(f"localStorage.setItem('laundermat.played', {json.dumps(json.dumps(played))})")
    # The room is still open, so the server lists no code for its game: the browser finds it
    # by the id it saw revealed at the table (store.js, rememberGame).
    assert summary["code"] is None
    page.evaluate(f"localStorage.setItem('laundermat.games', '[{game_id}]')")
    page.click(sel("history-link"))
    expect(page).to_have_url(f"{server_url}/history")
    entry = page.locator(sel(f"history-game-{game_id}"))
    expect(entry).to_be_visible()
    # Issue 30: the game by name and by the room's number for it, the one its replay shows;
    # every player with place and score, best first.
    title = f"LaunderMat, game {summary['game_number']}"
    expect(entry.locator(sel("history-title"))).to_have_text(f"{title} · its room is still open")
    rows = entry.locator(sel("history-players")).locator("li")
    expect(rows).to_have_count(len(NAMES))
    for row, player in zip(rows.all(), summary["players"], strict=True):
        ordinal = {1: "1st", 2: "2nd", 3: "3rd"}[player["place"]]
        expect(row).to_contain_text(re.compile(rf"^{ordinal}\s*{re.escape(player['name'])}"))
        expect(row).to_contain_text(f"{player['score'] // 1000:,}k pts")
        if player["winner"]:
            expect(row).to_contain_text("Winner")
    assert {p["name"] for p in summary["players"]} == set(NAMES)
    # Only the rooms this browser played in.
    expect(page.locator("[data-testid^=history-game-]")).to_have_count(1)
    expect(entry.locator(sel("record-link"))).to_have_attribute("download", re.compile("json"))
    assert unnamed_controls(page) == []
    entry.locator(sel("replay-link")).click()
    expect(page).to_have_url(re.compile(rf"/replay/{game_id}"))
    expect(page.locator(sel("step-counter"))).to_contain_text("Step 0 of")
    expect(page.locator("h1")).to_have_text(f"Replay: {title}")


def test_lobby_commitment_nonces_and_the_revealed_end(
    open_page: OpenPage, server_url: str, console_errors: ConsoleLog, artifacts: Path
) -> None:
    pages = [open_page(name, PHONE) for name in NAMES]
    ana = pages[0]
    ana.goto(server_url + "/")
    ana.fill(sel("create-name"), "Ana")
    ana.click(sel("create-submit"))
    code = ana.locator(sel("room-code")).inner_text().strip()
    count = ana.locator(sel("nonce-count"))
    expect(count).to_have_text("1 of 1 player added their randomness.")
    expect(ana.locator(sel("my-nonce"))).to_contain_text("has added")
    commitment = httpx.get(f"{server_url}/api/rooms/{code}").json()["fairness"]["commitment"]
    expect(ana.locator(sel("commitment"))).to_contain_text(commitment[:8])
    ana.locator(sel("commitment")).locator("summary").click()
    expect(ana.locator(sel("commitment"))).to_contain_text(commitment)

    for i, page in enumerate(pages[1:], start=2):
        page.goto(f"{server_url}/r/{code}")
        page.fill(sel("join-name"), NAMES[i - 1])
        page.click(sel("join-submit"))
        expect(page.locator(sel("lobby"))).to_be_visible()
        expect(count).to_have_text(f"{i} of {i} players added their randomness.")
    assert unnamed_controls(ana) == []
    shot(ana, artifacts / "lobby-fairness-390x844.png")
    # A reload is a new socket: it sends the nonce this browser already sent for this
    # commitment, never a fresh one (the server would get several to choose the seed from).
    sent = json.loads(ana.evaluate(f"localStorage.getItem('laundermat.fair.{code}')"))
    assert [e["commitment"] for e in sent] == [commitment] and len(sent[0]["nonce"]) == 64
    ana.reload()
    expect(count).to_have_text(f"{len(NAMES)} of {len(NAMES)} players added their randomness.")
    again = json.loads(ana.evaluate(f"localStorage.getItem('laundermat.fair.{code}')"))
    assert again[0]["nonce"] == sent[0]["nonce"]

    # The bots take the seats (the pages close first) and finish the game quickly.
    seats = []
    for page in pages:
        seat = json.loads(page.evaluate(f"localStorage.getItem('laundermat.seat.{code}')"))
        seats.append({"code": code, "player_id": seat["player_id"], "token": seat["token"]})
    contexts = [page.context for page in pages]
    for page in pages:
        page.close()
    play_with_bots(server_url, code, seats)
    game_id = game_of(server_url, code)["game_id"]

    # Ana opens the room again: the end screen reveals the secret behind the commitment.
    ana = contexts[0].new_page()
    console_errors.watch(ana, "Ana again")
    ana.goto(f"{server_url}/r/{code}")
    expect(ana.locator(sel("final-standings"))).to_be_visible()
    # Issue 30: the end says nothing of the last round's draft (it said "The draft locked…").
    expect(ana.locator(sel("reveal-news"))).to_have_text("")
    reveal = ana.locator(sel("fair-reveal"))
    expect(reveal).to_be_visible()
    revealed = httpx.get(f"{server_url}/api/rooms/{code}").json()["fairness"]["revealed"]
    assert revealed["commitment"] == commitment
    assert hashlib.sha256(bytes.fromhex(revealed["server_seed"])).hexdigest() == commitment
    assert set(revealed["nonces"]) == {s["player_id"] for s in seats} | {"server"}
    assert revealed["nonces"][seats[0]["player_id"]] == sent[0]["nonce"]  # Ana's, as she sent it
    expect(reveal.locator(sel("nonces"))).to_contain_text("The server, from its secret")
    expect(reveal.locator(sel("server-seed"))).to_contain_text(revealed["server_seed"][:8])
    reveal.locator(sel("server-seed")).locator("summary").click()
    expect(reveal.locator(sel("server-seed"))).to_contain_text(revealed["server_seed"])
    expect(reveal.locator(sel("revealed-seed"))).to_have_text(str(revealed["seed"]))  # exact
    expect(reveal.locator(sel("reveal-check"))).to_contain_text("Checked in your browser")
    record = reveal.locator(sel("record-link"))
    expect(record).to_have_attribute("href", f"/api/games/{game_id}/replay")
    expect(record).to_have_attribute("download", re.compile("json"))
    expect(reveal.locator(sel("replay-link"))).to_have_attribute("href", f"/replay/{game_id}")
    retention = httpx.get(f"{server_url}/api/catalog").json()["retention_days"]
    days = int(retention) if retention == int(retention) else retention  # as JSON prints it
    expect(reveal.locator(sel("retention"))).to_have_text(
        f"Finished games are kept for {days} days."
    )
    # The next game's commitment is a new one, and Ana's browser added to it at once.
    next_card = ana.locator(sel("fairness"))
    expect(next_card.locator(sel("my-nonce"))).to_contain_text("has added")
    expect(next_card.locator(sel("nonce-count"))).to_contain_text("1 of 3 players")
    assert unnamed_controls(ana) == []
    assert no_sideways_scroll(ana)
    ana.evaluate("() => Promise.all(document.getAnimations().map((a) => a.finished))")
    shot(ana, artifacts / "end-fairness-390x844.png")

    # The history link on the end screen lists this game.
    reveal.locator(sel("history-link")).click()
    expect(ana.locator(sel(f"history-game-{game_id}"))).to_be_visible()
