"""Records a store already holds keep loading (issue 32): a finished game of each built-in
game, written by the code before the games' modules moved (tests/fixtures/make_records.py),
restores from its mid-game snapshot and from its seed, and finishes exactly as recorded."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from laundermat import games

FIXTURES = Path(__file__).resolve().parent / "fixtures"
RECORDS = sorted(FIXTURES.glob("record_*.json"))


def load(path: Path) -> dict[str, Any]:
    record: dict[str, Any] = json.loads(path.read_text())
    return record


def finish(match: games.Match, commands: list[dict[str, Any]]) -> games.Match:
    for wire in commands:
        match.apply(match.parse(wire))
    return match


def test_there_is_a_record_of_each_built_in_game() -> None:
    recorded = {load(path)["game"] for path in RECORDS}
    assert recorded == {game.name for game in games.catalog().games}


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_a_stored_snapshot_restores_and_the_log_finishes_the_game(path: Path) -> None:
    record = load(path)
    definition = games.require(record["game"])
    match = definition.restore(record["snapshot"])
    assert not match.over()
    finish(match, record["commands"][record["snapshot_seq"] :])
    assert match.over()
    assert match.snapshot() == record["final_snapshot"]
    assert match.result() == record["result"]


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_a_record_replays_from_its_seed(path: Path) -> None:
    """A game stored with no snapshot yet: the seed, the players, the settings and the log."""
    record = load(path)
    definition = games.require(record["game"])
    match = definition.new(record["seed"], record["player_ids"], record["settings"])
    finish(match, record["commands"][: record["snapshot_seq"]])
    assert match.snapshot() == record["snapshot"]
    finish(match, record["commands"][record["snapshot_seq"] :])
    assert match.snapshot() == record["final_snapshot"]
    assert match.result() == record["result"]
