"""Tables of bots that play through the load balancer and keep what they were told.

The seats are the crash soak's (laundermat.bots.crash.CrashBot): each keeps its unanswered
commands and re-sends them after a reconnect, and the ledger of acknowledged commands is
checked against the database afterwards (0 lost, 0 doubled). Each seat here also records
every view it receives: when, and a digest of the game part per (game number, state_version)
— the engine's own count of applied commands, the same on any owner — so a test can find
a seat that was shown two different games at one version (two owners at once), and how long
after a failure each room's first view came.
"""

from __future__ import annotations

import asyncio
import hashlib
import random
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from typing import Any

import orjson
import websockets

from laundermat.bots.crash import CrashBot, Ledger, check, open_rooms

from ..waits import until_async

VersionKey = tuple[int, int]  # (game number, the engine's state_version)


class RecordingBot(CrashBot):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # (time.monotonic() of every view, when the socket it came on was opened)
        self.arrivals: list[tuple[float, float]] = []
        self.opened = 0.0
        self.digests: dict[VersionKey, set[str]] = defaultdict(set)
        self.ends: Counter[str] = Counter()  # how its sockets ended: close codes, errors
        # Set once every seat of every table has its first view (and the tables' lobby
        # condition holds): the tables then start together, so that all of them are mid-game
        # at one moment, even on a loaded machine.
        self.start_gate: asyncio.Event | None = None

    async def _session(self) -> None:
        self.opened = time.monotonic()
        try:
            await super()._session()
        except websockets.ConnectionClosed as exc:
            self.ends[str(exc.rcvd.code if exc.rcvd is not None else None)] += 1
            raise
        except Exception as exc:
            self.ends[type(exc).__name__] += 1
            raise

    def state(self) -> str:
        """For a failure message: where this seat is stuck."""
        game = self.view["game"] if self.view is not None else None
        phase = game["phase"] if game else None
        return (
            f"{self.code}/{self.player_id}: phase {phase}, {len(self.pending)} unanswered, "
            f"sockets ended {dict(self.ends)}"
        )

    async def _maybe_act(self, ws: Any) -> None:
        in_lobby = self.view is not None and self.view["room"]["status"] == "lobby"
        if in_lobby and self.start_gate is not None:
            await self.start_gate.wait()
        await super()._maybe_act(ws)

    def _on_view(self, message: dict[str, Any]) -> None:
        super()._on_view(message)
        self.arrivals.append((time.monotonic(), self.opened))
        game = message.get("game")
        if game is None:
            return
        # The log part varies with what this socket was already sent; the rest is the state,
        # but for the seat's own part: a changed selection (another bill, a Lost and Found
        # draw) is not counted in the version (DRAFT-2, GFILL-2), so a seat legitimately sees
        # two of its own parts at one version. Two owners at once differ in the rest too.
        body = {k: v for k, v in game.items() if k not in ("log", "log_from", "me")}
        digest = hashlib.sha256(orjson.dumps(body, option=orjson.OPT_SORT_KEYS)).hexdigest()
        key = (int(message["room"]["game_number"]), int(game["state_version"]))
        self.digests[key].add(digest)


