"""Rooms in-process: durability before acks, timers, away, restore, lobby rules."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

from laundermat.rooms import FakeClock, Room, RoomError
from laundermat.rooms.members import CODE_ALPHABET, new_code
from laundermat.store.memory import MemoryStore

from .helpers import (
    CONFIG,
    Sub,
    act,
    action,
    laundermat_state,
    manager,
    memory_store,
    seat_of,
    seated,
    settle,
)


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def test_codes_use_an_unambiguous_alphabet() -> None:
    assert not set("0O1IL") & set(CODE_ALPHABET)
    codes = {new_code() for _ in range(200)}
    assert all(4 <= len(c) <= 6 and set(c) <= set(CODE_ALPHABET) for c in codes)


def test_codes_are_case_insensitive_and_unique_among_live_rooms() -> None:
    async def scenario() -> None:
        rooms = manager()
        made = [
            await rooms.create(f"h{i}", {"round_timer": 30, "bribe_timer": 15}) for i in range(30)
        ]
        assert len({room.code for room, _, _ in made}) == 30
        room = made[0][0]
        assert rooms.get(room.code.lower()) is room
        assert rooms.get("0OIL1") is None

    run(scenario())


def test_the_ack_waits_for_the_store() -> None:
    """A command's result is durable before the sender or anyone else hears of it."""

    async def scenario() -> None:
        _, room, subs, ids = await seated()
        gate = asyncio.Event()
        store: Any = room.store
        real = store.append_command

        async def slow_append(*args: Any, **kwargs: Any) -> None:
            await gate.wait()
            await real(*args, **kwargs)

        store.append_command = slow_append
        counts = [len(s.messages) for s in subs]
        card = subs[0].view["game"]["display"][0]["card"]
        task = asyncio.create_task(
            act(room, subs[0], ids[0], {"type": "select", "card": card}, "c1")
        )
        await settle()
        assert [len(s.messages) for s in subs] == counts  # nothing sent while not durable
        gate.set()
        answer = await task
        assert answer["type"] == "ack"
        assert all(s.view["version"] == answer["version"] for s in subs)

    run(scenario())


def test_a_failed_write_rolls_the_game_back() -> None:
    async def scenario() -> None:
        _, room, subs, ids = await seated()
        store: Any = room.store
        before = laundermat_state(room).to_dict()
        version = room.views.version
        card = subs[0].view["game"]["display"][0]["card"]
        store.fail_next_append = True
        answer = await act(room, subs[0], ids[0], {"type": "select", "card": card}, "c1")
        assert answer["type"] == "error" and answer["code"] == "unavailable"
        assert laundermat_state(room).to_dict() == before and room.views.version == version
        # Not remembered as answered: the same id, sent again, is applied once.
        answer = await act(room, subs[0], ids[0], {"type": "select", "card": card}, "c1")
        assert answer["type"] == "ack" and subs[0].view["game"]["me"]["selection"] == card
        assert [seq for seq, _ in store.games[room.play.game_id].commands] == [1]

    run(scenario())


def test_deadline_fires_a_timeout_and_is_persisted() -> None:
    async def scenario() -> None:
        rooms, room, subs, _ = await seated()
        clock: Any = rooms.clock
        window = subs[0].view["game"]["window"]
        deadline = subs[0].view["deadline"]
        assert deadline == clock.now_ms() + 30_000
        late: list[float] = []  # the metrics hook: deadline to timeout pushed
        room.observer = SimpleNamespace(
            command=lambda code: None, pushed=lambda s: None, timer_late=late.append
        )
        await clock.advance(29_999)
        assert subs[0].view["game"]["window"]["id"] == window["id"]
        await clock.advance(1)
        await settle()
        assert late == [0.0]
        store: Any = room.store
        logged = [c for _, c in store.games[room.play.game_id].commands]
        assert {"type": "timeout", "window": window["id"]} in logged
        game = store.games[room.play.game_id]
        assert (game.deadline_ms, game.window_id) == (room.play.deadline_ms, room.play.window_id)

    run(scenario())


def test_away_after_thirty_seconds_and_back_on_reconnect() -> None:
    """GEN-4: the room tells the engine both moments."""

    async def scenario() -> None:
        rooms, room, subs, ids = await seated(
            settings={"round_timer": 600, "bribe_timer": 15}, stand_in=False
        )
        clock: Any = rooms.clock
        seat = seat_of(subs[2])
        await room.disconnect(subs[2])
        await clock.advance(29_000)
        assert not laundermat_state(room).players[seat].away
        await clock.advance(1_000)
        await settle()
        assert laundermat_state(room).players[seat].away
        assert subs[0].view["game"]["players"][seat]["away"] is True
        token_sub = Sub()
        store: Any = room.store
        # Reconnect needs the token; the room only keeps its hash, so take it from a new join
        # is impossible mid-game: use the room's own record of the member instead.
        member = room.lobby.members[2]
        member.token_hash = __import__("laundermat.rooms.members", fromlist=["x"]).hash_token(
            "t" * 43
        )
        await room.connect(token_sub, "t" * 43)
        assert not laundermat_state(room).players[seat].away
        logged = [c for _, c in store.games[room.play.game_id].commands]
        assert {"type": "set_away", "seat": seat, "away": True} in logged
        assert {"type": "set_away", "seat": seat, "away": False} in logged
        assert ids[2] == member.player_id

    run(scenario())


