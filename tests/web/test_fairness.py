"""Provably fair games (issue 13): commit, then reveal, with the players' own entropy; a
record anyone can verify; a replay to step through; and retention of finished games."""

from __future__ import annotations

import asyncio
import copy
import hashlib
import random
import secrets
import signal
import subprocess
import sys
from typing import Any

import httpx
import pytest

from laundermat.bots.ws_bot import RoomRun, play_seats
from laundermat.rooms.fairness import SERVER, derive, server_nonce
from laundermat.verify import problems

from ..waits import until_async
from .client import Client, new_room, room_games
from .conftest import ServerProcess


async def add_nonces(srv: ServerProcess, code: str, seats: list[dict[str, Any]]) -> dict[str, str]:
    """Every player's browser adds its own randomness; returns player_id -> nonce."""
    given = {}
    for seat in seats:
        client = await Client.open(srv.ws, code, seat["token"])
        nonce = secrets.token_hex(16)
        answer = await client.lobby("nonce", nonce=nonce)
        assert answer["type"] == "ack", answer
        given[seat["player_id"]] = nonce
        await client.close()
    return given


def play_out(srv: ServerProcess, code: str, seats: list[dict[str, Any]], seed: int) -> None:
    run = RoomRun(srv.url, len(seats), 0.0, random.Random(seed), code=code)
    asyncio.run(asyncio.wait_for(play_seats(run, seats), 120))
    assert run.completed and not run.errors, run.errors


def finished_record(srv: ServerProcess, code: str) -> dict[str, Any]:
    game_id = room_games(srv.url, code)[0]["game_id"]
    record: dict[str, Any] = httpx.get(f"{srv.url}/api/games/{game_id}/replay").json()
    return record


def test_commit_then_reveal_and_the_record_verifies(server: ServerProcess) -> None:
    code, seats = asyncio.run(new_room(server.url, 3))
    room = httpx.get(f"{server.url}/api/rooms/{code}").json()
    committed = room["fairness"]["commitment"]
    assert len(committed) == 64 and room["fairness"]["contributed"] == []
    nonces = asyncio.run(add_nonces(server, code, seats))
    assert sorted(
        httpx.get(f"{server.url}/api/rooms/{code}").json()["fairness"]["contributed"]
    ) == (sorted(nonces))

    async def refused() -> None:
        client = await Client.open(server.ws, code, seats[0]["token"])
        bad = await client.lobby("nonce", nonce="not-hex")
        assert bad["type"] == "error" and bad["code"] == "bad_message"
        await client.close()

    asyncio.run(refused())
    play_out(server, code, seats, 3)
    room = httpx.get(f"{server.url}/api/rooms/{code}").json()
    revealed = room["fairness"]["revealed"]
    # The server seed it committed to before any nonce was known, and the players' own.
    assert hashlib.sha256(bytes.fromhex(revealed["server_seed"])).hexdigest() == committed
    # ... and the server's own, fixed by its seed, so that no seed is readable off the lobby.
    ours = server_nonce(revealed["server_seed"])
    assert revealed["nonces"] == {**nonces, SERVER: ours}
    assert revealed["seed"] == derive(revealed["server_seed"], {**nonces, SERVER: ours})
    # A rematch gets a fresh commitment, and nobody's old nonce counts for it.
    assert room["fairness"]["commitment"] != committed and room["fairness"]["contributed"] == []
    record = finished_record(server, code)
    assert record["commitment"] == committed and record["seed"] == revealed["seed"]
    assert problems(record) == []
    url = f"{server.url}/api/games/{record['game_id']}/replay"
    cli = subprocess.run(
        [sys.executable, "-m", "laundermat.cli", "verify", url], capture_output=True, text=True
    )
    assert cli.returncode == 0 and cli.stdout.strip() == "verified", cli.stdout + cli.stderr


def test_every_tampered_record_is_caught(server: ServerProcess) -> None:
    code, seats = asyncio.run(new_room(server.url, 3))
    asyncio.run(add_nonces(server, code, seats))
    play_out(server, code, seats, 4)
    record = finished_record(server, code)
    assert problems(record) == []

    def tampered(change: Any) -> list[str]:
        copied = copy.deepcopy(record)
        change(copied)
        return problems(copied)

    first = next(i for i, c in enumerate(record["commands"]) if "seat" in c)

    def other_card(r: dict[str, Any]) -> None:  # bill 60 does not exist (0..59)
        r["commands"][first] = {**r["commands"][first], "type": "select", "card": 60}
        r["commands"][first].pop("window", None)

    cases = {
        "a command": (other_card, f"step {first + 1}:"),
        "a dropped command": (lambda r: r["commands"].pop(), "do not finish"),
        "the seed": (lambda r: r.update(seed=r["seed"] + 1), "seed is not the one derived"),
        "a nonce": (
            lambda r: r["nonces"].update({next(iter(r["nonces"])): "00" * 16}),
            "seed is not the one derived",
        ),
        "the server's nonce": (
            lambda r: r["nonces"].update({SERVER: "00" * 32}),
            "the server's nonce is not the one its server seed gives",
        ),
        "a dropped server nonce": (
            lambda r: r["nonces"].pop(SERVER),
            "seed is not the one derived",
        ),
        "the server seed": (
            lambda r: r.update(server_seed="11" * 32),
            "is not SHA-256 of the server seed",
        ),
        "the result": (lambda r: r["result"].update(winners=[9]), "result: winners"),
    }
    for name, (change, expected) in cases.items():
        found = tampered(change)
        assert found and expected in found[0], (name, found)


