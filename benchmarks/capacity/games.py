"""Which game the tables play (`--game NAME[:PLAYERS]`): any game the platform registers,
its settings the catalog's defaults, its players within the catalog's range."""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field
from typing import Any

from laundermat import games


@dataclass(frozen=True)
class GameSpec:
    name: str
    players: int
    settings: dict[str, Any] = field(default_factory=dict)

    @property
    def title(self) -> str:
        return games.require(self.name).title

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "players": self.players, "settings": self.settings}


def game_spec(text: str) -> GameSpec:
    """`goblin:4`; without a count, the game's most players (LaunderMat: 6)."""
    name, _, count = text.partition(":")
    definition = games.get(name)
    if definition is None:
        known = ", ".join(g.name for g in games.catalog().games)
        raise argparse.ArgumentTypeError(f"no game {name!r} (one of: {known})")
    try:
        players = int(count) if count else definition.max_players
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: the players are a number") from None
    if not definition.min_players <= players <= definition.max_players:
        raise argparse.ArgumentTypeError(
            f"{definition.title} takes {definition.min_players} to "
            f"{definition.max_players} players, not {players}"
        )
    return GameSpec(name, players, games.default_settings(definition))
