"""Hypothesis: random games finish for every player count with the invariants holding after
every command; a snapshot taken mid-game restores to a game that replays identically;
replaying the command log from the seed gives the same game (GGEN-1, GGEN-5 defaults)."""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from laundermat.games.goblin import GAME, GoblinMatch
from laundermat.games.goblin.invariants import check_all, check_lite
from laundermat.games.kit import invariants as harness

SEEDS = st.integers(min_value=0, max_value=2**63 - 1)
PLAYERS = st.integers(min_value=2, max_value=5)


def commands(match: GoblinMatch, rng: random.Random, count: int | None = None) -> list[dict]:
    """Play (random bots, timeouts, presence changes) and return the wire commands applied."""
    bots = [GAME.bot(random.Random(rng.random()), 0.1) for _ in range(match.state.n)]
    return harness.playout(GAME, match, rng, bots, away_chance=0.03, count=count)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, players=PLAYERS)
def test_random_games_finish_with_the_invariants_holding(seed: int, players: int) -> None:
    rng = random.Random(seed)
    names = [f"p{i}" for i in range(players)]
    match = GAME.new(seed, names, {})
    bots = [GAME.bot(random.Random(seed + i), 0.1) for i in range(players)]
    steps = itertools.count(1)

    def check(match: GoblinMatch, wire: dict[str, Any]) -> None:
        lite = next(steps) % 5  # the full check (redaction twins) every fifth command
        assert check_lite(match.state) == [] if lite else check_all(match.state, rng) == []

    log = harness.playout(GAME, match, rng, bots, check=check, limit=2000)
    assert check_all(match.state, rng) == []
    assert set(match.result()["winners"]) <= set(range(players))
    assert harness.replays(GAME, seed, names, {}, log, match) == []  # GGEN-1


@settings(max_examples=12, deadline=None)
@given(seed=SEEDS, players=PLAYERS, cut=st.integers(min_value=0, max_value=150))
def test_snapshot_restore_mid_game_replays_identically(seed: int, players: int, cut: int) -> None:
    names = [f"p{i}" for i in range(players)]
    original = GAME.new(seed, names, {"decision_timer": 45})
    head = commands(original, random.Random(seed), cut)
    snapshot = json.loads(json.dumps(original.snapshot()))
    restored = GAME.restore(snapshot)
    assert restored.snapshot() == original.snapshot()
    tail = commands(original, random.Random(seed + 1))
    for wire in tail:
        restored.apply(restored.parse(wire))
    assert restored.snapshot() == original.snapshot()
    # and the whole log from the seed (GGEN-1: the same commands, the same game)
    again = GAME.new(seed, names, {"decision_timer": 45})
    for wire in head + tail:
        again.apply(again.parse(wire))
    assert again.snapshot() == original.snapshot()
    assert again.view(0) == original.view(0)


@settings(max_examples=15, deadline=None)
@given(seed=SEEDS)
def test_two_player_market_games_finish(seed: int) -> None:
    """GMARKET-1/2 every round: each player takes exactly Cycle cards; 38 cards used."""
    match = GAME.new(seed, ["a", "b"], {})
    commands(match, random.Random(seed))
    log = match.view(None)["log"]
    picks = [e["seat"] for e in log if e["kind"] == "market_pick"]
    assert len(picks) == 2 * (3 + 4 + 5 + 6)
    assert picks.count(0) == picks.count(1) == 3 + 4 + 5 + 6
    assert len(match.state.pile) == 90 - 38
    assert check_all(match.state, random.Random(seed)) == []
