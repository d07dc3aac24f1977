"""The simulated rooms: `Table` plays one room of the chosen game (`--game`) over one socket per
seat, `BaseTable` drives one baseline room of six; both are paced by `Paced`. They measure
latency as the views arrive."""

from __future__ import annotations

import asyncio
import random
import re
import time
from typing import TYPE_CHECKING, Any

import orjson

from laundermat import games
from laundermat.games.laundermat.errors import IllegalCode
from laundermat.web.protocol import SERVER_ERROR_CODES

from ..wsclient import WsClient
from .pacing import Paced
from .seat import Seat

if TYPE_CHECKING:  # the generator builds the tables; they only read its state
    from .generator import Generator


# Refusals that come from racing a timer or another seat, not from a bug. The bots' own list
# (ws_bot.RACE_CODES) went at the game seam; this keeps the set the figures were measured with.
RACE_CODES = {str(c) for c in IllegalCode} | {"not_your_turn", "wrong_phase", "stale_window"}
RACES = RACE_CODES | {"game_over", "no_game", "not_finished", "not_in_lobby"}


def is_race(code: str) -> bool:
    """A refusal from racing a timer or another seat: the set above, or any game's own rule
    code (one the platform does not define), as `laundermat bots` counts them."""
    return code in RACES or code not in SERVER_ERROR_CODES


WALL = time.time() - time.perf_counter()  # perf_counter → Unix seconds
_VIEW = re.compile(rb'"version":(\d+),"server_time":(\d+),"deadline":(null|\d+)')
_PATCH = re.compile(rb'"from":(\d+),"version":(\d+),')
_DEADLINE_OP = re.compile(rb'"path":"/deadline","value":(null|\d+)')


class Wait:
    """A change the table waits to see on every live seat."""

    __slots__ = ("kind", "missing", "sender", "sender_t", "start", "tmax", "version")

    def __init__(self, kind: str, version: int, start: float, missing: set[int]) -> None:
        self.kind, self.version, self.start, self.missing = kind, version, start, missing
        self.tmax = start
        self.sender: int | None = None
        self.sender_t: float | None = None


