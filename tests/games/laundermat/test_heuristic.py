"""The heuristic bot (games/laundermat/heuristic.py): it decides from one seat's view only,
every command it sends is legal, and it beats the random bot."""

from __future__ import annotations

import ast
import copy
import random
from pathlib import Path
from typing import Any

import pytest

from laundermat import games
from laundermat.bots.simulate import SimulationReport, game_seed, play_game, simulate
from laundermat.games import Match, Policy
from laundermat.games.laundermat.bots import RandomPolicy
from laundermat.games.laundermat.engine import view
from laundermat.games.laundermat.heuristic import HeuristicPolicy
from laundermat.games.laundermat.match import LaunderMatMatch

BOTS = Path(__file__).resolve().parents[3] / "src" / "laundermat" / "games" / "laundermat"


class Recorder:
    """Stands between a policy and the harness: checks that every argument `decide` gets is
    exactly the engine's `view(state, seat)` for the seat it plays, and that it is left as
    it was given."""

    def __init__(self, policy: Policy, seat: int, match: Match) -> None:
        assert isinstance(match, LaunderMatMatch)
        self.policy, self.seat, self.match = policy, seat, match
        self.calls = 0
        self.mismatches = 0

    def decide(self, given: dict[str, Any]) -> dict[str, Any] | None:
        self.calls += 1
        expected = view(self.match.game.state, self.seat)
        before = copy.deepcopy(given)
        if given != expected or given.get("viewer") != self.seat:
            self.mismatches += 1
        command = self.policy.decide(given)
        if given != before:
            self.mismatches += 1
        return command


@pytest.mark.parametrize("players", [3, 4, 6])
def test_the_heuristic_is_given_only_its_own_seats_view(players: int) -> None:
    recorders: list[Recorder] = []

    def wrap(policy: Policy, seat: int, match: Match) -> Policy:
        recorders.append(Recorder(policy, seat, match))
        return recorders[-1]

    report = SimulationReport()
    for i in range(2):
        play_game(
            game_seed(7, i),
            players,
            report,
            check="none",
            policies=["heuristic"] * players,
            clean=i == 0,
            wrap=wrap,
        )
    assert report.errors == 0, report.problems
    assert all(isinstance(r.policy, HeuristicPolicy) for r in recorders)
    assert sum(r.calls for r in recorders) > 50
    assert sum(r.mismatches for r in recorders) == 0
    assert sorted({r.seat for r in recorders}) == list(range(players))


def test_the_heuristic_imports_nothing_of_the_engine() -> None:
    """It cannot reach the game state: it imports neither the engine nor the games (its
    reactions, issue 33 §2, come from reactions.py, which imports only the kit)."""
    allowed = {"estimates", "reactions", "kit.reactions"}
    for name in ("heuristic.py", "estimates.py", "reactions.py"):
        tree = ast.parse((BOTS / name).read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level:
                assert node.module in allowed, f"{name} imports .{node.module}"
            elif isinstance(node, ast.ImportFrom):
                assert not (node.module or "").startswith("laundermat"), name
            elif isinstance(node, ast.Import):
                assert not any(a.name.startswith("laundermat") for a in node.names), name


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_command_the_heuristic_sends_is_legal(players: int) -> None:
    """Whole games through the engine, heuristic bots alone and among random ones, with and
    without waits and presence changes: no command is ever rejected."""
    for seed, policies, clean in (
        (11, ["heuristic"] * players, True),
        (12, ["heuristic", *["random"] * (players - 1)], True),
        (13, ["heuristic", "random"] * 3, False),
    ):
        report = simulate(
            players, 12, seed, "lite", workers=1, policies=policies[:players], clean=clean
        )
        assert report.games == 12
        assert report.errors == 0, report.problems
        assert report.invariant_violations == 0, report.problems


def test_the_heuristic_beats_the_random_bot() -> None:
    report = simulate(
        4,
        60,
        3,
        "none",
        workers=1,
        policies=["heuristic", "random", "random", "random"],
        clean=True,
    )
    wins = report.results()["wins"]["by_policy"]
    assert wins["heuristic"] > 0.5  # a fair share would be 0.25


def test_the_protocol_offers_both_bots() -> None:
    definition = games.require("laundermat")
    rng = random.Random(1)
    assert definition.bot_strategies[0] == "random"
    assert isinstance(definition.bot(rng), RandomPolicy)
    assert isinstance(definition.bot(rng, 0.0, "heuristic"), HeuristicPolicy)
    with pytest.raises(ValueError):
        definition.bot(rng, strategy="clairvoyant")


def test_the_heuristic_waits_when_it_has_nothing_to_do() -> None:
    definition = games.require("laundermat")
    match = definition.new(5, ["a", "b", "c"], {"round_timer": 30, "bribe_timer": 15})
    policy = HeuristicPolicy(random.Random(1))
    assert policy.decide(match.view(None)) is None  # a spectator never acts
    first = policy.decide(match.view(0))
    assert first is not None and first["type"] in {"select", "lost_and_found"}
    match.apply(match.parse(first))
    assert policy.decide(match.view(0)) is None  # it keeps its selection
