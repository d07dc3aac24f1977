"""Reactions in a room (issue 33 §2), in-process on a fake clock: the limit per seat (3 at
once, then one per 2 s), no change of the room, and bots that react to their game's moments
(a failed laundry in Goblin Laundromat, an Alarm or a collision in LaunderMat)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from laundermat.games.goblin import reactions as goblin_reactions
from laundermat.games.kit import reactions as kit
from laundermat.games.laundermat import reactions as laundermat_reactions
from laundermat.rooms import FakeClock, RoomConfig, RoomError, RoomManager
from laundermat.store.memory import MemoryStore

from .helpers import Sub, action, seated, settle


def reactions(sub: Sub) -> list[tuple[str, str]]:
    return [(m["name"], m["reaction"]) for m in sub.messages if m["type"] == "reaction"]


def test_three_at_once_then_one_every_two_seconds() -> None:
    async def scenario() -> None:
        rooms, room, subs, ids = await seated(3, start=False)
        version = room.views.version
        for _ in range(3):
            room.reactions.react(subs[0], ids[0], "nooo")
        with pytest.raises(RoomError) as refused:
            room.reactions.react(subs[0], ids[0], "nooo")
        assert refused.value.code == "too_many_reactions"
        room.reactions.react(subs[1], ids[1], "wow")  # another seat has its own
        await rooms.clock.advance(1_999)
        with pytest.raises(RoomError):
            room.reactions.react(subs[0], ids[0], "nooo")
        await rooms.clock.advance(1)
        room.reactions.react(subs[0], ids[0], "risky")
        await rooms.clock.advance(60_000)  # a long pause earns the burst back, no more
        for _ in range(3):
            room.reactions.react(subs[0], ids[0], "laugh")
        with pytest.raises(RoomError):
            room.reactions.react(subs[0], ids[0], "laugh")
        with pytest.raises(RoomError) as unknown:
            room.reactions.react(subs[2], ids[2], "hug")
        assert unknown.value.code == "unknown_reaction"
        room.reactions.react(Sub(), ids[2], "wow")  # a socket that does not hold the seat
        expected = [("p0", "nooo")] * 3 + [("p1", "wow"), ("p0", "risky")] + [("p0", "laugh")] * 3
        assert all(reactions(s) == expected for s in subs)
        assert room.views.version == version  # no change of the room, no view
        await room.close(forget=False)

    asyncio.run(scenario())


def test_a_reaction_never_waits_for_the_rooms_queue() -> None:
    """A command stuck in its commit (here: a job that holds the queue) delays no reaction,
    and a reaction is never a job a command could wait behind."""

    async def scenario() -> None:
        _rooms, room, subs, ids = await seated(3)
        held, release = asyncio.Event(), asyncio.Event()

        async def slow_commit() -> None:
            held.set()
            await release.wait()

        room.jobs.post(slow_commit)
        await held.wait()
        room.reactions.react(subs[1], ids[1], "risky")  # answered there and then
        assert all(reactions(s) == [("p1", "risky")] for s in subs)
        command = asyncio.ensure_future(room.resync(subs[0]))
        await settle()
        assert not command.done()  # the queue is still held: the reaction did not need it
        release.set()
        await command
        await room.close(forget=False)

    asyncio.run(scenario())


@pytest.mark.parametrize(
    ("game", "settings", "moments"),
    [
        ("goblin", {"decision_timer": 60}, goblin_reactions.moments),
        ("laundermat", {"round_timer": 30, "bribe_timer": 15}, laundermat_reactions.moments),
    ],
)
def test_room_bots_react_to_their_games_moments(
    monkeypatch: pytest.MonkeyPatch, game: str, settings: dict[str, int], moments: kit.Moments
) -> None:
    monkeypatch.setattr(kit, "CHANCE", 1.0)  # every moment, so one game shows it at once
    config = RoomConfig(away_after_ms=600_000, restart_grace_ms=5_000, time_scale=0.25)

    async def one_game() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """A person who never acts and two bots, until a bot reacts or the game ends."""
        clock = FakeClock()
        rooms = RoomManager(MemoryStore(), clock, config)
        room, host, token = await rooms.create("p0", settings, game=game)
        sub = Sub()
        await room.connect(sub, token)
        for i in range(2):
            await room.lobby_action(sub, host, f"b{i}", action("add_bot"))
        await room.lobby_action(sub, host, "go", action("start"))
        match = room.play.match
        assert match is not None
        said: list[dict[str, Any]] = []
        while not said and not match.over():
            await clock.advance(50)
            await settle()
            said = [m for m in sub.messages if m["type"] == "reaction"]
        log: list[dict[str, Any]] = match.view(None)["log"]
        await room.close(forget=False)
        return said, log

    async def scenario() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        # A game may have no moment at all (about 1 Goblin game in 8: no laundry fails), or
        # only at its very end: then another game is played.
        for _ in range(8):
            said, log = await one_game()
            if said:
                return said, log
        raise AssertionError("eight games without a moment")

    said, log = asyncio.run(scenario())
    assert said, "no bot reacted"
    first = said[0]
    assert str(first["name"]).startswith("Bot ")
    # It fits a moment of the game that was logged: a failed laundry (GLAUNDRY), an Alarm
    # (VAULT-4) or a collision (DRAFT-4), as any seat sees it.
    fitting = {r for entry in log for seat in range(3) for r in moments(entry, seat)}
    assert first["reaction"] in fitting
