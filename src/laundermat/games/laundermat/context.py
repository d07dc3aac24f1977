"""What phase code works on and what it answers.

Phase modules (draft, vault, purchase, bribery, scoring) change the state through a `Context`
(the state, the game's chance and its event log) and answer with the next `Step`. They never
open a window themselves: `flow` reads the step and walks the phase table. So the arrows run
one way, game → flow → phase modules → context/state, and no phase module imports `flow` or
`game` (tests/games/laundermat/test_imports.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from ..kit.windows import Open
from .chance import Chance
from .state import JSON, Event, GameState, Phase, Player


class Context:
    """The state, its chance and the event log. `Game` is the public face of one."""

    __slots__ = ("chance", "state")

    def __init__(self, state: GameState, chance: Chance) -> None:
        self.state = state
        self.chance = chance

    def emit(
        self,
        kind: str,
        secret: dict[str, JSON] | None = None,
        to: Sequence[int] = (),
        **public: JSON,
    ) -> None:
        self.state.events.append(Event(kind, public, secret, list(to)))

    def player(self, seat: int) -> Player:
        return self.state.players[seat]


__all__ = ["Context", "Open", "Step", "Then", "turn_order"]  # Open(phase, actors): the kit's


class Then(StrEnum):
    """The automatic steps between windows, in the order a round walks them."""

    TO_VAULT = "to_vault"  # DRAFT-8, once the reveal and any Seniority decision are settled
    RAIDS = "raids"  # VAULT-1/2: who raids, then the first raid
    NEXT_RAID = "next_raid"  # VAULT-2: after an Alarm decision, the next raid
    PURCHASES = "purchases"  # VAULT-10 / BUY-2: after every Vault action
    ROUND_END = "round_end"  # ROUND-1: the next round, or bribery after round 8
    SCORING = "scoring"  # INVEST-2, after the last bribery stage


# What a command or a closing window leads to: a window to open, an automatic step, or
# None when the open window stays open (a draft selection, a bribe, a purchase among others).
Step = Open[Phase] | Then | None


def turn_order(state: GameState) -> list[int]:
    """SETUP-2: round r starts at seat (r - 1) mod N and runs up the seats."""
    n = state.n
    start = (max(state.round, 1) - 1) % n
    return [(start + i) % n for i in range(n)]
