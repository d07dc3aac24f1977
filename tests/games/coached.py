"""A scripted learner's whole game: one actor at a time follows its hint, and a window whose
chosen actor has no move to suggest times out (tests/games/test_coach.py, the coach
catalogs' tests and their fixture)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from laundermat import games


def follow_hints(
    definition: Any, players: int, seed: int, before_each: Callable[[Any, Any], None]
) -> int:
    """Play a whole game of `definition` that way, calling `before_each(match, window)` before
    each step; how many suggested commands were applied (each without a RuleError)."""
    match = definition.new(seed, [f"p{i}" for i in range(players)], {})
    rng = random.Random(seed)
    followed = 0
    while not match.over():
        window = match.window()
        assert window is not None
        before_each(match, window)
        seat = rng.choice(match.pending() or list(window.actors))
        hint = games.hint(definition, match.view(seat))
        if hint is not None and hint["command"] is not None:
            match.apply(match.parse({**hint["command"], "seat": seat}))
            followed += 1
        else:
            match.apply(definition.timeout(match, window.id))
    return followed


def actors_hints(definition: Any, match: Any, window: Any) -> list[dict[str, Any]]:
    """The hint of every actor of the open window that has one."""
    hints = (games.hint(definition, match.view(seat)) for seat in window.actors)
    return [hint for hint in hints if hint is not None]
