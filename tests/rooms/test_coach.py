"""Learn to play in-process (rooms/coach.py): a lesson is started with bots at relaxed timers,
its learner's hint is the game's hint of the very view they get, hints off is saved with the
room, and a room record keeps a lesson across a restart while older records read the same."""

from __future__ import annotations

import asyncio

import pytest

from laundermat import games
from laundermat.rooms import FakeClock, RoomManager
from laundermat.rooms.lobby import Lobby
from laundermat.store.memory import MemoryStore

from .helpers import CONFIG, Sub, action, memory_store, seated


@pytest.mark.parametrize("game", ["laundermat", "goblin"])
def test_a_lesson_starts_with_bots_relaxed_timers_and_the_learners_hint(game: str) -> None:
    async def scenario() -> None:
        rooms = RoomManager(MemoryStore(), FakeClock(), CONFIG)
        room, learner, token = await rooms.create("Lea", {}, game, learn=True)
        definition = games.require(game)
        assert room.lobby.status == "playing" and room.lobby.learning
        assert [m.bot for m in room.lobby.members] == [False, True, True]
        assert room.lobby.settings == {s.key: max(s.choices) for s in definition.settings}
        sub = Sub()
        await room.connect(sub, token)
        match = room.play.match
        assert match is not None
        seat = room.lobby.members[0].seat
        assert seat is not None
        expected = definition.hint(match.view(seat))  # type: ignore[attr-defined]
        assert expected is not None  # the first window (draft, DRAFT-2; pick, GFILL-2) is hers
        hint = sub.last("hint")
        assert hint["hint"] == expected and hint["window"] == match.window_id()
        assert sub.view["room"]["options"] == {"stand_in": True, "learning": True}
        await room.lobby_action(sub, learner, "off", action("coach", on=False))
        assert sub.last("ack")["id"] == "off"
        assert sub.last("hint")["hint"] is None
        saved = memory_store(room).rooms[room.code].options
        assert saved == {"stand_in": True, "learning": True, "coached": []}
        await rooms.shutdown()

    asyncio.run(scenario())


def test_not_learning_changes_nothing_and_records_read_as_before() -> None:
    async def scenario() -> None:
        _, room, subs, ids = await seated(3)
        await room.lobby_action(subs[0], ids[0], "on", action("coach", on=True))
        assert subs[0].last("error")["code"] == "not_learning"
        assert not room.lobby.coached
        assert not [m for s in subs for m in s.messages if m["type"] == "hint"]
        record = room.record()
        assert record.options == {"stand_in": True}  # a room that is no lesson: as before
        assert not Lobby.from_record(record).learning

    asyncio.run(scenario())


def test_a_lesson_and_its_hints_choice_survive_the_record() -> None:
    async def scenario() -> None:
        rooms = RoomManager(MemoryStore(), FakeClock(), CONFIG)
        room, learner, _ = await rooms.create("Lea", {}, "goblin", learn=True)
        restored = Lobby.from_record(room.record())
        assert restored.learning and restored.coached == {learner}
        await rooms.shutdown()

    asyncio.run(scenario())
