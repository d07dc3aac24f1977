"""Crash safety: SIGKILL mid-round, restart on the same database, and the game goes on from
the last acknowledged command with its window's timer resumed. Runs on SQLite, and on
PostgreSQL when TEST_DATABASE_URL is set (CI sets it)."""

from __future__ import annotations

import asyncio
import random
import signal
from typing import Any

import pytest
import websockets

from laundermat.bots.ws_bot import RoomRun, play_seats

from .client import Client, new_room, seated_game
from .conftest import BACKENDS, TIME_SCALE

GRACE_S = 1.0


@pytest.mark.parametrize("backend", BACKENDS)
def test_sigkill_mid_round_then_restart(make_server: Any, backend: str) -> None:
    srv = make_server(backend, restart_grace_seconds=GRACE_S)

    async def before_crash() -> tuple[str, list[dict[str, Any]], dict[str, Any]]:
        # round_timer 180 s at TIME_SCALE: a 9 s draft, long enough to outlive the restart.
        code, seats, clients = await seated_game(srv, 3, round_timer=180)
        picks: dict[str, Any] = {}
        for c in clients[:2]:
            card = next(d["card"] for d in c.game["display"] if d["card"] not in picks.values())
            assert (await c.act({"type": "select", "card": card}))["type"] == "ack"
            picks[c.game["me"]["seat"]] = card
        view = await clients[0].until(
            lambda m: (
                m["type"] == "view" and sum(p["has_selected"] for p in m["game"]["players"]) == 2
            )
        )
        for c in clients:
            await c.close()
        return code, seats, {"view": view, "picks": picks}

    code, seats, seen = asyncio.run(before_crash())
    old = seen["view"]
    assert srv.kill(signal.SIGKILL) == -signal.SIGKILL
    srv.start()  # the same database, a new process

    async def after_restart() -> None:
        clients = [await Client.open(srv.ws, code, s["token"]) for s in seats]
        view = clients[0].view
        assert view is not None and view["room"]["status"] == "playing"
        game = view["game"]
        assert game["window"] == old["game"]["window"]  # the same draft window is open
        for c in clients:  # every acknowledged selection survived the crash
            me = c.game["me"]
            assert me["selection"] == seen["picks"].get(me["seat"])
        # The window resumes with the time it had left (at least the restart grace).
        deadline = view["deadline"]
        assert deadline >= old["deadline"]
        assert deadline == old["deadline"] or deadline - view["server_time"] <= GRACE_S * 1000
        # Nobody else acts: the resumed timer times the draft out, after the old deadline.
        window = game["window"]["id"]
        timed_out = await clients[0].until(
            lambda m: (
                m["type"] == "view"
                and any(
                    e["kind"] == "timeout" and e.get("window") == window for e in m["game"]["log"]
                )
            ),
            timeout=20,
        )
        assert timed_out["server_time"] >= old["deadline"]
        lock = next(e for e in timed_out["game"]["log"] if e["kind"] == "draft_locked")
        idle = next(c.game["me"]["seat"] for c in clients if c.game["me"]["selection"] is None)
        assert lock["timed_out"] == [idle]
        for c in clients:
            await c.close()
        # The game goes on to its end.
        run = RoomRun(srv.url, 3, 0.0, random.Random(5), code=code)
        await asyncio.wait_for(play_seats(run, seats), 120)
        assert run.completed and not run.errors, run.errors

    asyncio.run(after_restart())
    assert TIME_SCALE < 1


def test_sigterm_closes_sockets_with_going_away(make_server: Any) -> None:
    srv = make_server()

    async def scenario() -> None:
        _, _, clients = await seated_game(srv, 3, round_timer=600)
        srv.proc.send_signal(signal.SIGTERM)
        for c in clients:
            with pytest.raises(websockets.ConnectionClosed) as info:
                while True:
                    await c.recv(timeout=10)
            assert info.value.rcvd is not None and info.value.rcvd.code == 1001

    asyncio.run(scenario())
    # It exits by itself (uvicorn re-raises the signal after a clean shutdown).
    assert srv.proc.wait(timeout=10) in (0, -signal.SIGTERM)
    assert "Application shutdown complete" in srv.log()


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_lobby_action_resent_after_a_crash_is_answered_not_applied_again(
    make_server: Any, backend: str
) -> None:
    """The browser resends an unanswered lobby action on its next socket. Its ack may die with
    the old process: after the restart the same id is acked again, not applied twice (an
    outside failover audit: a resent add_bot added a second bot; a resent start answered
    not_in_lobby though the game had started)."""
    srv = make_server(backend)

    async def before_crash() -> tuple[str, list[dict[str, Any]]]:
        code, seats = await new_room(srv.url, 2)
        host = await Client.open(srv.ws, code, seats[0]["token"])
        added = await host.request({"type": "lobby", "action": "add_bot", "id": "bot-1"})
        assert added["type"] == "ack"
        started = await host.request({"type": "lobby", "action": "start", "id": "go-1"})
        assert started["type"] == "ack"
        await host.close()
        return code, seats

    code, seats = asyncio.run(before_crash())
    assert srv.kill(signal.SIGKILL) == -signal.SIGKILL
    srv.start()

    async def after_restart() -> None:
        host = await Client.open(srv.ws, code, seats[0]["token"])
        for action, command_id in (("add_bot", "bot-1"), ("start", "go-1")):
            again = await host.request({"type": "lobby", "action": action, "id": command_id})
            assert again["type"] == "ack", again
        view = host.view
        assert view is not None and view["room"]["status"] == "playing"
        assert sum(p["bot"] for p in view["room"]["players"]) == 1
        fresh = await host.request({"type": "lobby", "action": "add_bot", "id": "bot-2"})
        assert fresh["type"] == "error" and fresh["code"] == "not_in_lobby"  # a new id runs
        await host.close()

    asyncio.run(after_restart())
