"""A game's randomness: SplitMix64 over one integer kept in the game state.

Because the generator's whole state is an `rng` field of the state, a snapshot carries it and
a restored game draws exactly what the original would have; a view never shows it. Draws are
rejection-sampled, so `below(n)` is exactly uniform. The stream is part of every stored
record: changing a constant or the sampling here breaks replays of old games.

Two ways in, one stream:
- `below` / `choice` / `shuffle` on anything with an `rng` attribute (the state itself);
- a `Chance` object (`SeededChance`, or `ScriptedChance` for tests) whose draws name their
  purpose, so a test can script one kind of draw and leave the rest seeded.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol, TypeVar

T = TypeVar("T")

MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


class HoldsRng(Protocol):
    rng: int


def next_word(holder: HoldsRng) -> int:
    """Advance the holder's generator and return its next 64-bit word."""
    z = holder.rng = (holder.rng + _GAMMA) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def below(holder: HoldsRng, n: int) -> int:
    """A uniform integer in [0, n), without modulo bias (rejection sampling)."""
    if n <= 0:
        raise ValueError("below() needs a positive bound")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        value = next_word(holder)
        if value < limit:
            return value % n


def choice(holder: HoldsRng, options: Sequence[T]) -> T:
    return options[below(holder, len(options))]


def shuffle(holder: HoldsRng, items: list[T]) -> None:
    """Fisher-Yates, in place."""
    for i in range(len(items) - 1, 0, -1):
        j = below(holder, i + 1)
        items[i], items[j] = items[j], items[i]


class Chance(Protocol):
    """What draws need. A game's own `Chance` adds `bind(seeded)`: called once by the game it
    is given to, with the game's seeded generator (see `ScriptedChance`)."""

    def below(self, purpose: str, n: int) -> int:
        """A uniform integer in [0, n)."""
        ...

    def choose(self, purpose: str, options: Sequence[T]) -> T:
        """One of `options`, uniformly (a script may name the value instead)."""
        ...


def shuffle_for(chance: Chance, purpose: str, items: list[T]) -> None:
    """Fisher-Yates, in place, each swap a draw for `purpose` (so a script can answer it)."""
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
    """The holder's stream behind the `Chance` interface; the state is read and written back
    through `get_state`/`set_state` at each draw, so the game may replace its state object."""

    __slots__ = ("_get", "_set")

    def __init__(self, get_state: Callable[[], int], set_state: Callable[[int], None]) -> None:
        self._get = get_state
        self._set = set_state

    def below(self, purpose: str, n: int) -> int:
        # `below(holder, n)` inlined over get/set: this is on the engine's hot path.
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            z = (self._get() + _GAMMA) & MASK
            self._set(z)
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
            z ^= z >> 31
            if z < limit:
                return z % n

    def choose(self, purpose: str, options: Sequence[T]) -> T:
        return options[self.below(purpose, len(options))]

    def bind(self, seeded: Chance) -> None:
        """A seeded generator needs nothing from the game."""


class ScriptedChance:
    """Answers scripted draws in order, per purpose; anything unscripted goes to `fallback`.

    A script for `below` gives the index to return; `values` scripts the chosen *value* of a
    `choose(purpose, options)` instead. Without a `fallback`, the game it is given to supplies
    its own seeded generator (`bind`), so unscripted draws stay seeded and replayable.
    """

    def __init__(
        self,
        fallback: Chance | None = None,
        indices: Mapping[str, Sequence[int]] | None = None,
        values: Mapping[str, Sequence[object]] | None = None,
    ) -> None:
        self.fallback: Chance | None = fallback
        self.indices = {k: list(v) for k, v in (indices or {}).items()}
        self.values = {k: list(v) for k, v in (values or {}).items()}

    def below(self, purpose: str, n: int) -> int:
        queue = self.indices.get(purpose)
        if queue:
            index = queue.pop(0)
            if not 0 <= index < n:
                raise ValueError(f"scripted {purpose} index {index} outside [0, {n})")
            return index
        return self._fallback().below(purpose, n)

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
