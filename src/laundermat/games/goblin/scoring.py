"""Scoring (GSCORE-1..7), recomputed from the Score Zones alone, so a test or an invariant
can score any state from scratch."""

from __future__ import annotations

from collections import Counter
from typing import Any

from .cards import (
    CLOTHING,
    MAJORITIES,
    POTION_COINS,
    PROGRAMS,
    SOCK_PAIR_COINS,
    SPECIES_COINS,
)
from .state import GameState, Player

PRINTED_TYPES = ("scarf", "shirt", "hat", "robe")  # GSCORE-5


def majority(counts: list[int], first: int, second: int) -> dict[str, Any]:
    """GSCORE-4 for one type: `counts` by seat, only players with at least one card compete."""
    coins = [0] * len(counts)
    present = sorted({c for c in counts if c > 0}, reverse=True)
    firsts: list[int] = []
    seconds: list[int] = []
    if present:
        top = [s for s, c in enumerate(counts) if c == present[0]]
        if len(top) >= 2:  # tied for most: each earns the second number, nobody else
            seconds = top
        else:
            firsts = top
            if len(present) >= 2:
                runners = [s for s, c in enumerate(counts) if c == present[1]]
                if len(runners) == 1:  # a tie for second: nobody
                    seconds = runners
    for s in firsts:
        coins[s] = first
    for s in seconds:
        coins[s] = second
    return {"counts": list(counts), "first": firsts, "second": seconds, "coins": coins}


def _parts(player: Player) -> dict[str, int]:
    cards = [CLOTHING[c] for c in player.score_cards]
    socks = Counter(c.species for c in cards if c.type == "socks")
    return {
        "species": SPECIES_COINS * sum(c.species == player.species for c in cards),  # GSCORE-1
        "programs": sum(PROGRAMS[p].coins for p in player.score_programs),  # GSCORE-2
        "socks": SOCK_PAIR_COINS * sum(n // 2 for n in socks.values()),  # GSCORE-3
        "printed": sum(c.coins or 0 for c in cards if c.type in PRINTED_TYPES),  # GSCORE-5
        "potion": 0 if player.potion_used else POTION_COINS,
        "stains": sum(c.symbols for c in cards),  # GSCORE-7 (covered cards too, GPOTION-2)
    }


def result(state: GameState) -> dict[str, Any]:
    """The whole breakdown: every part by seat, the majorities, the winners (GSCORE-6/7)."""
    majorities = {
        kind: majority(
            [sum(CLOTHING[c].type == kind for c in p.score_cards) for p in state.players],
            first,
            second,
        )
        for kind, (first, second) in MAJORITIES.items()
    }
    players = []
    for player in state.players:
        parts = _parts(player)
        share = sum(m["coins"][player.seat] for m in majorities.values())
        total = sum(parts[k] for k in ("species", "programs", "socks", "printed", "potion"))
        players.append(
            {
                "seat": player.seat,
                "name": player.name,
                "total": total + share,
                "species": parts["species"],
                "programs": parts["programs"],
                "socks": parts["socks"],
                "majorities": share,
                "printed": parts["printed"],
                "potion": parts["potion"],
                "stains": parts["stains"],
            }
        )
    best = max(p["total"] for p in players)
    top = [p for p in players if p["total"] == best]
    tie_break = None
    if len(top) > 1:  # GSCORE-7: most stain symbols, else a shared win
        most = max(p["stains"] for p in top)
        top = [p for p in top if p["stains"] == most]
        tie_break = "shared" if len(top) > 1 else "stains"
    for p in players:
        p["rank"] = 1 + sum((q["total"], q["stains"]) > (p["total"], p["stains"]) for q in players)
    return {
        "winners": sorted(p["seat"] for p in top),
        "tie_break": tie_break,
        "players": players,
        "majorities": majorities,
    }


def finish(state: GameState) -> None:
    """GROUND-1: after round 4 the game is scored; cards left in Baskets do not count."""
    state.over = True
    state.window_kind = None
    state.window_actors = []
    state.emit("over", winners=result(state)["winners"])
