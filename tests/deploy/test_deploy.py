"""Deployment checks that run without a Docker engine (none runs on our machines):

- docker-compose validates the compose file with the documented .env.example;
- the Dockerfile's start command is read from the Dockerfile and run as it is, against
  PostgreSQL (TEST_DATABASE_URL), and complete games are played through it with the bots.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

from laundermat.bots.server_process import free_port
from tests.waits import until

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


SINGLE = ("docker-compose.yml", "docker-compose.override.yml")  # what `docker compose up` reads
SCALED = ("docker-compose.yml", "docker-compose.scale.yml")


def compose(*args: str, files: tuple[str, ...] = SINGLE) -> subprocess.CompletedProcess[str]:
    tool = shutil.which("docker-compose")
    assert tool, "docker-compose is missing: `make test` installs Debian's docker-compose"
    named = [part for name in files for part in ("-f", name)]
    return subprocess.run(
        [tool, *named, "--env-file", ".env.example", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


def dockerfile_cmd() -> list[str]:
    match = re.search(r"^CMD\s+(\[.*\])\s*$", (ROOT / "Dockerfile").read_text(), re.MULTILINE)
    assert match, "the Dockerfile has no exec-form CMD"
    command = json.loads(match.group(1))
    assert isinstance(command, list)
    return [str(part) for part in command]


def test_compose_file_is_valid_and_has_the_app_and_postgres() -> None:
    checked = compose("config", "-q")
    assert checked.returncode == 0, checked.stderr
    assert compose("config", "--services").stdout.split() == ["db", "app"]
    assert compose("config", "--volumes").stdout.split() == ["pgdata"]
    rendered = compose("config").stdout
    assert "image: postgres:16" in rendered
    assert "restart: unless-stopped" in rendered
    assert "condition: service_healthy" in rendered
    assert "8000" in rendered


def test_compose_refuses_to_start_without_a_database_password(tmp_path: Path) -> None:
    env_file = tmp_path / "empty.env"
    env_file.write_text("")
    tool = shutil.which("docker-compose")
    assert tool
    env = {k: v for k, v in os.environ.items() if not k.startswith("POSTGRES_")}
    done = subprocess.run(
        [tool, "-f", "docker-compose.yml", "--env-file", str(env_file), "config", "-q"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert done.returncode != 0
    assert "POSTGRES_PASSWORD" in done.stderr


def test_secrets_are_not_in_the_committed_files() -> None:
    compose_text = (ROOT / "docker-compose.yml").read_text()
    assert "POSTGRES_PASSWORD: ${POSTGRES_PASSWORD:?" in compose_text
    assert not re.search(r"PASSWORD:\s*[A-Za-z0-9]", compose_text)
    assert (ROOT / ".env.example").is_file()
    ignored = (ROOT / ".gitignore").read_text().split()
    assert ".env" in ignored


def test_the_image_runs_as_a_non_root_user_with_a_healthcheck() -> None:
    text = (ROOT / "Dockerfile").read_text()
    assert re.search(r"^FROM python:3\.\d+-slim", text, re.MULTILINE)
    assert re.search(r"^USER (?!root)\w+", text, re.MULTILINE)
    assert "HEALTHCHECK" in text and "/healthz" in text


def _fresh_database(url: str) -> str:
    """A new empty database beside the one in `url`, as a fresh deployment would have."""
    import asyncio

    from sqlalchemy import text
    from sqlalchemy.ext.asyncio import create_async_engine

    from laundermat.store.engine import normalise_url

    url = normalise_url(url)
    name = "laundermat_deploy_check"

    async def recreate() -> None:
        engine = create_async_engine(url, isolation_level="AUTOCOMMIT")
        async with engine.connect() as conn:
            await conn.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
            await conn.execute(text(f"CREATE DATABASE {name}"))
        await engine.dispose()

    asyncio.run(recreate())
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{name}"))


@pytest.mark.skipif(
    not os.environ.get("TEST_DATABASE_URL"), reason="needs PostgreSQL: set TEST_DATABASE_URL"
)
def test_the_container_start_sequence_serves_complete_games_on_postgresql() -> None:
    command = dockerfile_cmd()
    assert command == ["sh", "scripts/docker-start.sh"]
    port = free_port()
    env = {
        **os.environ,
        "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}",
        "DATABASE_URL": _fresh_database(os.environ["TEST_DATABASE_URL"]),
        "LAUNDERMAT_HOST": "127.0.0.1",
        "LAUNDERMAT_PORT": str(port),
        "LAUNDERMAT_DB_WAIT": "30",
        # The bots below are 12 full-speed seats from one address: far above what a table
        # behind one NAT sends, so the per-address budgets are raised as a load test's are.
        "LAUNDERMAT_MESSAGES_PER_SECOND_PER_ADDRESS": "100000",
        "LAUNDERMAT_MESSAGE_BURST_PER_ADDRESS": "100000",
        "LAUNDERMAT_SOCKETS_PER_MINUTE_PER_ADDRESS": "100000",
    }
    # Run the Dockerfile's CMD exactly, from the layout the image has (/app mirrors the repo).
    server = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    try:
        base = f"http://127.0.0.1:{port}"

        def healthy() -> bool:
            try:
                with urllib.request.urlopen(f"{base}/healthz", timeout=1) as answer:
                    return bool(answer.status == 200)
            except OSError:
                if server.poll() is not None:
                    pytest.fail(
                        f"the start command exited: {server.stdout.read() if server.stdout else ''}"
                    )
                return False

        until(healthy, "the server did not become healthy", 60)
        bots = subprocess.run(
            [str(BIN / "laundermat"), "bots", "--url", base, "--rooms", "3", "--players", "4"],
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert bots.returncode == 0, bots.stderr
        report = json.loads(bots.stdout.strip().splitlines()[-1])
        assert report["rooms_completed"] == 3
        assert report["errors"] == 0
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
    output = server.stdout.read() if server.stdout else ""
    # uvicorn re-raises the signal after a graceful shutdown, so -SIGTERM is a clean exit too.
    assert server.returncode in (0, -signal.SIGTERM), output[-2000:]
    assert "migrations applied" in output
    assert "Application shutdown complete" in output
