"""`GET /api/history`'s entries: each finished game with its players placed (games/
standings.py) under the names people typed.

A result names seats; which player sat where is drawn from the seed, so it is asked of the
game's own setup (`new(...).seats()`, ~0.1 ms) in a worker thread, and kept: a finished
game's seating never changes.
"""

from __future__ import annotations

import asyncio
import functools
import json
from typing import Any

from .. import games
from ..games.standings import Standing, standings
from ..rooms.records import GameSummary
from .protocol import GameSummaryBody, PlacedPlayer


async def summaries(found: list[GameSummary]) -> list[GameSummaryBody]:
    return await asyncio.to_thread(lambda: [summary(g) for g in found])


def summary(g: GameSummary) -> GameSummaryBody:
    return GameSummaryBody(
        game_id=g.game_id,
        code=g.code,
        game=g.game,
        game_number=g.game_number,
        player_names=list(g.player_names),
        finished_ms=g.finished_ms,
        winners=list(g.winners),
        players=placed(g),
    )


def placed(g: GameSummary) -> list[PlacedPlayer]:
    """Every player, best first; unplaced (no result, a game this server no longer hosts)
    in the order given."""
    definition = games.get(g.game)
    name_of = dict(zip(g.player_ids, g.player_names, strict=False))
    seated = _seating(g.game, g.seed, tuple(g.player_ids), json.dumps(g.settings, sort_keys=True))
    by_seat = {seat: pid for pid, seat in seated.items()}
    out, named = [], set()
    for s in standings(definition, g.result) if definition else []:
        pid = by_seat.get(s.seat)
        if pid in name_of:
            named.add(pid)
            out.append(PlacedPlayer(name=name_of[pid], **_where(s)))
    rest = [name for pid, name in name_of.items() if pid not in named]
    return out + [PlacedPlayer(name=name, score=None, place=None, winner=False) for name in rest]


def _where(s: Standing) -> dict[str, Any]:
    return {"score": s.score, "place": s.place, "winner": s.winner}


@functools.lru_cache(maxsize=1024)
def _seating(game: str, seed: int, player_ids: tuple[str, ...], settings: str) -> dict[str, int]:
    definition = games.get(game)
    if definition is None or not player_ids:
        return {}
    try:
        return definition.new(seed, list(player_ids), json.loads(settings)).seats()
    except (games.RuleError, ValueError, TypeError, KeyError):
        return {}  # a record this server's rules can no longer set up: nobody is placed
