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
