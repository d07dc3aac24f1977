"""Issue 31: PostgreSQL crashing and starting up again while bots play and rooms are made.

A real `laundermat serve` on a PostgreSQL of the test's own (tests/own_postgres.py). The
database is killed (`pg_ctl stop -m immediate`), refuses connections for a moment, then is
held in its startup state, answering every connection SQLSTATE 57P03 "the database system
is starting up", and let go. Throughout, a client creates rooms over HTTP and bots play
over sockets, re-sending what is answered `unavailable` (bots/crash.py). Nothing may answer
500, close a socket 1011 or log a traceback; play resumes and every game finishes, with
every acked command in the log exactly once.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import asyncpg
import httpx
import pytest
import websockets

from laundermat.bots.crash import CrashBot, Ledger, check, open_rooms
from laundermat.bots.server_process import errors_logged

from ..own_postgres import OwnPostgres
from ..waits import until_async
from .conftest import ServerProcess


@pytest.fixture
def own_pg() -> Iterator[OwnPostgres]:
    pg = OwnPostgres()
    try:
        yield pg.start()
    finally:
        pg.stop()


class WatchedBot(CrashBot):
    """A crash-soak seat that also counts how its sockets were closed by the server."""

    def __init__(self, *args: Any, closes: Counter[int]) -> None:
        super().__init__(*args)
        self.closes = closes

    async def _session(self) -> None:
        try:
            await super()._session()
        except websockets.ConnectionClosed as exc:
            self.closes[exc.rcvd.code if exc.rcvd else 1006] += 1
            raise


async def create_rooms(url: str, answers: list[tuple[float, int]], stop: asyncio.Event) -> None:
    """One room after another, as fast as they are answered, until told to stop."""
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        while not stop.is_set():
            response = await http.post("/api/rooms", json={"name": "Ann"})
            answers.append((time.monotonic(), response.status_code))
            await asyncio.sleep(0.02)  # a pace of the load (a room every 20 ms), not a wait


async def starting_up(pg: OwnPostgres) -> bool:
    """The held server listens: it answers 57P03 from then on (checked)."""
    try:
        await (await asyncpg.connect(pg.url.replace("+asyncpg", ""), timeout=2)).close()
    except asyncpg.CannotConnectNowError as exc:
        assert "starting up" in str(exc)
        return True
    except OSError:  # not listening yet
        return False
    raise AssertionError("the held PostgreSQL let a connection in")


def refused_since(answers: list[tuple[float, int]], since: float) -> bool:
    """A room creation was answered 503 after `since`: the server met the database's state."""
    return any(at > since and status == 503 for at, status in answers)


def seat_bots(
    url: str, tables: list[list[dict[str, str]]], ledger: Ledger, closes: Counter[int]
) -> list[WatchedBot]:
    rng = random.Random(31)
    bots = []
    for seats in tables:
        for i, seat in enumerate(seats):
            bot = WatchedBot(
                url, seats[0]["code"], seat, ledger, random.Random(rng.random()), closes=closes
            )
            bot.host = i == 0
            bot.stop.set()  # one game a room, no rematch
            bots.append(bot)
    return bots


async def restart_database(
    pg: OwnPostgres, answers: list[tuple[float, int]], ledger: Ledger
) -> tuple[float, float, float]:
    """Crash it, leave it refusing, hold it starting up, let it go: when the hold began and
    ended, and when it accepted connections again. Each state lasts until the server has met
    it: a room refused in it (and, by the hold's end, a command answered `unavailable`)."""
    await asyncio.to_thread(pg.crash)
    crashed = time.monotonic()
    await until_async(lambda: refused_since(answers, crashed), "a room refused while down")
    await asyncio.to_thread(pg.start_held)
    await until_async(lambda: starting_up(pg), "the held PostgreSQL answering 57P03", 10)
    held = time.monotonic()
    await until_async(
        lambda: refused_since(answers, held) and ledger.unavailable > 0,
        lambda: f"a room refused, a command unavailable: {ledger.unavailable} unavailable",
    )
    released = time.monotonic()
    await asyncio.to_thread(pg.release)
    return held, released, time.monotonic()


async def play_through_a_restart(
    srv: ServerProcess, pg: OwnPostgres, ledger: Ledger, closes: Counter[int]
) -> dict[str, Any]:
    bots = seat_bots(srv.url, await open_rooms(srv.url, 3, 3), ledger, closes)
    tasks = [asyncio.create_task(bot.play()) for bot in bots]
    answers: list[tuple[float, int]] = []
    stop = asyncio.Event()
    creator = asyncio.create_task(create_rooms(srv.url, answers, stop))
    await until_async(lambda: len(ledger.acked) >= 10, "play under way")
    held, released, ready = await restart_database(pg, answers, ledger)
    acked_before = len(ledger.acked)
    # Back: until a room is made and a command acked again.
    await until_async(
        lambda: (
            any(at > ready + 0.2 and s == 200 for at, s in answers)
            and len(ledger.acked) > acked_before
        ),
        "a room made and a command acked after the restart",
    )
    stop.set()
    await creator
    _, pending = await asyncio.wait(tasks, timeout=60)
    for task in pending:
        task.cancel()
    return {
        "answers": Counter(status for _, status in answers),
        "answers_starting_up": Counter(s for at, s in answers if held < at < released),
        "answers_after": Counter(s for at, s in answers if at > ready + 0.2),
        "acked_before_release": acked_before,
        "unfinished_bots": len(pending),
    }


def test_postgresql_starting_up_is_unavailable_never_a_500(
    own_pg: OwnPostgres, tmp_path: Path
) -> None:
    srv = ServerProcess(
        own_pg.url,
        tmp_path / "server.log",
        away_after_seconds=120,
        messages_per_second=1000,
        message_burst=2000,
    ).start()
    ledger, closes = Ledger(), Counter[int]()
    started = time.monotonic()
    try:
        report = asyncio.run(play_through_a_restart(srv, own_pg, ledger, closes))
    finally:
        srv.stop()
    final = asyncio.run(check(own_pg.url, None, ledger))
    report.update(
        closes=dict(closes),
        acked=len(ledger.acked),
        unavailable=ledger.unavailable,
        rejected=dict(ledger.rejected_codes),
        unexpected=ledger.unexpected,
        final=final,
        seconds=round(time.monotonic() - started, 1),
    )
    print(report)
    assert report["answers"][500] == 0, report
    assert closes[1011] == 0, report
    errors = errors_logged(srv.log_path)  # error lines and tracebacks
    assert errors == [] and '"internal"' not in srv.log(), "\n\n".join(errors[:3])
    assert ledger.unexpected == [], report
    # The outage was met, and answered as one: rooms refused with 503, commands `unavailable`.
    assert report["answers_starting_up"][503] > 0 and ledger.unavailable > 0, report
    # Play resumed: rooms are made again, commands acked, and every game played to its end.
    assert report["answers_after"][200] > 0 and report["answers_after"][503] == 0, report
    assert report["acked"] > report["acked_before_release"], report
    assert report["unfinished_bots"] == 0, report
    assert final["lost"] == 0 and final["doubled"] == 0, report
    assert final["games"] == final["games_over"] == 3, report
