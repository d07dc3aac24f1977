"""Pushes coalesced under load (issue 34 §2, rooms/tick.py), in-process on a fake clock: a
client's change within a tick of the room's last push is acked at once and pushed at the
tick's end with the others, one frame per seat; a quiet room pushes at once; acks name the
version that first shows the change, and come before it; a change only its seat sees steps
nobody's version; a resync or a connection in the middle of a tick gets what the next patch
builds on. Time here is the fake clock's: the assertions are on what was sent, in what order."""

from __future__ import annotations

import asyncio
from typing import Any

import orjson

from laundermat.rooms import RoomConfig

from .helpers import CONFIG, Sub, act, seat_of, seated, settle
from .test_deltas import held, whole

TICK_MS = 20
TICKED = RoomConfig(
    away_after_ms=CONFIG.away_after_ms,
    restart_grace_ms=CONFIG.restart_grace_ms,
    push_tick_ms=TICK_MS,
)
SETTINGS = {"round_timer": 600, "bribe_timer": 45}  # no deadline inside a test


def assert_whole_views(room: Any, subs: list[Sub]) -> None:
    """Every seat's patched view equals the view rebuilt whole (the oracle)."""
    for sub in subs:
        assert held(sub) == whole(room, sub, seat_of(sub))


async def table(players: int) -> tuple[Any, Any, list[Sub], list[str]]:
    """A started LaunderMat room with the tick on. Its `start` came within a tick of the
    connections' pushes, so its views waited: the tick's end sends them."""
    rooms, room, subs, ids = await seated(players, SETTINGS, config=TICKED)
    assert all(s.view["game"] is None for s in subs), "the start's views wait for the tick"
    await rooms.clock.advance(TICK_MS)
    assert all(s.view["game"] is not None for s in subs)
    return rooms, room, subs, ids


def kinds(sub: Sub, mark: int) -> list[str]:
    return [m["type"] for m in sub.messages[mark:]]


def offered(sub: Sub) -> list[int]:
    cards: list[int] = sub.view["game"]["me"]["options"]["select"]
    return cards


def select(card: int) -> dict[str, Any]:
    return {"type": "select", "card": card}


async def chose_then_ticked(room: Any, rooms: Any, subs: list[Sub], ids: list[str]) -> int:
    """Seat 0 selects the first card on offer (within the start's tick), the tick passes: its
    push is just now. Returns the second card on offer, to change the choice to."""
    first, second = offered(subs[0])[:2]
    await act(room, subs[0], ids[0], select(first), "first")
    await rooms.clock.advance(TICK_MS)
    return second


def test_a_burst_of_six_picks_in_one_tick_is_one_frame_per_seat() -> None:
    async def scenario() -> None:
        rooms, room, subs, ids = await table(6)
        version = room.views.version
        marks = [len(s.messages) for s in subs]
        window = subs[0].view["game"]["window"]["id"]
        # The start's push was just now: every pick of the draft comes within its tick.
        for i, (sub, pid) in enumerate(zip(subs, ids, strict=True)):
            answer = await act(room, sub, pid, select(offered(sub)[0]), f"pick-{i}")
            # Acked at once, naming the version that will show it (the first pick is public).
            assert answer == {"type": "ack", "id": f"pick-{i}", "version": version + 1}
        assert [kinds(s, m) for s, m in zip(subs, marks, strict=True)] == [["ack"]] * 6
        await rooms.clock.advance(TICK_MS)
        for sub, mark in zip(subs, marks, strict=True):
            assert kinds(sub, mark) == ["ack", "view"], "one frame a seat, after its ack"
            assert sub.view["version"] == version + 1
            assert held(sub) == whole(room, sub, seat_of(sub)), "the net change of the six"
            assert sub.view["game"]["window"]["id"] != window  # all six in: the draft resolved
        assert all(s.patches for s in subs)
        await rooms.clock.advance(TICK_MS)  # nothing else was waiting
        assert [kinds(s, m) for s, m in zip(subs, marks, strict=True)] == [["ack", "view"]] * 6
        await room.close()

    asyncio.run(scenario())