def test_the_table_sees_when_a_dropped_player_will_be_away() -> None:
    """`away_at` (GEN-4): the moment a bot stands in, so the waiting line can count down to
    it; none while connected, and none once away or back."""

    async def scenario() -> None:
        rooms, room, subs, ids = await seated()
        clock: Any = rooms.clock

        def away_at(sub: Sub) -> Any:
            return next(p for p in sub.view["room"]["players"] if p["player_id"] == ids[2])[
                "away_at"
            ]

        assert away_at(subs[0]) is None
        dropped_at = clock.now_ms()
        await room.disconnect(subs[2])
        assert away_at(subs[0]) == dropped_at + 30_000
        await clock.advance(30_000)
        await settle()
        assert away_at(subs[0]) is None
        assert room.info()["players"][2]["away"] is True
        back = Sub()
        await room.connect(back, rooms.tokens[2])
        await room.disconnect(back)
        assert away_at(subs[0]) == clock.now_ms() + 30_000
        await room.connect(Sub(), rooms.tokens[2])
        assert away_at(subs[0]) is None

    run(scenario())


def test_restore_resumes_the_deadline_or_gives_the_grace() -> None:
    async def scenario() -> None:
        rooms, room, subs, ids = await seated(settings={"round_timer": 60, "bribe_timer": 15})
        clock: Any = rooms.clock
        card = subs[0].view["game"]["display"][0]["card"]
        await act(room, subs[0], ids[0], {"type": "select", "card": card}, "c1")
        deadline = room.play.deadline_ms
        store = memory_store(room)
        # A restart 20 s later: the window keeps its deadline.
        later = FakeClock(clock.now_ms() + 20_000)
        [live] = await store.load_live_rooms()
        again = Room.restore(live, store, later, CONFIG)
        assert again.play.deadline_ms == deadline
        assert laundermat_state(again).to_dict() == laundermat_state(room).to_dict()
        assert "c1" in again.lobby.members[0].answered  # a retry of c1 is not applied again
        # A restart after the deadline passed: 5 s of grace from the restart.
        much_later = FakeClock(clock.now_ms() + 90_000)
        again = Room.restore(live, store, much_later, CONFIG)
        assert again.play.deadline_ms == much_later.now_ms() + 5_000

    run(scenario())


def test_lobby_rules_host_kick_leave_and_start() -> None:
    async def scenario() -> None:
        _, room, subs, ids = await seated(players=4, start=False)
        await room.lobby_action(subs[1], ids[1], "l1", action("start"))
        assert subs[1].last("error")["code"] == "not_host"
        await room.lobby_action(
            subs[0],
            ids[0],
            "l2",
            action("settings", settings={"round_timer": 45, "bribe_timer": 30}),
        )
        assert subs[3].view["room"]["settings"] == {"round_timer": 45, "bribe_timer": 30}
        await room.lobby_action(subs[0], ids[0], "l3", action("kick", player_id=ids[3]))
        assert subs[3].closed == 4003 and subs[3].last("error")["code"] == "kicked"
        await room.lobby_action(subs[0], ids[0], "l4", action("leave"))
        assert subs[0].closed == 1000
        assert room.lobby.host == ids[1]  # hosting passes to the next seat
        await room.lobby_action(subs[1], ids[1], "l5", action("start"))
        assert subs[1].last("error")["code"] == "not_enough_players"
        with pytest.raises(RoomError) as info:
            for i in range(10):
                await room.join(f"p{i}")  # p1 and p2 are taken
        assert info.value.code == "name_taken"

    run(scenario())


def test_room_full_and_started_rooms_refuse_joins() -> None:
    async def scenario() -> None:
        _, room, _, _ = await seated(players=6, start=False)
        with pytest.raises(RoomError) as info:
            await room.join("seventh")
        assert info.value.code == "room_full"  # SETUP-1
        _, started, _, _ = await seated(players=3)
        with pytest.raises(RoomError) as info:
            await started.join("late")
        assert info.value.code == "game_started"

    run(scenario())


def test_idle_and_finished_rooms_close() -> None:
    async def scenario() -> None:
        rooms = manager()
        clock: Any = rooms.clock
        room, _, _ = await rooms.create("h", {"round_timer": 30, "bribe_timer": 15})
        rooms.idle_close_ms = 60_000
        await clock.advance(59_000)
        await rooms.sweep()
        assert room.code in rooms.rooms
        await clock.advance(1_000)
        await rooms.sweep()
        assert room.code not in rooms.rooms and room.closed
        store: Any = rooms.store
        assert room.code in store.closed

    run(scenario())


