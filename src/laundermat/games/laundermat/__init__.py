"""LaunderMat as a game the platform hosts: its rules engine (engine.py) behind the protocol.

The rooms, the store and the web layer see a `Match` (games/protocol.py).
"""

from __future__ import annotations

import random
from typing import Any

from ..protocol import JSON, Command, Policy, RuleError, Setting, Window
from ..standings import Standing, ranked
from . import engine
from .cards import (
    BRIBE_TIMERS,
    DEFAULT_BRIBE_TIMER,
    DEFAULT_ROUND_TIMER,
    MAX_PLAYERS,
    MIN_PLAYERS,
    ROUND_TIMERS,
)

# The round's reveal is the game's moment (issue 30): the client shows it for 2.5 s
# (static/js/moments.js) once the Vault dice have rolled, each raid's die 1.3 s after the one
# before and settled 1.5 s after it starts (games/laundermat/game.js, laundermat.css); bots
# wait as long before they move on, so an Alarm does not flash by.
MOMENT_MS = 2500
DIE_STAGGER_MS = 1300
DIE_ROLL_MS = 1500


def reveal_beat_ms(kinds: list[str]) -> int:
    """The beat after these log entries: none unless the draft locked or the Vault was raided."""
    raids = kinds.count("vault_raid")
    if not raids and "draft_locked" not in kinds:
        return 0
    dice = (raids - 1) * DIE_STAGGER_MS + DIE_ROLL_MS if raids else 0
    return dice + MOMENT_MS


class LaunderMatMatch:
    __slots__ = ("game",)

    def __init__(self, game: engine.Game) -> None:
        self.game = game

    def parse(self, data: JSON) -> Command:
        try:
            return engine.parse_command(data)
        except engine.EngineError as exc:
            raise RuleError(exc.code, exc.message) from None

    def apply(self, command: Command) -> None:
        try:
            self.game.apply(command)  # type: ignore[arg-type]
        except engine.EngineError as exc:
            raise RuleError(exc.code, exc.message) from None

    def window(self) -> Window | None:
        window = self.game.window()
        if window is None:
            return None
        return Window(window.id, str(window.kind), tuple(window.actors), window.duration)

    def window_id(self) -> int | None:
        state = self.game.state
        return None if state.phase is engine.Phase.OVER else state.window_id

    def pending(self) -> list[int]:
        return engine.pending_actors(self.game.state)

    def over(self) -> bool:
        return self.game.state.phase is engine.Phase.OVER

    def away(self, seat: int) -> bool:
        return self.game.state.players[seat].away

    def seats(self) -> dict[str, int]:
        return {p.name: p.seat for p in self.game.state.players}

    def log_length(self) -> int:
        return len(self.game.state.events)

    def view(self, viewer: int | None, log_from: int = 0) -> JSON:
        return engine.view(self.game.state, viewer, log_from)

    def beat_ms(self, log_from: int) -> int:
        """games/protocol.py, Beats: the round's reveal and its Vault raids since `log_from`."""
        return reveal_beat_ms([e.kind for e in self.game.state.events[log_from:]])

    def public_view(self, log_from: int = 0) -> JSON:
        return engine.public_view(self.game.state, log_from)

    def private_view(self, seat: int, log_from: int = 0) -> JSON:
        return engine.private_view(self.game.state, seat, log_from)

    def result(self) -> JSON:
        return engine.result(self.game.state).to_dict()

    def snapshot(self) -> JSON:
        return self.game.state.to_dict()


class LaunderMat:
    """SETUP-1: 3 to 6 players; SETUP-3: the host picks the Max Round Timer and bribery timer."""

    name = "laundermat"
    title = "LaunderMat"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    settings = (
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

    bot_strategies = ("random", "heuristic")

    def bot(self, rng: random.Random, wait_chance: float = 0.0, strategy: str = "random") -> Policy:
        """ "random": uniform among legal commands (bots.py); "heuristic": values bills,
        purchases, Vault risks and bribes by expected points (heuristic.py)."""
        if strategy == "random":
            from .bots import RandomPolicy

            return RandomPolicy(rng, wait_chance)
        if strategy == "heuristic":
            from .heuristic import HeuristicPolicy

            return HeuristicPolicy(rng, wait_chance)
        raise ValueError(f"unknown bot strategy {strategy!r}; one of {self.bot_strategies}")

    def invariants(self, match: Any, rng: random.Random, lite: bool = False) -> list[str]:
        """Every bill in one place, the market's copies, a JSON round trip, and redaction
        as non-interference (invariants.py); `lite`: bills and market only."""
        from .invariants import check_all, check_lite

        if lite:
            return check_lite(match.game)
        problems: list[str] = check_all(match.game, rng)
        return problems

    def command_schema(self) -> JSON:
        return {
            "type": "object",
            "required": ["type"],
            "properties": {"type": {"enum": sorted(self.player_commands)}},
            "description": "LaunderMat's commands; see docs/protocol.md and engine/commands.py.",
        }


GAME = LaunderMat()
