"""The store keeps rooms, games and their command logs, and restores what is unfinished."""

from __future__ import annotations

import asyncio
import hashlib
import random

from laundermat.games.laundermat.bots import RandomPolicy
from laundermat.games.laundermat.engine import (
    Game,
    GameState,
    Phase,
    Settings,
    parse_command,
    replay,
    view,
)
from laundermat.rooms.records import StoreLike, StoreUnavailable
from laundermat.store import CommandWrite, PlayerRecord, RoomRecord

from .conftest import open_store


def room(code: str = "ABCDE", status: str = "lobby", players: int = 3) -> RoomRecord:
    return RoomRecord(
        code=code,
        status=status,
        settings={"round_timer": 30, "bribe_timer": 15},
        host="p1",
        players=[
            PlayerRecord(
                f"p{i}", f"Name {i}", hashlib.sha256(b"t%d" % i).hexdigest(), None, 1000 + i
            )
            for i in range(1, players + 1)
        ],
        game_number=1,
        created_ms=1000,
        updated_ms=1000,
        game="laundermat",
    )


async def start(
    store: StoreLike, code: str, seed: int, ids: list[str], settings: dict[str, int]
) -> int:
    """A game row for room `code` (its record saved with it, as the rooms layer does)."""
    record = room(code=code, status="playing")
    record.settings = dict(settings) or record.settings
    return await store.start_game(record, seed, ids, None, None)


def play(game: Game, commands: int, rng: random.Random) -> list[dict]:
    """Apply up to `commands` random legal commands; returns them in their logged form."""
    policy = RandomPolicy(rng, wait_chance=0)
    log: list[dict] = []
    while len(log) < commands and game.state.phase is not Phase.OVER:
        seat = rng.choice(game.state.window_actors)
        wire = policy.decide(view(game.state, seat)) or {
            "type": "timeout",
            "window": game.state.window_id,
        }
        game.apply(parse_command(wire))
        log.append(wire)
    return log


def run(coro):
    return asyncio.run(coro)


def test_room_upsert_and_close(store_target) -> None:
    async def go() -> None:
        store = await open_store(store_target)
        try:
            await store.save_room(room())
            changed = room(status="playing")
            changed.players[0].seat = 2
            await store.save_room(changed)
            live = await store.load_live_rooms()
            assert [r.room for r in live] == [changed]
            assert live[0].game is None
            await store.close_room("ABCDE")
            assert await store.load_live_rooms() == []
        finally:
            await store.close()

    run(go())


def test_restore_replays_to_the_same_state_and_keeps_the_deadline(store_target) -> None:
    async def go() -> None:
        store = await open_store(store_target)
        try:
            await store.save_room(room(status="playing"))
            ids = ["p1", "p2", "p3"]
            settings = Settings(round_timer=45, bribe_timer=30)
            game = Game.new(77, ids, settings)
            game_id = await start(store, "ABCDE", 77, ids, vars(settings))
            log = play(game, 40, random.Random(5))
            for seq, command in enumerate(log, start=1):
                snapshot = None
                if seq == 25:  # the state after this command, saved in its commit
                    snapshot_state = replay(77, ids, settings, log[:25]).state
                    snapshot = snapshot_state.to_dict()
                await store.append_command(
                    CommandWrite(
                        game_id,
                        seq,
                        command,
                        123_456 + seq,
                        game.state.window_id,
                        snapshot=snapshot,
                    )
                )
            [live] = await store.load_live_rooms()
            assert live.game is not None
            restored = live.game
            assert restored.game_id == game_id and restored.seed == 77
            assert restored.player_ids == ids and restored.settings == vars(settings)
            assert restored.snapshot_seq == 25
            assert [seq for seq, _ in restored.commands] == list(range(26, len(log) + 1))
            assert restored.deadline_ms == 123_456 + len(log)
            assert restored.window_id == game.state.window_id
            # Snapshot + the commands after it rebuild exactly the live state.
            assert restored.snapshot is not None
            again = Game(GameState.from_dict(restored.snapshot))
            for _, command in restored.commands:
                again.apply(parse_command(command))
            assert again.state == game.state
        finally:
            await store.close()

    run(go())


