"""Windows, absent and away players, and the round's end: GEN-3, GEN-4, ROUND-1."""

from __future__ import annotations

import pytest

from laundermat.games.laundermat.engine import (
    BuyWeapon,
    Done,
    Game,
    Phase,
    ScriptedChance,
    Select,
    SetAway,
    Skip,
    view,
)
from laundermat.games.laundermat.scoring import result

from .builders import bill, build, first, of_kind, play, timeout

X = bill(10_000, 7)
Y = bill(20_000, 9)
Z = bill(30_000, 9)


def test_an_absent_player_stays_seated_and_is_scored() -> None:
    """GEN-3: a player who never acts still counts in N, times out, and is scored."""
    game = Game.new(5, ["ann", "bob", "cat"])
    while game.state.phase is not Phase.OVER:
        state = game.state
        if state.phase is Phase.DRAFT:
            assert len(state.display) == 4  # N + 1 with N = 3
            for seat in (0, 1):
                if state.players[seat].selection is None:
                    play(game, Select(seat, state.display[seat]))
                    break
            else:
                timeout(game)  # seat 2 never acts
        else:
            timeout(game)
        assert game.state.n == 3
    locks = of_kind(game.state.events, "draft_locked")
    assert len(locks) == 8 and all(lock.public["timed_out"] == [2] for lock in locks)
    res = result(game.state)
    assert [p.seat for p in res.players] == [0, 1, 2]
    assert res.players[2].total == 0 and not res.players[2].disqualified


def test_away_players_are_not_waited_for_in_the_draft() -> None:
    """GEN-4: the draft closes once every player who is not away has selected."""
    game = build(3, display=[X, Y, Z, bill(40_000, 7)], away=[2])
    play(game, Select(0, X))
    assert game.state.phase is Phase.DRAFT
    play(game, Select(1, Y))
    assert first(game.state.events, "draft_locked").public["timed_out"] == [2]


def test_going_away_can_close_the_window() -> None:
    """GEN-4: the room's away notice is applied like a command and may close the window;
    away is public."""
    game = build(3, display=[X, Y, Z, bill(40_000, 7)])
    play(game, Select(0, X), Select(1, Y))
    events = play(game, SetAway(2, True))
    assert first(events, "away").public == {"seat": 2, "away": True}
    assert "draft_locked" in [e.kind for e in events]
    assert view(game.state, 0)["players"][2]["away"] is True
    play(game, SetAway(2, False))
    assert view(game.state, None)["players"][2]["away"] is False


@pytest.mark.parametrize(
    "phase",
    [
        pytest.param(Phase.PURCHASE, id="GEN-4 BUY-2 purchase window"),
        pytest.param(Phase.BRIBE_PROTECT, id="GEN-4 BRIBE-1 bribery stage"),
    ],
)
def test_away_players_are_timed_out_in_group_windows(phase: Phase) -> None:
    game = build(3, phase=phase, round=8, collected=[0, 1, 2], away=[1])
    if phase is Phase.PURCHASE:
        play(game, Skip(0), Skip(2))
    else:
        play(game, Done(0), Done(2))
    assert game.state.phase is not phase


def test_an_away_seniority_owner_declines_at_once() -> None:
    """GEN-4 / SENIORITY-1: a decision window whose only actor is away closes as a timeout."""
    cheap = [bill(10_000, 0), bill(10_000, 1)]
    game = build(
        3,
        display=[X, Y],
        vault=cheap,
        weapons={1: "seniority"},
        away=[1],
        chance=ScriptedChance(values={"vault_deal": cheap}, dice=[6, 6]),
    )
    play(game, Select(0, X), Select(2, Y))  # seat 1 is away: lock at once, no collision
    assert game.state.phase is Phase.PURCHASE
    # A collision with the away owner in it: the claim window closes at once.
    game = build(
        3,
        display=[X, Y],
        vault=cheap,
        weapons={1: "seniority"},
        selections={1: X},
        chance=ScriptedChance(values={"vault_deal": cheap}, dice=[6, 6]),
    )
    play(game, SetAway(1, True), Select(0, X), Select(2, Y))
    assert first(game.state.events, "seniority_decline").public == {"seat": 1}
    assert not game.state.players[1].seniority_used
    assert [e.public["seat"] for e in of_kind(game.state.events, "vault_raid")] == [0, 1]


def test_an_away_raider_discards_the_alarm_bill() -> None:
    """GEN-4 / VAULT-6: the Alarm decision of an away raider closes at once: discarded."""
    card = bill(80_000, 0)
    game = build(
        3,
        display=[X, Y],
        vault=[card],
        selections={0: X},
        wallets={0: [bill(50_000)]},
        chance=ScriptedChance(values={"vault_deal": [card, X]}, dice=[6, 6]),
    )
    play(game, SetAway(0, True), Select(1, X), Select(2, Y))
    assert card in game.state.spent
    assert game.state.phase is Phase.PURCHASE
    assert first(game.state.events, "alarm_discard").public["seat"] == 0


def test_next_round_after_the_purchase_window() -> None:
    """ROUND-1: after the purchase window closes, the next round begins with a new draft."""
    game = build(3, phase=Phase.PURCHASE, round=3, collected=[0])
    events = play(game, Skip(0))
    assert first(events, "round").public["round"] == 4
    window = game.window()
    assert window is not None and window.kind is Phase.DRAFT
    assert len(game.state.display) == 4


def test_a_weapon_bought_in_round_eight_never_acts() -> None:
    """ROUND-1: a weapon may be bought in round 8; one that needs a later draft never acts."""
    game = build(
        3,
        phase=Phase.PURCHASE,
        round=8,
        collected=[0],
        weapon_market=["seniority"],
        wallets={0: [bill(100_000)]},
    )
    play(game, BuyWeapon(0, "seniority", (bill(100_000),)))
    assert game.state.players[0].weapon == "seniority"
    assert game.state.phase is Phase.BRIBE_PROTECT
    while game.state.phase is not Phase.OVER:
        timeout(game)
    assert not game.state.players[0].seniority_used
    assert game.window() is None and game.windows() == []


def test_when_everyone_is_away_every_window_closes_at_once() -> None:
    """GEN-4 as written: with every player away no window waits, so the rest of the game runs
    out in the one step that makes the last player away (everyone times out)."""
    game = Game.new(1, ["ann", "bob", "cat"])
    play(game, SetAway(0, True), SetAway(1, True))
    assert game.state.phase is Phase.DRAFT
    play(game, SetAway(2, True))
    assert game.state.phase is Phase.OVER
    assert game.state.round == 8
    assert result(game.state).winners == [0, 1, 2]
