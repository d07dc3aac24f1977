"""Where each seat finished, from a game's `result`: what a finished game's history entry
lists (GET /api/history), the same for every game.

A game that places its players by a rule of its own (LaunderMat: a caught player cannot win
and comes after everyone who was not) gives its definition a `standings(result)`; otherwise
the platform reads the result: `winners` first, then the rest by `players[].total`, or the
game's own `players[].rank` when it states one (Goblin Laundromat breaks ties by stains).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

JSON = dict[str, Any]


@dataclass(frozen=True)
class Standing:
    seat: int
    score: int | None  # the game's own total (LaunderMat's in dollars, Goblin's in Coins)
    place: int  # 1 for the winners; tied players share a place ("1, 2, 2, 4")
    winner: bool


def standings(definition: object, result: JSON | None) -> list[Standing]:
    """Each seat's place, best first; empty when the result lists no players."""
    if not result:
        return []
    own: Callable[[JSON], list[Standing]] | None = getattr(definition, "standings", None)
    return own(result) if own is not None else by_total(result)


def by_total(result: JSON) -> list[Standing]:
    """Winners first, then by total (the game's `rank` instead, when it gives one)."""
    winners = set(result.get("winners") or [])
    players = [p for p in result.get("players") or [] if isinstance(p.get("seat"), int)]

    def key(p: JSON) -> tuple[int, ...]:
        if isinstance(p.get("rank"), int):
            return (-p["rank"],)
        return (p["seat"] in winners, _total(p) or 0)

    return ranked(players, key, winners)


def ranked(
    players: Sequence[JSON], key: Callable[[JSON], tuple[Any, ...]], winners: set[int]
) -> list[Standing]:
    """Standings in order of `key` (higher is better), ties sharing a place."""
    keys = [key(p) for p in players]
    out = [
        Standing(
            seat=p["seat"],
            score=_total(p),
            place=1 + sum(other > mine for other in keys),
            winner=p["seat"] in winners,
        )
        for p, mine in zip(players, keys, strict=True)
    ]
    return sorted(out, key=lambda s: (s.place, s.seat))


def _total(player: JSON) -> int | None:
    total = player.get("total")
    return total if isinstance(total, int) and not isinstance(total, bool) else None
