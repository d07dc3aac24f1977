"""The table screen, /tv/CODE (issue 33 §1), in real Chromium: whole games of both games
played by socket bots (laundermat.bots.ws_bot, every seat), watched by two table screens, one
at 1920x1080 opened from the host's lobby link on a laptop that holds the host's seat, and one
at 1280x720 opened by its address on a laptop that asks for reduced motion.

At every stage the screens reach (the lobby, each window kind of the game, a moment on show,
the end) both are photographed into tests/artifacts/, axe finds nothing serious or critical,
at 1920x1080 no visible text is under 24 px, and at 1280x720 (reduced motion) nothing moves;
the bots wait while a stage is checked. At every stage, and at each window and moment the
game goes through, each screen fits its viewport with nothing cut off (a television can't
scroll). Every screen both draw is checked against the spectator's view it was drawn from by
the screen auditor (screen_audit.py: the check the spectator pages of the whole-game tests
pass: no hand, no secret Program, every fact as the view says), and each screen's socket
sends only `spectate` (and `ping` / `resync`): no seat, no command, even from a browser that
holds a seat in the room.
"""

from __future__ import annotations

import asyncio
import random
import threading
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import BrowserContext, Page, ViewportSize, expect

from laundermat.bots import ws_bot
from laundermat.bots.ws_bot import RoomRun, play_seats

from ..web.client import Client
from .audit import AXE, AXE_PATH, axe_problems, serve_axe, settle_animations
from .conftest import ConsoleLog, OpenPage
from .driver import sel
from .screen_audit import COLLECTOR, ScreenAuditor
from .tv_probes import FIT_JS, MOVING_JS, SMALL_TEXT_JS, TV_NEWS_JS, watch_frames

pytestmark = [pytest.mark.browser, pytest.mark.timeout(400)]

FULL_HD: ViewportSize = {"width": 1920, "height": 1080}
HD: ViewportSize = {"width": 1280, "height": 720}
MIN_TEXT_PX = 24  # at 1920x1080, across a room
THINK = 0.6  # each bot's move comes within this many seconds: every stage is on show a while
# What a watching socket may say (docs/protocol.md): its hello, and keeping its view whole.
WATCHING = {"spectate", "ping", "resync"}


def seat_the_table(url: str, game: str, players: int, settings: dict[str, int]) -> list[Any]:
    """A room of `game` with `players` seats granted over HTTP (the first is the host's)."""
    with httpx.Client(base_url=url, timeout=10) as http:
        first = http.post("/api/rooms", json={"name": "Ana", "game": game, "settings": settings})
        first.raise_for_status()
        seats = [first.json()]
        code = seats[0]["code"]
        for name in ["Ben", "Cal", "Dee", "Eve"][: players - 1]:
            joined = http.post(f"/api/rooms/{code}/join", json={"name": name})
            joined.raise_for_status()
            seats.append(joined.json())
    return seats


def play_in_background(url: str, game: str, seats: list[Any]) -> tuple[threading.Thread, RoomRun]:
    run = RoomRun(url=url, players=len(seats), think=THINK, rng=random.Random(33), game=game)
    run.code = seats[0]["code"]
    thread = threading.Thread(target=lambda: asyncio.run(play_seats(run, seats)), daemon=True)
    thread.start()
    return thread, run


def hold_bots_while(gate: threading.Event, monkeypatch: pytest.MonkeyPatch) -> None:
    """The bots send nothing while `gate` is clear: the table waits while the screens are
    audited (a whole game's windows close within a second, faster than axe reads a page).
    The room's timers still run, long enough to outlast an audit."""
    send = ws_bot.Bot._send

    async def gated(bot: ws_bot.Bot, ws: Any, message: dict[str, Any]) -> None:
        if not gate.is_set():
            await asyncio.to_thread(gate.wait)
        await send(bot, ws, message)

    monkeypatch.setattr(ws_bot.Bot, "_send", gated)


