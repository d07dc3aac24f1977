"""Views as patches (issue 12, docs/protocol.md "Deltas"), in-process: every patched viewer
holds, after every change, exactly the whole view a resync would send it; a subscriber that
asked for whole views gets only those; versions rise by one per change (GEN-1)."""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

import orjson

from laundermat.bots.policy import RandomPolicy
from laundermat.games import patch

from .helpers import Sub, seated


class Raw:
    """A subscriber that keeps the messages as sent."""

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []
        self.bytes = 0

    def send(self, data: bytes) -> None:
        self.bytes += len(data)
        self.messages.append(orjson.loads(data))

    def close(self, code: int, reason: str) -> None:
        pass


def whole(room: Any, sub: Any, seat: int | None) -> dict[str, Any]:
    """The view a resync would send `sub` now."""
    raw = Raw()
    room.views.send_full(raw, room.info(), room._deadline(), room.play.match, seat)
    view = raw.messages[0]
    view.pop("server_time")
    return view


def held(sub: Sub) -> dict[str, Any]:
    assert sub.doc is not None
    doc = orjson.loads(orjson.dumps(sub.doc))
    doc.pop("server_time")
    return doc


def test_patched_viewers_hold_the_whole_view_after_every_change() -> None:
    async def scenario() -> None:
        rng = random.Random(5)
        rooms, room, subs, _ = await seated(players=5)
        plain = Raw()  # seat 4 reconnects asking for whole views only
        room.views.full_views(plain)
        await room.connect(plain, rooms.tokens[4])  # type: ignore[attr-defined]
        subs = subs[:4]
        watcher, plain_watcher = Sub(), Raw()
        room.views.full_views(plain_watcher)
        await room.connect(watcher, None)
        await room.connect(plain_watcher, None)
        policy = RandomPolicy(rng)
        match: Any = room.play.match
        steps = 0
        while not match.over() and steps < 2000:
            steps += 1
            state = match.game.state
            actors = match.pending()
            rng.shuffle(actors)
            command = None
            for seat in actors:
                command = policy.decide(match.view(seat))
                if command is not None:
                    break
            if command is None:
                await room._on_timeout(state.window_id)
            else:
                seat = command.pop("seat")
                member = next(m for m in room.lobby.members if m.seat == seat)
                sub = member.sub
                await room.act(
                    sub, member.player_id, f"c{steps}", command, None, time.perf_counter()
                )
            for sub in subs:
                member = room.lobby.holder(sub)
                assert held(sub) == whole(room, sub, member.seat), f"step {steps}"
            assert held(watcher) == whole(room, watcher, None)
        assert match.over()
        assert all(s.patches > 50 for s in [*subs, watcher])
        for raw in (plain, plain_watcher):
            views = [m for m in raw.messages if m["type"] in ("view", "patch")]
            assert all(m["type"] == "view" for m in views)
            versions = [m["version"] for m in views]
            assert versions == list(range(versions[0], versions[0] + len(versions)))
        # Whole views carry the log since the previous one, as before deltas.
        log: list[Any] = []
        for view in [m for m in plain.messages if m["type"] == "view"]:
            game = view["game"]
            assert game["log_from"] in (len(log), 0)
            log = log[: game["log_from"]] + game["log"]
        assert log == whole(room, plain, 4)["game"]["log"] and len(log) > 50

    asyncio.run(scenario())


def test_a_patch_that_does_not_fit_is_refused() -> None:
    """A client holding another document cannot apply it silently (it asks for a resync)."""
    ops = [{"op": "add", "path": "/game/log/3", "value": {"kind": "x"}}]
    doc = {"game": {"log": [{"kind": "a"}]}}
    try:
        patch.apply(doc, ops)
    except patch.PatchError:
        pass
    else:
        raise AssertionError("a log entry past the end was added")
