"""Kick means gone: a kicked player must not be back a moment later. A player the host
removes is barred: a join under the same name, or from the browser the seat joined from, is
refused `barred`, and a hello with the seat's old token is told `kicked`, until the host
lifts the bar (`unbar`). Bars are part of the room's record, so they outlive a restart and a
failover.

What a bar can hold is what a party's host means by "that player": the name the table knew
and the browser they used. It is no lock: a new name from another browser (or a private
window) gets in, and the host removes it again. Addresses are not barred: a party shares
one Wi-Fi, and its players one address."""

from __future__ import annotations

from dataclasses import dataclass, field

from .errors import RoomError
from .members import Member, token_matches
from .names import name_key
from .records import BarRecord

# How many bars a room keeps (the oldest lapses first): the record is saved on every lobby
# change, and a table that has removed 32 players has other troubles.
BARS_KEPT = 32


@dataclass
class Bars:
    barred: list[BarRecord] = field(default_factory=list)

    def bar(self, member: Member, now_ms: int) -> None:
        """The host removed `member`: they stay out (a bot is only removed)."""
        if member.bot:
            return
        entry = BarRecord(
            member.player_id, member.name, member.token_hash, member.device_hash, now_ms
        )
        self.barred = [*self.barred[-(BARS_KEPT - 1) :], entry]

    def lift(self, player_id: str | None) -> None:
        """The host lets the player barred as `player_id` back in."""
        kept = [b for b in self.barred if b.player_id != player_id]
        if len(kept) == len(self.barred):
            raise RoomError("bad_message", "unbar needs the player_id of a barred player.")
        self.barred = kept

    def check_join(self, name: str, device_hash: str | None) -> None:
        """A new seat under a barred name, or from a barred browser, is refused."""
        key = name_key(name)
        for b in self.barred:
            if name_key(b.name) == key or (device_hash and b.device_hash == device_hash):
                raise RoomError("barred")

    def kicked(self, token: str) -> bool:
        """Whether `token` was a barred seat's (each compared, as a hello compares seats)."""
        return any([token_matches(token, b.token_hash) for b in self.barred])

    def public(self) -> list[dict[str, str]]:
        """What the room shows (RoomInfo.barred): who, by the id `unbar` takes."""
        return [{"player_id": b.player_id, "name": b.name} for b in self.barred]
