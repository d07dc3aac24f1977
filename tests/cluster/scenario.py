"""One shape for the failure tests: tables play through nginx; mid-game something breaks;
every game must still finish, and the database and the seats' views are checked."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from .harness import Cluster, Replica
from .players import Tables


@dataclass
class Outcome:
    tables: Tables
    figures: dict[str, int]
    unfinished: int
    struck_at: float = 0.0  # time.monotonic() of the failure
    victim: Replica | None = None
    victim_rooms: list[str] = field(default_factory=list)  # the rooms it owned (or all)

    def first_views(self) -> dict[str, float | None]:
        """Per room of the victim: seconds from the failure to its next view."""
        return self.tables.first_view_after(self.struck_at, self.victim_rooms)

    def assert_nothing_lost(self) -> None:
        assert self.unfinished == 0
        assert self.tables.games_finished() == self.tables.rooms
        assert not self.tables.ledger.unexpected, self.tables.ledger.unexpected
        assert not self.tables.two_views_of_one_version()
        assert self.figures["lost"] == 0
        assert self.figures["doubled"] == 0
        assert self.figures["games_over"] == self.tables.rooms
        assert self.figures["over_but_unfinished"] == 0
        assert self.figures["rooms_without_seats"] == 0


Strike = Callable[[Cluster, Tables], Awaitable[Replica | None]]


async def play_through(cluster: Cluster, rooms: int, strike: Strike) -> Outcome:
    tables = Tables(cluster.url, rooms=rooms, players=3)
    await tables.start()
    try:
        await tables.wait_mid_game()
        owners = cluster.owners(tables.codes)
        struck_at = time.monotonic()
        victim = await strike(cluster, tables)
        unfinished = await tables.finish()
    finally:
        await tables.cancel()
    # No replica struck (Redis restarted): every room is measured.
    victim_rooms = [c for c, o in owners.items() if victim is None or o == victim.id]
    figures = await tables.check_database(cluster.db_url)
    return Outcome(tables, figures, unfinished, struck_at, victim, victim_rooms)


def report(name: str, outcome: Outcome) -> None:
    """The figures a person reads (-s): never judged against a clock here."""
    views = outcome.first_views()
    seconds = sorted(v for v in views.values() if v is not None)
    print(
        f"\n{name}: {len(outcome.victim_rooms)} rooms of the struck replica; first view after "
        f"it: max {seconds[-1] if seconds else None} s, all {seconds}; "
        f"acked {outcome.figures['acked']}, lost {outcome.figures['lost']}, "
        f"doubled {outcome.figures['doubled']}"
    )


def run(cluster: Cluster, rooms: int, strike: Strike) -> Outcome:
    return asyncio.run(play_through(cluster, rooms, strike))
