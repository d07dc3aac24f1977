"""Backup drills (issue 35, part 5): a backup taken while a game is played, restored into a new
database, serves the room again with every command acknowledged before the backup, and the
game plays on to its end. SQLite through `laundermat backup FILE` (its online backup API);
PostgreSQL through `pg_dump` into an empty database, when TEST_DATABASE_URL is set."""

from __future__ import annotations

import asyncio
import os
import random
import secrets
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.engine import make_url

from laundermat.bots.ws_bot import RoomRun, play_seats

from .client import Client, seated_game
from .conftest import REPO, ServerProcess

Picks = dict[int, int]


def backup_cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    return subprocess.run(
        [sys.executable, "-m", "laundermat.cli", "backup", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )


async def pick(client: Client, taken: Picks) -> None:
    """The client selects a display card nobody has taken, and is acked."""
    card = next(d["card"] for d in client.game["display"] if d["card"] not in taken.values())
    assert (await client.act({"type": "select", "card": card}))["type"] == "ack"
    taken[client.game["me"]["seat"]] = card


def drill(srv: ServerProcess, backup: Any, restored: ServerProcess) -> None:
    """Two picks acked, `backup()` while the room is live, a third pick after it; the server
    is killed; `restored` starts on the backup: it has the two picks, not the third, and the
    game goes on to its end."""

    async def before() -> tuple[str, list[dict[str, Any]], Picks]:
        code, seats, clients = await seated_game(srv, 3, round_timer=600)
        picks: Picks = {}
        for c in clients[:2]:
            await pick(c, picks)
        backup()
        await pick(clients[2], dict(picks))  # after the backup: not in it
        for c in clients:
            await c.close()
        return code, seats, picks

    code, seats, picks = asyncio.run(before())
    srv.stop()
    restored.start()

    async def after() -> None:
        clients = [await Client.open(restored.ws, code, s["token"]) for s in seats]
        view = clients[0].view
        assert view is not None and view["room"]["status"] == "playing"
        for c in clients:
            me = c.game["me"]
            assert me["selection"] == picks.get(me["seat"])
        for c in clients:
            await c.close()
        run = RoomRun(restored.url, 3, 0.0, random.Random(3), code=code)
        await play_seats(run, seats)
        assert run.completed, run.errors

    asyncio.run(after())


def test_a_sqlite_backup_taken_mid_game_restores_the_room_and_plays_on(
    make_server: Any, tmp_path: Path
) -> None:
    srv = make_server("sqlite")
    copy = tmp_path / "backup.sqlite"

    def backup() -> None:
        done = backup_cli(str(copy), "--database-url", srv.db_url)
        assert done.returncode == 0, done.stderr
        assert done.stdout.startswith("backed up ")

    restored = ServerProcess(f"sqlite+aiosqlite:///{copy}", tmp_path / "restored.log")
    try:
        drill(srv, backup, restored)
    finally:
        restored.stop()


def test_the_backup_command_refuses_what_it_cannot_copy(tmp_path: Path) -> None:
    existing = tmp_path / "taken.sqlite"
    existing.write_bytes(b"")
    for args, said in (
        (
            [str(tmp_path / "a"), "--database-url", f"sqlite:///{tmp_path / 'none.db'}"],
            "no database",
        ),
        ([str(existing), "--database-url", f"sqlite:///{existing}"], "exists: choose a new file"),
        ([str(tmp_path / "b"), "--database-url", "postgresql://u@h/db"], "pg_dump"),
    ):
        done = backup_cli(*args)
        assert done.returncode == 2 and said in done.stderr, done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["taken.sqlite"]  # nothing left behind


@pytest.mark.skipif(not os.environ.get("TEST_DATABASE_URL"), reason="needs TEST_DATABASE_URL")
def test_a_pg_dump_taken_mid_game_restores_into_an_empty_database(
    make_server: Any, tmp_path: Path
) -> None:
    srv = make_server("postgresql")
    assert srv.schema is not None
    url = make_url(srv.db_url)
    conn = ["-h", url.host or "127.0.0.1", "-p", str(url.port or 5432), "-U", url.username or ""]
    fresh = f"drill_{secrets.token_hex(4)}"
    dump = tmp_path / "dump.sql"

    def backup() -> None:
        with dump.open("wb") as out:
            subprocess.run(
                [tool("pg_dump"), *conn, "-n", srv.schema or "", url.database or ""],
                stdout=out,
                check=True,
                timeout=60,
            )
        subprocess.run([tool("createdb"), *conn, fresh], check=True, timeout=60)
        subprocess.run(
            [tool("psql"), *conn, "-q", "-v", "ON_ERROR_STOP=1", "-f", str(dump), fresh],
            check=True,
            capture_output=True,
            timeout=60,
        )

    restored = ServerProcess(
        url.set(database=fresh).render_as_string(hide_password=False),
        tmp_path / "restored.log",
        srv.schema,
    )
    try:
        drill(srv, backup, restored)
    finally:
        restored.stop()
        subprocess.run([tool("dropdb"), *conn, "--if-exists", fresh], check=False, timeout=60)


def tool(name: str) -> str:
    found = shutil.which(name)
    assert found, f"{name} is missing (Debian's postgresql-client)"
    return found
