"""Redaction helpers a game's views share: hidden by default, public by an explicit rule."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol


class LogEvent(Protocol):
    """One log entry: `public` for everyone, `secret` only for the seats in `to` (and for
    everyone once the game is revealed)."""

    @property
    def kind(self) -> str: ...

    @property
    def public(self) -> Mapping[str, Any]: ...

    @property
    def secret(self) -> Mapping[str, Any] | None: ...

    @property
    def to(self) -> Sequence[int]: ...


def redact_event(event: LogEvent, viewer: int | None, revealed: bool) -> dict[str, Any]:
    """The entry as `viewer` (None: a spectator) may read it."""
    entry: dict[str, Any] = {"kind": event.kind, **event.public}
    if event.secret is not None and (revealed or (viewer is not None and viewer in event.to)):
        entry.update(event.secret)
    return entry


def secret_pointers(events: Sequence[LogEvent], seat: int, log_from: int) -> dict[str, Any]:
    """The secrets of the entries from `log_from` on that `seat` may read, as a private part's
    JSON Pointers (games/view_parts.py): `/log/N/key`, N the entry's index in the whole log."""
    pointers: dict[str, Any] = {}
    for index in range(log_from, len(events)):
        event = events[index]
        if event.secret is not None and seat in event.to:
            for key, value in event.secret.items():
                token = key.replace("~", "~0").replace("/", "~1")  # RFC 6901
                pointers[f"/log/{index}/{token}"] = value
    return pointers
