"""The game's only randomness: SplitMix64 over one integer kept in the state.

Because the generator's whole state is `GameState.rng`, a snapshot carries it and a restored
game draws exactly what the original would have (GPRIVATE-2: it never reaches a view).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from .state import GameState

T = TypeVar("T")

_MASK = (1 << 64) - 1


def _next(state: GameState) -> int:
    state.rng = (state.rng + 0x9E3779B97F4A7C15) & _MASK
    z = state.rng
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def below(state: GameState, n: int) -> int:
    """A uniform integer in [0, n), without modulo bias (rejection sampling)."""
    if n <= 0:
        raise ValueError("below() needs a positive bound")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        value = _next(state)
        if value < limit:
            return value % n


def choice(state: GameState, options: Sequence[T]) -> T:
    return options[below(state, len(options))]


def shuffle(state: GameState, items: list[T]) -> None:
    """Fisher-Yates, in place."""
    for i in range(len(items) - 1, 0, -1):
        j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]