class ReadyAgain(threading.Thread):
    """A player's phone after the game: its seat's socket says Ready to play again, and stays
    open until `done` is set (a seat whose socket closes is away, not waiting)."""

    def __init__(self, url: str, seat: Any) -> None:
        super().__init__(daemon=True)
        self.url, self.seat = url, seat
        self.answer: dict[str, Any] = {}
        self.ready = threading.Event()
        self.done = threading.Event()

    def run(self) -> None:
        asyncio.run(self.play())

    async def play(self) -> None:
        ws_base = "ws" + self.url.removeprefix("http") + "/ws"
        phone = await Client.open(ws_base, self.seat["code"], self.seat["token"])
        try:
            self.answer = await phone.lobby("ready", on=True)
            self.ready.set()
            await asyncio.to_thread(self.done.wait)
        finally:
            await phone.close()


class Screens:
    """The two table screens, photographed and audited at each new stage."""

    def __init__(
        self, game: str, artifacts: Path, auditor: ScreenAuditor, gate: threading.Event
    ) -> None:
        self.game, self.artifacts, self.auditor, self.gate = game, artifacts, auditor, gate
        self.pages: list[tuple[Page, str, bool]] = []  # page, size label, the 24 px check
        self.seen: list[str] = []
        self.problems: list[str] = []
        self.heights: dict[str, int] = {}  # each screen's page height: how far it overflows
        self.trail: list[str | None] = []  # the stages the first screen was seen in, in turn
        self.fitted: set[tuple[str | None, str | None, int]] = set()  # what `fit` looked at

    def add(self, page: Page, label: str, full_hd: bool) -> None:
        self.pages.append((page, label, full_hd))

    def stage(self, stage: str) -> None:
        """Photograph and audit every screen now, as `stage` (once per stage)."""
        if stage in self.seen:
            return
        self.gate.clear()
        try:
            # A move sent just before the table was held may have moved it on: the stage is
            # named as the screen shows it now.
            shown = self.pages[0][0].get_attribute("main", "data-stage")
            named = ("lobby", "moment", "end", "play-again")
            stage = shown if shown and stage not in named else stage
            if stage not in self.seen:
                self.seen.append(stage)
                self.check(stage)
        finally:
            self.gate.set()

    def check(self, stage: str) -> None:
        for page, label, _ in self.pages:  # all first: the game goes on while axe reads
            if stage == "end":
                settle_animations(page)  # the investigation's reel, the dice
            page.screenshot(path=str(self.artifacts / f"tv-{self.game}-{label}-{stage}.png"))
        for page, label, full_hd in self.pages:
            if full_hd:
                small = page.evaluate(SMALL_TEXT_JS, MIN_TEXT_PX)
                self.problems += [f"{label} {stage}: small text {t}" for t in small]
            else:  # this one asks for reduced motion
                moving = page.evaluate(MOVING_JS)
                self.problems += [f"{label} {stage}: moves under reduced motion {moving}"] * bool(
                    moving
                )
            self.problems += [f"{label} {stage}: axe {p}" for p in axe_problems(page)]
            self.fits(page, label, stage)
            self.heights[f"{label} {stage}"] = page.evaluate(
                "() => document.scrollingElement.scrollHeight"
            )
        self.auditor.check()

    def fits(self, page: Page, label: str, stage: str | None) -> None:
        """The screen is the page: nothing below the fold or beside it, nothing cut off."""
        self.problems += [f"{label} {stage}: {p}" for p in page.evaluate(FIT_JS)]

    def fit_each_window(self, stage: str | None) -> None:
        """Every window of the game and every moment on show, not only each stage's first:
        the table grows round by round. One read of the layout per screen, no pause."""
        page = self.pages[0][0]
        key = (
            stage,
            page.get_attribute("main", "data-window"),
            page.locator(sel("moment")).count(),
        )
        if key in self.fitted:
            return
        self.fitted.add(key)
        for each, label, _ in self.pages:
            self.fits(each, label, stage)

    def follow(self, thread: threading.Thread, stage_of: Callable[[Page], str | None]) -> None:
        """Until the game is over: each new stage the first screen shows, and a moment."""
        page = self.pages[0][0]
        while thread.is_alive() or page.get_attribute("main", "data-phase") != "over":
            stage = stage_of(page)
            if not self.trail or self.trail[-1] != stage:
                self.trail.append(stage)
            if stage and stage != "over":
                self.stage(stage)
            if "moment" not in self.seen and page.locator(sel("moment")).count():
                self.stage("moment")
            self.fit_each_window(stage)
            self.auditor.check(force=False)
            if not thread.is_alive() and page.get_attribute("main", "data-phase") != "over":
                expect(page.locator("main[data-phase=over]")).to_be_attached(timeout=15_000)
            page.evaluate(TV_NEWS_JS, 1000)  # the screen's next change (a moment's too)


