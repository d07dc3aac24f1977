"""Reactions as games declare them (issue 33 §2): the kit's emoji and each game's phrases, a
set's rules, and the moments each game's bots react to."""

from __future__ import annotations

import random

import pytest

from laundermat import games
from laundermat.games.goblin.reactions import moments as goblin_moments
from laundermat.games.kit.reactions import EMOJI, Reaction, Reactor, reaction_set
from laundermat.games.laundermat.reactions import moments as laundermat_moments


def test_each_game_declares_the_kits_emoji_and_its_own_phrases() -> None:
    for definition in games.catalog().games:
        declared = games.reactions(definition)
        assert declared[: len(EMOJI)] == EMOJI
        assert {"nooo", "risky"} <= {r.id for r in declared}


def test_a_reaction_set_refuses_repeats_free_text_and_odd_ids() -> None:
    with pytest.raises(ValueError):
        reaction_set(Reaction("laugh", "Ha", "Ha"))  # the kit's own id again
    with pytest.raises(ValueError):
        reaction_set(Reaction("speech", "x" * 25, "A speech"))  # a message, not a phrase
    with pytest.raises(ValueError):
        reaction_set(Reaction("Nooo!", "Nooo!", "Nooo"))  # not [a-z0-9_]


def test_a_bot_reacts_only_to_new_moments_from_its_seat() -> None:
    reactor = Reactor(random.Random(1), goblin_moments, chance=1.0)
    failed = {"kind": "failed", "seat": 1, "over": ["slime"]}
    view = {"viewer": 1, "log_from": 10, "log": [{"kind": "draw", "seat": 1}, failed]}
    assert reactor.react(view, 11) in ("nooo", "cry")  # its own laundry failed
    assert reactor.react({**view, "viewer": 0}, 11) in ("laugh", "wow", "nooo")
    assert reactor.react(view, 12) is None  # nothing new since
    raid = {"kind": "vault_raid", "seat": 2, "die": 2, "roll": 2, "alarm": True}
    assert laundermat_moments(raid, 2) == ("nooo", "cry") and "busted" in laundermat_moments(
        raid, 0
    )
    assert laundermat_moments({**raid, "alarm": False}, 0) == ()  # VAULT-4: no Alarm, no moment
    lock = {"kind": "draft_locked", "collisions": [{"card": 4, "seats": [0, 1]}]}
    assert laundermat_moments(lock, 0) == ("mine", "nooo") and laundermat_moments(lock, 2) == (
        "laugh",
        "wow",
    )
