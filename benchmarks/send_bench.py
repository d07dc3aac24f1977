"""The connection layer's own cost per message sent (web/connection.py), without a network.

Six connections on sockets that take every message at once (the usual case), one room's push
per loop turn: the Python time `Connection.send` and whatever it wakes cost, per message.
`--against FILE` loads another tree's connection.py and measures it in the same run, e.g.
the one before sends were made at once:

    git show 36b3540:src/laundermat/web/connection.py > /tmp/connection_before.py
    PYTHONPATH=src:. .venv/bin/python -m benchmarks.send_bench --against /tmp/connection_before.py
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import json
import time
from types import ModuleType
from typing import Any

from laundermat.web import connection


class WritableSocket:
    """Takes every message at once, as a socket with room in its buffer does."""

    sent = 0

    async def send_text(self, text: str) -> None:
        WritableSocket.sent += 1

    async def close(self, code: int, reason: str) -> None:
        pass


def _load(path: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location("connection_against", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


async def _run(module: Any, pushes: int, seats: int) -> float:
    conns = [module.Connection(WritableSocket(), 256) for _ in range(seats)]
    await asyncio.sleep(0)
    message = b'{"type":"patch","from":1,"version":2,"ops":[]}'
    start = time.process_time()
    for _ in range(pushes):
        for conn in conns:
            conn.send(message)
        await asyncio.sleep(0)  # the room's job ends; the loop turns
        await asyncio.sleep(0)
    spent = time.process_time() - start
    for conn in conns:
        await conn.finish()
    return spent / (pushes * seats) * 1e6


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pushes", type=int, default=20_000)
    parser.add_argument("--seats", type=int, default=6)
    parser.add_argument("--rounds", type=int, default=5, help="report the best of this many")
    parser.add_argument("--against", help="another tree's web/connection.py, same run")
    args = parser.parse_args(argv)
    modules = {"this tree": connection} | ({"against": _load(args.against)} if args.against else {})
    figures: dict[str, list[float]] = {name: [] for name in modules}
    for _ in range(args.rounds):
        for name, module in modules.items():
            figures[name].append(round(asyncio.run(_run(module, args.pushes, args.seats)), 2))
    print(
        json.dumps(
            {
                "us_per_message_best": {name: min(f) for name, f in figures.items()},
                "us_per_message_all": figures,
            }
        )
    )


if __name__ == "__main__":
    main()
