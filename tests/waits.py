"""How a test waits for a state that no event announces (a server's /healthz while it starts,
Redis's owner of a room, a log line, Prometheus's answer): it asks again at a steady pace until
the answer is yes, or fails at a deadline saying what it waited for. docs/testing.md, "Waits".

A message on a socket (`Client.until`), a change of a page (Playwright's `expect`,
`wait_for_function`), a process's exit have events of their own: a test waits on those instead.
"""

from __future__ import annotations

import asyncio
import inspect
import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")
EVERY = 0.05  # between two asks: well under what any of the states takes to come about


def until(
    check: Callable[[], T],
    what: str | Callable[[], str],
    timeout: float = 30.0,
    every: float = EVERY,
    pause: Callable[[float], object] = time.sleep,
) -> T:
    """`check()` until it returns something true, which is returned; after `timeout` seconds an
    AssertionError says `what` (a callable: read then, e.g. a log's tail). `check` may raise
    to fail at once (a process that exited). `pause` lets the time pass: Playwright's sync API
    hands the page's events to Python only inside its own calls, so a test waiting on what a
    fake room received pauses with `page.wait_for_timeout`."""
    deadline = time.monotonic() + timeout
    while not (found := check()):
        if time.monotonic() >= deadline:
            raise AssertionError(f"not within {timeout} s: {_said(what)}")
        pause(every)
    return found


async def until_async(
    check: Callable[[], object],
    what: str | Callable[[], str],
    timeout: float = 30.0,
    every: float = EVERY,
) -> None:
    """`until` inside an event loop: `check` may also be a coroutine function."""
    deadline = time.monotonic() + timeout
    while True:
        found = check()
        if inspect.isawaitable(found):
            found = await found
        if found:
            return
        if time.monotonic() >= deadline:
            raise AssertionError(f"not within {timeout} s: {_said(what)}")
        await asyncio.sleep(every)


def _said(what: str | Callable[[], str]) -> str:
    return what if isinstance(what, str) else what()