def test_a_lone_command_in_a_quiet_room_is_pushed_at_once() -> None:
    async def scenario() -> None:
        rooms, room, subs, ids = await table(3)
        await rooms.clock.advance(TICK_MS)  # a tick without a push: the room is quiet
        version = room.views.version
        marks = [len(s.messages) for s in subs]
        answer = await act(room, subs[0], ids[0], select(offered(subs[0])[0]), "lone")
        assert answer["version"] == version + 1
        # Pushed with its ack, the clock not moved: every seat has its frame already.
        assert kinds(subs[0], marks[0]) == ["ack", "view"]
        assert [kinds(s, m) for s, m in zip(subs[1:], marks[1:], strict=True)] == [["view"]] * 2
        assert all(s.view["version"] == version + 1 for s in subs)

        # A second command within the tick of that push waits for the tick's end.
        second = await act(room, subs[1], ids[1], select(offered(subs[1])[0]), "second")
        assert second["version"] == version + 2
        assert kinds(subs[1], marks[1]) == ["view", "ack"]
        assert [len(s.messages) for s in (subs[0], subs[2])] == [marks[0] + 2, marks[2] + 1]
        await rooms.clock.advance(TICK_MS - 1)
        assert all(s.view["version"] == version + 1 for s in subs), "not before the tick's end"
        await rooms.clock.advance(1)
        assert all(s.view["version"] == version + 2 for s in subs)
        assert_whole_views(room, subs)
        await room.close()

    asyncio.run(scenario())


def test_commands_queued_behind_one_another_wait_for_one_push() -> None:
    """However long after the last push they come: commands that wait in the room's queue
    while the one before them is made durable are a burst (a slow store spreads their
    pushes further apart than any tick)."""

    async def scenario() -> None:
        rooms, room, subs, ids = await table(3)
        await rooms.clock.advance(TICK_MS)  # quiet: a tick without a push
        version = room.views.version
        marks = [len(s.messages) for s in subs]
        sent = [
            act(room, s, p, select(offered(s)[0]), f"q{p}") for s, p in zip(subs, ids, strict=True)
        ]
        await asyncio.gather(*sent)
        await settle()  # the push: a job behind the three, the clock not moved
        for sub, mark in zip(subs, marks, strict=True):
            assert kinds(sub, mark) == ["ack", "view"], "acked at once, then one frame"
            assert sub.view["version"] == version + 1
            assert held(sub) == whole(room, sub, seat_of(sub))
        await room.close()

    asyncio.run(scenario())


def test_a_changed_choice_in_a_tick_reaches_only_its_seat_and_keeps_the_version() -> None:
    async def scenario() -> None:
        rooms, room, subs, ids = await table(3)
        second = await chose_then_ticked(room, rooms, subs, ids)
        version = room.views.version
        marks = [len(s.messages) for s in subs]
        # The first choice's push was just now: the changed choice waits for the tick.
        changed = await act(room, subs[0], ids[0], select(second), "changed")
        assert changed["version"] == version, "only its seat sees it: the version it holds"
        assert kinds(subs[0], marks[0]) == ["ack"]
        await rooms.clock.advance(TICK_MS)
        assert kinds(subs[0], marks[0]) == ["ack", "view"]
        assert subs[0].view["version"] == version
        assert subs[0].view["game"]["me"]["selection"] == second
        assert [kinds(s, m) for s, m in zip(subs[1:], marks[1:], strict=True)] == [[], []]
        assert room.views.version == version, "no step anyone could see"
        assert_whole_views(room, subs)
        await room.close()

    asyncio.run(scenario())


def test_a_tick_with_a_public_change_and_a_changed_choice_steps_once() -> None:
    async def scenario() -> None:
        rooms, room, subs, ids = await table(3)
        second = await chose_then_ticked(room, rooms, subs, ids)
        version = room.views.version
        marks = [len(s.messages) for s in subs]
        changed = await act(room, subs[0], ids[0], select(second), "changed")
        public = await act(room, subs[1], ids[1], select(offered(subs[1])[0]), "public")
        assert changed["version"] == version and public["version"] == version + 1
        await rooms.clock.advance(TICK_MS)
        for sub, mark in zip(subs, marks, strict=True):
            frames = [m for m in sub.messages[mark:] if m["type"] == "view"]
            assert [f["version"] for f in frames] == [version + 1]
            assert held(sub) == whole(room, sub, seat_of(sub))
        assert subs[0].view["game"]["me"]["selection"] == second
        await room.close()

    asyncio.run(scenario())