class Table(Paced):
    def __init__(self, gen: Generator, code: str, seats: list[dict[str, str]]) -> None:
        self.gen = gen
        self.code = code
        self.seats = [Seat(self, i, s["token"]) for i, s in enumerate(seats)]
        for seat, granted in zip(self.seats, seats, strict=True):
            seat.player_id = granted["player_id"]
        self.rng = random.Random(gen.rng.random())
        # The game's own random-legal bot (games/protocol.py), reading one seat's view.
        bot = games.require(gen.game.name).bot
        self.policy = bot(random.Random(self.rng.random()), 0.0, "random")
        self.mode = "setup"  # setup → paced | closed
        self.group = "normal"
        self.paused: set[int] = set()  # seats that stopped reading (slow-reader test)
        self.inflight: tuple[str, float, int] | None = None  # id, sent, seat
        self.waits: list[Wait] = []
        self.max_version = 0
        self.deadline_ms: int | None = None
        self.next_id = 0
        self.handle: asyncio.TimerHandle | None = None
        self.ready = asyncio.get_running_loop().create_future()

    # ------------------------------------------------------------ messages in

    def on_message(self, seat: Seat, raw: bytes, now: float) -> None:
        stats = self.gen.stats
        stats.messages += 1
        if raw.startswith(b'{"type":"view"'):
            stats.views += 1
            stats.view_bytes += len(raw)
            self._on_view(seat, raw, now)
        elif raw.startswith(b'{"type":"patch"'):
            stats.views += 1
            stats.view_bytes += len(raw)
            self._on_patch(seat, raw, now)
        elif raw.startswith(b'{"type":"ack"'):
            self._on_answer(orjson.loads(raw), now)
        elif raw.startswith(b'{"type":"error"'):
            message = orjson.loads(raw)
            code = message["code"]
            race = is_race(code)
            if self.mode != "setup" or not race:
                (stats.rejected if race else stats.errors)[code] += 1
            self._on_answer(message, now)
        elif raw.startswith(b'{"type":"welcome"'):
            seat.player_id = orjson.loads(raw)["player_id"]

    def _on_view(self, seat: Seat, raw: bytes, now: float) -> None:
        found = _VIEW.search(raw, 14, 200)
        if found is None:
            self.gen.stats.errors["unparsed_view"] += 1
            return
        seat.raw, seat.doc = raw, None
        seat.patches.clear()
        self._arrived(seat, int(found.group(1)), raw, found.group(3), now)

    def _on_patch(self, seat: Seat, raw: bytes, now: float) -> None:
        found = _PATCH.search(raw, 14, 100)
        if found is None or seat.raw is None or int(found.group(1)) != seat.version:
            self.gen.stats.errors["patch_gap"] += 1
            if seat.ws is not None:
                seat.ws.send_text(b'{"type":"resync"}')
            return
        seat.patches.append(raw)
        deadline = _DEADLINE_OP.search(raw)
        self._arrived(seat, int(found.group(2)), raw, deadline and deadline.group(1), now)

    def _arrived(
        self, seat: Seat, version: int, raw: bytes, deadline: bytes | None, now: float
    ) -> None:
        """A view (whole or patched) of `version`; `deadline`: None when it did not change."""
        seat.version = version
        recent = seat.recent
        recent.append((version, now))
        if len(recent) > 8:
            del recent[0]
        if version > self.max_version:
            self.max_version = version
            if b'"kind":"timeout"' in raw and self.deadline_ms is not None:
                self._timeout_seen(raw, version, now)
            if deadline is not None:
                self.deadline_ms = None if deadline == b"null" else int(deadline)
        if self.waits:
            done = []
            for wait in self.waits:
                if version >= wait.version and seat.index in wait.missing:
                    wait.missing.discard(seat.index)
                    wait.tmax = max(wait.tmax, now)
                    if wait.sender == seat.index:
                        wait.sender_t = now
                    if not wait.missing:
                        done.append(wait)
            for wait in done:
                self.waits.remove(wait)
                self._complete(wait)
        if self.mode == "setup" and not self.ready.done():
            self._maybe_ready()

    def _timeout_seen(self, raw: bytes, version: int, now: float) -> None:
        """A pushed view whose log holds the open window's timeout: the timer fired."""
        view = orjson.loads(raw)
        if view["type"] == "patch":  # the entries it adds to the log
            added = [op["value"] for op in view["ops"] if op["path"].startswith("/game/log/")]
            if not any(isinstance(e, dict) and e.get("kind") == "timeout" for e in added):
                return
        else:
            game = view.get("game") or {}
            if game.get("log_from", 0) == 0 or game.get("phase") == "over":
                return  # a whole log repeats old timeouts
            if not any(e.get("kind") == "timeout" for e in game.get("log", ())):
                return
        assert self.deadline_ms is not None
        start = self.deadline_ms / 1000 - WALL
        wait = Wait("timer", version, start, self.live_seats())
        self.waits.append(wait)

    def _on_answer(self, message: dict[str, Any], now: float) -> None:
        inflight = self.inflight
        if inflight is None or message.get("id") != inflight[0]:
            return
        self.inflight = None
        _, sent, sender = inflight
        if message["type"] == "ack" and self.mode != "setup":
            wait = Wait("command", message["version"], sent, self.live_seats())
            wait.sender = sender
            # Views can reach other seats before the sender's ack.
            for seat in self.seats:
                if seat.index in wait.missing:
                    arrival = next((t for v, t in seat.recent if v >= wait.version), None)
                    if arrival is not None:
                        wait.missing.discard(seat.index)
                        wait.tmax = max(wait.tmax, arrival)
                        if seat.index == sender:
                            wait.sender_t = arrival
            if wait.missing:
                self.waits.append(wait)
            else:
                self._complete(wait)
        elif self.mode == "closed":
            self._schedule(0.0)

    def _complete(self, wait: Wait) -> None:
        gen = self.gen
        if gen.measuring and wait.start >= gen.stats.started:
            stats = gen.stats
            if wait.kind == "timer":
                stats.timer.append(wait.tmax - wait.start)
            else:
                stats.last.append(wait.tmax - wait.start)
                stats.groups.setdefault(self.group, []).append(wait.tmax - wait.start)
                if wait.sender_t is not None:
                    stats.sender.append(wait.sender_t - wait.start)
        if self.mode == "closed" and self.inflight is None and self.handle is None:
            self._schedule(0.0)

    def live_seats(self) -> set[int]:
        return {s.index for s in self.seats if s.index not in self.paused and s.ws is not None}

    def on_close(self, seat: Seat, code: int | None) -> None:
        if seat.index in self.paused or self.gen.stopping:
            return
        self.gen.stats.errors[f"closed_{code}"] += 1
        seat.ws = None

    # ------------------------------------------------------------ setup

    def _maybe_ready(self) -> None:
        host = self.seats[0]
        if host.raw is None or any(s.raw is None for s in self.seats):
            return
        if host.ws is None:  # moved (4012) and reconnecting: its next view comes back here
            return
        room = host.current()["room"]
        if room["status"] == "playing":
            self.ready.set_result(None)
        elif not self.inflight and sum(p["connected"] for p in room["players"]) == len(self.seats):
            self._send(host, {"type": "lobby", "action": "start"})

    # ------------------------------------------------------------ commands out

    def _send(self, seat: Seat, message: dict[str, Any]) -> None:
        self.next_id += 1
        message["id"] = f"{self.code}-{self.next_id}"
        assert seat.ws is not None
        now = time.perf_counter()
        self.inflight = (message["id"], now, seat.index)
        seat.ws.send_text(orjson.dumps(message))

    def tick(self) -> None:
        self.handle = None
        gen = self.gen
        if self.mode == "paced":
            self._next_paced(gen.pace)
        if self.inflight is not None:
            if gen.measuring and self.mode == "paced":
                gen.stats.skipped += 1
            if self.mode == "paced" and time.perf_counter() - self.inflight[1] > 30:
                gen.stats.errors["unanswered"] += 1
                self.inflight = None
            return
        if self.mode == "closed" and self.waits:
            return  # the views of the last command are still on their way
        if not self._act() and self.mode == "closed":
            self._schedule(0.05)  # nobody can act: the window's timer will move on

    def _act(self) -> bool:
        live = [s for s in self.seats if s.index not in self.paused and s.raw and s.ws]
        if not live:
            return False
        first = self.rng.choice(live).current()
        room, game = first["room"], first["game"]
        if room["status"] == "finished":  # play again: each seat says so, the last starts it
            ready = {p["player_id"] for p in room["players"] if p.get("ready")}
            waiting = [s for s in live if s.player_id not in ready]
            if waiting:
                self._send(waiting[0], {"type": "lobby", "action": "ready", "on": True})
                self._count()
                return True
            return False
        if room["status"] != "playing" or not game or not game.get("window"):
            return False
        by_player = {s.player_id: s for s in live}
        actors = [game["players"][a]["name"] for a in game["window"]["actors"]]
        self.rng.shuffle(actors)
        for player_id in actors:
            seat = by_player.get(player_id)
            if seat is None:
                continue
            view = seat.current()["game"]
            if not view or not view.get("me", {}).get("options", {}).get("can_act"):
                continue
            command = self.policy.decide(view)
            if command is None:
                continue
            command.pop("seat", None)
            window = view["window"]["id"] if view.get("window") else None
            self._send(seat, {"type": "act", "command": command, "window": window})
            self._count()
            return True
        return False

    def _count(self) -> None:
        if self.gen.measuring:
            self.gen.stats.sent_at.append(time.perf_counter())


