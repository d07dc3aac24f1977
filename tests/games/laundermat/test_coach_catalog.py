"""The coach's hints in the player's language (issue 33 §4): every hint a whole game produces
carries a `key` that both of the client's catalogs have (static/js/games/laundermat/locales/)
with the placeholders its `vars` fill, and English's message, filled as the client fills it,
is the server's `text` (tests/js/laundermat-i18n.test.mjs renders the same hints in Spanish)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from laundermat import games
from laundermat.games.laundermat.coach import money, named

from ..coached import actors_hints, follow_hints

LOCALES = Path(__file__).parents[3] / "static/js/games/laundermat/locales"
PLACEHOLDER = re.compile(r"\{\{\s*(\w+)\s*\}\}")
MONEY = {"value", "cost", "paid", "wallet", "points"}


def catalog(language: str) -> dict[str, Any]:
    messages: dict[str, Any] = json.loads((LOCALES / f"{language}.json").read_text("utf-8"))
    return messages


def message(messages: dict[str, Any], key: str) -> str | None:
    node: Any = messages
    for part in key.split("."):
        if not isinstance(node, dict) or part not in node:
            return None
        node = node[part]
    return node if isinstance(node, str) else None


def english(template: str, facts: dict[str, Any]) -> str:
    """The message filled as the client fills it in English (coach.js `hintText`)."""
    words = {
        k: money(v) if k in MONEY else named(v) if isinstance(v, str) else v
        for k, v in facts.items()
    }
    if "vault" in facts:
        words["bills"] = f"{facts['vault']} bill{'s' if facts['vault'] != 1 else ''}"
    return PLACEHOLDER.sub(lambda m: str(words[m.group(1)]), template)


def whole_game_hints(seed: int, players: int) -> list[dict[str, Any]]:
    """Every seat follows its hint (else the window times out), as a scripted learner would."""
    definition = games.require("laundermat")
    hints: list[dict[str, Any]] = []
    follow_hints(
        definition,
        players,
        seed,
        lambda match, window: hints.extend(actors_hints(definition, match, window)),
    )
    return hints


@pytest.mark.parametrize(("seed", "players"), [(1, 3), (2, 4), (3, 5)])
def test_every_hint_has_its_message_in_both_catalogs(seed: int, players: int) -> None:
    en, es = catalog("en"), catalog("es")
    hints = whole_game_hints(seed, players)
    keys = {h["key"] for h in hints}
    assert len(keys) >= 5, keys  # a whole game meets most of the coach's decisions
    for hint in hints:
        template = message(en, hint["key"])
        spanish = message(es, hint["key"])
        assert template is not None and spanish is not None, hint["key"]
        wanted = set(hint["vars"]) | ({"bills"} if "vault" in hint["vars"] else set())
        for text in (template, spanish):
            assert set(PLACEHOLDER.findall(text)) <= wanted, (hint["key"], text)
        if hint["vars"].get("vault", 0) != 1:  # the server says "1 bills"; the client does not
            assert english(template, hint["vars"]) == hint["text"], hint["key"]
