"""Issue 30 item 11, in-process: after a game each person answers "Play again?" (`ready`);
the next game starts once every present person is ready, or when the host starts it with
those who are; nobody is dragged in, and empty seats get bots only if the host says so."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from laundermat.games.laundermat.engine import Timeout
from laundermat.rooms import FakeClock, Room
from laundermat.rooms.members import Member
from laundermat.rooms.records import PlayerRecord

from .helpers import CONFIG, Sub, act, action, laundermat_state, memory_store, seated, settle
from .test_room import run


async def lobby(room: Room, sub: Sub, pid: str, cid: str, name: str, **kw: Any) -> dict[str, Any]:
    await room.lobby_action(sub, pid, cid, action(name, **kw))
    return next(m for m in reversed(sub.messages) if m.get("id") == cid)


async def finish(room: Room) -> None:
    """The game ends by timeouts, every window at once."""
    while not room.play.over:
        await room.apply_quietly(Timeout(laundermat_state(room).window_id))
    await settle()
    room._push()  # as the room does after a timeout
    assert room.lobby.status == "finished"


def ready_flags(sub: Sub) -> list[bool]:
    return [p["ready"] for p in sub.view["room"]["players"]]


def test_the_next_game_starts_once_everyone_is_ready_and_not_before() -> None:
    async def scenario() -> None:
        _, room, subs, ids = await seated()
        await finish(room)
        final = subs[2].view["game"]
        assert ready_flags(subs[2]) == [False, False, False]
        for i in (0, 1):
            assert (await lobby(room, subs[i], ids[i], f"r{i}", "ready", on=True))["type"] == "ack"
        # Two of three: the end stays, and everyone sees who is ready.
        assert room.lobby.status == "finished" and room.lobby.game_number == 1
        assert subs[2].view["game"]["result"] == final["result"]
        assert ready_flags(subs[2]) == [True, True, False]
        # Changing one's mind is allowed; then everyone is ready and the game starts.
        assert (await lobby(room, subs[1], ids[1], "n1", "ready", on=False))["type"] == "ack"
        assert ready_flags(subs[0]) == [True, False, False]
        for i in (1, 2):
            assert (await lobby(room, subs[i], ids[i], f"y{i}", "ready", on=True))["type"] == "ack"
        assert room.lobby.status == "playing" and room.lobby.game_number == 2
        assert len(room.lobby.members) == 3
        assert {m.seat for m in room.lobby.members} == {0, 1, 2}
        assert all(s.view["game"]["log_from"] == 0 and s.view["game"]["round"] == 1 for s in subs)
        assert ready_flags(subs[0]) == [False, False, False]  # asked again after this game

    run(scenario())


def test_ready_is_said_after_a_game_with_on() -> None:
    async def scenario() -> None:
        _, room, subs, ids = await seated()
        during = await lobby(room, subs[1], ids[1], "r1", "ready", on=True)
        assert (during["type"], during["code"]) == ("error", "not_finished")
        await finish(room)
        # ready needs `on`: the action's model refuses it (a message without: bad_message)
        with pytest.raises(ValidationError):
            action("ready")

    run(scenario())


def test_the_host_starts_with_the_ready_players_and_the_others_watch() -> None:
    """Four at the table; one does not answer. The host starts with the three who are ready:
    the fourth stays in the room without a seat, sees the game as a spectator, cannot act,
    and is asked again once it is over."""

    async def scenario() -> None:
        _, room, subs, ids = await seated(players=4)
        await finish(room)
        host = subs[0]
        for i in (1, 2):
            assert (await lobby(room, subs[i], ids[i], f"r{i}", "ready", on=True))["type"] == "ack"
        assert room.lobby.status == "finished"  # subs[3] holds it up
        not_host = await lobby(room, subs[1], ids[1], "x", "rematch")
        assert not_host["code"] == "not_host"
        assert (await lobby(room, host, ids[0], "go", "rematch"))["type"] == "ack"
        assert room.lobby.status == "playing" and room.lobby.game_number == 2
        seats = {m.player_id: m.seat for m in room.lobby.members}
        assert seats[ids[3]] is None and {seats[i] for i in ids[:3]} == {0, 1, 2}
        assert room.play.player_ids == [p for p in ids[:3]]
        watcher = subs[3].view
        assert watcher["game"]["viewer"] is None and "me" not in watcher["game"]
        assert watcher["room"]["players"][3]["seat"] is None
        card = watcher["game"]["display"][0]["card"]
        refused = await act(room, subs[3], ids[3], {"type": "select", "card": card}, "c1")
        assert (refused["type"], refused["code"]) == ("error", "no_game")
        await finish(room)
        again = await lobby(room, subs[3], ids[3], "r3", "ready", on=True)
        assert again["type"] == "ack" and ready_flags(subs[0])[3] is True

    run(scenario())


def test_a_table_that_emptied_gets_bots_only_if_the_host_asks() -> None:
    """The bug of issue 30: a rematch after both others had left silently gave their seats
    to stand-in bots. Now the host is told `not_enough_players`; with `on: true` new bots
    take the empty seats, and the two who left are gone from the room."""

    async def scenario() -> None:
        _, room, subs, ids = await seated()
        await finish(room)
        for i in (1, 2):
            assert (await lobby(room, subs[i], ids[i], f"l{i}", "leave"))["type"] == "ack"
        refused = await lobby(room, subs[0], ids[0], "go0", "rematch")
        assert (refused["type"], refused["code"]) == ("error", "not_enough_players")
        assert room.lobby.members[0].ready is False  # a refused start is not a "ready"
        # Everyone present is ready, but one player is too few: it waits.
        assert (await lobby(room, subs[0], ids[0], "r0", "ready", on=True))["type"] == "ack"
        assert room.lobby.status == "finished"
        before = [m.player_id for m in room.lobby.members]
        refused = await lobby(room, subs[0], ids[0], "go", "rematch")
        assert (refused["type"], refused["code"]) == ("error", "not_enough_players")
        assert "1 is ready" in refused["message"]
        assert room.lobby.status == "finished" and [m.player_id for m in room.lobby.members] == (
            before
        )
        assert (await lobby(room, subs[0], ids[0], "go2", "rematch", on=True))["type"] == "ack"
        players = subs[0].view["room"]["players"]
        assert [(p["name"], p["bot"]) for p in players] == [
            ("p0", False),
            ("Bot Ada", True),
            ("Bot Alan", True),
        ]
        assert sorted(p["seat"] for p in players) == [0, 1, 2]

    run(scenario())


def test_the_bots_the_host_added_play_again() -> None:
    async def scenario() -> None:
        _, room, subs, ids = await seated(players=2, start=False)
        assert (await lobby(room, subs[0], ids[0], "b", "add_bot"))["type"] == "ack"
        assert (await lobby(room, subs[0], ids[0], "s", "start"))["type"] == "ack"
        await finish(room)
        for i in (0, 1):
            assert (await lobby(room, subs[i], ids[i], f"r{i}", "ready", on=True))["type"] == "ack"
        assert room.lobby.game_number == 2
        assert len(room.lobby.members) == 3
        assert {m.seat for m in room.lobby.members} == {0, 1, 2}  # the bot too

    run(scenario())


def test_someone_away_does_not_hold_up_the_others_but_a_moment_offline_does() -> None:
    async def scenario() -> None:
        rooms, room, subs, ids = await seated(players=4)
        clock: Any = rooms.clock
        await finish(room)
        for i in (0, 1, 2):
            assert (await lobby(room, subs[i], ids[i], f"r{i}", "ready", on=True))["type"] == "ack"
        await room.disconnect(subs[3])
        await clock.advance(10_000)
        await settle()
        assert room.lobby.status == "finished"  # a dropped link is not a goodbye
        await clock.advance(20_000)  # away (GEN-4): the three play
        await settle()
        assert room.lobby.status == "playing" and room.lobby.game_number == 2
        left_out = room.lobby.member(ids[3])
        assert left_out is not None and left_out.seat is None
        assert subs[0].view["room"]["status"] == "playing"

    run(scenario())


def test_leaving_when_the_others_are_ready_starts_their_game() -> None:
    async def scenario() -> None:
        _, room, subs, ids = await seated(players=4)
        await finish(room)
        for i in (0, 1, 2):
            assert (await lobby(room, subs[i], ids[i], f"r{i}", "ready", on=True))["type"] == "ack"
        assert (await lobby(room, subs[3], ids[3], "bye", "leave"))["type"] == "ack"
        assert room.lobby.status == "playing" and len(room.lobby.members) == 3
        assert ids[3] not in {m.player_id for m in room.lobby.members}

    run(scenario())


def test_ready_is_saved_with_the_room_and_an_old_record_loads() -> None:
    async def scenario() -> None:
        _, room, subs, ids = await seated()
        await finish(room)
        assert (await lobby(room, subs[1], ids[1], "r1", "ready", on=True))["type"] == "ack"
        store = memory_store(room)
        assert [p.ready for p in store.rooms[room.code].players] == [False, True, False]
        [live] = await store.load_live_rooms()
        again = Room.restore(live, store, FakeClock(), CONFIG)
        await again.resume()
        assert [m.ready for m in again.lobby.members] == [False, True, False]
        await again.close(forget=False)

    run(scenario())
    # A record saved before `ready` existed (no such key) loads as nobody ready.
    saved: dict[str, Any] = {
        "player_id": "p1",
        "name": "Ann",
        "token_hash": "",
        "seat": 0,
        "joined_ms": 1,
    }
    from laundermat.store.rows import _player

    assert Member.from_record(_player(saved)).ready is False
    assert PlayerRecord(**saved).ready is False


def test_the_next_seed_takes_only_its_players_nonces() -> None:
    async def scenario() -> None:
        _, room, subs, ids = await seated(players=4)
        await finish(room)
        for i in range(4):
            nonce = f"{i:02x}" * 16
            assert (await lobby(room, subs[i], ids[i], f"n{i}", "nonce", nonce=nonce))["type"] == (
                "ack"
            )
        for i in (1, 2):
            assert (await lobby(room, subs[i], ids[i], f"r{i}", "ready", on=True))["type"] == "ack"
        assert (await lobby(room, subs[0], ids[0], "go", "rematch"))["type"] == "ack"
        # The one who sits out added randomness for a game they do not play: it is not used.
        assert sorted(room.lobby.commitment.nonces) == sorted([*ids[:3], "server"])
        assert sorted(subs[3].view["room"]["fairness"]["contributed"]) == sorted(ids[:3])

    run(scenario())
