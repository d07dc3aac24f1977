"""What an operator meets when a setting is wrong or a database file is already served: one
line naming the problem and a non-zero exit, never a traceback nor a server that answers
/healthz while it cannot play (an outside operator audit found both)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest

from .conftest import ServerProcess

REPO = Path(__file__).resolve().parents[2]


def _serve(env: dict[str, str], db: Path, port: int = 0) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("LAUNDERMAT_")}
    clean.pop("DATABASE_URL", None)
    clean["PYTHONPATH"] = os.pathsep.join(
        filter(None, [str(REPO / "src"), clean.get("PYTHONPATH")])
    )
    command = [sys.executable, "-m", "laundermat.cli", "serve", "--port", str(port)]
    command += ["--database-url", f"sqlite+aiosqlite:///{db}"]
    return subprocess.run(
        command, env={**clean, **env}, capture_output=True, text=True, timeout=60, check=False
    )


@pytest.mark.parametrize(
    ("setting", "value"),
    [
        ("MAX_MESSAGE_BYTES", "0"),  # started, then closed every socket
        ("SOCKETS_PER_ADDRESS", "0"),  # started, then refused every hello
        ("ROOM_CREATIONS_PER_MINUTE", "-3"),  # started, then 429 for every room
        ("AWAY_AFTER_SECONDS", "-1"),
        ("SEND_QUEUE_SIZE", "99999999999999999999"),
        ("JOIN_ATTEMPTS_PER_MINUTE", "ten"),  # a traceback before
        ("LOG_LEVEL", "verbose"),
        ("SNAPSHOT_EVERY", "0"),
        ("METRICS_ALLOW_IPS", "10.0.0.0/99"),
    ],
)
def test_a_bad_setting_is_one_line_and_no_server(tmp_path: Path, setting: str, value: str) -> None:
    done = _serve({f"LAUNDERMAT_{setting}": value}, tmp_path / "x.db")
    assert done.returncode == 2, done
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"laundermat serve: LAUNDERMAT_{setting}=")
    assert "Traceback" not in done.stderr and "running" not in done.stdout


def test_upper_case_log_levels_still_work(make_server: Callable[..., ServerProcess]) -> None:
    srv = make_server(log_level="WARNING")
    assert httpx.get(srv.url + "/healthz").status_code == 200


def test_a_second_server_on_the_same_sqlite_file_refuses_to_start(server: ServerProcess) -> None:
    db = Path(server.db_url.split("///", 1)[1])
    done = _serve({}, db)
    assert done.returncode != 0
    assert "another server is using" in done.stderr and str(db.name) in done.stderr
    assert "Traceback" not in done.stderr
    assert httpx.get(server.url + "/healthz").status_code == 200  # the first one plays on
