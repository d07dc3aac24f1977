"""What each viewer sees: PUBLIC-1, PUBLIC-2, PRIVATE-1, PRIVATE-2 (one redaction path)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from laundermat.games.laundermat.cards import DECK_COMPOSITION
from laundermat.games.laundermat.engine import (
    AlarmDiscard,
    BuyAddition,
    DrawLostFound,
    Event,
    Game,
    Phase,
    ScriptedChance,
    Select,
    public_rules,
    redact_event,
    view,
)
from laundermat.games.laundermat.invariants import check_redaction

from .builders import RACK, SLOT, VENDING, bill, build, play
from .scoring_helpers import scored

X = bill(10_000, 7)
Y = bill(30_000, 9)
QUIET = bill(40_000, 7)


def busy_round() -> Game:
    """Round 1 after lock: seat 0 and 1 collided on X (0 raided QUIET quietly, 1 heard an
    Alarm on a $70k), seat 2 collected Y; a Slot Machine owner; a used Lost and Found."""
    alarm = bill(70_000, 0)
    return build(
        3,
        display=[X, Y],
        vault=[QUIET, alarm],
        wallets={0: [bill(20_000, 0)], 2: [bill(10_000, 0)]},
        weapons={1: "rubber_gloves"},
        copies=[{"kind": SLOT, "owner": 2, "exact": True}, {"kind": RACK, "owner": 0}],
        chance=ScriptedChance(values={"vault_deal": [QUIET, alarm]}, dice=[5, 3]),
    )


def test_public_information_is_shown_to_spectators() -> None:
    """PUBLIC-1 / PUBLIC-2: seats, order, settings, round, phase, window, display, who has
    selected, reveals, Vault size, rolls and Alarms, copies, market, weapons and price,
    Jackpot eligibility, the pool."""
    game = busy_round()
    start = view(game.state, None)
    assert [p["name"] for p in start["players"]] == ["p0", "p1", "p2"]
    assert start["turn_order"] == [0, 1, 2]
    assert start["settings"] == {"round_timer": 30, "bribe_timer": 15}
    assert (start["round"], start["phase"]) == (1, "draft")
    assert start["window"] == {"id": 1, "kind": "draft", "actors": [0, 1, 2], "duration": 30}
    assert [b["card"] for b in start["display"]] == [X, Y]
    assert start["vault_size"] == 2
    play(game, Select(0, X))
    assert view(game.state, None)["players"][0]["has_selected"] is True
    play(game, Select(1, X), Select(2, Y))
    seen = view(game.state, None)
    kinds = [e["kind"] for e in seen["log"]]
    assert "draft_locked" in kinds
    raids = [e for e in seen["log"] if e["kind"] == "vault_raid"]
    assert [(r["seat"], r["die"], r["roll"], r["alarm"]) for r in raids] == [
        (0, 5, 5, False),
        (1, 3, 5, True),
    ]
    assert "value" not in raids[0] and raids[1]["value"] == 70_000
    assert seen["alarm"] == {"seat": 1, "card": bill(70_000, 0), "value": 70_000}
    assert seen["copies"][0] | {} == {
        "id": 0,
        "kind": SLOT,
        "owner": 2,
        "round": 1,
        "flagged": False,
        "bonus_copy": False,
        "protection": 0,
        "countered": False,
        "email_protected": False,
    }  # no "bonus": PRIVATE-1
    assert [m["stock"] for m in seen["market"]] == [4, 5, 5, 5, 4]
    assert seen["weapon_price"] == 80_000
    assert seen["players"][1]["weapon"] == "rubber_gloves"
    assert seen["players"][2]["holds_bills"] is True  # Jackpot eligibility
    assert "holds_bills" not in seen["players"][0]  # not a Slot Machine owner
    assert seen["entries"] == {k: 1 for k in seen["entries"]}
    assert "me" not in seen


def test_private_information_is_shown_to_its_owner_only() -> None:
    """PRIVATE-1: selection, wallet (bills, values, count), a quiet Vault bill, the bills
    paid with, exact-payment bonuses."""
    game = busy_round()
    play(game, Select(0, X))
    assert view(game.state, 0)["me"]["selection"] == X
    assert view(game.state, 1)["me"]["selection"] is None
    play(game, Select(1, X), Select(2, Y))
    mine = view(game.state, 0)
    assert sorted(b["card"] for b in mine["me"]["wallet"]) == sorted([bill(20_000, 0), QUIET])
    assert mine["me"]["wallet_total"] == 60_000
    quiet = next(e for e in mine["log"] if e["kind"] == "vault_raid" and e["seat"] == 0)
    assert quiet["card"] == QUIET
    for viewer in (1, 2, None):
        other = view(game.state, viewer)
        assert all("wallet" not in p for p in other["players"])
        raid = next(e for e in other["log"] if e["kind"] == "vault_raid" and e["seat"] == 0)
        assert "card" not in raid
        assert "bonus" not in other["copies"][1]
    assert view(game.state, 2)["copies"][0]["bonus"] == 5_000  # the owner's own bonus
    # The bills paid with stay private to the buyer.
    play(game, AlarmDiscard(1))
    play(game, BuyAddition(2, RACK, (bill(10_000, 0), Y)))
    bought = [e for e in view(game.state, 2)["log"] if e["kind"] == "purchase"]
    assert bought[0]["bills"] == [bill(10_000, 0), Y]
    for viewer in (0, 1, None):
        entry = next(e for e in view(game.state, viewer)["log"] if e["kind"] == "purchase")
        assert "bills" not in entry and "exact" not in entry and "paid" not in entry


def test_hidden_from_everyone() -> None:
    """PRIVATE-2: deck order, Vault order, a Lost and Found draw and the generator's state
    reach no view, the draw's own user included."""
    hidden = bill(60_000, 2)
    game = build(
        3,
        vault=[bill(30_000, 0), bill(40_000, 0)],
        weapons={0: "lost_and_found"},
        chance=ScriptedChance(values={"lost_found": [hidden]}),
    )
    play(game, DrawLostFound(0))
    for viewer in (None, 0, 1, 2):
        seen = view(game.state, viewer)
        # The public rules block names the deck's composition ("deck": [value, count] pairs,
        # SETUP-4), never its order; everything else must not mention the deck at all.
        assert seen["rules"]["deck"] == [[v, n] for v, n in DECK_COMPOSITION]
        text = json.dumps({k: v for k, v in seen.items() if k != "rules"})
        for key in ('"deck"', '"rng"', '"vault"', '"lost_found_draw"', '"spent"'):
            assert key not in text
        assert seen["vault_size"] == 2
        assert all(e.get("card") != hidden for e in seen["log"])
        if viewer is not None:
            assert all(b["card"] != hidden for b in seen["me"]["wallet"])
    assert check_redaction(game.state, random.Random(1)) == []


