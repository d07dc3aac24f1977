"""Answer-once: each client request id is run at most once and always answered.

A repeated id (a retry after a reconnect) gets the first answer again. Refusals are
remembered too, except `unavailable`: nothing was applied then, so the same id may be sent
again once the store is back. An id the command log already holds (a retry older than
memory, refused by the log's unique key) is answered with an ack: the first application
stands.

The ack rides with the push of the change (`wire.Ack`): the push sends it once the version
that shows the change is known, in or before the sender's view of it, since a change only its
own seat sees keeps the version (publish.py). The answer remembered is that version, and a
retry, a duplicate from the log and a refusal are answered alone: no frame follows them.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TypeVar

from ..games import RuleError
from .errors import RoomError
from .members import Member
from .records import DuplicateCommand, StoreUnavailable
from .wire import Ack, Observer, ack_bytes, error_bytes

T = TypeVar("T")


async def answer_once(
    member: Member,
    command_id: str,
    run: Callable[[Member], Awaitable[T]],
    limit: int,
    observer: Observer,
    version: int,
    push: Callable[[Ack], int],
) -> tuple[bool, T | None]:
    """Returns whether `run` ran, was acked and pushed. `version`: the one viewers hold now;
    `push(ack)` sends the ack and every viewer the change, and returns the version that
    shows it."""
    sub = member.sub
    assert sub is not None
    first = member.answered.get(command_id)
    if first is not None:
        sub.send(ack_bytes(command_id, first) if isinstance(first, int) else first)
        return False, None
    try:
        outcome = await run(member)
    except (RoomError, RuleError) as exc:
        answer = error_bytes(exc.code, exc.message, command_id)
        member.remember(command_id, answer, limit)
        sub.send(answer)
        observer.command(exc.code)
        return False, None
    except StoreUnavailable:
        error = RoomError("unavailable")
        sub.send(error_bytes(error.code, error.message, command_id))
        observer.command(error.code)
        return False, None
    except DuplicateCommand:
        member.remember(command_id, version, limit)
        sub.send(ack_bytes(command_id, version))
        return False, None
    shown = push(Ack(sub, command_id))
    member.remember(command_id, shown, limit)
    observer.command(None)
    return True, outcome
