"""`laundermat simulate`: per-game seeds make the report independent of the number of
workers; the check modes; the flags."""

from __future__ import annotations

import json

import pytest

from laundermat import cli
from laundermat.bots.simulate import simulate
from laundermat.games.laundermat import invariants

MIXED = ["heuristic", "random", "random", "random"]


def test_the_report_does_not_depend_on_the_number_of_workers() -> None:
    one = simulate(4, 10, 21, "lite", workers=1, policies=MIXED)
    two = simulate(4, 10, 21, "lite", workers=2, policies=MIXED)
    assert one.results() == two.results()
    assert one.games == 10 and one.errors == 0 and one.invariant_violations == 0
    assert one.results()["balance"]["games"] == 10


def test_a_game_depends_only_on_its_own_seed() -> None:
    """The first four games of an 8-game run on two workers are the games of a 4-game run."""
    short = simulate(4, 4, 5, "none", workers=1, policies=MIXED)
    long = simulate(4, 8, 5, "none", workers=2, policies=MIXED)
    assert short.figures.spreads == long.figures.spreads[: len(short.figures.spreads)]


def test_the_lite_check_runs_the_cheap_invariants_after_every_command(monkeypatch) -> None:
    calls: list[int] = []

    def fake(game):
        calls.append(1)
        return []

    monkeypatch.setattr(invariants, "check_lite", fake)
    report = simulate(3, 1, 2, "lite", workers=1)
    assert len(calls) == report.commands - 1  # the last command ends the game: full check


def test_the_full_check_still_finds_a_broken_invariant(monkeypatch) -> None:
    monkeypatch.setattr(invariants, "check_market", lambda state: ["broken"])
    report = simulate(3, 1, 2, "full", workers=1)
    assert report.invariant_violations == report.commands
    lite = simulate(3, 1, 2, "lite", workers=1)
    assert lite.invariant_violations == lite.commands


def test_bad_policies_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown bot strategy"):
        simulate(3, 1, 1, "none", workers=1, policies=["heuristic", "random", "oracle"])
    with pytest.raises(ValueError, match="2 policies for 3 players"):
        simulate(3, 1, 1, "none", workers=1, policies=["heuristic", "random"])


def test_the_cli_prints_the_figures(capsys: pytest.CaptureFixture[str]) -> None:
    flags = "--players 3 --games 4 --workers 1 --check lite --clean"
    code = cli.main(["simulate", *flags.split(), "--policies", "heuristic,random,random"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0
    assert report["games"] == 4 and report["errors"] == 0
    assert [p["policy"] for p in report["wins"]["players"]] == ["heuristic", "random", "random"]
    balance = report["balance"]
    for key in ("alarm_rate", "weapons_per_game_by_type", "winner_most_owned_type_share"):
        assert key in balance
    assert set(balance["spread_winner_minus_runner_up"]) == {"p50", "p90", "mean"}
    assert cli.main(["simulate", "--games", "1", "--policies", "nobody,random,random"]) == 2


def test_the_cli_plays_a_range_of_player_counts(capsys: pytest.CaptureFixture[str]) -> None:
    flags = "--game goblin --players 2..4 --games 3 --workers 1 --check lite"
    assert cli.main(["simulate", *flags.split()]) == 0
    reports = json.loads(capsys.readouterr().out)["by_players"]
    assert sorted(reports) == ["2", "3", "4"]
    assert all(r["games"] == 3 and r["invariant_violations"] == 0 for r in reports.values())
    with pytest.raises(SystemExit):  # argparse refuses a range that is not one
        cli.main(["simulate", "--players", "5..2x"])
    with pytest.raises(SystemExit):
        cli.main(["simulate", "--players", "5..2"])