def situations() -> list[Any]:
    """Built states in every phase, for the redaction check."""
    alarm = bill(80_000, 1)
    return [
        pytest.param(Phase.DRAFT, {}, id="PRIVATE-2 draft"),
        pytest.param(Phase.PURCHASE, {"collected": [0, 1]}, id="PRIVATE-1 purchase"),
        pytest.param(Phase.ALARM, {"alarm": (1, alarm)}, id="PUBLIC-1 alarm"),
        pytest.param(Phase.BRIBE_PROTECT, {"round": 8}, id="PUBLIC-1 bribery"),
        pytest.param(Phase.BRIBE_ENTRIES, {"round": 8, "done": [1]}, id="PUBLIC-1 entries"),
    ]


@pytest.mark.parametrize(("phase", "extra"), situations())
def test_no_view_depends_on_hidden_information(phase: Phase, extra: dict[str, Any]) -> None:
    base: dict[str, Any] = {
        "wallets": {0: [bill(50_000)], 1: [bill(20_000), bill(30_000)], 2: [bill(10_000)]},
        "copies": [
            {"kind": SLOT, "owner": 1, "exact": True},
            {"kind": VENDING, "owner": 0, "alarm_flag": True, "protection": 50_000},
            {"kind": RACK, "owner": 2, "exact": True},
        ],
        "weapons": {0: "two_for_one", 2: "lost_and_found"},
        "vault": [bill(60_000), bill(70_000)],
    }
    game = build(3, phase=phase, **base, **extra)
    if phase is Phase.DRAFT:
        play(game, DrawLostFound(2), Select(0, game.state.display[0]))
    assert check_redaction(game.state, random.Random(3)) == []


