"""A commit whose answer is lost (the link drops during COMMIT): the command is in the log, yet
the room heard `unavailable` and rolled back. The room then reads what the log holds before
its next write, so it never writes that seq again (an outside operator audit on PostgreSQL:
every later write hit the log's primary key, one a second, until a restart, and the game
never ended), and a retry of the landed command's id is acked, never applied twice.

MemoryStore.lose_next_answer commits the next append and then raises StoreUnavailable."""

from __future__ import annotations

from typing import Any

from laundermat.rooms.clock import FakeClock
from laundermat.rooms.errors import RoomError
from laundermat.rooms.room import Room
from laundermat.store.memory import MemoryStore

from .helpers import CONFIG, Sub, act, action, laundermat_state, seated, settle
from .test_room import run


def _logged(room: Any) -> list[tuple[int, dict[str, Any]]]:
    return list(room.store.games[room.play.game_id].commands)


def _cards(room: Any) -> list[tuple[int, int]]:
    return [(seq, c["card"]) for seq, c in _logged(room)]


def _contiguous(room: Any) -> bool:
    seqs = [seq for seq, _ in _logged(room)]
    return seqs == list(range(1, len(seqs) + 1))


async def _first_select_lost() -> tuple[Any, Any, list[str], list[Any], dict[str, Any]]:
    """A game in its draft whose first command ("c1", seat 0's select) landed in the log
    while its room heard `unavailable`: (room, subs, ids, display, that command)."""
    _, room, subs, ids = await seated(settings={"round_timer": 600, "bribe_timer": 15})
    display = subs[0].view["game"]["display"]
    assert isinstance(room.store, MemoryStore)
    room.store.lose_next_answer = True
    first = {"type": "select", "card": display[0]["card"]}
    answer = await act(room, subs[0], ids[0], first, "c1")
    assert answer["type"] == "error" and answer["code"] == "unavailable"
    return room, subs, ids, display, first


def test_a_command_whose_commit_answer_was_lost_is_caught_up_and_acked_once() -> None:
    async def scenario() -> None:
        room, subs, ids, display, first = await _first_select_lost()
        assert _cards(room) == [(1, first["card"])]  # it landed all the same
        assert room.play.seq == 0 and room.play.unsure  # memory went back: it does not know

        # Another seat's command: the room reads the log first, then writes seq 2, not 1.
        second = {"type": "select", "card": display[1]["card"]}
        assert (await act(room, subs[1], ids[1], second, "d1"))["type"] == "ack"
        assert _cards(room) == [(1, first["card"]), (2, second["card"])]
        assert room.play.seq == 2 and not room.play.unsure
        state = laundermat_state(room)
        assert state.players[subs[0].view["game"]["me"]["seat"]].selection == first["card"]

        # The first seat resends c1 (its answer said nothing was changed): acked, not re-logged.
        again = await act(room, subs[0], ids[0], first, "c1")
        assert again["type"] == "ack"
        assert len(_logged(room)) == 2
        assert subs[0].view["game"]["me"]["selection"] == first["card"]  # views caught up too

    run(scenario())


def test_a_timeout_whose_commit_answer_was_lost_does_not_wedge_the_room() -> None:
    async def scenario() -> None:
        rooms, room, subs, _ = await seated()  # a 30 s round timer
        clock: Any = rooms.clock
        store: Any = room.store
        window = laundermat_state(room).window_id
        store.lose_next_answer = True
        await clock.advance(30_000)  # the draft's deadline: its timeout lands, unanswered
        await settle()
        assert [c for _, c in _logged(room)] == [{"type": "timeout", "window": window}]
        await clock.advance(1_000)  # the timer's retry reads the log instead of writing seq 1
        await settle()
        assert laundermat_state(room).window_id != window and not room.play.unsure
        for _ in range(8):  # and the game plays on by timeouts, one seq after another
            await clock.advance(30_000)
            await settle()
        assert _contiguous(room) and len(_logged(room)) > 5
        if not room.play.over:
            assert subs[0].view["game"]["window"]["id"] == laundermat_state(room).window_id

    run(scenario())


