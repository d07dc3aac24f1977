"""The socket bot's pacing: a refused command is not decided again on the same view.

With pushes coalesced (LAUNDERMAT_PUSH_TICK_MS), a window's close reaches the bot up to a tick
after its refusal; a bot that decided again on the old view sent dozens of stale commands in
that time and was closed for flooding (rate_limited), leaving its game unfinished.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

import orjson

from laundermat.bots.ws_bot import Bot, RoomRun


class Socket:
    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    async def send(self, raw: str) -> None:
        self.sent.append(orjson.loads(raw))


class Always:
    """A policy with one move, whatever the view."""

    def decide(self, game: dict[str, Any]) -> dict[str, Any]:
        return {"kind": "pass"}


def view(version: int, window: int) -> dict[str, Any]:
    room = {"status": "playing", "game": "laundermat", "players": []}
    game = {"phase": "raid", "window": {"id": window}, "me": {}, "log": [], "log_from": 0}
    return {"type": "view", "version": version, "room": room, "game": game}


def bot() -> Bot:
    run = RoomRun("http://127.0.0.1:1", 3, 0.0, random.Random(1), code="ABCDE")
    player = Bot(run, 0, {"token": "t"}, host=False)
    player.policy = Always()
    return player


async def refused_then(next_view: dict[str, Any] | None) -> list[dict[str, Any]]:
    player, socket = bot(), Socket()
    player._on_view(view(5, 3))
    await player._maybe_act(socket)
    refusal = {"type": "error", "code": "stale_window", "id": socket.sent[0]["id"]}
    player._on_answer(refusal, None)
    await player._maybe_act(socket)  # the loop acts after every message
    if next_view is not None:
        player._on_view(next_view)
        await player._maybe_act(socket)
    return socket.sent


def test_a_refused_command_is_not_sent_again_on_the_same_view() -> None:
    assert len(asyncio.run(refused_then(None))) == 1


def test_the_bot_decides_again_once_a_view_comes() -> None:
    sent = asyncio.run(refused_then(view(6, 4)))
    assert [m["window"] for m in sent] == [3, 4]