def test_finished_games_leave_the_live_set_and_enter_history(store_target) -> None:
    async def go() -> None:
        store = await open_store(store_target)
        try:
            await store.save_room(room(status="playing"))
            ids = ["p1", "p2", "p3"]
            game_id = await start(store, "ABCDE", 9, ids, {"round_timer": 30, "bribe_timer": 15})
            await store.append_command(
                CommandWrite(game_id, 1, {"type": "timeout", "window": 1}, None, 2)
            )
            await store.finish_game(game_id, {"winners": [0], "winner_names": ["Name 2"]})
            [live] = await store.load_live_rooms()
            # The room lives on (for a rematch) and still shows its finished game.
            assert live.game is not None and live.game.finished
            assert live.game.game_id == game_id
            [summary] = await store.history()
            # The room is open: its code is not listed (anyone could join it with it).
            assert summary.game_id == game_id and summary.code is None
            assert summary.player_names == ["Name 1", "Name 2", "Name 3"]
            assert summary.winners == ["Name 2"]
            await store.close_room("ABCDE")
            [summary] = await store.history()
            assert summary.game_id == game_id and summary.code == "ABCDE"
            record = await store.game_record(game_id)
            assert record is not None and record.finished
            assert record.commands == [{"type": "timeout", "window": 1}]
            assert record.result == {"winners": [0], "winner_names": ["Name 2"]}
            assert await store.game_record(game_id + 1000) is None
        finally:
            await store.close()

    run(go())


def test_a_game_its_rooms_record_no_longer_seats_is_not_live(store_target) -> None:
    """A start whose commit answer was lost: the game and its record landed, the room went
    back to its lobby and wrote its record again (game 0). That game was never played."""

    async def go() -> None:
        store = await open_store(store_target)
        try:
            ids = ["p1", "p2", "p3"]
            await start(store, "ABCDE", 9, ids, {"round_timer": 30, "bribe_timer": 15})
            [live] = await store.load_live_rooms()
            assert live.game is not None  # the record seats it (game_number 1)
            lobby = room(status="lobby")
            lobby.game_number = 0
            await store.save_room(lobby)
            [live] = await store.load_live_rooms()
            assert live.game is None and live.room.status == "lobby"
        finally:
            await store.close()

    run(go())


def test_a_command_is_durable_across_a_reopen(store_target) -> None:
    async def go() -> None:
        store = await open_store(store_target)
        await store.save_room(room(status="playing"))
        game_id = await start(
            store, "ABCDE", 3, ["p1", "p2", "p3"], {"round_timer": 30, "bribe_timer": 15}
        )
        await store.append_command(
            CommandWrite(game_id, 1, {"type": "select", "seat": 0, "card": 4}, 99, 1)
        )
        await store.close()
        # Opening again re-runs the migrations (a no-op now) and finds the command.
        reopened = await open_store(store_target)
        try:
            [live] = await reopened.load_live_rooms()
            assert live.game is not None
            assert live.game.commands == [(1, {"type": "select", "seat": 0, "card": 4})]
        finally:
            await reopened.close()

    run(go())


def test_concurrent_commands_share_commits_and_all_land_in_order(store_target) -> None:
    async def go() -> None:
        store = await open_store(store_target)
        try:
            ids = ["p1", "p2", "p3"]
            game_ids = []
            for i in range(20):
                code = f"R{i:03d}"
                await store.save_room(room(code=code, status="playing"))
                game_ids.append(await start(store, code, i, ids, {}))

            async def play_room(game_id: int) -> None:
                for seq in range(1, 16):
                    await store.append_command(
                        CommandWrite(
                            game_id, seq, {"type": "timeout", "window": seq}, seq * 10, seq
                        )
                    )

            await asyncio.gather(*(play_room(g) for g in game_ids))
            live = {r.game.game_id: r.game for r in await store.load_live_rooms() if r.game}
            for game_id in game_ids:
                game = live[game_id]
                assert [seq for seq, _ in game.commands] == list(range(1, 16))
                assert [c["window"] for _, c in game.commands] == list(range(1, 16))
                assert (game.deadline_ms, game.window_id) == (150, 15)
        finally:
            await store.close()

    run(go())


def test_a_rejected_command_fails_only_its_own_caller(store_target) -> None:
    async def go() -> None:
        store = await open_store(store_target)
        try:
            await store.save_room(room(status="playing"))
            game_id = await start(store, "ABCDE", 1, ["p1", "p2", "p3"], {})
            await store.append_command(
                CommandWrite(game_id, 1, {"type": "timeout", "window": 1}, None, None)
            )
            results = await asyncio.gather(
                store.append_command(
                    CommandWrite(game_id, 1, {"type": "timeout", "window": 99}, None, None)
                ),
                store.append_command(
                    CommandWrite(game_id, 2, {"type": "timeout", "window": 2}, None, None)
                ),
                return_exceptions=True,
            )
            assert isinstance(results[0], Exception)  # seq 1 exists: the log is append-only
            assert results[1] is None
            [live] = await store.load_live_rooms()
            assert live.game is not None
            assert live.game.commands == [
                (1, {"type": "timeout", "window": 1}),
                (2, {"type": "timeout", "window": 2}),
            ]
        finally:
            await store.close()

    run(go())


