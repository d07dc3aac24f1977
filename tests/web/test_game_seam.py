"""The platform knows no game by name (issue 14): a second, tiny game registered only here
(tests/web/pickgame.py) plays through the real server end to end — rooms, seats, sockets,
redaction, timers, a SIGKILL and restore, history and replay. That the platform's packages
import no game is import-linter's contract (pyproject.toml, `make lint`)."""

from __future__ import annotations

import asyncio
import signal
from typing import Any

import httpx

from .client import Client, room_games


def test_a_second_game_plays_through_the_platform(make_server: Any) -> None:
    srv = make_server(
        extra_games="tests.web.pickgame:GAME", time_scale=0.25, restart_grace_seconds=1
    )

    async def before_kill() -> tuple[str, list[dict[str, Any]]]:
        async with httpx.AsyncClient(base_url=srv.url) as http:
            catalog = (await http.get("/api/catalog")).json()["games"]
            assert {g["name"] for g in catalog} == {"laundermat", "goblin", "pickgame"}
            pick = next(g for g in catalog if g["name"] == "pickgame")
            assert pick["settings"][0]["choices"] == [10, 20] and pick["max_players"] == 4
            bad = await http.post(
                "/api/rooms", json={"name": "Ann", "game": "pickgame", "settings": {"x": 1}}
            )
            assert bad.status_code == 400 and bad.json()["code"] == "bad_message"
            created = await http.post(
                "/api/rooms",
                json={"name": "Ann", "game": "pickgame", "settings": {"pick_timer": 20}},
            )
            seats = [created.json()]
            code = seats[0]["code"]
            for name in ("Ben", "Cy"):
                joined = await http.post(f"/api/rooms/{code}/join", json={"name": name})
                seats.append(joined.json())
        clients = [await Client.open(srv.ws, code, s["token"]) for s in seats]
        assert clients[0].view is not None and clients[0].view["room"]["game"] == "pickgame"
        assert clients[0].view["room"]["settings"] == {"pick_timer": 20}
        assert (await clients[0].lobby("start"))["type"] == "ack"
        for c in clients:
            await c.until(lambda m: m["type"] == "view" and m["game"] is not None)
        # Round 1: everyone picks. A pick is secret until the round resolves.
        answer = await clients[0].act({"type": "pick", "number": 5})
        assert answer["type"] == "ack"
        seen = await clients[1].until(
            lambda m: m["type"] == "view" and any(p["picked"] for p in m["game"]["players"])
        )
        assert "5" not in str(seen["game"]["me"]) and seen["game"]["log"] == []
        refused = await clients[0].act({"type": "pick", "number": 2})
        assert refused["type"] == "error" and refused["code"] == "already_acted"
        wrong = await clients[1].act({"type": "guess", "number": 2})
        assert wrong["type"] == "error" and wrong["code"] == "bad_message"
        for c, n in zip(clients[1:], (3, 3), strict=True):
            assert (await c.act({"type": "pick", "number": n}))["type"] == "ack"
        resolved = await clients[0].until(lambda m: m["type"] == "view" and m["game"]["round"] == 2)
        assert resolved["game"]["log"][-1]["picks"].count(5) == 1
        # Round 2: one pick, then the server dies.
        assert (await clients[1].act({"type": "pick", "number": 4}))["type"] == "ack"
        for c in clients:
            await c.close()
        return code, seats

    code, seats = asyncio.run(before_kill())
    srv.kill(signal.SIGKILL)
    srv.start()

    async def after_restart() -> None:
        clients = [await Client.open(srv.ws, code, s["token"]) for s in seats]
        game = clients[1].game
        assert game["round"] == 2 and game["me"]["pick"] == 4  # the acked pick survived
        # Nobody else picks: the restored timer closes round 2 and the game ends.
        final = await clients[0].until(lambda m: m["type"] == "view" and m["game"]["over"], 30)
        assert final["room"]["status"] == "finished"
        async with httpx.AsyncClient(base_url=srv.url) as http:
            mine = room_games(srv.url, code)[0]
            assert mine["game"] == "pickgame"
            replay = (await http.get(f"/api/games/{mine['game_id']}/replay")).json()
            assert replay["game"] == "pickgame" and replay["final"]["over"]
            assert replay["final"]["players"] == final["game"]["players"]
        for c in clients:
            await c.close()

    asyncio.run(after_restart())
