"""Real servers for the socket tests: `laundermat serve` as a process of its own on a free
port, with a temporary database, waited for on /healthz and killed in teardown. It is forked
from a process that has done the imports already (tests/forkserver.py: 0.85 s of CPU less a
start); LAUNDERMAT_TEST_EXEC=1 starts each with a fresh interpreter instead.

Timers run at LAUNDERMAT_TIME_SCALE (a test-only setting) so a 15 s window lasts 0.75 s.
"""

from __future__ import annotations

import asyncio
import os
import secrets
import signal
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from laundermat.bots.server_process import free_port

from .. import forkserver
from ..waits import until

REPO = Path(__file__).resolve().parents[2]
TIME_SCALE = 0.05  # 15 s → 0.75 s, 30 s → 1.5 s
PER_ADDRESS_FOR_TESTS = {
    "sockets_per_minute_per_address": "100000",
    "messages_per_second_per_address": "100000",
    "message_burst_per_address": "100000",
    # One shared server makes every suite's rooms from 127.0.0.1: at full speed the suite
    # passed 20 creations a minute (tests of the limits set their own).
    "room_creations_per_minute": "100000",
    "join_attempts_per_minute": "100000",
}
# Under `make coverage` a server is stopped with SIGTERM so that it writes its coverage data on
# the way out (SIGKILL, cheaper, otherwise); a test's own SIGKILL still loses that process's.
MEASURED = "COVERAGE_PROCESS_CONFIG" in os.environ
BACKENDS = ["sqlite"] + (["postgresql"] if os.environ.get("TEST_DATABASE_URL") else [])


class ServerProcess:
    """One `laundermat serve`; `start` may be called again after `kill` (a restart)."""

    def __init__(self, db_url: str, log_path: Path, schema: str | None = None, **env: Any):
        self.db_url = db_url
        self.schema = schema
        self.log_path = log_path
        self.env = {f"LAUNDERMAT_{k.upper()}": str(v) for k, v in env.items()}
        self.port = free_port()
        self.proc: forkserver.Process | None = None
        # Soft and hard RLIMIT_NOFILE for the server, both (it raises soft to hard at start).
        self.nofile: int | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def start(self) -> ServerProcess:
        env = {k: v for k, v in os.environ.items() if not k.startswith("LAUNDERMAT_")}
        env.pop("DATABASE_URL", None)
        env.update(self.env)
        # The repository on the path, so a test may register a game of its own
        # (LAUNDERMAT_EXTRA_GAMES=tests.web.pickgame:GAME).
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
        env["LAUNDERMAT_DATABASE_URL"] = self.db_url
        if self.schema:
            env["LAUNDERMAT_DATABASE_SCHEMA"] = self.schema
        env.setdefault("LAUNDERMAT_TIME_SCALE", str(TIME_SCALE))
        # Every test table (bots at full speed included) connects from 127.0.0.1: the
        # per-address limits meant for one real table are raised unless a test sets them.
        for name, value in PER_ADDRESS_FOR_TESTS.items():
            env.setdefault(f"LAUNDERMAT_{name.upper()}", value)
        argv = ["serve", "--port", str(self.port)]
        self.proc = forkserver.popen(argv, env, self.log_path, self.nofile)
        try:
            until(self._healthy, lambda: f"server did not start: {self.log()[-3000:]}")
        except AssertionError:
            self.stop()
            raise
        return self

    def _healthy(self) -> bool:
        assert self.proc is not None
        if self.proc.poll() is not None:
            raise RuntimeError(f"server exited: {self.log()[-3000:]}")
        try:
            return httpx.get(self.url + "/healthz", timeout=1).status_code == 200
        except httpx.HTTPError:
            return False

    def kill(self, sig: int = signal.SIGKILL) -> int | None:
        if self.proc is None:
            return None
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
        try:
            code = self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            code = self.proc.wait()
        self.proc = None
        return code

    def stop(self) -> None:
        self.kill(signal.SIGTERM if MEASURED else signal.SIGKILL)

    def log(self) -> str:
        return self.log_path.read_text()


def _drop_schema(url: str, schema: str) -> None:
    from sqlalchemy import text

    from laundermat.store.engine import make_engine

    async def drop() -> None:
        engine = make_engine(url)
        async with engine.begin() as conn:
            await conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        await engine.dispose()

    asyncio.run(drop())


def _shared_server(
    factory: pytest.TempPathFactory, name: str, **env: Any
) -> Iterator[ServerProcess]:
    """A session's server on SQLite; at the end every game it finished must verify."""
    tmp = factory.mktemp(name)
    proc = ServerProcess(f"sqlite+aiosqlite:///{tmp / 'test.db'}", tmp / "server.log", **env)
    proc.start()
    yield proc
    try:
        assert_every_finished_game_verifies(proc)
    finally:
        proc.stop()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A shared server on SQLite for the tests that need no special settings."""
    yield from _shared_server(tmp_path_factory, "server", away_after_seconds=2)


@pytest.fixture(scope="session")
def untimed_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A shared server that pushes every change at once (`push_tick_ms=0`), for the tests
    that read each push as it goes out, a pong as their barrier: under the default tick a
    change within a tick of the last push is pushed at the tick's end, after the pong
    (tests/web/test_coalesced.py and tests/rooms/test_tick.py test the tick)."""
    yield from _shared_server(tmp_path_factory, "untimed", push_tick_ms=0)


def assert_every_finished_game_verifies(proc: ServerProcess) -> None:
    """Issue 13: `laundermat verify` passes on every game the tests finished on this server."""
    from laundermat.verify import problems

    games = httpx.get(proc.url + "/api/history", params={"limit": 200}).json()
    checked = {}
    for game in games:
        record = httpx.get(f"{proc.url}/api/games/{game['game_id']}/replay").json()
        checked[game["game_id"]] = problems(record)
    assert not any(checked.values()), checked


@pytest.fixture
def make_server(tmp_path: Path) -> Iterator[Any]:
    """Start servers with their own settings: make_server(backend="sqlite", **env)."""
    started: list[tuple[ServerProcess, str | None]] = []

    def make(backend: str = "sqlite", **env: Any) -> ServerProcess:
        if backend == "sqlite":
            url, schema = f"sqlite+aiosqlite:///{tmp_path / 'db.sqlite'}", None
        else:
            url, schema = os.environ["TEST_DATABASE_URL"], f"t_{secrets.token_hex(6)}"
        proc = ServerProcess(url, tmp_path / f"server{len(started)}.log", schema, **env)
        started.append((proc, schema))
        return proc.start()

    yield make
    for proc, schema in started:
        proc.stop()
        if schema:
            _drop_schema(proc.db_url, schema)
