"""Whole games over real sockets, played by the same bots as `laundermat bots`."""

from __future__ import annotations

import asyncio
import random

import httpx
import pytest

from laundermat.bots.ws_bot import RoomRun, play_seats, run_bots_async

from .client import new_room
from .conftest import ServerProcess


@pytest.mark.parametrize("players", [3, 6])
def test_complete_games(server: ServerProcess, players: int) -> None:
    report = asyncio.run(run_bots_async(server.url, 2, players, 0.0, seed=players, timeout=120))
    assert report["errors"] == 0, report
    assert report["rooms_completed"] == 2, report
    assert report["commands"] > 8 * players  # at least one selection per player per round
    history = httpx.get(server.url + "/api/history").json()
    assert any(len(g["player_names"]) == players for g in history)


def test_replay_of_finished_game_reveals_everything(server: ServerProcess) -> None:
    code, seats = asyncio.run(new_room(server.url, 3))
    run = RoomRun(server.url, 3, 0.0, random.Random(7), code=code)
    asyncio.run(play_seats(run, seats))
    assert run.completed
    history = httpx.get(server.url + "/api/history").json()
    game_id = next(g["game_id"] for g in history if g["code"] == code)
    body = httpx.get(f"{server.url}/api/games/{game_id}/replay").json()
    assert body["final"]["phase"] == "over"
    assert all("wallet" in p for p in body["final"]["players"])  # PUBLIC-1: the end reveals
    assert body["result"]["winners"] == body["final"]["result"]["winners"]
