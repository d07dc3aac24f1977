"""No message to a seat ever carries another seat's private information (PRIVATE-1/2).

A whole game is played by bots while every message each seat (and a spectator) receives is
recorded. Then the game is replayed from its finished record, and every recorded view is
compared with the engine's one redaction function applied to the state it was taken from.
On top, a direct check: a bill that was never public (held privately, never shown to the
spectator) never appears in any other seat's messages before the end.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

import httpx
import orjson

from laundermat.bots.ws_bot import RoomRun, play_seats
from laundermat.games.laundermat.engine import Game, GameState, Phase, Settings, parse_command, view

from .client import Client, new_room, room_games
from .conftest import ServerProcess


def _cards(value: Any, key: str | None = None) -> set[int]:
    """Every card id mentioned anywhere in a message (fields named card/bills/wallet...)."""
    found: set[int] = set()
    if isinstance(value, dict):
        for k, v in value.items():
            found |= _cards(v, k)
    elif isinstance(value, list):
        for v in value:
            found |= _cards(v, key)
    elif (
        isinstance(value, int)
        and not isinstance(value, bool)
        and key in ("card", "bills", "cards", "display", "returned", "reference", "unselected")
    ):
        found.add(value)
    return found


def test_no_seat_ever_sees_another_seats_secrets(server: ServerProcess) -> None:
    async def scenario() -> tuple[RoomRun, list[dict[str, Any]]]:
        code, seats = await new_room(server.url, 4)
        spectator = await Client.open(server.ws, code)
        await spectator.send({"type": "spectate"})

        async def watch() -> None:
            await spectator.until(
                lambda m: (
                    m["type"] == "view" and m["game"] is not None and m["game"]["phase"] == "over"
                ),
                timeout=120,
            )

        watching = asyncio.create_task(watch())
        run = RoomRun(server.url, 4, 0.0, random.Random(11), code=code, record=True)
        await asyncio.wait_for(play_seats(run, seats), 120)
        await watching
        await spectator.close()
        return run, spectator.received

    run, public = asyncio.run(scenario())
    # Other tests' rooms on this server may finish meanwhile: find this room's game.
    assert run.completed and not run.errors

    game_id = room_games(server.url, run.code)[0]["game_id"]
    record = httpx.get(f"{server.url}/api/games/{game_id}/replay").json()
    game = Game.new(record["seed"], record["player_ids"], Settings(**record["settings"]))
    states = {game.state.version: game.state.to_dict()}
    for command in record["commands"]:
        game.apply(parse_command(command))
        states[game.state.version] = game.state.to_dict()
    assert game.state.phase is Phase.OVER

    def expected(game_view: dict[str, Any], viewer: int | None) -> Any:
        state = GameState.from_dict(states[game_view["state_version"]])
        return orjson.loads(orjson.dumps(view(state, viewer, game_view["log_from"])))

    transcripts = [(None, public)]
    for messages in run.transcripts:
        seat = next(m["game"]["me"]["seat"] for m in messages if m["type"] == "view" and m["game"])
        transcripts.append((seat, messages))
    checked = 0
    for viewer, messages in transcripts:
        for m in messages:
            if m["type"] == "view" and m["game"] is not None:
                assert m["game"] == expected(m["game"], viewer)  # exactly the engine's view
                checked += 1
    assert checked > 100

    # Direct check: bills a seat held that the public never saw stay out of others' messages.
    def before_end(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [
            m
            for m in messages
            if not (m["type"] == "view" and m["game"] and m["game"]["phase"] == "over")
        ]

    public_cards = set().union(*(_cards(m) for m in before_end(public)))
    for seat, messages in transcripts[1:]:
        mine = set().union(
            *(
                {b["card"] for b in m["game"]["me"]["wallet"]}
                for m in messages
                if m["type"] == "view" and m["game"]
            )
        )
        secret = mine - public_cards
        for other, theirs in transcripts[1:]:
            if other != seat:
                seen = set().union(*(_cards(m) for m in before_end(theirs)))
                assert not (secret & seen), (seat, other, secret & seen)
