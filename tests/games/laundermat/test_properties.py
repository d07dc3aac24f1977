"""Random full games: invariants after every command (SETUP-4, SETUP-6, PRIVATE-1/2, GEN-1).

Random-legal bots (`bots.policy.RandomPolicy`) play whole games through their own views, with
timeouts and away notices mixed in; after every command: each bill is in exactly one place,
market stock + copies = 25, the state survives JSON, no view depends on hidden information.
At the end a replay from seed + command log gives the identical state. A second property
throws random (mostly illegal) commands in between: each is either applied or rejected with
an `EngineError` and no effect; nothing else is ever raised.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from laundermat.games.laundermat import invariants
from laundermat.games.laundermat.bots import RandomPolicy
from laundermat.games.laundermat.cards import BRIBE_TIMERS, ROUND_TIMERS
from laundermat.games.laundermat.engine import (
    ADDITIONS,
    WEAPONS,
    EngineError,
    Game,
    Phase,
    Settings,
    Timeout,
    parse_command,
    pending_actors,
    replay,
    view,
)

EXAMPLES = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def next_command(game: Game, policy: RandomPolicy, rng: random.Random) -> dict[str, Any]:
    state = game.state
    if rng.random() < 0.02:
        seat = rng.randrange(state.n)
        return {"type": "set_away", "seat": seat, "away": not state.players[seat].away}
    waiting = pending_actors(game.state)
    wire = policy.decide(view(state, rng.choice(waiting))) if waiting else None
    return wire or Timeout(state.window_id).to_dict()


def random_command(game: Game, rng: random.Random) -> dict[str, Any]:
    """A command of any type with plausible but random fields: mostly illegal."""
    state = game.state
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
    rng = random.Random(seed)
    names = [f"bot{i}" for i in range(n)]
    config = Settings(rng.choice(ROUND_TIMERS), rng.choice(BRIBE_TIMERS))
    game = Game.new(seed, names, config)
    policy = RandomPolicy(rng)
    log: list[dict[str, Any]] = []
    steps = 0
    while game.state.phase is not Phase.OVER:
        steps += 1
        assert steps < 5_000, "the game does not end"
        if fuzz and rng.random() < 0.3:
            wire = random_command(game, rng)
            before = game.state.to_dict()
            try:
                game.apply(parse_command(wire))
            except EngineError:
                assert game.state.to_dict() == before  # GEN-1: no effect at all
                continue
            log.append(wire)
        else:
            wire = next_command(game, policy, rng)
            try:
                game.apply(parse_command(wire))
            except EngineError as exc:
                if wire["type"] != "set_away":
                    raise AssertionError(f"a legal-looking bot command failed: {wire}") from exc
                continue
            log.append(wire)
        problems = (
            invariants.check_bills(game.state)
            + invariants.check_market(game.state)
            + invariants.check_json(game.state)
            + invariants.check_redaction(game.state, rng)
        )
        assert not problems, (problems, wire)
    again = replay(seed, names, config, log)
    assert again.state == game.state  # replay from seed + commands is identical
    assert again.state.to_dict() == game.state.to_dict()


@pytest.mark.slow
@EXAMPLES
@given(seed=st.integers(0, 2**63 - 1), n=st.integers(3, 6))
def test_random_games_keep_every_invariant(seed: int, n: int) -> None:
    """SETUP-4 bills in one place, SETUP-6 stock + copies = 25, JSON round trip, PRIVATE-1 /
    PRIVATE-2 redaction, replay; nothing but EngineError is raised."""
    play_checked(seed, n, fuzz=False)


@pytest.mark.slow
@EXAMPLES
@given(seed=st.integers(0, 2**63 - 1), n=st.integers(3, 6))
def test_random_commands_are_applied_or_rejected_without_effect(seed: int, n: int) -> None:
    """GEN-1 / GEN-2: any command, legal or not, in any window: applied, or rejected with an
    EngineError and no effect."""
    play_checked(seed, n, fuzz=True)
