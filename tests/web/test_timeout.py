"""Window deadlines: absolute, carried in views with the server's time, and enforced."""

from __future__ import annotations

import asyncio

from .client import seated_game
from .conftest import TIME_SCALE, ServerProcess


def test_draft_times_out_at_its_deadline(server: ServerProcess) -> None:
    async def scenario() -> None:
        _, _, clients = await seated_game(server, 3, round_timer=15)
        view = clients[0].view
        assert view is not None
        window = view["game"]["window"]
        assert window["kind"] == "draft" and window["duration"] == 15
        # The deadline is absolute; at most the scaled window length away from server time.
        assert 0 < view["deadline"] - view["server_time"] <= 15_000 * TIME_SCALE
        # Nobody acts: the room sends the engine Timeout(window) and everyone sees it.
        timed_out = await clients[0].until(
            lambda m: (
                m["type"] == "view"
                and any(
                    e["kind"] == "timeout" and e["window"] == window["id"] for e in m["game"]["log"]
                )
            ),
            timeout=15,
        )
        assert timed_out["server_time"] >= view["deadline"]
        locked = next(e for e in timed_out["game"]["log"] if e["kind"] == "draft_locked")
        assert sorted(locked["timed_out"]) == [0, 1, 2]  # DRAFT-6: nobody selected
        assert timed_out["game"]["window"]["id"] != window["id"]
        for c in clients:
            await c.close()

    asyncio.run(scenario())