def open_from_the_lobby(
    open_page: OpenPage, console: ConsoleLog, url: str, seat: Any, auditor: ScreenAuditor
) -> Page:
    """The host's laptop: its lobby (the browser holds the host's seat) has the link; the link
    opens the table screen in a new tab, which watches and takes no seat."""

    def setup(context: BrowserContext) -> None:
        context.add_init_script(path=str(COLLECTOR))
        context.route(
            f"**{AXE_PATH}",
            lambda route: route.fulfill(path=str(AXE), content_type="text/javascript"),
        )
        held = {"token": seat["token"], "player_id": seat["player_id"]}
        context.add_init_script(
            f"localStorage.setItem('laundermat.seat.{seat['code']}', '{_json(held)}');"
        )

    laptop = open_page("host's laptop", FULL_HD, setup=setup)
    laptop.goto(f"{url}/r/{seat['code']}")
    expect(laptop.locator(sel("start-game"))).to_be_visible()  # the host's own lobby
    link = laptop.locator(sel("tv-link"))
    expect(link).to_have_text("Show on a TV or laptop")
    assert link.get_attribute("href") == f"/tv/{seat['code']}"
    with laptop.context.expect_page() as opened:
        link.click()
    tv = opened.value
    console.watch(tv, "tv 1920")
    auditor.pages.append((tv, "the table screen at 1920x1080"))
    laptop.close()  # the host's seat goes to its bot
    return tv


def _json(value: Any) -> str:
    import json

    return json.dumps(value)


def lobby_checks(tv: Page, code: str, names: list[str]) -> None:
    """The lobby across a room: the code, a QR big enough to scan, everyone who has come."""
    expect(tv.locator(sel("tv-code"))).to_have_text(code)
    expect(tv.locator(sel("tv-player"))).to_have_count(len(names))
    for name in names:
        expect(tv.locator(sel("tv-players"))).to_contain_text(name)
    qr = tv.locator(sel("tv-qr"))
    expect(qr).to_be_visible()
    tv.wait_for_function("() => document.querySelector('[data-testid=tv-qr]').naturalWidth > 0")
    box = qr.bounding_box()
    assert box is not None
    width = tv.viewport_size["width"] if tv.viewport_size else 0
    # A QR a quarter of the screen's width (480 px at 1920x1080) scans from across a room.
    assert box["width"] >= width / 4 - 1, box


