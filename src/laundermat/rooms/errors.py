"""The one error a room raises to its callers: a stable code and a sentence for people."""

from __future__ import annotations


class RoomError(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
