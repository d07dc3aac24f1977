"""The one phase table (`flow.PHASES`): each accepted command is a check that changes nothing
and an apply step (GEN-1), and what `options` offers is what the checks accept."""

from __future__ import annotations

import contextlib
import random
from typing import Any

import pytest

from laundermat.games.laundermat.bots import RandomPolicy
from laundermat.games.laundermat.cards import Weapon
from laundermat.games.laundermat.engine import (
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
from laundermat.games.laundermat.flow import PHASES
from laundermat.games.laundermat.purchase import check_weapon_target

from .test_properties import random_command


def test_every_player_command_has_a_row() -> None:
    """Each player command is accepted by some phase; OVER accepts none (it has no row)."""
    commands: list[Any] = [cls for spec in PHASES.values() for cls in spec.accepts]
    accepted = {cls.type for cls in commands}
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


def accepted_targets(state: GameState, seat: int, weapon: str) -> list[str] | list[int]:
    """BUY-10, EMAIL-2, JACKPOT-2: every target the weapon check accepts, tried one by one."""
    candidates: list[Any] = (
        [str(a) for a in ADDITIONS] if weapon == Weapon.ANONYMOUS_EMAIL else list(range(state.n))
    )
    accepted = []
    for target in candidates:
        email, jackpot = (target, None) if weapon == Weapon.ANONYMOUS_EMAIL else (None, target)
        try:
            check_weapon_target(state, seat, weapon, email, jackpot)
        except EngineError:
            continue
        accepted.append(target)
    return accepted


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


def test_offered_weapon_targets_are_those_the_check_accepts() -> None:
    """BUY-10, EMAIL-1/2, JACKPOT-1/2: in every purchase window of random games, each
    immediate weapon `options` offers lists exactly the targets its check accepts."""
    compared = set()
    for seed in range(16):
        rng = random.Random(seed)
        game = Game.new(seed, [f"p{i}" for i in range(3 + seed % 4)], Settings())
        policy = RandomPolicy(rng)
        while game.state.phase is not Phase.OVER:
            state = game.state
            if state.phase is Phase.PURCHASE:
                for seat in state.window_actors:
                    for entry in options(state, seat).get("weapons", []):
                        if "targets" in entry:
                            expected = accepted_targets(state, seat, entry["weapon"])
                            assert entry["targets"] == expected, (seed, seat, entry)
                            compared.add((entry["weapon"], bool(expected)))
            seat = rng.choice(state.window_actors)
            decision = policy.decide(view(state, seat))
            game.apply(parse_command(decision) if decision else Timeout(state.window_id))
    # Both immediate weapons were offered, and some offer had targets.
    assert {weapon for weapon, _ in compared} == {Weapon.ANONYMOUS_EMAIL, Weapon.JACKPOT}
    assert any(has_targets for _, has_targets in compared)
