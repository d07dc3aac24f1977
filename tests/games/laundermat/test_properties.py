"""Random full games: invariants after every command (SETUP-4, SETUP-6, PRIVATE-1/2, GEN-1).

Random-legal bots play whole games through their own views, with timeouts and away notices
mixed in (the kit's `playout`, games/kit/invariants.py); after every command: each bill is in
exactly one place, market stock + copies = 25, the state survives JSON, no view depends on
hidden information.
At the end a replay from seed + command log gives the identical state. A second property
throws random (mostly illegal) commands in between: each is either applied or rejected with
a `RuleError` and no effect; nothing else is ever raised.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from laundermat.games import RuleError
from laundermat.games.kit import invariants as harness
from laundermat.games.laundermat import GAME, LaunderMatMatch, invariants
from laundermat.games.laundermat.cards import BRIBE_TIMERS, ROUND_TIMERS
from laundermat.games.laundermat.engine import ADDITIONS, WEAPONS, Game

EXAMPLES = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_command(match: LaunderMatMatch | Game, rng: random.Random) -> dict[str, Any]:
    """A command of any type with plausible but random fields: mostly illegal."""
    state = match.state
    seat = rng.choice([*range(state.n), rng.randrange(-2, 9)])
    wallet = state.players[seat].wallet if 0 <= seat < state.n else []
    pool = list(wallet) + [rng.randrange(-1, 62) for _ in range(2)]
    bills = rng.sample(pool, k=rng.randint(0, min(3, len(pool))))
    kinds = [str(a) for a in ADDITIONS]
    card = rng.choice([*state.display, rng.randrange(0, 60)]) if state.display else 3
    kind = rng.choice(
        [
            "select",
            "clear_selection",
            "lost_and_found",
            "broken_machine",
            "seniority",
            "alarm_purchase",
            "alarm_discard",
            "buy_addition",
            "buy_weapon",
            "skip",
            "protect",
            "counter",
            "entries",
            "done",
            "timeout",
        ]
    )
    return {
        "type": kind,
        "seat": seat,
        "card": card,
        "claim": rng.random() < 0.5,
        "addition": rng.choice(kinds),
        "bills": bills,
        "reference": rng.choice([None, *bills]) if bills else None,
        "weapon": rng.choice([str(w) for w in WEAPONS]),
        "email_type": rng.choice([None, *kinds]),
        "jackpot_target": rng.choice([None, *range(state.n)]),
        "copy": rng.randrange(-1, len(state.copies) + 2),
        "split": {rng.choice(kinds): rng.randint(-1, 4)},
        "window": state.window_id + rng.choice([-1, 0, 0, 1]),
    }


def play_checked(seed: int, n: int, fuzz: bool) -> None:
    """One random game through the Match protocol (the kit's harness, games/kit/invariants.py),
    every invariant checked after each command; then its replay."""
    rng = random.Random(seed)
    names = [f"bot{i}" for i in range(n)]
    config = {"round_timer": rng.choice(ROUND_TIMERS), "bribe_timer": rng.choice(BRIBE_TIMERS)}
    match = GAME.new(seed, names, config)
    bot = GAME.bot(rng)  # one random-legal player for every seat, deciding from its view

    def check(match: LaunderMatMatch, wire: dict[str, Any]) -> None:
        state = match.state
        problems = (
            invariants.check_bills(state)
            + invariants.check_market(state)
            + invariants.check_json(state)
            + invariants.check_redaction(state, rng)
        )
        assert not problems, (problems, wire)

    log = harness.playout(
        GAME,
        match,
        rng,
        [bot] * n,
        check=check,
        away_chance=0.02,
        fuzz=random_command if fuzz else None,
        fuzz_chance=0.3,
        refusal=RuleError,  # GEN-1: a refused command has no effect at all
    )
    assert harness.replays(GAME, seed, names, config, log, match) == []


@pytest.mark.slow
@EXAMPLES
@given(seed=st.integers(0, 2**63 - 1), n=st.integers(3, 6))
def test_random_games_keep_every_invariant(seed: int, n: int) -> None:
    """SETUP-4 bills in one place, SETUP-6 stock + copies = 25, JSON round trip, PRIVATE-1 /
    PRIVATE-2 redaction, replay; nothing but RuleError is raised."""
    play_checked(seed, n, fuzz=False)


@pytest.mark.slow
@EXAMPLES
@given(seed=st.integers(0, 2**63 - 1), n=st.integers(3, 6))
def test_random_commands_are_applied_or_rejected_without_effect(seed: int, n: int) -> None:
    """GEN-1 / GEN-2: any command, legal or not, in any window: applied, or rejected with an
    RuleError and no effect."""
    play_checked(seed, n, fuzz=True)
