"""The coach's hints of scripted games (the learner follows each first suggestion) and
tests/js/goblin-hints.json, which the client's tests word in each language:

    .venv/bin/python -m tests.games.goblin.coach_hints    # rewrite the fixture

test_coach_catalog.py checks the file is what the coach says today."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from laundermat import games
from laundermat.games.goblin.cards import CLOTHING
from laundermat.games.goblin.views import rules

from ..coached import actors_hints, follow_hints

FIXTURE = Path(__file__).resolve().parents[2] / "js" / "goblin-hints.json"
# (players, seed): the market's 2 players and the pick-and-pass of 3 and 5.
TABLES = ((2, 1), (3, 2), (5, 3))


def shape(hint: dict[str, Any]) -> str:
    """What decides a hint's wording: its key, the kind of card, whether the stain is under,
    at or over its limit, which stains are limited, whether odds are given."""
    facts = hint["vars"]
    card = CLOTHING.get(facts.get("card") or "")
    margin = facts["total"] - facts["limit"] if facts.get("stain") else None
    return json.dumps(
        [
            hint["key"],
            card and (card.type, card.coins == 1),
            facts.get("own_species"),
            margin if margin is None else (margin > 0) - (margin < 0),
            sorted(k for k in facts if k.endswith("_limit")),
            facts.get("fail") is None,
        ]
    )


def scripted_hints() -> list[dict[str, Any]]:
    """One hint of each shape among whole games in which one actor at a time follows its hint
    (a timeout when it has none to follow), in the order first given."""
    definition = games.require("goblin")
    seen: dict[str, dict[str, Any]] = {}

    def collect(match: Any, window: Any) -> None:
        for hint in actors_hints(definition, match, window):
            said = {k: hint[k] for k in ("text", "key", "vars")}
            seen.setdefault(shape(said), said)

    for players, seed in TABLES:
        follow_hints(definition, players, seed, collect)
    return list(seen.values())


def fixture() -> dict[str, Any]:
    return json.loads(json.dumps({"rules": rules(), "hints": scripted_hints()}))


if __name__ == "__main__":
    FIXTURE.write_text(json.dumps(fixture(), indent=1, ensure_ascii=False) + "\n")
