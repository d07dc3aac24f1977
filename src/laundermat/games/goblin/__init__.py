"""Goblin Laundromat as a game the platform hosts (rules: shared/rules/goblin-laundromat.md;
the client contract: docs/goblin.md).

    cards       components and constants (GCARD-*)
    state       plain data, JSON round trip; chance: the seeded generator kept in it
    commands    command values and parse; errors: the refusal codes
    flow        the window table, apply, the walk between windows (steps)
    fill        setup, rounds, pick and pass, the market;  laundry: laundries and the Potion
    scoring     GSCORE-*;  legal: me.options from the checks;  views: the one redaction path
    match       the `Match` protocol;  bots: random and heuristic players
    invariants  what simulate checks after each command
"""

from __future__ import annotations

import random
from typing import Any

from ..kit.definition import Definition
from ..protocol import JSON, Setting
from . import coach, invariants
from .bots import HeuristicBot, RandomBot
from .cards import DECISION_TIMERS, DEFAULT_DECISION_TIMER, MAX_PLAYERS, MIN_PLAYERS
from .commands import PLAYER_COMMANDS, command_schema
from .match import GoblinMatch
from .reactions import REACTIONS
from .views import rules


class Goblin(Definition):
    """GSETUP-1: 2 to 5 players; GSETUP-3: the host picks the Decision timer. `timeout`,
    `set_away`, `room_commands` and `bot`: the kit's Definition's."""

    name = "goblin"
    title = "Goblin Laundromat"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    settings: tuple[Setting, ...] = (
        Setting("decision_timer", "Decision timer", DECISION_TIMERS, DEFAULT_DECISION_TIMER),
    )
    player_commands = frozenset(PLAYER_COMMANDS)
    rules = rules()
    # "random": uniform among legal commands; "heuristic": picks by value minus stain risk,
    # draws while the expected gain beats the risk (bots.py).
    bot_makers = {"random": RandomBot, "heuristic": HeuristicBot}
    bot_strategies: tuple[str, ...] = tuple(bot_makers)
    reactions = REACTIONS  # what players may tap to say (reactions.py)

    def new(self, seed: int, player_ids: list[str], settings: JSON) -> GoblinMatch:
        return GoblinMatch.new(seed, player_ids, settings)

    def restore(self, snapshot: JSON) -> GoblinMatch:
        return GoblinMatch.restore(snapshot)

    def hint(self, view: JSON) -> JSON | None:
        """The coach's hint for the seat whose view this is (coach.py): never the state."""
        return coach.hint(view)

    def invariants(self, match: Any, rng: random.Random, lite: bool = False) -> list[str]:
        """Every card in one place, scores recomputed, and (full) a JSON round trip and
        redaction as non-interference (invariants.py)."""
        return (
            invariants.check_lite(match.state) if lite else invariants.check_all(match.state, rng)
        )

    def command_schema(self) -> JSON:
        return command_schema()


GAME = Goblin()

__all__ = ["GAME", "Goblin", "GoblinMatch"]
