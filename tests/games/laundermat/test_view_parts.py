"""The view split into a public part and private parts (issue 12; PUBLIC-1, PRIVATE-1/2).

Random full games; after every command, for every seat and a few log marks:
- the public part is exactly the spectator's view, and depends on nothing hidden from a
  spectator, i.e. on nothing private of any seat (PRIVATE-1, PRIVATE-2);
- a seat's private part depends on nothing hidden from that seat;
- the public part with the seat's private part laid over it equals `view(seat)` exactly.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from laundermat.games.laundermat.bots import RandomPolicy
from laundermat.games.laundermat.engine import (
    Game,
    GameState,
    Phase,
    Settings,
    parse_command,
    pending_actors,
    private_view,
    public_view,
    view,
)
from laundermat.games.laundermat.invariants import perturb
from laundermat.games.laundermat.views import public_rules
from laundermat.games.view_parts import compose

EXAMPLES = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_split(state: GameState, rng: random.Random) -> None:
    marks = sorted({0, len(state.events), rng.randrange(len(state.events) + 1)})
    hidden = perturb(state, None, rng)  # every seat's secrets changed
    for log_from in marks:
        public = public_view(state, log_from)
        assert public == view(state, None, log_from)
        if state.phase is not Phase.OVER:
            assert public == public_view(hidden, log_from), "the public part leaks a secret"
        for seat in range(state.n):
            private = private_view(state, seat, log_from)
            assert compose(public, private) == view(state, seat, log_from)
            if state.phase is not Phase.OVER:
                other = perturb(state, seat, rng)
                assert private == private_view(other, seat, log_from), "leaks another's secret"
        assert public == public_view(state, log_from), "compose changed the shared part"


def play_split(seed: int, n: int) -> None:
    rng = random.Random(seed)
    game = Game.new(seed, [f"bot{i}" for i in range(n)], Settings(30, 15))
    policy = RandomPolicy(rng)
    steps = 0
    while game.state.phase is not Phase.OVER:
        steps += 1
        assert steps < 5_000
        waiting = pending_actors(game.state)
        wire = policy.decide(view(game.state, rng.choice(waiting))) if waiting else None
        wire = wire or {"type": "timeout", "window": game.state.window_id}
        game.apply(parse_command(wire))
        check_split(game.state, rng)


@pytest.mark.slow
@EXAMPLES
@given(seed=st.integers(0, 2**63 - 1), n=st.integers(3, 6))
def test_public_and_private_parts_compose_to_the_view(seed: int, n: int) -> None:
    """PUBLIC-1, PRIVATE-1, PRIVATE-2 on the split; composition equals `view` exactly."""
    play_split(seed, n)


def test_private_parts_hold_the_seats_own_secrets() -> None:
    """PRIVATE-1: a seat's wallet and selection are in its own `me` only; an exact-payment
    bonus is in the private part of the copy's owner and of nobody else."""
    rng = random.Random(3)
    game = Game.new(3, ["a", "b", "c", "d"], Settings(30, 15))
    policy = RandomPolicy(rng)
    while not any(c.owner is not None for c in game.state.copies):
        waiting = pending_actors(game.state)
        wire = policy.decide(view(game.state, rng.choice(waiting))) if waiting else None
        game.apply(parse_command(wire or {"type": "timeout", "window": game.state.window_id}))
    state = game.state
    public = public_view(state)
    assert "me" not in public and public["viewer"] is None
    assert all("bonus" not in c for c in public["copies"])
    for seat in range(state.n):
        private = private_view(state, seat)
        assert private["/viewer"] == seat and private["/me"]["seat"] == seat
        bonuses = {p for p in private if p.startswith("/copies/")}
        owned = {f"/copies/{i}/bonus" for i, c in enumerate(state.copies) if c.owner == seat}
        assert bonuses == owned
    assert public["rules"] == public_rules()
