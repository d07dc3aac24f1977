"""Writes tests/js/deltas-fixture.json: what one seat of a real (in-process) room received over
24 commands of a 3-player game, and the whole view a resync returned at the end. The browser's
patch.js (tests/js/patch.test.mjs) and the server's games.patch (tests/rooms/test_deltas.py)
must both turn the first into the last. Seeds and ids differ per run, so the file is written
once and checked in, not compared with a new recording:

    PYTHONPATH=src:. .venv/bin/python -m tests.rooms.deltas_fixture
"""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path
from typing import Any

import orjson

from laundermat.games.laundermat.bots import RandomPolicy

from .helpers import seated

FIXTURE = Path(__file__).resolve().parents[1] / "js" / "deltas-fixture.json"


class Recorder:
    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []

    def send(self, data: bytes) -> None:
        self.messages.append(orjson.loads(data))

    def close(self, code: int, reason: str) -> None:
        pass


async def record(commands: int = 24, seed: int = 11) -> dict[str, Any]:
    rooms, room, _, _ = await seated(players=3)
    recorder = Recorder()
    await room.connect(recorder, rooms.tokens[0])
    rng = random.Random(seed)
    policy = RandomPolicy(rng)
    match: Any = room.play.match
    done = 0
    while done < commands and not match.over():
        actors = match.pending()
        rng.shuffle(actors)
        command = next((c for s in actors if (c := policy.decide(match.view(s)))), None)
        if command is None:
            await room._on_timeout(match.game.state.window_id)
            continue
        seat = command.pop("seat")
        member = next(m for m in room.lobby.members if m.seat == seat)
        assert member.sub is not None
        await room.act(member.sub, member.player_id, f"c{done}", command, None, time.perf_counter())
        done += 1
    expected = Recorder()
    holder = room.lobby.holder(recorder)
    assert holder is not None
    seat = holder.seat
    room.views.send_full(expected, room.info(), room._deadline(), match, seat)
    views = [m for m in recorder.messages if m["type"] in ("view", "patch")]
    return {"messages": views, "expected": expected.messages[0]}


def main() -> None:
    FIXTURE.write_bytes(orjson.dumps(asyncio.run(record())) + b"\n")
    print(f"wrote {FIXTURE}")


if __name__ == "__main__":
    main()
