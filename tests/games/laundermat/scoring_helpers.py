"""Finishing a built game with a chosen investigated type."""

from __future__ import annotations

from typing import Any

from laundermat.games.laundermat.engine import ADDITIONS, Game, Phase, ScriptedChance
from laundermat.games.laundermat.scoring import Result, result

from .builders import build, timeout

KINDS = [str(a) for a in ADDITIONS]


def scored(investigated: str, n: int = 3, **kwargs: Any) -> tuple[Game, Result]:
    """A game in the last bribery stage, closed at once; INVEST-2 draws `investigated`.

    With the default pool (one entry per type) the draw's index is the type's position.
    """
    kwargs.setdefault("entries", {k: 1 for k in KINDS})
    entries = kwargs["entries"]
    index = sum(entries[k] for k in KINDS[: KINDS.index(investigated)])
    game = build(
        n,
        phase=Phase.BRIBE_ENTRIES,
        round=8,
        chance=ScriptedChance(indices={"investigation": [index]}),
        **kwargs,
    )
    timeout(game)
    assert game.state.phase is Phase.OVER
    assert game.state.investigated == investigated
    return game, result(game.state)
