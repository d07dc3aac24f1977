"""The one phase table (`flow.PHASES`): each accepted command is a check that changes nothing
and an apply step (GEN-1), and what `options` offers is what `apply` accepts."""

from __future__ import annotations

import contextlib
import random

import pytest

from laundermat.bots.policy import RandomPolicy
from laundermat.engine import (
    ADDITIONS,
    PLAYER_COMMANDS,
    BuyAddition,
    EngineError,
    Game,
    GameState,
    Phase,
    Settings,
    Timeout,
    options,
    parse_command,
    view,
)
from laundermat.engine.flow import PHASES

from .test_properties import random_command


def test_every_player_command_has_a_row() -> None:
    """Each player command is accepted by some phase; OVER accepts none (it has no row)."""
    accepted = {cls.type for spec in PHASES.values() for cls in spec.accepts}
    assert accepted == set(PLAYER_COMMANDS)
    assert Phase.OVER not in PHASES


def copy_of(game: Game) -> Game:
    return Game(GameState.from_dict(game.state.to_dict()))


def whole_wallet_purchases(game: Game, seat: int) -> set[str]:
    """The types `apply` (not `options`) accepts with the whole wallet, any reference."""
    player = game.state.players[seat]
    wallet = tuple(player.wallet)
    bought = set()
    for kind in ADDITIONS:
        for reference in [None, *wallet]:
            try:
                copy_of(game).apply(BuyAddition(seat, str(kind), wallet, reference))
            except EngineError:
                continue
            bought.add(str(kind))
            break
    return bought


@pytest.mark.parametrize("seed", range(4))
def test_checks_change_nothing_and_options_match_apply(seed: int) -> None:
    """GEN-1: whatever random command a check is given, it passes or raises, and the state
    (generator included) is as it was. BUY-1..5 / TSHIRT-1: the additions `options` offers
    are exactly those `apply` accepts with the whole wallet and some reference."""
    rng = random.Random(seed)
    game = Game.new(seed, [f"p{i}" for i in range(3 + seed % 4)], Settings())
    policy = RandomPolicy(rng)
    checked = compared = 0
    while game.state.phase is not Phase.OVER:
        state = game.state
        for _ in range(5):
            wire = random_command(game, rng)
            try:
                command = parse_command(wire)
            except EngineError:
                continue
            handler = PHASES[state.phase].accepts.get(type(command))
            if handler is None or not 0 <= getattr(command, "seat", -1) < state.n:
                continue
            before = state.to_dict()
            with contextlib.suppress(EngineError):
                handler.check(state, command)
            assert state.to_dict() == before, wire
            checked += 1
        seat = rng.choice(state.window_actors)
        if state.phase is Phase.PURCHASE and options(state, seat)["can_act"]:
            offered = set(options(state, seat)["additions"])
            assert offered == whole_wallet_purchases(game, seat)
            compared += 1
        decision = policy.decide(view(state, seat))
        game.apply(parse_command(decision) if decision else Timeout(state.window_id))
    assert checked > 20 and compared > 3