def test_a_taken_seq_is_unavailable_and_commands_after_reads_the_log(store_target) -> None:
    """What a room needs after a commit whose answer was lost (rooms/play.py `catch_up`): a
    second write of a logged seq is StoreUnavailable (nothing written), not a bug that
    propagates, and the log past a seq reads back with each command's ids."""

    async def go() -> None:
        store = await open_store(store_target)
        try:
            await store.save_room(room(status="playing"))
            game_id = await start(store, "ABCDE", 1, ["p1", "p2", "p3"], {})
            first = {"type": "select", "seat": 0, "card": 4}
            await store.append_command(
                CommandWrite(game_id, 1, first, None, None, player_id="p1", client_id="c1")
            )
            await store.append_command(
                CommandWrite(game_id, 2, {"type": "timeout", "window": 1}, None, None)
            )
            try:
                await store.append_command(
                    CommandWrite(game_id, 2, {"type": "timeout", "window": 9}, 1, 1)
                )
            except StoreUnavailable:
                pass
            else:
                raise AssertionError("a second seq 2 was written")
            tail = await store.commands_after(game_id, 0)
            assert [(c.seq, c.command, c.player_id, c.client_id) for c in tail] == [
                (1, first, "p1", "c1"),
                (2, {"type": "timeout", "window": 1}, None, None),
            ]
            assert [c.seq for c in await store.commands_after(game_id, 1)] == [2]
            assert await store.commands_after(game_id, 2) == []
        finally:
            await store.close()

    run(go())


def test_retention_deletes_games_left_unfinished_in_closed_rooms(store_target) -> None:
    """An outside soak audit: a game whose room closed mid-game (every player gone) was kept
    for good, and so was its room's row. Past retention both go; a game still playing stays."""

    async def go() -> None:
        store = await open_store(store_target)
        try:
            for code in ("DEADR", "LIVER"):
                await store.save_room(room(code=code, status="playing"))
            dead = await start(store, "DEADR", 1, ["p1", "p2", "p3"], {})
            live = await start(store, "LIVER", 2, ["p1", "p2", "p3"], {})
            for game_id in (dead, live):
                await store.append_command(
                    CommandWrite(game_id, 1, {"type": "timeout", "window": 1}, 5, 1)
                )
            await store.close_room("DEADR")
            later = 2**53
            assert await store.delete_finished_games(later) == 1
            assert await store.commands_after(live, 0) != []
            assert [r.room.code for r in await store.load_live_rooms()] == ["LIVER"]
            assert await store.delete_closed_rooms(later) == 1  # DEADR: no game names it now
            assert await store.delete_finished_games(later) == 0
        finally:
            await store.close()

    run(go())


def test_retention_deletes_closed_rooms_no_game_names(store_target) -> None:
    """A closed room's row used to outlive it for ever. Past the retention period it goes
    once no game names it; open rooms and rooms with kept games stay."""

    async def go() -> None:
        store = await open_store(store_target)
        try:
            for code in ("AAAAA", "BBBBB", "CCCCC"):
                await store.save_room(room(code=code))
            game_id = await start(store, "BBBBB", 9, ["p1", "p2", "p3"], {})
            await store.finish_game(game_id, {"winners": [0], "winner_names": ["Name 1"]})
            await store.close_room("AAAAA")  # unused, closed: goes
            await store.close_room("BBBBB")  # closed, but its game is kept: stays
            later = 2**53  # everything so far is older than this
            assert await store.delete_closed_rooms(later) == 1
            assert await store.delete_closed_rooms(later) == 0
            assert [r.room.code for r in await store.load_live_rooms()] == ["CCCCC"]
            assert (await store.game_record(game_id)) is not None
            # Once its game is past retention too, the other closed room goes as well.
            assert await store.delete_finished_games(later) == 1
            assert await store.delete_closed_rooms(later) == 1
            await store.save_room(room(code="AAAAA"))  # a code can be used again
            assert {r.room.code for r in await store.load_live_rooms()} == {"AAAAA", "CCCCC"}
        finally:
            await store.close()

    run(go())


def test_a_room_row_from_before_bars_and_device_ids_loads() -> None:
    """A row written before migration 0008 (barred NULL) and players without device_hash
    load as a room that bars nobody (issue 31 part 6)."""
    from laundermat.store.rows import room_record, room_values

    values = room_values(room())
    old_players = [{k: v for k, v in p.items() if k != "device_hash"} for p in values["players"]]
    loaded = room_record({**values, "code": "ABCDE", "players": old_players, "barred": None})
    assert loaded.barred == [] and all(p.device_hash is None for p in loaded.players)