# ---------------------------------------------------------------------- baseline tables


class BaseTable(Paced):
    """Six sockets in one baseline room; any message in makes the app send one to all six."""

    def __init__(self, gen: Generator, code: str) -> None:
        self.gen = gen
        self.code = code
        self.clients: list[WsClient] = []
        self.counts = [0] * 6
        self.rng = random.Random(gen.rng.random())
        self.mode = "setup"
        self.group = "normal"
        self.wait: tuple[float, list[int]] | None = None  # sent, per-seat target count
        self.missing: set[int] = set()
        self.tmax = 0.0
        self.handle: asyncio.TimerHandle | None = None

    def on_message(self, index: int, raw: bytes, now: float) -> None:
        stats = self.gen.stats
        stats.messages += 1
        self.counts[index] += 1
        wait = self.wait
        if wait is not None and index in self.missing and self.counts[index] >= wait[1][index]:
            self.missing.discard(index)
            self.tmax = max(self.tmax, now)
            if not self.missing:
                self.wait = None
                gen = self.gen
                if gen.measuring and wait[0] >= stats.started:
                    stats.last.append(self.tmax - wait[0])
                if self.mode == "closed":
                    self._schedule(0.0)

    def on_close(self, index: int, code: int | None) -> None:
        if not self.gen.stopping:
            self.gen.stats.errors[f"closed_{code}"] += 1

    def tick(self) -> None:
        self.handle = None
        gen = self.gen
        if self.mode == "paced":
            self._next_paced(gen.pace)
        if self.wait is not None:
            if gen.measuring and self.mode == "paced":
                gen.stats.skipped += 1
            if time.perf_counter() - self.wait[0] > 30:
                gen.stats.errors["unanswered"] += 1
                self.wait = None
            return
        now = time.perf_counter()
        self.wait = (now, [c + 1 for c in self.counts])
        self.missing = set(range(len(self.clients)))
        self.tmax = now
        self.rng.choice(self.clients).send_text(b'{"type":"x"}')
        if gen.measuring:
            gen.stats.sent_at.append(now)
