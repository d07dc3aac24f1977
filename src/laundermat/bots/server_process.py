"""A `laundermat serve` subprocess that a soak kills with SIGKILL and starts again on the same
database and port, and the errors it logged meanwhile."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import httpx


def free_port() -> int:
    """A port nothing listens on now (the OS picks it; the caller binds it soon after)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """One `laundermat serve`, restartable on the same database."""

    def __init__(self, db_url: str, schema: str | None, log_path: Path, env: dict[str, str]):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = log_path
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("LAUNDERMAT_")}
        self.env.pop("DATABASE_URL", None)
        self.env.update(env)
        self.env["LAUNDERMAT_DATABASE_URL"] = db_url
        if schema:
            self.env["LAUNDERMAT_DATABASE_SCHEMA"] = schema
        self.proc: subprocess.Popen[bytes] | None = None

    async def start(self) -> None:
        cmd = [sys.executable, "-m", "laundermat.cli", "serve", "--port", str(self.port)]
        with self.log_path.open("ab") as log:
            self.proc = subprocess.Popen(cmd, env=self.env, stdout=log, stderr=subprocess.STDOUT)
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
