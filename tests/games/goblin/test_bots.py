"""The bots: legal from a seat's view only; the heuristic beats random play; simulate runs
Goblin with its invariants (no game name in the platform: `--game goblin` is enough)."""

from __future__ import annotations

import random

import pytest

from laundermat.bots.simulate import simulate
from laundermat.games.goblin import GAME

from .builders import new, start_laundry


def test_unknown_strategy_is_refused() -> None:
    try:
        GAME.bot(random.Random(1), 0.0, "greedy")
    except ValueError as exc:
        assert "greedy" in str(exc)
    else:
        raise AssertionError("an unknown strategy was accepted")


def test_bots_wait_once_they_have_picked_and_when_not_acting() -> None:
    match = new(3, seed=1)
    for strategy in GAME.bot_strategies:
        bot = GAME.bot(random.Random(2), 0.0, strategy)
        assert bot.decide(match.view(None)) is None  # a spectator never acts
    bot = GAME.bot(random.Random(3), 0.0, "heuristic")
    wire = bot.decide(match.view(0))
    assert wire is not None and wire["type"] == "pick" and wire["seat"] == 0
    match.apply(match.parse(wire))
    assert bot.decide(match.view(0)) is None


def test_the_heuristic_stops_before_a_likely_failure() -> None:
    """P2 allows 1 Dirt; with one Dirt up and a Basket full of Dirt, it stops. (With one card
    up it always draws: a failure keeps the better of the two, GWASH-5.)"""
    match = new(3, seed=4)
    # C51 Scarf, C66 Shirt (D), then Dwarves' cards (C88 DDS Robe, C9-C11 Socks D) below.
    basket = ["C51", "C66", "C88", "C9", "C10", "C11"]
    state = start_laundry(match, 0, "P2", basket, potion_used=True)
    match.apply(match.parse({"type": "draw", "seat": 0}))
    state.players[0].known = ["C88", "C9", "C10", "C11"]  # its own picks: it knows them
    wire = GAME.bot(random.Random(5), 0.0, "heuristic").decide(match.view(0))
    assert wire == {"type": "stop", "seat": 0}


def test_the_heuristic_draws_when_the_basket_is_clean() -> None:
    match = new(3, seed=4)
    state = start_laundry(match, 0, "P8", ["C51", "C52", "C53", "C54"])
    state.players[0].known = ["C52", "C53", "C54"]
    wire = GAME.bot(random.Random(5), 0.0, "heuristic").decide(match.view(0))
    assert wire == {"type": "draw", "seat": 0}


def test_the_heuristic_uses_its_potion_to_complete_a_program() -> None:
    """P2 (Cycle 3, Dirt 1): a Dirt up, every card left in the Basket has Dirt: a plain draw
    fails for sure, the Potion's draw completes the Program (GPOTION-1)."""
    match = new(3, seed=4)
    state = start_laundry(match, 0, "P2", ["C66", "C51", "C88", "C89", "C9"])
    match.apply(match.parse({"type": "draw", "seat": 0}))
    assert state.drawn == ["C66", "C51"]
    state.players[0].known = ["C88", "C89", "C9"]
    wire = GAME.bot(random.Random(5), 0.0, "heuristic").decide(match.view(0))
    assert wire == {"type": "draw_with_potion", "seat": 0}
    state.players[0].potion_used = True  # without it, it stops
    wire = GAME.bot(random.Random(5), 0.0, "heuristic").decide(match.view(0))
    assert wire == {"type": "stop", "seat": 0}


@pytest.mark.slow
def test_simulate_goblin_has_no_violations_and_the_heuristic_wins_more() -> None:
    for players in (2, 3, 4, 5):
        report = simulate(players, 4, 7, "full", "goblin", 1)
        assert (report.invariant_violations, report.errors) == (0, 0), report.problems[:3]
        assert report.games == 4 and report.timeouts > 0
    mixed = simulate(3, 30, 8, "lite", "goblin", 1, ["heuristic", "random", "random"], True)
    assert mixed.errors == 0 and mixed.invariant_violations == 0
    figures = mixed.figures.to_dict(mixed.policies)
    assert figures["wins"]["by_policy"]["heuristic"] > 0.6
    measures = figures["measures"]  # GoblinMatch.balance(), summed by simulate
    assert measures["score"]["n"] == 30 * 3 and measures["winning_score"]["n"] == 30
    assert measures["score_by_policy_heuristic"]["n"] == 30
    heuristic, random_ = (measures[f"score_by_policy_{p}"] for p in ("heuristic", "random"))
    assert heuristic["mean"] > random_["mean"]
    for kind in ("I", "II", "III", "IV"):
        outcomes = ("completed", "stopped", "failed")
        rates = [measures[f"laundry_{kind}_{o}"]["mean"] for o in outcomes]
        assert abs(sum(rates) - 1) < 0.01
