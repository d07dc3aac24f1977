"""A LaunderMat game behind the platform's `Match` protocol (games/protocol.py): the rules
engine's `Game` (engine.py) seen as the rooms, the store and the web layer see every game."""

from __future__ import annotations

from collections.abc import Iterable

from ..kit.touched import Changes, Touched, Tracking
from ..kit.windows import WindowedMatch
from ..protocol import JSON, Command, RuleError
from . import engine
from .flow import FLOW

# What a command changed in the views (kit/touched.py); each handler's own in flow.PHASES.
TRACKING = Tracking(FLOW, always=("state_version",), on_log=("log_size",))

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


class LaunderMatMatch(WindowedMatch):
    """window, window_id, pending, over, away, seats, log_length: WindowedMatch's."""

    __slots__ = ("changes", "game")
    windows = FLOW

    def __init__(self, game: engine.Game) -> None:
        self.game = game
        self.changes = Changes()

    @property
    def state(self) -> engine.GameState:
        return self.game.state

    def parse(self, data: JSON) -> Command:
        try:
            return engine.parse_command(data)
        except engine.EngineError as exc:
            raise RuleError(exc.code, exc.message) from None

    def apply(self, command: Command) -> None:
        try:
            TRACKING.apply(self.changes, self.state, command, lambda: self.game.apply(command))  # type: ignore[arg-type]
        except engine.EngineError as exc:
            raise RuleError(exc.code, exc.message) from None

    def view(self, viewer: int | None, log_from: int = 0) -> JSON:
        return engine.view(self.game.state, viewer, log_from)

    def beat_ms(self, log_from: int) -> int:
        """games/protocol.py, Beats: the round's reveal and its Vault raids since `log_from`."""
        return reveal_beat_ms([e.kind for e in self.game.state.events[log_from:]])

    def public_view(self, log_from: int = 0) -> JSON:
        return engine.public_view(self.game.state, log_from)

    def private_view(self, seat: int, log_from: int = 0) -> JSON:
        return engine.private_view(self.game.state, seat, log_from)

    def public_sections(self, names: Iterable[str], log_from: int = 0) -> JSON:
        return engine.public_sections(self.game.state, names, log_from)

    def touched(self, keep: bool = False) -> Touched:
        return self.changes.peek() if keep else self.changes.take()

    def result(self) -> JSON:
        return engine.result(self.game.state).to_dict()

    def snapshot(self) -> JSON:
        return self.game.state.to_dict()
