"""All of the game's randomness goes through one small interface.

`SeededChance` draws from a SplitMix64 generator whose whole state is one integer kept in the
game state, so a game replays exactly from its seed and its command list, and a snapshot
carries the generator with it. `ScriptedChance` lets a test say "the Vault deals this bill,
the die shows 2" and falls back to the seeded generator for anything it was not told.

Every draw names its purpose, so a script can answer one kind of draw without predicting
the others.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol, TypeVar

from .cards import DIE_FACES

T = TypeVar("T")

_MASK = (1 << 64) - 1


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
    def below(self, purpose: str, n: int) -> int:
        """A uniform integer in [0, n)."""
        ...

    def choose(self, purpose: str, options: Sequence[T]) -> T:
        """One of `options`, uniformly (a script may name the value instead)."""
        ...

    def die(self) -> int:
        """A roll of one six-sided die, 1..6."""
        ...

    def bind(self, seeded: Chance) -> None:
        """Called once by the `Game` it is given to, with the game's own seeded generator."""
        ...


def shuffle(chance: Chance, purpose: str, items: list[T]) -> None:
    """Fisher-Yates, in place."""
    for i in range(len(items) - 1, 0, -1):
        j = chance.below(purpose, i + 1)
        items[i], items[j] = items[j], items[i]


def weighted(chance: Chance, purpose: str, options: Sequence[T], weights: Sequence[int]) -> T:
    total = sum(weights)
    r = chance.below(purpose, total)
    for option, weight in zip(options, weights, strict=True):
        if r < weight:
            return option
        r -= weight
    raise AssertionError("weights changed while drawing")


class SeededChance:
    """SplitMix64 over an integer state read from and written back to its holder."""

    __slots__ = ("_get", "_set")

    def __init__(self, get_state: Callable[[], int], set_state: Callable[[int], None]) -> None:
        self._get = get_state
        self._set = set_state

    def _next(self) -> int:
        s = (self._get() + 0x9E3779B97F4A7C15) & _MASK
        self._set(s)
        z = s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, purpose: str, n: int) -> int:
        if n <= 0:
            raise ValueError("n must be positive")
        # Rejection keeps the draw exactly uniform; it almost never loops for our small n.
        limit = _MASK - (_MASK + 1) % n
        while True:
            x = self._next()
            if x <= limit:
                return x % n

    def choose(self, purpose: str, options: Sequence[T]) -> T:
        return options[self.below(purpose, len(options))]

    def die(self) -> int:
        return 1 + self.below(Purpose.DIE, DIE_FACES)

    def bind(self, seeded: Chance) -> None:
        """A seeded generator needs nothing from the game."""


class ScriptedChance:
    """Answers scripted draws in order, per purpose; anything unscripted goes to `fallback`.

    A script for `below` gives the index to return. For convenience a test may instead script
    the chosen *value* with `values`: `ScriptedChance(values={"vault_deal": [59]}, dice=[2])`
    — the engine draws values with `choose(purpose, options)`, which honours it.
    Without a `fallback`, the `Game` it is given to supplies its own seeded generator (`bind`),
    so unscripted draws stay seeded and replayable.
    """

    def __init__(
        self,
        fallback: Chance | None = None,
        indices: dict[str, list[int]] | None = None,
        values: Mapping[str, Sequence[object]] | None = None,
        dice: list[int] | None = None,
    ) -> None:
        self.fallback: Chance | None = fallback
        self.indices = {k: list(v) for k, v in (indices or {}).items()}
        self.values = {k: list(v) for k, v in (values or {}).items()}
        self.dice = list(dice or [])

    def below(self, purpose: str, n: int) -> int:
        queue = self.indices.get(purpose)
        if queue:
            index = queue.pop(0)
            if not 0 <= index < n:
                raise ValueError(f"scripted {purpose} index {index} outside [0, {n})")
            return index
        return self._fallback().below(purpose, n)

    def die(self) -> int:
        if self.dice:
            return self.dice.pop(0)
        return self._fallback().die()

    def _fallback(self) -> Chance:
        if self.fallback is None:
            raise ValueError("this ScriptedChance has no fallback for an unscripted draw")
        return self.fallback

    def choose(self, purpose: str, options: Sequence[T]) -> T:
        queue = self.values.get(purpose)
        if queue:
            value = queue.pop(0)
            for option in options:
                if option == value:
                    return option
            raise ValueError(f"scripted {purpose} value {value!r} is not among the options")
        return options[self.below(purpose, len(options))]

    def bind(self, seeded: Chance) -> None:
        if self.fallback is None:
            self.fallback = seeded