def test_everyone_away_ends_the_game_then_the_host_starts_a_rematch() -> None:
    """GEN-4: windows stop waiting for away players, so a table that all left plays out by
    timeouts at once; the host then starts a rematch with the two who said they would play
    again and went away once more: they are away from its first window. (Stand-ins off:
    with them on, bots would play every seat out.)"""

    async def scenario() -> None:
        rooms, room, subs, ids = await seated(
            settings={"round_timer": 600, "bribe_timer": 45}, stand_in=False
        )
        clock: Any = rooms.clock
        for sub in subs:
            await room.disconnect(sub)
        await clock.advance(30_000)
        await settle()
        assert room.lobby.status == "finished" and room.play.over
        store: Any = room.store
        assert store.games[room.play.game_id].result is not None
        back = [Sub() for _ in ids]
        for i, sub in enumerate(back):
            await room.connect(sub, rooms.tokens[i])
        host = back[0]
        assert host.view["game"]["phase"] == "over"
        for i in (1, 2):
            await room.lobby_action(back[i], ids[i], f"y{i}", action("ready", on=True))
            await room.disconnect(back[i])
        await clock.advance(30_000)
        await settle()
        assert room.lobby.status == "finished"  # the host, here, has not said
        await room.lobby_action(host, ids[0], "r1", action("rematch"))
        assert host.last("ack")["id"] == "r1"
        assert room.lobby.status == "playing" and room.lobby.game_number == 2
        game = host.view["game"]
        assert game["round"] == 1 and game["phase"] == "draft"
        assert game["log_from"] == 0  # the new game's whole log
        others = [p for p in game["players"] if p["seat"] != host.view["game"]["me"]["seat"]]
        assert all(p["away"] for p in others)  # still gone: away from the first window

    run(scenario())


def test_an_away_host_hands_hosting_to_the_next_seat() -> None:
    async def scenario() -> None:
        rooms, room, subs, ids = await seated(start=False)
        clock: Any = rooms.clock
        await room.disconnect(subs[0])
        await clock.advance(30_000)
        await settle()
        assert room.lobby.host == ids[1]  # the next seat after the host, and connected
        assert [p["host"] for p in subs[2].view["room"]["players"]] == [False, True, False]

    run(scenario())


def test_restore_from_a_snapshot_plus_the_later_commands() -> None:
    """Snapshots every few commands; a restart replays only what came after the last one."""

    async def scenario() -> None:
        import random

        from laundermat.games.laundermat.bots import RandomPolicy
        from laundermat.rooms import RoomConfig, RoomManager

        config = RoomConfig(snapshot_every=5)
        store = MemoryStore()
        rooms = RoomManager(store, FakeClock(), config)
        room, host_id, host_token = await rooms.create("p0", {"round_timer": 30, "bribe_timer": 15})
        ids, tokens = [host_id], [host_token]
        for i in (1, 2, 3):
            pid, token = await room.join(f"p{i}")
            ids.append(pid)
            tokens.append(token)
        subs = [Sub() for _ in ids]
        for sub, token in zip(subs, tokens, strict=True):
            await room.connect(sub, token)
        await room.lobby_action(subs[0], ids[0], "s", action("start"))
        policy = RandomPolicy(random.Random(3), wait_chance=0.0)
        sent = 0
        while room.play.seq < 23:
            for i, sub in enumerate(subs):
                if room.play.seq >= 23:
                    break
                game = sub.view["game"]
                if game["phase"] == "draft" and game["me"]["selection"] is not None:
                    continue
                command = policy.decide(game)
                if command is not None:
                    command.pop("seat")
                    sent += 1
                    await act(room, sub, ids[i], command, f"c{sent}")
        game_record = store.games[room.play.game_id]
        assert game_record.snapshot_seq == 20 and game_record.snapshot is not None
        [live] = await store.load_live_rooms()
        assert live.game is not None
        assert [seq for seq, _ in live.game.commands] == list(range(21, room.play.seq + 1))
        again = Room.restore(live, store, FakeClock(), config)
        assert laundermat_state(again).to_dict() == laundermat_state(room).to_dict()
        assert again.play.seq == room.play.seq

    run(scenario())


def test_a_finished_room_shows_its_final_standings_after_a_restart() -> None:
    async def scenario() -> None:
        from laundermat.games.laundermat.engine import Timeout

        _, room, _, _ = await seated()
        while not room.play.over:  # every window runs out: a whole game of timeouts
            await room.apply_quietly(Timeout(laundermat_state(room).window_id))
        await settle()
        assert room.lobby.status == "finished"
        assert laundermat_state(room).investigated is not None
        store = memory_store(room)
        [live] = await store.load_live_rooms()
        assert live.game is not None and live.game.finished
        again = Room.restore(live, store, FakeClock(), CONFIG)
        assert again.lobby.status == "finished"
        assert again.play.over
        assert laundermat_state(again).to_dict() == laundermat_state(room).to_dict()

    run(scenario())
