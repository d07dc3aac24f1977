"""`me.options` offers exactly what the engine accepts (GGEN-1): every offered command applies,
and the commands it leaves out are refused. Checked on states reached by random play."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from laundermat.games import RuleError
from laundermat.games.goblin import GAME, GoblinMatch
from laundermat.games.goblin.cards import CLOTHING

from .builders import new, play


def offered(view: dict[str, Any]) -> list[dict[str, Any]]:
    opts = view["me"]["options"]
    out: list[dict[str, Any]] = [{"type": "pick", "card": c} for c in opts["pick"]]
    out += [{"type": "keep", "card": c} for c in opts["keep"]]
    out += [{"type": t} for t in ("draw", "draw_with_potion", "stop") if opts[t]]
    return out


def accepted(match: GoblinMatch, seat: int, command: dict[str, Any]) -> bool:
    twin = GAME.restore(match.snapshot())
    try:
        twin.apply(twin.parse({**command, "seat": seat}))
    except RuleError:
        return False
    return True


def check(match: GoblinMatch, rng: random.Random) -> None:
    for seat in range(match.state.n):
        view = match.view(seat)
        offers = offered(view)
        assert view["me"]["options"]["can_act"] == (seat in match.state.window_actors)
        for command in offers:
            assert accepted(match, seat, command), (seat, command)
        offered_cards = {c.get("card") for c in offers}
        picked = view["me"]["picked"]
        others = [c for c in rng.sample(sorted(CLOTHING), 12) if c not in offered_cards]
        for card in others:
            if card != picked:
                assert not accepted(match, seat, {"type": "pick", "card": card})
                assert not accepted(match, seat, {"type": "keep", "card": card})
        for kind in ("draw", "draw_with_potion", "stop"):
            if {"type": kind} not in offers:
                assert not accepted(match, seat, {"type": kind})


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5), stops=st.integers(1, 60))
def test_options_are_exactly_the_legal_commands(seed: int, players: int, stops: int) -> None:
    match = new(players, seed)
    rng = random.Random(seed)
    steps = 0

    def every_few(m: GoblinMatch) -> bool:
        nonlocal steps
        steps += 1
        if steps % stops == 0:
            check(m, rng)
        return False

    play(match, seed=seed, until=every_few)


@pytest.mark.parametrize("players", [2, 3])
def test_options_at_the_start(players: int) -> None:
    check(new(players, 1), random.Random(1))