def test_replay_steps_by_seat_and_in_full(server: ServerProcess) -> None:
    code, seats = asyncio.run(new_room(server.url, 3))
    play_out(server, code, seats, 5)
    record = finished_record(server, code)
    base = f"{server.url}/api/games/{record['game_id']}/replay"
    steps = record["steps"]
    assert steps == len(record["commands"]) and record["round_starts"]["1"] == 0
    third = record["round_starts"]["3"]
    at_three = httpx.get(f"{base}/step/{third}", params={"viewer": 1}).json()
    assert at_three["round"] == 3 and at_three["view"]["me"]["seat"] == 1
    spectator = httpx.get(f"{base}/step/{third}").json()["view"]
    assert spectator.get("me") is None  # nobody's hand without a seat
    everything = httpx.get(f"{base}/step/{third}", params={"viewer": "all"}).json()["view"]
    assert [me["seat"] for me in everything["all_seats"]] == [0, 1, 2]
    assert everything["all_seats"][1]["wallet"] == at_three["view"]["me"]["wallet"]
    assert httpx.get(f"{base}/step/{steps}").json()["view"] == record["final"]
    assert httpx.get(f"{base}/step/{steps + 1}").status_code == 404
    assert httpx.get(f"{base}/step/0", params={"viewer": 7}).status_code == 400


def test_the_commitment_and_nonces_survive_a_restart(make_server: Any) -> None:
    srv = make_server()
    code, seats = asyncio.run(new_room(srv.url, 3))
    nonces = asyncio.run(add_nonces(srv, code, seats[:2]))
    before = httpx.get(f"{srv.url}/api/rooms/{code}").json()["fairness"]
    srv.kill(signal.SIGKILL)
    srv.start()
    after = httpx.get(f"{srv.url}/api/rooms/{code}").json()["fairness"]
    assert after == before and sorted(after["contributed"]) == sorted(nonces)


def test_the_last_games_reveal_survives_a_restart_during_the_rematch(make_server: Any) -> None:
    """A room shows the finished game's reveal until the next game is over; a restart while
    the rematch runs must not lose it (an outside crash audit found it did)."""
    srv = make_server()
    code, seats = asyncio.run(new_room(srv.url, 3))
    play_out(srv, code, seats, 7)
    revealed = httpx.get(f"{srv.url}/api/rooms/{code}").json()["fairness"]["revealed"]
    assert revealed["game_id"] == finished_record(srv, code)["game_id"]

    async def rematch() -> None:
        for seat in seats:  # everyone says they play again: the last one starts it
            player = await Client.open(srv.ws, code, seat["token"])
            assert (await player.lobby("ready", on=True))["type"] == "ack"
            await player.close()

    asyncio.run(rematch())
    during = httpx.get(f"{srv.url}/api/rooms/{code}").json()
    assert (during["status"], during["fairness"]["revealed"]) == ("playing", revealed)
    srv.kill(signal.SIGKILL)
    srv.start()
    after = httpx.get(f"{srv.url}/api/rooms/{code}").json()
    assert (after["status"], after["fairness"]["revealed"]) == ("playing", revealed)
    assert after["fairness"]["commitment"] == during["fairness"]["commitment"]


def test_finished_games_are_deleted_after_the_retention_period(make_server: Any) -> None:
    # 0.00005 days is about 4 s; the sweep looks every half second.
    srv = make_server(finished_game_retention_days=0.00005, retention_sweep_seconds=0.5)
    catalog = httpx.get(srv.url + "/api/catalog").json()
    assert catalog["retention_days"] == pytest.approx(0.00005)
    code, seats = asyncio.run(new_room(srv.url, 3))
    play_out(srv, code, seats, 6)
    record = finished_record(srv, code)  # kept for now

    async def gone() -> None:
        async with httpx.AsyncClient(base_url=srv.url) as http:

            async def deleted() -> bool:
                answer = await http.get(f"/api/games/{record['game_id']}/replay")
                return answer.status_code == 404

            await until_async(deleted, "the finished game deleted", timeout=20)

    asyncio.run(gone())
    assert all(g["code"] != code for g in httpx.get(srv.url + "/api/history").json())


def test_the_documented_record_schema_is_the_servers() -> None:
    """docs/replay-record.schema.json is what others write verifiers against: no drift."""
    import json
    from pathlib import Path

    from laundermat.web.protocol import ReplayBody

    documented = Path(__file__).resolve().parents[2] / "docs" / "replay-record.schema.json"
    assert json.loads(documented.read_text()) == ReplayBody.model_json_schema()
