"""Golden games replay to their recorded results (GSCORE-6, GSCORE-7 on whole games)."""

from __future__ import annotations

import json

import pytest

from laundermat.games.goblin import GAME

from .golden_games import CASES, GOLDEN


@pytest.mark.parametrize("players", sorted(CASES))
def test_a_golden_game_replays_to_its_result(players: int) -> None:
    data = json.loads((GOLDEN / f"goblin_{players}p.json").read_text())
    match = GAME.new(data["seed"], data["players"], data["settings"])
    for wire in data["commands"]:
        assert not match.over()
        match.apply(match.parse(wire))
    assert match.over()
    assert match.result() == data["result"]
    assert len(data["result"]["players"]) == players