class Tables:
    """`rooms` tables of `players` bots, one game each, over `url` (nginx)."""

    def __init__(
        self,
        url: str,
        rooms: int,
        players: int = 3,
        seed: int = 1,
        lobby_until: Callable[[], object] | None = None,
        games: tuple[str | None, ...] = (None,),
        think: float | None = None,
    ) -> None:
        self.think = think  # the seats' longest pause before a command (None: CrashBot's)
        self.url = url
        self.games = games  # the tables take these games in turn (None: the server's default)
        self.rooms = rooms
        self.players = players
        # What the hosts wait for in the lobby, as people chatting before a start would (a
        # room following its sockets, cluster/follow.py): a condition for waits.until_async.
        self.lobby_until = lobby_until
        self.rng = random.Random(seed)
        self.ledger = Ledger()
        self.bots: list[RecordingBot] = []
        self.tasks: list[asyncio.Task[None]] = []
        self.all_seated = asyncio.Event()
        self.gate: asyncio.Task[None] | None = None

    @property
    def codes(self) -> list[str]:
        return sorted({bot.code for bot in self.bots})

    async def start(self) -> None:
        tables = [
            (await open_rooms(self.url, 1, self.players, self.games[i % len(self.games)]))[0]
            for i in range(self.rooms)
        ]
        for seats in tables:
            code = seats[0]["code"]
            for i, seat in enumerate(seats):
                rng = random.Random(self.rng.random())
                bot = RecordingBot(self.url, code, seat, self.ledger, rng)
                bot.host = i == 0
                if self.think is not None:
                    bot.think = self.think
                bot.stop.set()  # one game per table, no rematch
                bot.start_gate = self.all_seated
                self.bots.append(bot)
        self.tasks = [asyncio.create_task(bot.play()) for bot in self.bots]
        self.gate = asyncio.create_task(self._open_gate_when_seated())

    async def _open_gate_when_seated(self) -> None:
        await until_async(lambda: all(bot.view is not None for bot in self.bots), "seated", 120)
        if self.lobby_until is not None:
            await until_async(self.lobby_until, "the tables' lobby condition", 60, every=0.2)
        self.all_seated.set()

    def playing(self) -> int:
        """Tables whose game is under way (some seat's view says so)."""
        return len(
            {
                bot.code
                for bot in self.bots
                if bot.view is not None and bot.view["room"]["status"] == "playing"
            }
        )

    async def wait_mid_game(self, acked_per_room: int = 6, timeout: float = 120) -> None:
        """Until every table plays and has some acknowledged commands."""

        def under_way() -> bool:
            per_room: dict[str, int] = defaultdict(int)
            for code, _, _ in self.ledger.acked:
                per_room[code] += 1
            playing = self.playing() == self.rooms
            return playing and all(per_room[c] >= acked_per_room for c in self.codes)

        await until_async(
            under_way, lambda: f"tables not under way: {self.playing()}/{self.rooms}", timeout
        )

    async def finish(self, timeout: float = 240) -> int:
        """Wait for every game to end; how many seats did not finish (each is printed)."""
        _, pending = await asyncio.wait(self.tasks, timeout=timeout)
        for bot, task in zip(self.bots, self.tasks, strict=True):
            if task in pending:
                print(f"unfinished seat {bot.state()}")
        for task in pending:
            task.cancel()
        for task in self.tasks:
            error = task.exception() if task.done() and not task.cancelled() else None
            if error is not None:
                raise error
        return len(pending)

    async def cancel(self) -> None:
        tasks = [*self.tasks, *([self.gate] if self.gate else [])]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def games_finished(self) -> int:
        return len({bot.code for bot in self.bots if bot.games_over})

    def first_view_after(self, moment: float, codes: list[str]) -> dict[str, float | None]:
        """Per room: seconds from `moment` to the first view any of its seats received on a
        socket opened after it (views already on their way from the old owner don't count)."""
        out: dict[str, float | None] = {}
        for code in codes:
            times = [
                t
                for bot in self.bots
                if bot.code == code
                for t, opened in bot.arrivals
                if opened > moment
            ]
            out[code] = round(min(times) - moment, 3) if times else None
        return out

    def two_views_of_one_version(self) -> list[tuple[str, str, VersionKey]]:
        """(room, seat, version) where a seat was shown two different games at one version."""
        return [
            (bot.code, bot.player_id, key)
            for bot in self.bots
            for key, digests in bot.digests.items()
            if len(digests) > 1
        ]

    async def check_database(self, db_url: str) -> dict[str, int]:
        """crash.check: every acked command logged once, finished games finished."""
        return await check(db_url, None, self.ledger)
