"""The draft and its reveal: DRAFT-1..8."""

from __future__ import annotations

from typing import Any

import pytest

from laundermat.games.laundermat.cards import BILL_VALUE
from laundermat.games.laundermat.engine import (
    ClearSelection,
    DrawLostFound,
    Game,
    Phase,
    ScriptedChance,
    Select,
    Timeout,
    view,
)
from laundermat.games.laundermat.state import LOST_FOUND_PICK

from .builders import bill, build, first, of_kind, play, timeout

A = bill(50_000, 0)  # 36
B = bill(10_000, 0)  # 0
C = bill(10_000, 1)  # 1: same denomination as B, a different card
D = bill(100_000, 0)  # 58
DISPLAY = [A, B, C, D]


def draft(**kwargs: Any) -> Game:
    """Three players in round 1's draft over DISPLAY; Vault raids deal $10k and roll 6."""
    kwargs.setdefault("chance", ScriptedChance(dice=[6] * 6))
    return build(3, display=DISPLAY, **kwargs)


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_display_has_n_plus_one_bills_every_round(n: int) -> None:
    """DRAFT-1: each round opens with N + 1 bills face up."""
    game = Game.new(n, [f"p{i}" for i in range(n)])
    displays = [list(game.state.display)]
    while game.state.phase is not Phase.BRIBE_PROTECT:
        displays += [e.public["display"] for e in of_kind(timeout(game), "round")]
    assert len(displays) == 8
    assert all(len(d) == n + 1 for d in displays)
    assert len({c for d in displays for c in d}) == 8 * (n + 1)  # every deal is fresh bills


def test_open_draft_select_change_clear() -> None:
    """DRAFT-2: select by card id, change, clear; others see only whether a seat selected."""
    game = draft()
    play(game, Select(0, A))
    assert game.state.players[0].selection == A
    play(game, Select(0, B))  # change
    assert game.state.players[0].selection == B
    mine = view(game.state, 0)
    assert mine["me"]["selection"] == B
    for viewer in (1, 2, None):
        seen = view(game.state, viewer)
        assert seen["players"][0]["has_selected"] is True
        assert B not in [e.get("card") for e in seen["log"]]
        assert "me" not in seen or seen["me"]["selection"] is None
    events = play(game, ClearSelection(0))
    assert game.state.players[0].selection is None
    assert view(game.state, 1)["players"][0]["has_selected"] is False
    assert first(events, "selected").public == {"seat": 0, "selected": False}
    assert game.state.phase is Phase.DRAFT


def test_a_changed_selection_leaves_every_other_view_as_it_was() -> None:
    """DRAFT-2 / PRIVATE-1 / LOSTFOUND-1: a seat that changes its selection (another bill, or
    a Lost and Found draw) changes nothing another seat or a spectator sees, not even the
    engine's count of applied commands (which a first selection and a clear do raise)."""
    game = draft(weapons={0: "lost_and_found"})
    play(game, Select(0, A))  # public: seat 0 has selected
    counted = game.state.version
    others = {viewer: view(game.state, viewer) for viewer in (1, 2, None)}
    owner = view(game.state, 0)["me"]
    play(game, Select(0, B))
    play(game, DrawLostFound(0))
    assert game.state.players[0].selection == LOST_FOUND_PICK
    assert view(game.state, 0)["me"] != owner  # the owner sees its change
    for viewer, before in others.items():
        assert view(game.state, viewer) == before, viewer
    assert game.state.version == counted
    play(game, ClearSelection(0))
    assert game.state.version == counted + 1


def test_lock_when_everyone_has_selected() -> None:
    """DRAFT-3: the draft locks the moment every player has a selection."""
    game = draft()
    play(game, Select(0, A), Select(1, B))
    assert game.state.phase is Phase.DRAFT
    events = play(game, Select(2, C))
    assert "draft_locked" in [e.kind for e in events]
    assert game.state.phase is not Phase.DRAFT


def test_lock_on_timeout_times_out_the_unselected() -> None:
    """DRAFT-3 / DRAFT-6: at the timer, a seat with no selection has timed out."""
    game = draft()
    play(game, Select(0, A), Select(1, B))
    events = play(game, Timeout(game.state.window_id))
    locked = first(events, "draft_locked")
    assert locked.public["timed_out"] == [2]
    assert game.state.players[2].timed_out
    assert not game.state.players[2].collected
    assert game.state.players[2].wallet == []


