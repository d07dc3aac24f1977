"""Golden games (golden/*.json beside this file): replay each, check its scores and winners,
and prove from the replayed event logs what the set claims to cover. Regenerate them with
`tests/games/laundermat/golden/make_golden.py`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from laundermat.games.laundermat import invariants
from laundermat.games.laundermat.engine import Phase, Settings, replay
from laundermat.games.laundermat.scoring import result

from .golden_coverage import REQUIRED, features

GOLDEN = Path(__file__).resolve().parent / "golden"
FILES = sorted(GOLDEN.glob("game_*.json"))


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def replayed(data: dict[str, Any]) -> Any:
    return replay(data["seed"], data["players"], Settings(**data["settings"]), data["commands"])


def test_there_are_at_least_five_golden_games() -> None:
    assert len(FILES) >= 5


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_game_replays_to_its_scores(path: Path) -> None:
    """SCORE-4 / SCORE-5 on whole games: the replay ends with the recorded result."""
    data = load(path)
    game = replayed(data)
    assert game.state.phase is Phase.OVER
    outcome = result(game.state)
    expected = data["expected"]
    assert outcome.investigated == expected["investigated"]
    assert [p.total for p in outcome.players] == expected["scores"]
    assert [p.seat for p in outcome.players if p.disqualified] == expected["disqualified"]
    assert outcome.winners == expected["winners"]
    assert not invariants.check_bills(game.state) and not invariants.check_market(game.state)
    # Each file's own claims hold on its replayed log.
    assert set(data["covers"]) <= features(game.state.events)


def test_golden_set_covers_every_required_sight() -> None:
    """Together the golden games show collisions (DRAFT-4), a Seniority claim (SENIORITY-2),
    Alarms with and without a purchase (VAULT-6, VAULT-7), all ten weapons bought (BUY-8),
    protect / counter / entries (BRIBE-3, BRIBE-4, BRIBE-5), a disqualification (SCORE-3) and a
    game where everyone is caught (SCORE-5: winners == [])."""
    seen: set[str] = set()
    for path in FILES:
        game = replayed(load(path))
        seen |= features(game.state.events)
    assert seen >= REQUIRED, sorted(REQUIRED - seen)


def test_everyone_caught_game_has_no_winner() -> None:
    """SCORE-5: if every player is disqualified, nobody wins."""
    caught = [load(p) for p in FILES if "everyone_caught" in load(p)["covers"]]
    assert caught
    for data in caught:
        game = replayed(data)
        outcome = result(game.state)
        assert outcome.winners == []
        assert all(p.disqualified for p in outcome.players)
