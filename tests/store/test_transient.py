"""Issue 31: the store's one classifier (store/guard.py) on each transient database state.

asyncpg's errors as asyncpg raises them (at connect SQLAlchemy wraps them in a bare
DBAPIError, not an OperationalError) and as SQLAlchemy wraps them; the real driver's chains
are checked against a real server in test_transient_pg.py.
"""

from __future__ import annotations

import asyncio
from typing import Any

import asyncpg
import pytest
from sqlalchemy import exc as sa_exc

from laundermat.rooms.records import DuplicateCommand, StoreUnavailable
from laundermat.store.guard import classify, guarded, translate

UNAVAILABLE = [
    asyncpg.CannotConnectNowError("the database system is starting up"),  # 57P03
    asyncpg.AdminShutdownError("terminating connection due to administrator command"),
    asyncpg.CrashShutdownError("terminating connection because of crash of another process"),
    asyncpg.IdleSessionTimeoutError("terminating connection due to idle-session timeout"),
    asyncpg.TooManyConnectionsError("sorry, too many clients already"),  # 53300
    asyncpg.DiskFullError("could not extend file"),  # 53100
    asyncpg.ConnectionDoesNotExistError("connection was closed in the middle of operation"),
    asyncpg.ConnectionFailureError("connection failure"),  # 08006
    asyncpg.ReadOnlySQLTransactionError("cannot execute INSERT in a read-only transaction"),
    asyncpg.InterfaceError("connection is closed"),
    ConnectionRefusedError(111, "Connect call failed"),
    ConnectionResetError(104, "Connection reset by peer"),
    TimeoutError(),
]
CONFLICTS = [
    asyncpg.SerializationError("could not serialize access due to concurrent update"),
    asyncpg.DeadlockDetectedError("deadlock detected"),
]
BUGS = [
    asyncpg.UndefinedTableError('relation "rooms" does not exist'),  # 42P01
    asyncpg.SyntaxOrAccessError("syntax error"),
    asyncpg.DataError("invalid input syntax"),
    ValueError("a bug"),
]


class DbapiError(Exception):
    """A DB-API error as SQLAlchemy's asyncpg adapter makes one: asyncpg's SQLSTATE copied."""

    def __init__(self, error: BaseException) -> None:
        super().__init__(str(error))
        self.sqlstate = getattr(error, "sqlstate", None)


def wrapped(error: BaseException) -> sa_exc.DBAPIError:
    """What SQLAlchemy raises for a driver error it has no narrower class for."""
    orig = DbapiError(error)
    orig.__cause__ = error
    return sa_exc.DBAPIError("SELECT 1", None, orig)


def name(error: BaseException) -> str:
    return type(error).__name__


@pytest.mark.parametrize("error", UNAVAILABLE, ids=name)
def test_a_transient_state_is_unavailable_raw_and_wrapped(error: BaseException) -> None:
    assert classify(error) == "unavailable"
    assert isinstance(translate(error), StoreUnavailable)
    if getattr(error, "sqlstate", None):
        assert classify(wrapped(error)) == "unavailable"


@pytest.mark.parametrize("error", CONFLICTS, ids=name)
def test_a_serialization_failure_or_deadlock_is_a_conflict_to_retry(error: BaseException) -> None:
    assert classify(error) == classify(wrapped(error)) == "conflict"
    assert isinstance(translate(wrapped(error)), StoreUnavailable)  # once the retries run out


@pytest.mark.parametrize("error", BUGS, ids=name)
def test_a_bug_stays_a_bug(error: BaseException) -> None:
    assert classify(error) == "other"
    assert translate(error) is error
    if getattr(error, "sqlstate", None):
        assert classify(wrapped(error)) == "other"


def test_a_bug_raised_while_handling_an_outage_is_still_a_bug() -> None:
    """Only the error and SQLAlchemy's `orig` are read, not what it was raised from."""
    try:
        try:
            raise asyncpg.CannotConnectNowError("the database system is starting up")
        except asyncpg.PostgresError as outage:
            raise KeyError("a bug in the handler") from outage
    except KeyError as bug:
        assert classify(bug) == "other"


def test_the_known_meanings_still_hold() -> None:
    duplicate = sa_exc.IntegrityError("INSERT", None, Exception("ux_commands_client"))
    assert isinstance(translate(duplicate), DuplicateCommand)
    locked = sa_exc.OperationalError("INSERT", None, Exception("database is locked"))
    assert classify(locked) == "locked"


def flaky(failures: list[BaseException]) -> Any:
    calls = []

    async def work() -> str:
        calls.append(1)
        if failures:
            raise failures.pop(0)
        return "done"

    return work, calls


def test_a_conflict_is_retried_until_the_transaction_goes_through() -> None:
    work, calls = flaky([wrapped(error) for error in CONFLICTS])
    assert asyncio.run(guarded(work, lock_budget_s=5)) == "done"
    assert len(calls) == 3


def test_a_conflict_past_the_budget_is_unavailable() -> None:
    work, calls = flaky([wrapped(CONFLICTS[0]) for _ in range(100)])
    with pytest.raises(StoreUnavailable):
        asyncio.run(guarded(work, lock_budget_s=0.1))
    assert 1 < len(calls) < 10


def test_an_outage_is_not_retried_in_place() -> None:
    """Answered at once: the rooms' own retries (timers, clients resending) take it from there."""
    work, calls = flaky([wrapped(UNAVAILABLE[0]), wrapped(UNAVAILABLE[0])])
    with pytest.raises(StoreUnavailable):
        asyncio.run(guarded(work, lock_budget_s=5))
    assert len(calls) == 1
