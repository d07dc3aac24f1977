"""What a database failure means to the rooms: a retried id, a lock to wait out, or an outage.

Every write of the store runs through `guarded`, so no driver exception reaches a player:
- a unique-key hit on the command log's client ids is a retry (`DuplicateCommand`);
- a hit on its primary key (game, seq) is `SeqTaken`: a commit whose answer was lost landed,
  and the room must read the log before it writes again;
- SQLite's "database is locked"/"busy" is waited out with backoff, within a budget, and only
  then reported (a read transaction that must upgrade to a writer gets SQLITE_BUSY at once,
  whatever busy_timeout says, so a lock can be hit even under a generous timeout);
- PostgreSQL's serialization failure and deadlock are retried the same way: the database
  rolled the whole transaction back, so running it again is what it asks for;
- a lost or refused connection, a database shutting down or starting up, too many
  connections, a timeout or a lock held past the budget is `StoreUnavailable`: nothing was
  written (or, for a link lost in a commit, it is not known) and the caller answers
  `unavailable`, as for any outage. PostgreSQL's own errors are told apart by SQLSTATE:
  asyncpg raises them at connect without SQLAlchemy's OperationalError around them.
Anything else is a bug and propagates unchanged.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from collections.abc import Awaitable, Callable
from typing import TypeVar

import asyncpg
from sqlalchemy import exc as sa_exc

from ..rooms.records import DuplicateCommand, SeqTaken, StoreUnavailable

T = TypeVar("T")
log = logging.getLogger("laundermat.store")

CLIENT_KEY = "ux_commands_client"
# SQLite names the columns of the unique index that failed rather than the index.
CLIENT_KEY_SQLITE = "commands.game_id, commands.player_id, commands.client_id"
SEQ_KEY = "commands_pkey"  # PostgreSQL's name for the log's primary key (game_id, seq)
SEQ_KEY_SQLITE = "commands.game_id, commands.seq"

_UNAVAILABLE = (
    sa_exc.OperationalError,
    sa_exc.InterfaceError,
    sa_exc.DisconnectionError,
    sa_exc.TimeoutError,  # the pool had no connection to give
    sqlite3.OperationalError,
    sqlite3.InterfaceError,
    OSError,  # refused or reset connections, asyncpg's included
    TimeoutError,
    asyncpg.InterfaceError,  # asyncpg's own "connection is closed", if one escapes unwrapped
)

# SQLSTATEs that say "not now" about the database, never "wrong" about the command
# (PostgreSQL's errcodes appendix). Found on asyncpg's error and on SQLAlchemy's wrapper.
TRANSIENT_CLASSES = (
    "08",  # connection exception: lost (08003, 08006), refused or rejected at connect
    "53",  # insufficient resources: too many connections (53300), disk full, out of memory
)
TRANSIENT_STATES = {
    "57P01",  # admin shutdown: the server is stopping (a fast shutdown, a terminated backend)
    "57P02",  # crash shutdown: another backend crashed and the server is resetting
    "57P03",  # cannot connect now: the database system is starting up (crash recovery)
    "57P05",  # idle session timeout: the server closed the connection
    "25006",  # read-only transaction: a primary demoted to standby during a failover
}
RETRY_STATES = {"40001", "40P01"}  # serialization failure, deadlock: rolled back whole


def sqlstate(error: BaseException) -> str | None:
    """PostgreSQL's SQLSTATE: on asyncpg's error, or on the DB-API error SQLAlchemy wraps
    (`orig`, which copies asyncpg's). Causes and contexts further back are not read: a bug
    raised while handling an outage must stay a bug."""
    for link in (error, getattr(error, "orig", None)):
        state = getattr(link, "sqlstate", None)
        if isinstance(state, str) and len(state) == 5:
            return state
    return None


def classify(error: BaseException) -> str:
    """'duplicate', 'seq_taken', 'locked', 'conflict', 'unavailable' or 'other'."""
    text = str(error)
    if isinstance(error, (sa_exc.IntegrityError, sqlite3.IntegrityError)):
        if CLIENT_KEY in text or CLIENT_KEY_SQLITE in text:
            return "duplicate"
        # The log already holds this seq: a commit whose answer was lost landed after all.
        # Not written; the room reads what the log holds before its next write (play.py).
        return "seq_taken" if SEQ_KEY in text or SEQ_KEY_SQLITE in text else "other"
    if isinstance(error, (sa_exc.OperationalError, sqlite3.OperationalError)) and (
        "database is locked" in text or "database is busy" in text
    ):
        return "locked"
    state = sqlstate(error)
    if state in RETRY_STATES:
        return "conflict"
    if state is not None and (state in TRANSIENT_STATES or state.startswith(TRANSIENT_CLASSES)):
        return "unavailable"
    if isinstance(error, _UNAVAILABLE) or getattr(error, "connection_invalidated", False):
        return "unavailable"
    return "other"


def translate(error: BaseException) -> BaseException:
    """The rooms' meaning of a driver error (the error itself when it means a bug)."""
    kind = classify(error)
    if kind == "duplicate":
        return DuplicateCommand(str(error)[:200])
    if kind == "seq_taken":
        return SeqTaken(str(error)[:200])
    if kind in ("locked", "conflict", "unavailable"):
        return StoreUnavailable(f"{type(error).__name__}: {str(error)[:200]}")
    return error


async def guarded(work: Callable[[], Awaitable[T]], lock_budget_s: float) -> T:
    """Run one transaction; retry it while SQLite reports a lock or PostgreSQL a conflict, for
    `lock_budget_s` at most."""
    give_up = time.monotonic() + lock_budget_s
    delay = 0.02
    while True:
        try:
            return await work()
        except Exception as error:
            kind = classify(error)
            if kind in ("locked", "conflict") and time.monotonic() + delay < give_up:
                log.info(f"database {kind}; retrying", extra={"delay_s": delay})
                await asyncio.sleep(delay)
                delay = min(delay * 2, 0.5)
                continue
            translated = translate(error)
            if translated is error:
                raise
            raise translated from error
