"""Keys remembered for a while, in bounded memory: used where a refusal or a miss may be
answered again from memory until it expires (web/limits.py, cluster/node.py)."""

from __future__ import annotations

import time


class ExpiringKeys:
    def __init__(self, most: int) -> None:
        self.most = most
        self._until: dict[str, float] = {}

    def holds(self, key: str) -> bool:
        until = self._until.get(key)
        if until is None:
            return False
        if until > time.monotonic():
            return True
        del self._until[key]
        return False

    def add(self, key: str, ttl_s: float) -> None:
        now = time.monotonic()
        if len(self._until) >= self.most:  # bounded: the expired go, or all of them
            self._until = {k: u for k, u in self._until.items() if u > now}
            if len(self._until) >= self.most:
                self._until.clear()
        self._until[key] = now + ttl_s
