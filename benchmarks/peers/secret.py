"""The secret check, the same on every server: while a round is open, no frame a seat receives
may carry another seat's pick. The generator picks six numbers from 900,000 to 999,999 a round,
all different, so a pick is a token no other field of these games takes (versions, scores and
rounds stay far below it; times have more digits). JSON frames are searched for the number as
a whole token; binary frames (Colyseus's schema patches, node/gen.mjs) for its uint32 bytes."""

from __future__ import annotations

import random

LOWEST, HIGHEST = 900_000, 999_999
SEATS = 6


def round_picks(rng: random.Random) -> list[int]:
    return rng.sample(range(LOWEST, HIGHEST + 1), SEATS)


def _whole_token(frame: bytes, digits: bytes) -> bool:
    start = frame.find(digits)
    while start >= 0:
        end = start + len(digits)
        before = frame[start - 1 : start] if start else b""
        after = frame[end : end + 1]
        if not before.isdigit() and not after.isdigit():
            return True
        start = frame.find(digits, start + 1)
    return False


class Secrets:
    """One room's picks still hidden: seat → its pick, from its send until the round's reveal
    (the round's last pick clears them: the reveal rides on it)."""

    __slots__ = ("hidden", "leaks")

    def __init__(self) -> None:
        self.hidden: dict[int, bytes] = {}
        self.leaks = 0

    def picked(self, seat: int, number: int, last_of_round: bool) -> None:
        if last_of_round:
            self.hidden.clear()
        else:
            self.hidden[seat] = str(number).encode()

    def check(self, seat: int, frame: bytes) -> None:
        for other, digits in self.hidden.items():
            if other != seat and _whole_token(frame, digits):
                self.leaks += 1