def test_a_still_unreachable_store_leaves_the_room_unsure_and_unchanged() -> None:
    async def scenario() -> None:
        room, subs, ids, display, _ = await _first_select_lost()
        store: Any = room.store
        store.unavailable = True  # the catch-up's own read fails
        command = {"type": "select", "card": display[1]["card"]}
        answer = await act(room, subs[1], ids[1], command, "d1")
        assert answer["type"] == "error" and answer["code"] == "unavailable"
        assert room.play.unsure and room.play.seq == 0 and len(_logged(room)) == 1
        store.unavailable = False
        assert (await act(room, subs[1], ids[1], command, "d1"))["type"] == "ack"
        assert _contiguous(room) and len(_logged(room)) == 2

    run(scenario())


def test_a_start_whose_commit_answer_was_lost_does_not_come_back_after_a_restart() -> None:
    """The game's row and the record seating it landed, yet the room heard `unavailable` and
    went back to its lobby. Once the lobby writes its record again, that game was never
    played: a restart must not bring it back as a game nobody started."""

    async def scenario() -> None:
        rooms, room, subs, ids = await seated(start=False)
        store: Any = room.store
        store.lose_next_answer = True
        await room.lobby_action(subs[0], ids[0], "start-1", action("start"))
        assert subs[0].last("error")["code"] == "unavailable"
        assert room.lobby.status == "lobby" and len(store.games) == 1  # it landed all the same
        await room.lobby_action(subs[1], ids[1], "n-1", action("nonce", nonce="ab" * 16))
        assert subs[1].last("ack")["id"] == "n-1"  # the lobby's record, written again
        await room.close(forget=False)
        [live] = await store.load_live_rooms()
        assert live.game is None
        again = Room.restore(live, store, FakeClock(rooms.clock.now_ms() + 1_000), CONFIG)
        await again.resume()
        assert again.lobby.status == "lobby" and again.play.match is None
        # The host starts it again: one game, played from the start.
        sub = Sub()
        await again.connect(sub, rooms.tokens[0])
        await again.lobby_action(sub, ids[0], "start-2", action("start"))
        assert sub.last("ack")["id"] == "start-2" and again.lobby.status == "playing"
        [live] = await store.load_live_rooms()
        assert live.game is not None and live.game.game_id == again.play.game_id
        await again.close(forget=False)

    run(scenario())


def test_a_join_whose_commit_answer_was_lost_is_undone_by_the_next_save() -> None:
    """The record with the new seat landed, yet the room heard `unavailable` and dropped the
    seat (its token never reached anyone). The player joins again under the same name: one
    seat, the second one, in memory and in the store, and after a restart."""

    async def scenario() -> None:
        rooms, room, _, _ = await seated(start=False)
        store: Any = room.store
        store.lose_next_save_answer = True
        try:
            await room.join("Bob")
            raise AssertionError("the join should have answered unavailable")
        except RoomError as exc:
            assert exc.code == "unavailable"
        assert "Bob" in [p.name for p in store.rooms[room.code].players]  # it landed
        assert "Bob" not in [m.name for m in room.lobby.members]
        bob, token = await room.join("Bob")  # not name_taken: memory never had the first
        assert [p.player_id for p in store.rooms[room.code].players if p.name == "Bob"] == [bob]
        await room.close(forget=False)
        [live] = await store.load_live_rooms()
        again = Room.restore(live, store, FakeClock(rooms.clock.now_ms() + 1_000), CONFIG)
        await again.resume()
        sub = Sub()
        assert await again.connect(sub, token) == bob
        assert [m.name for m in again.lobby.members].count("Bob") == 1
        await again.close(forget=False)

    run(scenario())
