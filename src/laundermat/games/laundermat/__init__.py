"""LaunderMat as a game the platform hosts (rules: shared/rules/laundermat.md; the client
contract: docs/protocol.md). The rules engine is pure: no I/O, no clock, no global random
(tests/games/test_purity.py).

    engine      the rules engine's public names and its words (phase, window, stage, step)
    cards       components and constants;  state: plain data, JSON round trip, the event log
    chance      the seeded generator kept in the state;  context: what a phase step returns
    commands    command values and parse;  errors: the refusal codes
    game        `Game`, the one entry point;  flow: the phase table and the walk between windows
    draft, vault, purchase, additions, payment, bribery, scoring    one part of a round each
    legal       me.options from the checks;  views: the one redaction path;  replay
    match       the `Match` protocol
    coach       a learner's hints, from their view only
    bots        the random player;  heuristic (with estimates): one worth playing against
    invariants  what simulate checks after each command
"""

from __future__ import annotations

import random
from typing import Any

from ..kit.definition import Definition
from ..protocol import JSON, Command, RuleError, Setting
from ..standings import Standing, ranked
from . import coach, engine, invariants
from .bots import RandomPolicy
from .cards import (
    BRIBE_TIMERS,
    DEFAULT_BRIBE_TIMER,
    DEFAULT_ROUND_TIMER,
    MAX_PLAYERS,
    MIN_PLAYERS,
    ROUND_TIMERS,
)
from .heuristic import HeuristicPolicy
from .match import LaunderMatMatch
from .reactions import REACTIONS


class LaunderMat(Definition):
    """SETUP-1: 3 to 6 players; SETUP-3: the host picks the Max Round Timer and bribery timer.
    `bot`: the kit's Definition's; the room's commands are the engine's own."""

    name = "laundermat"
    title = "LaunderMat"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    settings: tuple[Setting, ...] = (
        Setting("round_timer", "Max Round Timer", ROUND_TIMERS, DEFAULT_ROUND_TIMER),
        Setting("bribe_timer", "Bribery stage timer", BRIBE_TIMERS, DEFAULT_BRIBE_TIMER),
    )
    player_commands = frozenset(engine.PLAYER_COMMANDS)
    room_commands = frozenset(engine.COMMAND_TYPES) - player_commands
    rules = engine.public_rules()  # also in every view as game.rules

    def new(self, seed: int, player_ids: list[str], settings: JSON) -> LaunderMatMatch:
        try:
            return LaunderMatMatch(engine.Game.new(seed, player_ids, engine.Settings(**settings)))
        except engine.EngineError as exc:
            raise RuleError(exc.code, exc.message) from None

    def restore(self, snapshot: JSON) -> LaunderMatMatch:
        return LaunderMatMatch(engine.Game(engine.GameState.from_dict(snapshot)))

    def public_commands(
        self, seed: int, player_ids: list[str], settings: JSON, commands: list[JSON]
    ) -> list[JSON]:
        """A finished game's commands as its public replay shows them: a bill a seat
        selected and then changed shows as the one it held at the lock (PRIVATE-1)."""
        return engine.public_commands(seed, player_ids, engine.Settings(**settings), commands)

    def standings(self, result: JSON) -> list[Standing]:
        """As the end screen orders them: the winners, then everyone not caught, then the
        caught (SCORE-5: they cannot win), each group by total."""
        winners = set(result.get("winners") or [])

        def key(p: JSON) -> tuple[bool, bool, int]:
            return (p["seat"] in winners, not p.get("disqualified"), p.get("total") or 0)

        return ranked(result.get("players") or [], key, winners)

    def timeout(self, match: Any, window_id: int) -> Command:
        return engine.Timeout(window_id)

    def set_away(self, match: Any, seat: int, away: bool) -> Command:
        return engine.SetAway(seat, away)

    # "random": uniform among legal commands (bots.py); "heuristic": values bills, purchases,
    # Vault risks and bribes by expected points (heuristic.py).
    bot_makers = {"random": RandomPolicy, "heuristic": HeuristicPolicy}
    bot_strategies: tuple[str, ...] = tuple(bot_makers)
    reactions = REACTIONS  # what players may tap to say (reactions.py)

    def hint(self, view: JSON) -> JSON | None:
        """The coach's hint for the seat whose view this is (coach.py): never the state."""
        return coach.hint(view)

    def invariants(self, match: Any, rng: random.Random, lite: bool = False) -> list[str]:
        """Every bill in one place, the market's copies, a JSON round trip, and redaction
        as non-interference (invariants.py); `lite`: bills and market only."""
        if lite:
            return invariants.check_lite(match.game)
        problems: list[str] = invariants.check_all(match.game, rng)
        return problems

    def command_schema(self) -> JSON:
        return {
            "type": "object",
            "required": ["type"],
            "properties": {"type": {"enum": sorted(self.player_commands)}},
            "description": (
                "LaunderMat's commands; see docs/protocol.md and games/laundermat/commands.py."
            ),
        }


GAME = LaunderMat()

__all__ = ["GAME", "LaunderMat", "LaunderMatMatch"]
