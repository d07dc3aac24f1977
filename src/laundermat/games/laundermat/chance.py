"""LaunderMat's draws: the kit's seeded chance (games/kit/chance.py), plus the die.

`ScriptedChance` lets a test say "the Vault deals this bill, the die shows 2" and falls back
to the game's seeded generator for anything it was not told. Every draw names its purpose,
so a script can answer one kind of draw without predicting the others.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol, TypeVar

from ..kit import chance as kit
from ..kit.chance import shuffle_for as shuffle
from ..kit.chance import weighted
from .cards import DIE_FACES

__all__ = ["Chance", "Purpose", "ScriptedChance", "SeededChance", "shuffle", "weighted"]

T = TypeVar("T")


class Purpose:
    """Names of the random draws the rules make."""

    SEATS = "seats"  # SETUP-2
    DECK = "deck"  # SETUP-4, and every reshuffle of the deck
    WEAPON_OFFER = "weapon_offer"  # SETUP-7
    LOST_FOUND = "lost_found"  # LOSTFOUND-1
    RETURN_TO_DECK = "return_to_deck"  # DRAFT-8
    VAULT_DEAL = "vault_deal"  # VAULT-3
    DIE = "die"  # VAULT-3
    JACKPOT = "jackpot"  # JACKPOT-1
    INVESTIGATION = "investigation"  # INVEST-2


class Chance(Protocol):
    def below(self, purpose: str, n: int) -> int: ...

    def choose(self, purpose: str, options: Sequence[T]) -> T: ...

    def die(self) -> int:
        """A roll of one six-sided die, 1..6."""
        ...

    def bind(self, seeded: Chance) -> None: ...


class SeededChance(kit.SeededChance):
    __slots__ = ()

    def die(self) -> int:
        return 1 + self.below(Purpose.DIE, DIE_FACES)


class ScriptedChance(kit.ScriptedChance):
    """`ScriptedChance(values={"vault_deal": [59]}, dice=[2])`: the kit's script, plus dice."""

    def __init__(
        self,
        fallback: Chance | None = None,
        indices: dict[str, list[int]] | None = None,
        values: Mapping[str, Sequence[object]] | None = None,
        dice: list[int] | None = None,
    ) -> None:
        super().__init__(fallback, indices, values)
        self.fallback: Chance | None = fallback
        self.dice = list(dice or [])

    def die(self) -> int:
        if self.dice:
            return self.dice.pop(0)
        return self._fallback().die()

    def _fallback(self) -> Chance:
        if self.fallback is None:
            raise ValueError("this ScriptedChance has no fallback for an unscripted draw")
        return self.fallback
