"""Acks inside the sender's frame (issue 34 §3, docs/protocol.md "Acks"), in-process: a sender
that announced inline acks gets one frame carrying its ack where the push sends it one, and the
ack alone where it does not; nobody else's frame changes; a sender that did not announce it
gets the old form. tests/web/test_inline_ack.py checks the same over real sockets."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import orjson

from .helpers import Sub, action, seated

# Today's frames, field by field: what every frame but the sender's must stay.
PATCH_KEYS = ["type", "from", "version", "server_time", "ops"]
VIEW_KEYS = ["type", "version", "server_time", "deadline", "room", "game"]


class Frames(Sub):
    """A subscriber that also keeps every message as it came (`raw`)."""

    def __init__(self) -> None:
        super().__init__()
        self.raw: list[bytes] = []

    def send(self, data: bytes) -> None:
        self.raw.append(bytes(data))
        super().send(data)

    def since(self, mark: int) -> list[dict[str, Any]]:
        return [orjson.loads(r) for r in self.raw[mark:]]


async def table(players: int = 3, start: bool = True) -> tuple[Any, Any, list[Frames], list[str]]:
    """A room whose seats keep their raw frames; seat 0 takes inline acks, the others do not."""
    rooms, room, _, ids = await seated(players, start=False)
    subs = [Frames() for _ in ids]
    room.views.acks_inline(subs[0])
    for sub, token in zip(subs, rooms.tokens, strict=True):
        await room.connect(sub, token)
    if start:
        await room.lobby_action(subs[0], ids[0], "start-1", action("start"))
    return rooms, room, subs, ids


async def act(room: Any, sub: Frames, player_id: str, command: dict[str, Any], cid: str) -> None:
    await room.act(sub, player_id, cid, command, None, time.perf_counter())


def select(sub: Frames, index: int = 0) -> dict[str, Any]:
    return {"type": "select", "card": sub.view["game"]["me"]["options"]["select"][index]}


def untouched(frame: bytes, keys: list[str]) -> None:
    """A frame as every viewer but the sender gets it: no ack, today's fields in today's order."""
    assert b'"ack"' not in frame, frame[:200]
    assert list(orjson.loads(frame)) == keys


def test_the_sender_gets_one_frame_with_its_ack_and_the_others_theirs_unchanged() -> None:
    async def scenario() -> None:
        _, room, subs, ids = await table()
        held = room.views.version
        marks = [len(s.raw) for s in subs]
        first = select(subs[0])
        await act(room, subs[0], ids[0], first, "a1")
        mine = subs[0].since(marks[0])
        assert len(mine) == 1, mine
        assert mine[0]["type"] == "patch" and mine[0]["ack"] == "a1"
        assert mine[0]["version"] == held + 1 == room.views.version
        assert list(mine[0]) == [*PATCH_KEYS, "ack"]  # the ack is the frame's last field
        assert subs[0].view["game"]["me"]["selection"] == first["card"]
        for sub, mark in zip(subs[1:], marks[1:], strict=True):
            assert len(sub.raw) == mark + 1
            untouched(sub.raw[-1], PATCH_KEYS)
            assert sub.view["version"] == held + 1

        # A retry of the same id: the first answer again, alone (no frame follows it).
        marks = [len(s.raw) for s in subs]
        await act(room, subs[0], ids[0], select(subs[0], 1), "a1")
        assert subs[0].since(marks[0]) == [{"type": "ack", "id": "a1", "version": held + 1}]
        assert [len(s.raw) for s in subs[1:]] == marks[1:]

    asyncio.run(scenario())


def test_a_sender_that_did_not_announce_it_gets_the_ack_alone_first() -> None:
    async def scenario() -> None:
        _, room, subs, ids = await table()
        held = room.views.version
        mark = len(subs[1].raw)
        await act(room, subs[1], ids[1], select(subs[1]), "b1")
        ack, frame = subs[1].raw[mark:]
        assert orjson.loads(ack) == {"type": "ack", "id": "b1", "version": held + 1}
        untouched(frame, PATCH_KEYS)
        untouched(subs[0].raw[-1], PATCH_KEYS)  # the inline seat: no ack of anyone else's

    asyncio.run(scenario())


def test_a_changed_choice_carries_its_ack_to_its_seat_alone() -> None:
    """DRAFT-2: a changed selection keeps the version and reaches its seat alone, as a patch
    from that version to itself; the ack rides in it."""

    async def scenario() -> None:
        _, room, subs, ids = await table()
        await act(room, subs[0], ids[0], select(subs[0], 0), "a1")
        held = room.views.version
        marks = [len(s.raw) for s in subs]
        second = select(subs[0], 1)
        await act(room, subs[0], ids[0], second, "a2")
        mine = subs[0].since(marks[0])
        assert len(mine) == 1 and mine[0]["type"] == "patch", mine
        assert (mine[0]["from"], mine[0]["version"], mine[0]["ack"]) == (held, held, "a2")
        assert subs[0].view["game"]["me"]["selection"] == second["card"]
        assert [len(s.raw) for s in subs[1:]] == marks[1:], "nobody else hears of it"
        assert room.views.version == held

    asyncio.run(scenario())


def test_whole_views_carry_the_ack_too() -> None:
    async def scenario() -> None:
        rooms, room, subs, ids = await table()
        plain = Frames()  # seat 0 again, on whole views only, taking inline acks
        room.views.full_views(plain)
        room.views.acks_inline(plain)
        await room.connect(plain, rooms.tokens[0])
        held = room.views.version
        mark = len(plain.raw)
        await act(room, plain, ids[0], select(plain), "w1")
        (frame,) = plain.since(mark)
        assert frame["type"] == "view" and frame["version"] == held + 1
        assert list(frame) == [*VIEW_KEYS, "ack"] and frame["ack"] == "w1"
        untouched(subs[1].raw[-1], PATCH_KEYS)

    asyncio.run(scenario())


def test_without_a_frame_for_the_sender_the_ack_goes_alone() -> None:
    """A lobby change nobody sees (the settings as they are) and a sender who left the room
    get no frame from the push: the ack comes alone, at the version everyone holds."""

    async def scenario() -> None:
        rooms, room, subs, ids = await table(start=False)
        held = room.views.version
        marks = [len(s.raw) for s in subs]
        same = dict(room.info()["settings"])
        await room.lobby_action(subs[0], ids[0], "s1", action("settings", settings=same))
        assert subs[0].since(marks[0]) == [{"type": "ack", "id": "s1", "version": held}]
        assert [len(s.raw) for s in subs[1:]] == marks[1:]

        leaver = Frames()  # seat 2 again, taking inline acks, then leaving
        room.views.acks_inline(leaver)
        await room.connect(leaver, rooms.tokens[2])
        mark = len(leaver.raw)
        await room.lobby_action(leaver, ids[2], "l1", action("leave"))
        answer = leaver.since(mark)
        assert [m["type"] for m in answer] == ["ack"] and answer[0]["id"] == "l1", answer
        assert answer[0]["version"] == room.views.version
        untouched(subs[0].raw[-1], PATCH_KEYS)

    asyncio.run(scenario())
