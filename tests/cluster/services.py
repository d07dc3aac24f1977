"""The real components a cluster test starts for itself, each on a free loopback port and
in a temporary directory: redis-server, nginx (a config rendered from deploy/nginx/) and a
fresh PostgreSQL database. Nothing here needs root or a Docker engine."""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

from laundermat.bots.server_process import free_port

from ..waits import until

REPO = Path(__file__).resolve().parents[2]
NGINX_DIR = REPO / "deploy" / "nginx"
PG_URL = os.environ.get("TEST_DATABASE_URL", "postgresql+asyncpg://postgres@127.0.0.1:5432/test")


def binary(name: str) -> str:
    """A system binary; nginx lives in /usr/sbin, which a non-root PATH may lack."""
    found = shutil.which(name) or shutil.which(name, path="/usr/sbin:/usr/bin:/sbin:/bin")
    assert found, f"{name} is missing: scripts/ensure-system-packages.sh installs it"
    return found


def wait_for_port(port: int, proc: subprocess.Popen[bytes], what: str, timeout: float = 15) -> None:
    def listening() -> bool:
        if proc.poll() is not None:
            raise RuntimeError(f"{what} exited with {proc.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return True
        except OSError:
            return False

    until(listening, f"{what} did not listen on {port}", timeout)


def stop_process(proc: subprocess.Popen[bytes] | None, sig: int = signal.SIGTERM) -> None:
    if proc is None or proc.poll() is not None:
        return
    proc.send_signal(signal.SIGCONT)  # a stopped process cannot act on SIGTERM
    proc.send_signal(sig)
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


class RedisServer:
    """A throwaway redis-server with nothing on disk (as the design assumes: Redis keeps no
    state that safety depends on). `restart()` keeps the port, and loses every key."""

    def __init__(self, workdir: Path) -> None:
        self.workdir = workdir
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> RedisServer:
        cmd = [binary("redis-server"), "--port", str(self.port), "--bind", "127.0.0.1"]
        cmd += ["--save", "", "--appendonly", "no", "--dir", str(self.workdir)]
        with (self.workdir / "redis.log").open("ab") as log:
            self.proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT)
        wait_for_port(self.port, self.proc, "redis-server")
        return self

    def stop(self) -> None:
        stop_process(self.proc)
        self.proc = None

    def restart(self, down_for: float = 0.0) -> None:
        self.stop()
        time.sleep(down_for)  # a duration: Redis gone for a while, as an outage is
        self.start()


def render_nginx(template: str, listen: int, servers: list[str]) -> str:
    """deploy/nginx/TEMPLATE with its placeholders filled: @LISTEN@, and each line holding
    @SERVER@ repeated once per upstream address."""
    lines = []
    for line in (NGINX_DIR / template).read_text().splitlines():
        if line.lstrip().startswith("#"):
            lines.append(line)
        elif "@SERVER@" in line:
            lines += [line.replace("@SERVER@", server) for server in servers]
        else:
            lines.append(line.replace("@LISTEN@", f"127.0.0.1:{listen}"))
    return "\n".join(lines) + "\n"


class Nginx:
    """Debian's nginx, unprivileged, from a prefix directory holding its rendered config."""

    def __init__(self, workdir: Path, template: str, servers: list[str]) -> None:
        self.prefix = workdir / f"nginx-{template.removesuffix('.conf')}"
        self.template = template
        self.servers = servers
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def write_config(self) -> Path:
        conf = self.prefix / "conf"
        (self.prefix / "temp").mkdir(parents=True, exist_ok=True)
        conf.mkdir(parents=True, exist_ok=True)
        for shared in ("maps.conf", "proxy.conf"):
            shutil.copy(NGINX_DIR / shared, conf / shared)
        main = conf / "nginx.conf"
        main.write_text(render_nginx(self.template, self.port, self.servers))
        return main

    def command(self, *extra: str) -> list[str]:
        main = self.write_config()
        error_log = str(self.prefix / "error.log")
        return [binary("nginx"), "-p", str(self.prefix), "-c", str(main), "-e", error_log, *extra]

    def check(self) -> subprocess.CompletedProcess[str]:
        """`nginx -t` on the rendered config."""
        return subprocess.run(self.command("-t"), capture_output=True, text=True, timeout=30)

    def start(self) -> Nginx:
        cmd = self.command("-g", "daemon off;")
        with (self.prefix / "stdout.log").open("ab") as log:
            # A process group of its own: a benchmark renices master and workers at once.
            self.proc = subprocess.Popen(
                cmd, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
            )
        wait_for_port(self.port, self.proc, "nginx")
        return self

    def stop(self) -> None:
        stop_process(self.proc, signal.SIGQUIT)  # graceful: let open sockets finish
        self.proc = None

    def error_log(self) -> str:
        path = self.prefix / "error.log"
        return path.read_text(errors="replace") if path.exists() else ""


def fresh_database(name: str, url: str = PG_URL) -> str:
    """CREATE DATABASE `name` (dropped first if a past run left it) beside the one in `url`,
    migrated to head; its URL."""
    from sqlalchemy import text
    from sqlalchemy.ext.asyncio import create_async_engine

    from laundermat.store.engine import normalise_url
    from laundermat.store.migrate import upgrade

    url = normalise_url(url)

    async def recreate() -> None:
        engine = create_async_engine(url, isolation_level="AUTOCOMMIT")
        async with engine.connect() as conn:
            await conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
            await conn.execute(text(f'CREATE DATABASE "{name}"'))
        await engine.dispose()

    asyncio.run(recreate())
    fresh = urlunsplit(urlsplit(url)._replace(path=f"/{name}"))
    # Migrated once here, so N replicas starting at once do not race to create the tables.
    upgrade(fresh)
    return fresh


def drop_database(name: str, url: str = PG_URL) -> None:
    from sqlalchemy import text
    from sqlalchemy.ext.asyncio import create_async_engine

    from laundermat.store.engine import normalise_url

    async def drop() -> None:
        engine = create_async_engine(normalise_url(url), isolation_level="AUTOCOMMIT")
        async with engine.connect() as conn:
            await conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        await engine.dispose()

    asyncio.run(drop())


def require_postgresql() -> None:
    """The clusters need PostgreSQL. CI (.ci/run) always has it, so there its absence fails
    the test; on a developer's machine without one the test is skipped, as the other
    PostgreSQL tests are without TEST_DATABASE_URL."""
    parts = urlsplit(PG_URL.replace("+asyncpg", ""))
    try:
        with socket.create_connection((parts.hostname or "127.0.0.1", parts.port or 5432), 2):
            return
    except OSError:
        if os.environ.get("CI"):
            raise
        pytest.skip(f"no PostgreSQL at {parts.hostname}:{parts.port} (set TEST_DATABASE_URL)")
