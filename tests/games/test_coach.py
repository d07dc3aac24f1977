"""The coach of each game (issue 33 §3), in-process: a hint is drawn from one seat's view and
nothing else, its suggested command is legal, and the redaction check catches a hint that
reads the state (LaunderMat's here; Goblin's in goblin/test_redaction.py)."""

from __future__ import annotations

import inspect
import random
from typing import Any

import pytest

from laundermat import games
from laundermat.games.laundermat import coach as laundermat_coach
from laundermat.games.laundermat import invariants as laundermat_invariants
from laundermat.games.laundermat.state import GameState

from .coached import follow_hints

GAMES = ["laundermat", "goblin"]


@pytest.mark.parametrize("game", GAMES)
def test_a_hint_takes_one_seats_view_and_nothing_else(game: str) -> None:
    """Structural: the hook's one argument is the view (PRIVATE-1 / GPRIVATE-1 by design)."""
    definition = games.require(game)
    assert list(inspect.signature(definition.hint).parameters) == ["view"]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("game", "players", "seed"), [(g, n, s) for g in GAMES for n in (3, 4) for s in (1, 2)]
)
def test_every_suggested_command_is_legal_and_the_same_for_the_same_view(
    game: str, players: int, seed: int
) -> None:
    """Whole games where every seat follows its hint: each suggestion is applied without a
    RuleError; no hint for a spectator or a seat with no decision (DRAFT-3, GFILL-2)."""
    definition = games.require(game)

    def check(match: Any, window: Any) -> None:
        assert games.hint(definition, match.view(None)) is None
        for seat in range(players):
            view = match.view(seat)
            hint = games.hint(definition, view)
            assert hint == games.hint(definition, match.view(seat))  # the same view, the same hint
            if seat not in window.actors:
                assert hint is None
            elif hint is not None:
                assert hint["text"] and hint["rules"]

    followed = follow_hints(definition, players, seed, check)  # each suggestion legal
    assert followed > 10


def test_laundermat_redaction_check_catches_a_hint_that_reads_the_state(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """PRIVATE-1 for the coach: a hint that depends on another seat's wallet is caught."""
    match = games.require("laundermat").new(4, ["p0", "p1", "p2"], {})
    real_hint, real_view = laundermat_coach.hint, laundermat_invariants.view  # type: ignore[attr-defined]
    drawn_from: list[GameState] = []

    def spied(state: GameState, viewer: int | None, log_from: int = 0) -> dict[str, Any]:
        drawn_from[:] = [state]
        return real_view(state, viewer, log_from)

    def leaky(view: dict[str, Any]) -> dict[str, Any]:
        out = real_hint(view) or {"text": "", "rules": [], "command": None}
        other = drawn_from[0].players[(view["me"]["seat"] + 1) % 3]
        return {**out, "text": f"They hold {other.wallet} and select {other.selection}"}

    monkeypatch.setattr(laundermat_invariants, "view", spied)
    monkeypatch.setattr(laundermat_coach, "hint", leaky)
    state = match.game.state  # type: ignore[attr-defined]
    for seat in (1, 2):  # two selections made: what seat 0 must not learn (DRAFT-2)
        display = match.view(seat)["display"]
        match.apply(match.parse({"type": "select", "seat": seat, "card": display[0]["card"]}))
    found = [
        p
        for seed in range(8)  # each check looks at one seat's hint, drawn at random
        for p in laundermat_invariants.check_redaction(state, random.Random(seed))
    ]
    assert any("hint of" in p for p in found), found
