"""A `laundermat serve` subprocess that a soak kills with SIGKILL and starts again on the same
database and port, and the errors it logged meanwhile."""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import signal
import socket
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

import httpx

# Where free ports are drawn from: below the range the OS draws outgoing connections' local
# ports from (Linux: ip_local_port_range, 32768-60999 by default).
_PORTS_FROM = 10000
_EPHEMERAL = Path("/proc/sys/net/ipv4/ip_local_port_range")


def free_port() -> int:
    """A port nothing listens on now; the caller binds it soon after.

    Drawn below the OS's ephemeral range: a server killed and restarted on its port (the
    crash soaks, the restart tests) could otherwise find it taken meanwhile by some outgoing
    connection's local port, which the OS draws from that range ("address already in use")."""
    below = _ephemeral_start()
    for _ in range(100):
        port = _PORTS_FROM + secrets.randbelow(below - _PORTS_FROM)
        with socket.socket() as s, contextlib.suppress(OSError):
            s.bind(("127.0.0.1", port))
            return port
    with socket.socket() as s:  # all taken (or no such range): the OS's choice
        s.bind(("127.0.0.1", 0))
        chosen: int = s.getsockname()[1]
        return chosen


def _ephemeral_start() -> int:
    try:
        start = int(_EPHEMERAL.read_text().split()[0])
    except (OSError, ValueError, IndexError):
        start = 32768
    return max(start, _PORTS_FROM + 1)


class Process(Protocol):
    """What a soak needs of a server's process: `subprocess.Popen` has it."""

    def poll(self) -> int | None: ...
    def send_signal(self, sig: int, /) -> None: ...
    def wait(self, timeout: float | None = None) -> int: ...


# Starts `python -m laundermat.cli *argv` with env, its output appended to the log file.
Launcher = Callable[[list[str], dict[str, str], Path], Process]


def fresh_interpreter(
    argv: list[str],
    env: dict[str, str],
    log_path: Path,
    preexec_fn: Callable[[], None] | None = None,
) -> subprocess.Popen[bytes]:
    """`preexec_fn`: run in the child before it execs (the tests set resource limits there)."""
    with log_path.open("ab") as log:
        return subprocess.Popen(
            [sys.executable, "-m", "laundermat.cli", *argv],
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            preexec_fn=preexec_fn,
        )


class Server:
    """One `laundermat serve`, restartable on the same database. `launch` starts its process
    (the tests fork it from a process that has done the imports: tests/forkserver.py)."""

    def __init__(
        self,
        db_url: str,
        schema: str | None,
        log_path: Path,
        env: dict[str, str],
        launch: Launcher = fresh_interpreter,
    ):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = log_path
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("LAUNDERMAT_")}
        self.env.pop("DATABASE_URL", None)
        self.env.update(env)
        self.env["LAUNDERMAT_DATABASE_URL"] = db_url
        if schema:
            self.env["LAUNDERMAT_DATABASE_SCHEMA"] = schema
        self.launch = launch
        self.proc: Process | None = None

    async def start(self) -> None:
        self.proc = self.launch(["serve", "--port", str(self.port)], self.env, self.log_path)
        async with httpx.AsyncClient(base_url=self.url, timeout=1) as http:
            for _ in range(600):
                if self.proc.poll() is not None:
                    raise RuntimeError(f"server exited: {self.log_path.read_text()[-2000:]}")
                with contextlib.suppress(httpx.HTTPError):
                    if (await http.get("/healthz")).status_code == 200:
                        return
                await asyncio.sleep(0.05)
        raise RuntimeError("server did not start")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()
        self.proc = None


def errors_logged(path: Path) -> list[str]:
    """Error lines and tracebacks the server logged: a crash is no excuse for either. Each with
    the lines after it, so that a failed run says what went wrong without its log file."""
    lines = path.read_text(errors="replace").splitlines()
    return [
        "\n".join(lines[i : i + 30])
        for i, line in enumerate(lines)
        if '"level":"error"' in line or line.startswith("Traceback")
    ]