@pytest.mark.parametrize(
    ("selections", "collisions"),
    [
        pytest.param({0: A, 1: A, 2: B}, [(A, [0, 1])], id="DRAFT-4 two on one card"),
        pytest.param({0: A, 1: A, 2: A}, [(A, [0, 1, 2])], id="DRAFT-4 three on one card"),
        pytest.param({0: B, 1: C, 2: A}, [], id="DRAFT-4 equal denominations never collide"),
        pytest.param({0: A, 1: B, 2: D}, [], id="DRAFT-4 all different"),
        pytest.param({1: D, 2: D}, [(D, [1, 2])], id="DRAFT-4 collision with a timeout"),
    ],
)
def test_collisions(selections: dict[int, int], collisions: list[tuple[int, list[int]]]) -> None:
    game = draft()
    play(game, *(Select(s, c) for s, c in selections.items()))
    if game.state.phase is Phase.DRAFT:
        timeout(game)
    locked = first(game.state.events, "draft_locked")
    assert [(c["card"], c["seats"]) for c in locked.public["collisions"]] == collisions
    colliders = {s for _, seats in collisions for s in seats}
    collected = first(game.state.events, "draft_locked").public["collected"]
    assert {c["seat"] for c in collected} == set(selections) - colliders
    moved = first(game.state.events, "to_vault").public["cards"]
    for seat, card in selections.items():
        if seat in colliders:
            assert card in moved  # DRAFT-8: an unclaimed collided card goes to the Vault
            assert not game.state.players[seat].collected
        else:
            # DRAFT-5: a card selected by exactly one player is collected.
            assert card in game.state.players[seat].wallet
            assert game.state.players[seat].collected


def test_collect_unique_picks() -> None:
    """DRAFT-5: a uniquely selected card goes into its selector's wallet."""
    game = draft()
    play(game, Select(0, A), Select(1, B), Select(2, D))
    assert game.state.players[0].wallet == [A]
    assert game.state.players[1].wallet == [B]
    assert game.state.players[2].wallet == [D]
    assert all(p.collected for p in game.state.players)
    assert game.state.phase is Phase.PURCHASE
    assert game.state.window_actors == [0, 1, 2]


def test_timed_out_player_gets_nothing() -> None:
    """DRAFT-6: collects nothing, no Vault action, no normal purchase."""
    game = draft(chance=ScriptedChance(values={"vault_deal": [B, C]}, dice=[6, 6]))
    play(game, Select(0, A), Select(1, A))
    events = timeout(game)  # seat 2 never selected
    assert [e.public["seat"] for e in of_kind(events, "vault_raid")] == [0, 1]
    # Nobody collected a bill (0 and 1 collided, 2 timed out): no purchase window at all.
    assert game.state.phase is Phase.DRAFT and game.state.round == 2
    assert not any(e.kind == "window" and e.public["phase"] == "purchase" for e in events)
    assert game.state.players[2].wallet == []


def test_timed_out_player_is_not_offered_a_purchase() -> None:
    """DRAFT-6 / BUY-1: a timed-out seat is not among the purchase window's actors."""
    game = draft()
    play(game, Select(0, A), Select(1, B))
    timeout(game)
    assert game.state.phase is Phase.PURCHASE
    assert game.state.window_actors == [0, 1]


def test_reveal_at_lock() -> None:
    """DRAFT-7: every selection becomes public at lock: collections with values,
    collisions with who joined, unselected cards, timeouts."""
    game = draft()
    play(game, Select(0, A), Select(1, A))
    # Before lock nobody else can see what seat 0 chose.
    assert all(e.get("card") != A for e in view(game.state, 2)["log"])
    events = timeout(game)
    locked = first(events, "draft_locked")
    assert locked.secret is None  # all of it is public
    assert locked.public["collected"] == []
    assert locked.public["collisions"] == [{"card": A, "value": BILL_VALUE[A], "seats": [0, 1]}]
    assert sorted(locked.public["unselected"]) == sorted([B, C, D])
    assert locked.public["timed_out"] == [2]
    assert locked.public["lost_and_found"] == []
    game2 = draft()
    play(game2, Select(0, A), Select(1, B), Select(2, C))
    locked2 = first(game2.state.events, "draft_locked")
    assert locked2.public["collected"] == [
        {"seat": 0, "card": A, "value": BILL_VALUE[A]},
        {"seat": 1, "card": B, "value": BILL_VALUE[B]},
        {"seat": 2, "card": C, "value": BILL_VALUE[C]},
    ]
    assert locked2.public["unselected"] == [D]


def test_collided_and_unselected_cards_go_to_the_vault() -> None:
    """DRAFT-8: unclaimed collided cards and unselected cards go to the Vault, which persists."""
    old = bill(20_000, 0)
    game = draft(vault=[old], chance=ScriptedChance(values={"vault_deal": [B, C]}, dice=[6, 6]))
    play(game, Select(0, A), Select(1, A), Select(2, D))
    moved = first(game.state.events, "to_vault")
    assert sorted(moved.public["cards"]) == sorted([A, B, C])
    assert moved.public["returned"] == []
    assert moved.public["vault_size"] == 4
    # Seats 0 and 1 raided, each taking one scripted $10k bill with a 6 (no Alarm).
    assert game.state.players[0].wallet == [B]
    assert game.state.players[1].wallet == [C]
    assert sorted(game.state.vault) == sorted([old, A])
    assert game.state.display == []
    # The Vault persists into the next round.
    while game.state.round == 1:
        timeout(game)
    assert sorted(game.state.vault) == sorted([old, A])