def play_and_watch(
    monkeypatch: pytest.MonkeyPatch,
    game: str,
    settings: dict[str, int],
    stage_of: Callable[[Page], str | None],
    open_page: OpenPage,
    console: ConsoleLog,
    url: str,
    artifacts: Path,
) -> tuple[Screens, Page, RoomRun, list[Counter[str]]]:
    auditor = ScreenAuditor()
    gate = threading.Event()
    gate.set()
    hold_bots_while(gate, monkeypatch)
    seats = seat_the_table(url, game, 3, settings)
    code = seats[0]["code"]
    sent: list[Counter[str]] = [Counter(), Counter()]
    big = open_from_the_lobby(open_page, console, url, seats[0], auditor)
    watch_frames(big, sent[0])  # its first socket is counted by the reload below
    big.reload()
    small = auditor.watch(open_page("tv 1280", HD), "the table screen at 1280x720")
    small.emulate_media(reduced_motion="reduce")  # as a laptop that asks for less motion
    serve_axe(small)
    watch_frames(small, sent[1])
    small.goto(f"{url}/tv/{code}")
    screens = Screens(game, artifacts, auditor, gate)
    screens.add(big, "1920x1080", True)
    screens.add(small, "1280x720", False)
    for tv in (big, small):
        lobby_checks(tv, code, ["Ana", "Ben", "Cal"])
    screens.stage("lobby")
    thread, run = play_in_background(url, game, seats)
    screens.follow(thread, stage_of)
    thread.join(timeout=60)
    assert run.completed and not run.errors, (run.errors, run.rejected)
    for tv in (big, small):
        expect(tv.locator(sel("final-standings"))).to_be_visible()
        expect(tv.locator(sel("play-again"))).to_contain_text("Play again?")
    screens.stage("end")
    # "Play again?" as the phones see it: Ben says Ready on his phone, the screens follow.
    ben = ReadyAgain(url, seats[1])
    ben.start()
    try:
        assert ben.ready.wait(15) and ben.answer.get("type") == "ack", ben.answer
        for tv in (big, small):
            expect(tv.locator(sel("ready-list"))).to_contain_text("Ready: Ben.")
        screens.stage("play-again")
    finally:
        ben.done.set()
        ben.join(10)
    auditor.check()
    print(f"{game}: stages seen in turn {screens.trail}")
    print(f"{game}: stages {screens.seen}; page heights {screens.heights}; {auditor.cost()}")
    return screens, big, run, sent


def checked(screens: Screens, sent: list[Counter[str]], auditor_screens: int) -> None:
    assert screens.problems == [], "\n".join(screens.problems)
    for counts in sent:
        assert counts["spectate"] >= 1 and set(counts) <= WATCHING, counts
    assert auditor_screens > 10, auditor_screens


def goblin_stage(page: Page) -> str | None:
    return page.get_attribute("main", "data-stage")


def test_the_table_screen_through_a_goblin_game(
    open_page: OpenPage,
    console_errors: ConsoleLog,
    server_url: str,
    artifacts: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """GPUBLIC-1: the table screen shows the public table only; each draw's stains against
    the Program's limits (GWASH-3) and the chance the next draw fails, the end's majorities
    in words (GSCORE-4)."""
    screens, big, _, sent = play_and_watch(
        monkeypatch,
        "goblin",
        {"decision_timer": 180},
        goblin_stage,
        open_page,
        console_errors,
        server_url,
        artifacts,
    )
    assert {"lobby", "pick", "laundry", "moment", "end", "play-again"} <= set(screens.seen), (
        screens.seen
    )
    expect(big.locator(sel("majorities"))).to_be_visible()
    checked(screens, sent, screens.auditor.screens)


def laundermat_stage(page: Page) -> str | None:
    return page.get_attribute("main", "data-stage")


def test_the_table_screen_through_a_laundermat_game(
    open_page: OpenPage,
    console_errors: ConsoleLog,
    server_url: str,
    artifacts: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """PUBLIC-1: the table screen shows the public table only: the draft's reveal with its
    collisions and Vault raids, the bribery stages, the investigation and who was
    disqualified at the end."""
    screens, big, _, sent = play_and_watch(
        monkeypatch,
        "laundermat",
        {"round_timer": 180, "bribe_timer": 45},
        laundermat_stage,
        open_page,
        console_errors,
        server_url,
        artifacts,
    )
    # The bribery stages close at once when nobody has a bill left to bribe with, as random
    # bots often leave it: they are photographed when they open (tests/js covers their moments).
    assert {"lobby", "draft", "moment", "purchase", "end", "play-again"} <= set(screens.seen), (
        screens.seen
    )
    expect(big.locator(sel("final-standings"))).to_be_visible()
    checked(screens, sent, screens.auditor.screens)


def test_the_table_screen_of_no_room_says_so(open_page: OpenPage, server_url: str) -> None:
    tv = open_page("tv", HD)
    tv.goto(f"{server_url}/tv/zzzzz")
    expect(tv.locator(sel("tv"))).to_contain_text("There is no room with that code.")