def test_a_resync_in_the_middle_of_a_tick_gets_what_the_next_patch_builds_on() -> None:
    async def scenario() -> None:
        rooms, room, subs, ids = await table(3)
        version = room.views.version
        await act(room, subs[0], ids[0], select(offered(subs[0])[0]), "waits")
        assert subs[1].view["version"] == version, "waiting for the tick"
        mark = len(subs[1].messages)
        await room.resync(subs[1])
        # What waited went out first, to everyone; then the resync's whole view of it.
        assert [m["type"] for m in subs[1].messages[mark:]] == ["view", "view"]
        assert subs[1].messages[-1]["version"] == version + 1
        assert subs[0].view["version"] == subs[2].view["version"] == version + 1
        await rooms.clock.advance(TICK_MS)  # nothing is left for the tick
        assert len(subs[1].messages) == mark + 2
        # The next change is a patch on what the resync gave: it applies (Sub would raise).
        await act(room, subs[2], ids[2], select(offered(subs[2])[0]), "next")
        await rooms.clock.advance(TICK_MS)
        assert subs[1].view["version"] == version + 2
        assert_whole_views(room, subs)
        await room.close()

    asyncio.run(scenario())


def test_a_connection_in_the_middle_of_a_tick_sees_what_waited() -> None:
    async def scenario() -> None:
        rooms, room, subs, ids = await table(3)
        version = room.views.version
        await act(room, subs[0], ids[0], select(offered(subs[0])[0]), "waits")
        again = Sub()  # seat 2 reconnects from another tab
        await room.connect(again, rooms.tokens[2])
        assert again.view["version"] == version + 1
        mover = seat_of(subs[0])
        assert again.view["game"]["players"][mover] == subs[0].view["game"]["players"][mover]
        assert subs[0].view["version"] == version + 1, "pushed with the connection"
        assert held(again) == whole(room, again, seat_of(again))
        await room.close()

    asyncio.run(scenario())


def test_a_deadline_in_the_middle_of_a_tick_pushes_what_waited_with_its_timeout() -> None:
    async def scenario() -> None:
        rooms, room, subs, ids = await table(3)
        deadline, window = room.play.deadline_ms, subs[0].view["game"]["window"]["id"]
        assert deadline is not None
        await rooms.clock.advance(deadline - rooms.clock.now_ms() - TICK_MS // 2)
        version = room.views.version
        await act(room, subs[0], ids[0], select(offered(subs[0])[0]), "at-once")
        marks = [len(s.messages) for s in subs]
        waits = await act(room, subs[1], ids[1], select(offered(subs[1])[0]), "waits")
        assert waits["version"] == version + 2
        await rooms.clock.advance(TICK_MS // 2)  # the deadline, before the tick's end
        for sub, mark in zip(subs, marks, strict=True):
            frames = [m for m in sub.messages[mark:] if m["type"] == "view"]
            assert [f["version"] for f in frames] == [version + 2], "one push: both changes"
            assert sub.view["game"]["window"]["id"] != window  # the timeout closed the draft
            assert held(sub) == whole(room, sub, seat_of(sub))
        await rooms.clock.advance(TICK_MS)  # the tick's end finds nothing waiting
        assert all(s.view["version"] == version + 2 for s in subs)
        await room.close()

    asyncio.run(scenario())


def test_a_held_command_is_acked_alone_to_a_client_that_takes_inline_acks() -> None:
    """No frame of the change follows at once, so the ack cannot ride in one (docs/protocol.md,
    "Acks"): it goes alone, and the frame at the tick's end carries none."""

    async def scenario() -> None:
        rooms, room, subs, ids = await table(3)
        room.views.acks_inline(subs[0])
        raw: list[bytes] = []
        plain_send = subs[0].send

        def keep(data: bytes) -> None:
            raw.append(bytes(data))
            plain_send(data)

        subs[0].send = keep  # type: ignore[method-assign]
        version = room.views.version
        answer = await act(room, subs[0], ids[0], select(offered(subs[0])[0]), "held")
        assert answer == {"type": "ack", "id": "held", "version": version + 1}
        await rooms.clock.advance(TICK_MS)
        assert [orjson.loads(r)["type"] for r in raw] == ["ack", "patch"]
        assert b'"ack"' not in raw[1]
        assert subs[0].view["version"] == version + 1
        await room.close()

    asyncio.run(scenario())


def test_with_the_tick_off_every_change_is_pushed_at_once() -> None:
    async def scenario() -> None:
        _, room, subs, ids = await seated(3, SETTINGS)  # CONFIG: push_tick_ms 0
        version = room.views.version
        for i, (sub, pid) in enumerate(zip(subs, ids, strict=True)):
            answer = await act(room, sub, pid, select(offered(sub)[0]), f"pick-{i}")
            assert answer["version"] == version + i + 1
            assert all(s.view["version"] == version + i + 1 for s in subs)
        await room.close()

    asyncio.run(scenario())