def test_the_log_goes_through_the_one_redaction_path() -> None:
    """PUBLIC-2 / PRIVATE-1: the log in a view is exactly `redact_event` of each event, and a
    spectator's view has the same shape as a seat's, without `me` and private fields."""
    game = busy_round()
    play(game, Select(0, X), Select(1, X), Select(2, Y))
    for viewer in (None, 0, 1, 2):
        seen = view(game.state, viewer)
        assert seen["log"] == [redact_event(e, viewer, False) for e in game.state.events]
    spectator = view(game.state, None)
    seat = view(game.state, 1)
    assert set(seat) - set(spectator) == {"me"}


def test_everything_is_revealed_at_the_end() -> None:
    """PUBLIC-1 / PUBLIC-2: at the end every wallet, hidden bill, bonus and the seed."""
    game, _ = scored(
        SLOT,
        copies=[{"kind": RACK, "owner": 0, "exact": True}],
        wallets={1: [bill(40_000)]},
    )
    game.state.events.append(Event("vault_raid", {"seat": 1}, {"card": 5, "value": 10_000}, [1]))
    final = view(game.state, None)
    assert final["players"][1]["wallet"] == [{"card": bill(40_000), "value": 40_000}]
    assert final["copies"][0]["bonus"] == 5_000
    assert final["log"][-1]["card"] == 5
    assert final["seed"] == game.state.seed
    assert final["result"]["investigated"] == SLOT


# The rules block, written out from the rules text (not from cards.py), so a changed constant
# fails here: SETUP-4 deck, SETUP-5 rounds, BRIBE-3, BRIBE-5, BUY-4, BUDGET-1, SETUP-6 table,
# BUY-8 prices, REVIEW-1 bonuses, SETUP-1 players, SETUP-3 timers.
RULES = {
    "deck": [
        [10_000, 8],
        [20_000, 10],
        [30_000, 10],
        [40_000, 8],
        [50_000, 8],
        [60_000, 6],
        [70_000, 4],
        [80_000, 4],
        [100_000, 2],
    ],
    "rounds": 8,
    "protection_minimum": 50_000,
    "entry_price": 20_000,
    "exact_bonus": 5_000,
    "budget_exact_bonus": 10_000,
    "addition_cost": {
        "clearance_rack": 20_000,
        "vending_machines": 30_000,
        "charging_stations": 50_000,
        "pawn_shop": 80_000,
        "slot_machine": 150_000,
    },
    "addition_points": {
        "clearance_rack": 20_000,
        "vending_machines": 40_000,
        "charging_stations": 80_000,
        "pawn_shop": 130_000,
        "slot_machine": 250_000,
    },
    "weapon_prices": [100_000, 80_000, 60_000, 40_000, 20_000, 0],
    "review_bonus": [0, 10_000, 30_000, 60_000, 100_000, 150_000],
    "min_players": 3,
    "max_players": 6,
    "round_timers": [15, 30, 45, 60, 180, 300, 600],
    "bribe_timers": [15, 30, 45],
}


def test_the_rules_block_is_public_and_the_same_for_everyone() -> None:
    """PUBLIC-1 / PUBLIC-2: the game's constants are in every view, spectators' included,
    identical for every viewer and every moment, with exactly these keys."""
    game = busy_round()
    viewers: list[int | None] = [None, 0, 1, 2]
    assert all(view(game.state, v)["rules"] == RULES for v in viewers)
    assert list(view(game.state, None)["rules"]) == list(RULES)  # exactly these keys
    play(game, Select(0, X), Select(1, X), Select(2, Y))
    assert all(view(game.state, v)["rules"] == RULES for v in viewers)
    final, _ = scored(SLOT)
    assert view(final.state, None)["rules"] == RULES == public_rules()
    # A view is its caller's to change: changing one leaves the next one whole.
    view(game.state, 0)["rules"]["deck"].clear()
    assert view(game.state, 0)["rules"] == RULES


def test_the_client_unit_tests_use_the_engines_rules() -> None:
    """tests/js/laundermat-rules.json is what views carry as game.rules (no drifting copy)."""
    import json
    from pathlib import Path

    from laundermat.games.laundermat.engine import public_rules

    fixture = Path(__file__).resolve().parents[2] / "js" / "laundermat-rules.json"
    assert json.loads(fixture.read_text()) == json.loads(json.dumps(public_rules()))
