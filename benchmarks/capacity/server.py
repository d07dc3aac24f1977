"""Starting the server under test, LaunderMat or the baseline, pinned to its core, with the
per-address limits lifted (every simulated seat connects from one address)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import httpx

from laundermat.bots.server_process import free_port

from .stats import Process

HOST = "127.0.0.1"  # all traffic stays on this machine's loopback


@dataclass
class Server:
    kind: str
    port: int
    proc: subprocess.Popen[bytes]
    info: Process

    async def metrics(self) -> str:
        if self.kind != "laundermat":
            return ""
        async with httpx.AsyncClient(timeout=30) as http:
            return (await http.get(f"http://{HOST}:{self.port}/metrics")).text

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


async def start_server(
    kind: str,
    core: int,
    workdir: Path,
    payload: int,
    extra_env: list[str] | None = None,
    nice: int = 0,
) -> Server:
    port = free_port()
    env = dict(os.environ)
    if kind == "laundermat":
        env.update(
            LAUNDERMAT_MESSAGE_BURST="2000",
            # Every simulated table connects from 127.0.0.1: lift the per-address limits.
            LAUNDERMAT_SOCKETS_PER_MINUTE_PER_ADDRESS="1000000",
            LAUNDERMAT_MESSAGES_PER_SECOND_PER_ADDRESS="1000000",
            LAUNDERMAT_MESSAGE_BURST_PER_ADDRESS="1000000",
            LAUNDERMAT_JSON_LOGS="true",
        )
        for item in extra_env or []:
            key, value = item.split("=", 1)
            env[key] = value
        command = [
            sys.executable,
            "-m",
            "laundermat.cli",
            "serve",
            "--host",
            HOST,
            "--port",
            str(port),
            "--room-creations-per-minute",
            "1000000",
            "--join-attempts-per-minute",
            "1000000",
            "--messages-per-second",
            "1000",
            "--sockets-per-address",
            "1000000",
            "--log-level",
            "warning",
        ]
        if "LAUNDERMAT_DATABASE_URL" not in env:  # `--server-env` may name another database
            command += ["--database-url", f"sqlite+aiosqlite:///{workdir / 'bench.db'}"]
    else:
        env["BASELINE_PAYLOAD_BYTES"] = str(payload)
        command = [sys.executable, "-m", "benchmarks.baseline_serve", "--port", str(port)]
    log = open(workdir / f"{kind}.log", "wb")  # noqa: SIM115 - closed with the process
    proc = subprocess.Popen(
        ["nice", "-n", str(nice), "taskset", "-c", str(core), *command],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        cwd=Path(__file__).resolve().parents[2],  # the repository: `-m benchmarks...` resolves
    )
    deadline = time.monotonic() + 60
    async with httpx.AsyncClient(timeout=2) as http:
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"{kind} server exited: see {workdir / (kind + '.log')}")
            with contextlib.suppress(httpx.HTTPError):
                path = "/healthz" if kind == "laundermat" else "/"
                if (await http.get(f"http://{HOST}:{port}{path}")).status_code == 200:
                    break
            if time.monotonic() > deadline:
                proc.kill()
                raise RuntimeError(f"{kind} server did not start")
            await asyncio.sleep(0.2)
    return Server(kind, port, proc, Process(proc.pid))
