"""Views as patches (issue 12, docs/protocol.md "Deltas"), in-process: every patched viewer
holds, after every change, exactly the whole view a resync would send it; a subscriber that
asked for whole views gets only those; versions rise by one per change (GEN-1)."""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

import orjson
import pytest

from laundermat.games import patch
from laundermat.games.laundermat.bots import RandomPolicy

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
        await room.connect(plain, rooms.tokens[4])
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
                assert sub is not None
                await room.act(
                    sub, member.player_id, f"c{steps}", command, None, time.perf_counter()
                )
            for sub in subs:
                holder = room.lobby.holder(sub)
                assert holder is not None
                assert held(sub) == whole(room, sub, holder.seat), f"step {steps}"
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
        # Once the game is over, a later change (a seat leaving) sends no log again: the
        # reveal's whole view carried all of it, and nothing is logged after it.
        seen = len(plain.messages)
        await room.disconnect(subs[0])
        later = [m for m in plain.messages[seen:] if m["type"] == "view"]
        assert later and all(m["game"]["log_from"] == len(log) for m in later)
        assert all(m["game"]["log"] == [] for m in later)
        for sub in subs[1:]:
            holder = room.lobby.holder(sub)
            assert holder is not None
            assert held(sub) == whole(room, sub, holder.seat)
        assert held(watcher) == whole(room, watcher, None)

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
    subs = [Sub() for _ in range(3)]
    members = [Member(f"p{i}", f"n{i}", "", 0, seat=i, sub=subs[i]) for i in range(3)]
    room = {"code": "ABCDE"}
    for sub in subs:
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


class _LessForSeats:
    """A view-only game whose seats see less than a spectator (a count only spectators get)."""

    def __init__(self) -> None:
        self.log: list[dict[str, Any]] = []

    def over(self) -> bool:
        return False

    def log_length(self) -> int:
        return len(self.log)

    def view(self, viewer: int | None, log_from: int = 0) -> dict[str, Any]:
        data: dict[str, Any] = {"turn": len(self.log), "log": self.log[log_from:]}
        data["log_from"] = log_from
        if viewer is None:
            data["watchers_note"] = "spectators only"
        else:
            data["me"] = {"seat": viewer}
        return data


def test_a_seat_that_sees_less_than_a_spectator_gets_whole_views() -> None:
    """The derived private part cannot remove what the public part has: that seat gets whole
    views with the log since the last push (as without deltas); spectators still get patches."""
    from laundermat.rooms.members import Member
    from laundermat.rooms.publish import Publisher

    match: Any = _LessForSeats()
    publisher = Publisher(lambda: 1)
    seat, watcher = Sub(), Sub()
    members = [Member("p0", "n0", "", 0, seat=0, sub=seat)]
    publisher.spectators.add(watcher)
    publisher.push({}, None, match, members, full={seat, watcher})
    for turn in range(3):
        match.log.append({"kind": "turn", "n": turn})
        publisher.push({}, None, match, members)
        view = seat.messages[-1]
        assert view["type"] == "view" and view["game"]["log_from"] == turn
        assert view["game"] == orjson.loads(orjson.dumps(match.view(0, turn)))
    assert seat.patches == 0 and watcher.patches == 3
    assert watcher.doc is not None and watcher.doc["game"] == match.view(None)


def test_the_recorded_fixture_applies_here_as_in_the_browser() -> None:
    """tests/js/deltas-fixture.json (written by tests/rooms/deltas_fixture.py from a real
    room): the server's applier turns its first view into the resync's, as patch.js does
    (tests/js/patch.test.mjs); every op the server writes (add, remove, replace) is in it."""
    from .deltas_fixture import FIXTURE

    recorded = orjson.loads(FIXTURE.read_bytes())
    doc = recorded["messages"][0]
    kinds = set()
    for message in recorded["messages"][1:]:
        kinds |= {op["op"] for op in message["ops"]}
        doc, _ = patch.patched_view(doc, message)
    assert kinds == {"add", "remove", "replace"}
    doc.pop("server_time")
    expected = dict(recorded["expected"])
    expected.pop("server_time")
    assert doc == expected


class _Scripted:
    """A view-only game whose views a test sets: `public` for everyone, `mine` laid over it
    for seat 0 (each key replaced whole), an empty log."""

    def __init__(self, public: dict[str, Any], mine: dict[str, Any]) -> None:
        self.public, self.mine = public, mine

    def over(self) -> bool:
        return False

    def log_length(self) -> int:
        return 0

    def view(self, viewer: int | None, log_from: int = 0) -> dict[str, Any]:
        data = orjson.loads(orjson.dumps(self.public))
        if viewer == 0:
            data.update(orjson.loads(orjson.dumps(self.mine)))
        return {**data, "log": [], "log_from": log_from}


# Seat 0's view before: its own score and secret over the public part.
BEFORE = ({"score": 0, "turn": 1}, {"score": 5, "secret": [1, 2]})


@pytest.mark.parametrize(
    ("before", "public", "mine", "sent"),
    [
        # Its own score goes: the public one shows again (a replace).
        (BEFORE, {"score": 0, "turn": 2}, {"secret": [1, 2]}, "patch"),
        # Its own secret goes, and the public part has none: a remove.
        (BEFORE, {"score": 0, "turn": 2}, {"score": 5}, "patch"),
        # Only its own score changes: a patch to it alone, the version kept (GFILL-2).
        (BEFORE, {"score": 0, "turn": 1}, {"score": 7, "secret": [1, 2]}, "seat only"),
        # A public op goes inside its own value (a list to everyone, an object to it): it
        # cannot be patched, and gets a whole view.
        (
            ({"score": 0, "secret": [1]}, {"secret": {"n": 1}}),
            {"score": 0, "secret": [1, 2]},
            {"secret": {"n": 2}},
            "view",
        ),
    ],
)
def test_a_seats_own_part_that_goes_or_that_a_public_op_reaches_into(
    before: tuple[dict[str, Any], dict[str, Any]],
    public: dict[str, Any],
    mine: dict[str, Any],
    sent: str,
) -> None:
    """Paths of a seat's own ops our two games do not take: every viewer still holds the
    view a resync would give it, and a change of its own part alone reaches only the seat."""
    from laundermat.rooms.members import Member
    from laundermat.rooms.publish import Publisher

    match: Any = _Scripted(*before)
    publisher = Publisher(lambda: 1)
    seat, other, watcher = Sub(), Sub(), Sub()
    members = [Member("p0", "n0", "", 0, seat=0, sub=seat), Member("p1", "n1", "", 0, sub=other)]
    publisher.spectators.add(watcher)
    publisher.push({}, None, match, members, full={seat, other, watcher})
    match.public, match.mine = public, mine
    version = publisher.push({}, None, match, members)

    assert seat.patches == (0 if sent == "view" else 1)  # Sub records a patch as its view
    assert seat.doc is not None and seat.doc["game"] == match.view(0)
    assert seat.doc["version"] == version == (1 if sent == "seat only" else 2)
    assert other.patches + watcher.patches == (0 if sent == "seat only" else 2)
    for sub in (other, watcher):
        assert sub.doc is not None and sub.doc["game"] == match.view(None)
        assert sub.doc["version"] == version
