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


def test_a_game_with_only_view_gets_patches_too() -> None:
    """A game that implements only `view()` (tests/web/pickgame.py): its private parts are
    derived from the seat's view and the spectator's; the patches still make the whole view."""
    from laundermat.games.view_parts import SplitViews, compose, parts
    from laundermat.rooms.members import Member
    from laundermat.rooms.publish import Publisher
    from tests.web.pickgame import GAME

    match = GAME.new(4, ["a", "b", "c"], {"pick_timer": 10})
    assert not isinstance(match, SplitViews)
    publisher = Publisher(lambda: 1)
    members = [Member(f"p{i}", f"n{i}", "", 0, seat=i, sub=Sub()) for i in range(3)]
    room = {"code": "ABCDE"}
    for sub in (m.sub for m in members):
        publisher.push(room, None, match, members, full={sub})
    rng = random.Random(1)
    while not match.over():
        seat = rng.choice(match.pending())
        match.apply(match.parse({"type": "pick", "seat": seat, "number": rng.randint(1, 5)}))
        publisher.push(room, None, match, members)
        for m in members:
            assert m.seat is not None and isinstance(m.sub, Sub)
            split = parts(match)
            for log_from in (0, match.log_length()):
                public = split.public_view(log_from)
                mine = compose(public, split.private_view(m.seat, log_from))
                assert mine == match.view(m.seat, log_from)
            if not match.over():
                assert m.sub.messages[-1]["type"] == "view" and m.sub.patches > 0
                expected = orjson.loads(orjson.dumps(match.view(m.seat)))
                assert m.sub.doc is not None and m.sub.doc["game"] == expected
