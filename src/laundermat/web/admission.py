"""Which sockets get in, and whose budget each frame spends (docs/security.md, "Players behind
one address").

Friends at a party share one Wi-Fi address and a mobile carrier puts thousands of strangers
behind one (CGNAT), so an address is no identity: a flooder on the players' own address must
not spend the players' budgets. Only what has no identity yet is counted per address:

- a socket that has not said hello with a valid token (OPEN) or watches (SPECTATOR) draws on
  its address's budgets: new sockets per minute, open sockets, messages per second;
- a seated player's socket draws on its seat's message budget alone (kept per seat, so a
  reconnect does not refill it), which no other socket can touch;
- every socket also has its own message budget, so a flooding socket is closed on its own.

Escalating: while an address has spent its new-socket budget, its new sockets are admitted
on probation (a short hello timeout, and the first frame must be a hello with a valid seat
token; anything else is refused `too_many_requests`), so the flooder is refused while the
table's reconnects still get in. At the open-socket cap, a new socket evicts the address's
oldest socket still silent (a browser says hello within milliseconds of opening).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..rooms.close_codes import CloseCode
from ..rooms.wire import error_bytes
from .connection import Connection, ConnState
from .limits import AddressBuckets, Limiter

PROBATION_HELLO_S = 2.0  # a socket on probation must say hello this soon


@dataclass
class Admission:
    open_cap: int  # unidentified sockets (OPEN or SPECTATOR) open at once per address
    per_minute: Limiter  # new sockets per address per minute, before probation
    address_messages: AddressBuckets  # frames of unidentified sockets, per address
    seat_messages: AddressBuckets  # frames of seated players' sockets, per seat
    # An address's unidentified sockets, oldest first (a dict keeps insertion order).
    unidentified: dict[str, dict[Connection, None]] = field(default_factory=dict)

    async def admit(self, conn: Connection, address: str) -> bool | None:
        """True: admitted; None: on probation (only a valid hello will do); False: refused
        (the address holds `open_cap` unidentified sockets and none of them is silent)."""
        held = self.unidentified.setdefault(address, {})
        if len(held) >= self.open_cap:
            silent = next((c for c in held if c.state is ConnState.OPEN), None)
            if silent is None:
                return False
            del held[silent]
            silent.send(error_bytes("too_many_requests", "Too many sockets from this address."))
            silent.close(CloseCode.POLICY, "too_many_requests")
        held[conn] = None
        return True if await self.per_minute.allow(address) else None

    def seated(self, conn: Connection, address: str) -> None:
        """A valid hello: the socket is a player's and no longer counts against its address."""
        held = self.unidentified.get(address)
        if held is not None:
            held.pop(conn, None)
            if not held:
                del self.unidentified[address]

    def left(self, conn: Connection, address: str) -> None:
        self.seated(conn, address)  # the same bookkeeping: it holds no slot any more

    def take_frame(self, conn: Connection, address: str, seat: str | None) -> bool:
        """Whether a frame is within budget: a seat's frames spend the seat's budget, others
        the address's. (A socket's first frame past the address's budget is still read, on
        probation, so a player reconnecting is never refused for a flooder's frames.)"""
        if seat is not None and conn.state is ConnState.PLAYER:
            return self.seat_messages.take(seat)
        return self.address_messages.take(address)
