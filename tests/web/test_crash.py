"""Issue 9, point 4: SIGKILL a real server at random instants while bots play, on SQLite
and PostgreSQL. The bots keep every ack and re-send what is unanswered (and their last acked
command) after each reconnect. After every kill, with the server down, the database must
hold every acked command exactly once, finish every game that ended, and seat every room;
at the end every game has finished, so the timers resumed after each restart.

Each server is forked from the fork server (tests/forkserver.py): a kill -9 ends a process of
its own all the same, and a restart costs no imports. A longer run, a fresh interpreter per
start: `laundermat crash --kills 200` (see docs/security.md for its figures)."""

from __future__ import annotations

import asyncio
import os
import secrets
import signal
from pathlib import Path
from typing import Any

import pytest

from laundermat.bots.crash import soak
from laundermat.bots.server_process import Server

from .. import forkserver
from .conftest import BACKENDS, _drop_schema


def assert_nothing_lost_or_doubled(report: dict[str, Any]) -> None:
    print(report)
    assert report["kills_mid_game"] >= 3  # the kills landed while games were being played
    assert report["acked"] > 50 and report["acked_replayed"] > 0
    assert report["lost"] == 0 and report["doubled"] == 0
    assert report["acked_replay_not_recognised"] == 0
    assert report["over_but_unfinished"] == 0 and report["rooms_without_seats"] == 0
    assert report["unfinished_bots"] == 0 and report["games_completed_by_bots"] >= 2
    final = report["final"]
    assert final["games_over"] == final["games"] >= 2  # every game ended in the database too
    assert report["unexpected_errors"] == 0
    assert report["server_errors"] == 0, "\n\n".join(report["server_error_lines"])


@pytest.mark.parametrize("backend", BACKENDS)
def test_kill_9_at_random_instants_loses_and_doubles_nothing(tmp_path: Path, backend: str) -> None:
    if backend == "sqlite":
        url, schema = f"sqlite+aiosqlite:///{tmp_path / 'crash.db'}", None
    else:
        url, schema = os.environ["TEST_DATABASE_URL"], f"t_{secrets.token_hex(6)}"
    try:
        report = asyncio.run(
            soak(url, schema, tmp_path, kills=6, rooms_n=2, seed=11, launch=forkserver.popen)
        )
    finally:
        if schema:
            _drop_schema(url, schema)
    assert_nothing_lost_or_doubled(report)


def test_kill_9_goblin_rooms_lose_and_double_nothing(tmp_path: Path) -> None:
    """The same soak with Goblin Laundromat rooms (issue 15: restart recovery for any game)."""
    url = f"sqlite+aiosqlite:///{tmp_path / 'crash.db'}"
    report = asyncio.run(
        soak(
            url, None, tmp_path, kills=5, rooms_n=2, seed=5, game="goblin", launch=forkserver.popen
        )
    )
    assert_nothing_lost_or_doubled(report)


def test_the_commands_own_servers_are_fresh_interpreters_that_die_by_kill_9(
    tmp_path: Path,
) -> None:
    """`laundermat crash` starts its servers with the default launcher, not the fork server the
    soaks above use: one such start answers /healthz, and kill -9 ends it."""
    url = f"sqlite+aiosqlite:///{tmp_path / 'crash.db'}"
    server = Server(url, None, tmp_path / "server.log", {})
    asyncio.run(server.start())
    proc = server.proc
    assert proc is not None and proc.poll() is None
    server.kill()
    assert proc.wait() == -signal.SIGKILL
    assert "ready" in server.log_path.read_text()
