"""The table screen's socket (issue 33 §1, static/js/ui/tv.js): it says `spectate` as the page
does and nothing else can come of it. Over a real socket against a real server, in the lobby
and in play, for both games: every lobby action and every command it might send is refused
with `spectator` and changes nothing, and it cannot turn into a seat, even with the host's
own token (a laptop that holds a seat opens the table screen from its lobby). PUBLIC-2 and
GPUBLIC-1: its views are a spectator's (no `me`, no viewer).
"""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest

from .client import Client, Message
from .conftest import ServerProcess

pytestmark = pytest.mark.server

# Everything a page could send after `spectate` but the table screen never does: each lobby
# action (rooms/lobby_actions.py) in a valid form, so it is its sender that is refused.
LOBBY_ACTIONS: list[dict[str, Any]] = [
    {"action": "start"},
    {"action": "ready", "on": True},
    {"action": "leave"},
    {"action": "add_bot"},
    {"action": "stand_in", "on": True},
    {"action": "rematch", "on": True},
    {"action": "nonce", "nonce": "ab" * 32},
    {"action": "kick", "player_id": "p1"},
    {"action": "remove_bot", "player_id": "p1"},
    {"action": "unbar", "player_id": "p1"},
]
COMMANDS: dict[str, dict[str, Any]] = {
    "laundermat": {"type": "select", "card": 0},
    "goblin": {"type": "pick", "card": "1"},
}
SETTINGS = {"laundermat": {"round_timer": 600}, "goblin": {"decision_timer": 600}}


async def room_of(server: ServerProcess, game: str) -> tuple[str, list[Message]]:
    async with httpx.AsyncClient(base_url=server.url) as http:
        body = {"name": "Ana", "game": game, "settings": SETTINGS[game]}
        seats = [(await http.post("/api/rooms", json=body)).json()]
        code = seats[0]["code"]
        for name in ("Ben", "Cal"):
            seats.append((await http.post(f"/api/rooms/{code}/join", json={"name": name})).json())
    return code, seats


async def table_screen(server: ServerProcess, code: str) -> Client:
    """A socket as the table screen opens it: `spectate`, and a spectator's view back."""
    tv = await Client.open(server.ws, code)
    await tv.send({"type": "spectate"})
    welcome = await tv.until(lambda m: m["type"] == "welcome")
    assert welcome["role"] == "spectator" and welcome["player_id"] is None
    await tv.until(lambda m: m["type"] == "view")
    return tv


async def whole_view(client: Client) -> Message:
    await client.send({"type": "resync"})
    view = await client.until(lambda m: m["type"] == "view" and m["version"] is not None)
    return {k: v for k, v in view.items() if k not in ("server_time", "deadline")}


def unchanged(view: Message) -> Message:
    """What the screen's attempts must leave as it was: the seats and the game."""
    room = view["room"]
    return {"players": room["players"], "settings": room["settings"], "game": view["game"]}


async def refused_everything(tv: Client, game: str, seats: list[Message]) -> None:
    for action in LOBBY_ACTIONS:
        fields = {k: v for k, v in action.items() if k != "action"}
        answer = await tv.lobby(action["action"], **fields)
        assert answer["type"] == "error" and answer["code"] == "spectator", answer
    answer = await tv.lobby("settings", settings=SETTINGS[game])
    assert answer["code"] == "spectator", answer
    answer = await tv.act(COMMANDS[game])
    assert answer["type"] == "error" and answer["code"] == "spectator", answer
    # A watching socket stays watching: no hello turns it into the host's seat.
    await tv.send({"type": "hello", "token": seats[0]["token"]})
    error = await tv.until(lambda m: m["type"] == "error")
    assert error["code"] == "bad_message", error


@pytest.mark.parametrize("game", ["laundermat", "goblin"])
def test_the_table_screen_cannot_take_a_seat_or_act(server: ServerProcess, game: str) -> None:
    async def scenario() -> None:
        code, seats = await room_of(server, game)
        host = await Client.open(server.ws, code, seats[0]["token"])
        tv = await table_screen(server, code)
        before = unchanged(await whole_view(host))
        await refused_everything(tv, game, seats)
        after = unchanged(await whole_view(host))
        assert after == before  # in the lobby: nobody joined, left, readied or was removed
        assert len(after["players"]) == 3 and not any(p["bot"] for p in after["players"])

        others = [await Client.open(server.ws, code, s["token"]) for s in seats[1:]]
        assert (await host.lobby("start"))["type"] == "ack"
        await tv.until(lambda m: m["type"] == "view" and m["game"] is not None)
        assert tv.game["viewer"] is None and "me" not in tv.game  # PUBLIC-2, GPUBLIC-1
        before = unchanged(await whole_view(host))
        await refused_everything(tv, game, seats)
        assert unchanged(await whole_view(host)) == before  # in play: the game as it was
        for client in (host, tv, *others):
            await client.close()

    asyncio.run(scenario())
