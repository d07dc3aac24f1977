"""The coach's hints in every language (issue 33 §4): each hint a scripted game produces names
a message both client catalogs have, and tests/js/goblin-hints.json (which the client's tests
word in English and Spanish, goblin-coach.test.mjs) is what the coach says today."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from laundermat.games.goblin.cards import CLOTHING, PROGRAMS, STAINS

from .coach_hints import FIXTURE, fixture, scripted_hints

LOCALES = Path(__file__).resolve().parents[3] / "static" / "js" / "games" / "goblin" / "locales"
PLURALS = ("zero", "one", "two", "few", "many", "other")


def has(catalog: dict[str, Any], key: str) -> bool:
    """Whether the catalog has the message `key`, as itself or as plural forms."""
    *path, last = key.split(".")
    node: Any = catalog
    for part in path:
        node = node.get(part) if isinstance(node, dict) else None
    if not isinstance(node, dict):
        return False
    return isinstance(node.get(last), str) or any(f"{last}_{p}" in node for p in PLURALS)


@pytest.fixture(scope="module")
def hints() -> list[dict[str, Any]]:
    return scripted_hints()


@pytest.mark.parametrize("language", ["en", "es"])
def test_every_hint_names_a_message_of_the_catalog(
    hints: list[dict[str, Any]], language: str
) -> None:
    catalog = json.loads((LOCALES / f"{language}.json").read_text())
    keys = {h["key"] for h in hints}
    # Every kind of advice comes up: a pick, a wait, each laundry choice and a keep.
    assert keys >= {"coach.pick", "coach.picked", "coach.draw", "coach.stop", "coach.keep"}
    assert [k for k in sorted(keys) if not has(catalog, k)] == []


def test_a_hints_facts_are_ids_and_numbers_the_client_can_name(
    hints: list[dict[str, Any]],
) -> None:
    for h in hints:
        facts = h["vars"]
        assert facts.get("card") is None or facts["card"] in CLOTHING, h
        assert facts.get("program") is None or facts["program"] in PROGRAMS, h
        assert facts.get("stain") is None or facts["stain"] in STAINS, h
        assert all(v is None or isinstance(v, str | int | bool) for v in facts.values()), h


def test_the_clients_fixture_is_what_the_coach_says_today() -> None:
    """Rewrite it with `.venv/bin/python -m tests.games.goblin.coach_hints`."""
    assert json.loads(FIXTURE.read_text()) == fixture()
