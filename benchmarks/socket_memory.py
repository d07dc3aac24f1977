"""Where an idle socket's memory goes on the server: tracemalloc by file, per socket.

Runs `laundermat serve`'s app (SQLite in a temporary directory) under uvicorn with the
server's own config in this process, opens `--sockets` sockets to a room that say nothing,
and reports tracemalloc's growth per socket grouped by file. The client side's own files
(benchmarks/wsclient.py) are listed too, so they can be told apart; uvloop's transports and
the kernel's buffers are not Python allocations and are not here (the capacity run's RSS
figures have them).

    .venv/bin/python -m benchmarks.socket_memory --sockets 500
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import tempfile
import tracemalloc
from pathlib import Path
from typing import Any

import httpx
import uvicorn

from laundermat.bots.server_process import free_port
from laundermat.web.app import create_app
from laundermat.web.serve import uvicorn_config
from laundermat.web.settings import ServerSettings

from .wsclient import WsClient, connect


def _ignore(*args: Any) -> None:
    pass


async def run(args: argparse.Namespace) -> dict[str, Any]:
    tmp = tempfile.mkdtemp(prefix="socket-memory-")
    port = free_port()
    settings = ServerSettings(
        port=port,
        database_url=f"sqlite+aiosqlite:///{Path(tmp) / 'bench.db'}",
        sockets_per_address=10**6,
        sockets_per_minute_per_address=10**6,
        join_attempts_per_minute=10**6,
        hello_timeout_seconds=600,
        log_level="warning",
    )
    server = uvicorn.Server(uvicorn_config(create_app(settings), settings))
    serving = asyncio.create_task(server.serve())
    while not server.started:
        await asyncio.sleep(0.05)
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}") as http:
        code = (await http.post("/api/rooms", json={"name": "idle"})).json()["code"]
    clients: list[WsClient] = [await connect("127.0.0.1", port, f"/ws/{code}", _ignore, _ignore)]
    await asyncio.sleep(0.5)
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    for _ in range(args.sockets):
        clients.append(await connect("127.0.0.1", port, f"/ws/{code}", _ignore, _ignore))
    await asyncio.sleep(1.0)
    gc.collect()
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    stats = after.compare_to(before, "filename")
    total = sum(s.size_diff for s in stats)
    out = {
        "sockets": args.sockets,
        "kib_per_socket_all": round(total / args.sockets / 1024, 2),
        "by_file_kib_per_socket": {
            s.traceback[0].filename.split("site-packages/")[-1].split("wt-lighter/")[-1]: round(
                s.size_diff / args.sockets / 1024, 2
            )
            for s in stats[: args.top]
        },
    }
    for client in clients:
        client.abort()
    server.should_exit = True
    await serving
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sockets", type=int, default=500)
    parser.add_argument("--top", type=int, default=20)
    args = parser.parse_args(argv)
    import uvloop

    print(json.dumps(uvloop.run(run(args)), indent=1))


if __name__ == "__main__":
    main()
