"""A store that stops answering (MemoryStore.unavailable): requests are answered
`unavailable` and change nothing, room jobs are tried again, and play resumes by itself.
And restores that repair what older versions could leave behind after a crash."""

from __future__ import annotations

from typing import Any

from laundermat.games.laundermat.engine import Timeout
from laundermat.rooms import FakeClock, Room, RoomError

from .helpers import CONFIG, Sub, act, action, laundermat_state, memory_store, seated, settle
from .test_room import run


def test_a_start_the_store_refuses_leaves_the_lobby_as_it_was() -> None:
    async def scenario() -> None:
        _, room, subs, ids = await seated(start=False)
        store: Any = room.store
        store.unavailable = True
        await room.lobby_action(subs[0], ids[0], "s1", action("start"))
        answer = subs[0].last("error")
        assert answer["id"] == "s1" and answer["code"] == "unavailable"
        assert (
            room.lobby.status == "lobby" and room.lobby.game_number == 0 and room.play.match is None
        )
        assert all(m.seat is None for m in room.lobby.members) and store.games == {}
        store.unavailable = False
        await room.lobby_action(subs[0], ids[0], "s1", action("start"))  # the same id, later
        assert subs[0].last("ack")["id"] == "s1" and room.lobby.status == "playing"

    run(scenario())


def test_lobby_changes_the_store_refuses_are_undone() -> None:
    async def scenario() -> None:
        _, room, subs, ids = await seated(start=False)
        store: Any = room.store
        store.unavailable = True
        await room.lobby_action(subs[0], ids[0], "k", action("kick", player_id=ids[2]))
        assert subs[0].last("error")["code"] == "unavailable"
        assert [m.player_id for m in room.lobby.members] == ids and subs[2].closed is None
        assert room.lobby.bars.barred == []  # nobody barred by a kick that did not happen
        await room.lobby_action(
            subs[0],
            ids[0],
            "t",
            action("settings", settings={"round_timer": 60, "bribe_timer": 15}),
        )
        assert room.lobby.settings["round_timer"] == 30
        await room.lobby_action(subs[1], ids[1], "l", action("leave"))
        assert [m.player_id for m in room.lobby.members] == ids and subs[1].closed is None

    run(scenario())


def test_a_timeout_the_store_refuses_is_tried_again_until_it_lands() -> None:
    async def scenario() -> None:
        rooms, room, subs, _ = await seated()
        clock: Any = rooms.clock
        store: Any = room.store
        window = laundermat_state(room).window_id
        store.unavailable = True
        await clock.advance(30_000)  # the draft's deadline passes during the outage
        await settle()
        assert laundermat_state(room).window_id == window  # still open: nothing was durable
        await clock.advance(3_000)
        assert laundermat_state(room).window_id == window
        store.unavailable = False
        await clock.advance(1_000)  # the next retry lands
        await settle()
        assert laundermat_state(room).window_id != window
        logged = [c for _, c in store.games[room.play.game_id].commands]
        assert logged == [{"type": "timeout", "window": window}]
        assert subs[0].view["game"]["window"]["id"] == laundermat_state(room).window_id

    run(scenario())


def test_a_retry_of_the_previous_games_command_after_a_restart_is_not_applied() -> None:
    """The id is in the log, not only in memory: after a rematch and a restart, a client
    re-sending its last command of game 1 gets an ack and game 2 is untouched."""

    async def scenario() -> None:
        rooms, room, subs, ids = await seated()
        card = subs[0].view["game"]["display"][0]["card"]
        answer = await act(room, subs[0], ids[0], {"type": "select", "card": card}, "c-old")
        assert answer["type"] == "ack"
        while not room.play.over:
            await room.apply_quietly(Timeout(laundermat_state(room).window_id))
        await settle()
        for i in (1, 2):  # the others say they play again; the host starts it
            await room.lobby_action(subs[i], ids[i], f"y{i}", action("ready", on=True))
        await room.lobby_action(subs[0], ids[0], "r", action("rematch"))
        assert room.lobby.game_number == 2
        store = memory_store(room)
        [live] = await store.load_live_rooms()
        again = Room.restore(live, store, FakeClock(), CONFIG)
        await again.resume()
        sub = Sub()
        await again.connect(sub, rooms.tokens[0])
        before = laundermat_state(again).to_dict()
        card = sub.view["game"]["display"][0]["card"]
        answer = await act(again, sub, ids[0], {"type": "select", "card": card}, "c-old")
        assert answer["type"] == "ack"
        assert laundermat_state(again).to_dict() == before
        assert store.games[again.play.game_id].commands == []
        await again.close(forget=False)

    run(scenario())


def test_restore_seats_a_game_whose_room_record_has_no_seats() -> None:
    async def scenario() -> None:
        _, room, _, ids = await seated()
        store = memory_store(room)
        seats = {m.player_id: m.seat for m in room.lobby.members}
        for p in store.rooms[room.code].players:  # as a crash before the seats were saved
            p.seat = None
        [live] = await store.load_live_rooms()
        again = Room.restore(live, store, FakeClock(), CONFIG)
        assert {m.player_id: m.seat for m in again.lobby.members} == seats
        assert set(seats.values()) == {0, 1, 2} and set(seats) == set(ids) and len(seats) == 3

    run(scenario())


def test_resume_finishes_a_game_over_in_its_log_but_not_in_its_row() -> None:
    async def scenario() -> None:
        _, room, _, _ = await seated()
        while not room.play.over:
            await room.apply_quietly(Timeout(laundermat_state(room).window_id))
        await settle()
        store = memory_store(room)
        row = store.games[room.play.game_id]
        expected = row.result
        row.result = row.finished_ms = None  # as written before results went with the log
        [live] = await store.load_live_rooms()
        assert live.game is not None and not live.game.finished
        again = Room.restore(live, store, FakeClock(), CONFIG)
        await again.resume()
        assert again.lobby.status == "finished"
        assert row.result == expected and expected is not None
        assert [g.game_id for g in await store.history()] == [room.play.game_id]
        await again.close(forget=False)

    run(scenario())


def test_a_join_again_by_key_the_store_refuses_keeps_the_seats_token() -> None:
    """A retried join that cannot be made durable leaves the first token working: the new one
    was never answered, so nobody holds it."""

    async def scenario() -> None:
        _, room, _subs, ids = await seated(start=False)
        pid, token = await room.join("Kay", "k" * 22)
        store: Any = room.store
        store.unavailable = True
        try:
            await room.join("Kay", "k" * 22)
        except RoomError as exc:
            assert exc.code == "unavailable"
        else:
            raise AssertionError("the join was answered without being durable")
        store.unavailable = False
        sub = Sub()
        assert await room.connect(sub, token) == pid
        assert [m.player_id for m in room.lobby.members] == [*ids, pid]

    run(scenario())
