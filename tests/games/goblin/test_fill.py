"""Fill the Baskets (GFILL-2..4), with lead and direction (GSETUP-6) and presence (GGEN-3..5)."""

from __future__ import annotations

import pytest

from laundermat.games import RuleError
from laundermat.games.goblin.cards import PROGRAMS
from laundermat.games.goblin.invariants import card_ids

from .builders import act, new, time_out


def test_gsetup_6_lead_is_the_hottest_active_program() -> None:
    """GSETUP-6."""
    for seed in range(10):
        match = new(4, seed)
        s = match.state
        temps = [PROGRAMS[p.programs[0]].temperature for p in s.players]
        assert s.lead == temps.index(max(temps))
        assert s.direction == PROGRAMS[s.players[s.lead].programs[0]].direction
        view = match.view(None)
        assert (view["lead"], view["direction"]) == (s.lead, s.direction)


def test_gfill_2_picks_are_secret_and_changeable_until_lock() -> None:
    """GFILL-2."""
    match = new(3)
    hand = list(match.state.players[0].hand)
    act(match, type="pick", seat=0, card=hand[0])
    act(match, type="pick", seat=0, card=hand[1])  # a changed mind
    assert match.state.players[0].pick == hand[1]
    other = match.view(1)
    assert other["players"][0]["picked"] is True
    assert hand[1] not in card_ids(other)
    assert match.view(0)["me"]["picked"] == hand[1]
    assert match.pending() == [1, 2]
    with pytest.raises(RuleError) as refused:
        act(match, type="pick", seat=1, card=hand[2])  # not in seat 1's hand
    assert refused.value.code == "card_not_in_hand"


def test_gfill_3_hands_pass_in_the_rounds_direction() -> None:
    """GFILL-3."""
    match = new(4, seed=3)
    s = match.state
    d = 1 if s.direction == "cw" else -1
    before = [list(p.hand) for p in s.players]
    window = match.window_id()
    for p in s.players:
        act(match, type="pick", seat=p.seat, card=p.hand[0])
    assert match.window_id() == (window or 0) + 1  # GFILL-2 repeats in a new window
    for p in s.players:
        assert p.hand == before[(p.seat - d) % 4][1:]
        assert p.basket[-1] == before[p.seat][0] and p.known == [before[p.seat][0]]


def test_gfill_3_the_last_card_goes_to_the_neighbours_basket_unseen() -> None:
    """GFILL-3."""
    match = new(3, seed=5)
    s = match.state
    d = 1 if s.direction == "cw" else -1
    for _ in range(2):  # round 1: H = 3, so two picks
        last = [list(p.hand) for p in s.players]
        for p in s.players:
            act(match, type="pick", seat=p.seat, card=p.hand[0])
    gifts = [hand[1] for hand in last]
    for p in s.players:
        assert p.gave == [gifts[p.seat]]
        receiver = s.players[(p.seat + d) % 3]
        assert gifts[p.seat] in receiver.basket or gifts[p.seat] in receiver.score_cards + s.drawn
        assert gifts[p.seat] not in receiver.known  # its receiver does not see it
    gift_log = [e for e in match.view(1)["log"] if e["kind"] == "gift"]
    assert [("card" in e) for e in gift_log] == [e["from"] == 1 for e in gift_log]


def test_gfill_4_baskets_are_shuffled_then_the_laundry_starts() -> None:
    """GFILL-4."""
    orders = set()
    for seed in range(8):
        match = new(3, seed)
        while match.state.phase == "fill":
            time_out(match)
        log = [e["kind"] for e in match.view(None)["log"]]
        assert log.index("shuffle") < log.index("laundry")
        orders.add(tuple(match.state.players[0].basket[-2:]))
    assert len(orders) > 1


def test_ggen_5_a_timed_out_pick_takes_a_random_card() -> None:
    """GGEN-5."""
    match = new(3, seed=2)
    hands = [list(p.hand) for p in match.state.players]
    act(match, type="pick", seat=0, card=hands[0][2])
    time_out(match)
    lock = next(e for e in match.view(None)["log"] if e["kind"] == "lock")
    assert lock["defaulted"] == [1, 2]
    for p in match.state.players:
        assert p.known[0] in hands[p.seat]
    assert match.state.players[0].known == [hands[0][2]]


def test_ggen_4_the_pick_closes_once_everyone_present_has_picked() -> None:
    """GGEN-4."""
    match = new(3, seed=4)
    act(match, type="set_away", seat=2, away=True)
    step = match.state.step
    act(match, type="pick", seat=0, card=match.state.players[0].hand[0])
    assert match.state.step == step
    act(match, type="pick", seat=1, card=match.state.players[1].hand[0])
    assert match.state.step == step + 1  # seat 2, away, got the default (GGEN-3: still plays)
    assert len(match.state.players[2].known) == 1


def test_ggen_3_absent_players_stay_seated_and_are_scored() -> None:
    """GGEN-3."""
    match = new(3, seed=6)
    for seat in range(3):
        act(match, type="set_away", seat=seat, away=True)
    assert match.over()  # nobody to wait for: every window defaults (GGEN-4/5)
    assert [p["seat"] for p in match.result()["players"]] == [0, 1, 2]
    with pytest.raises(RuleError) as refused:
        act(match, type="set_away", seat=0, away=False)
    assert refused.value.code == "game_over"


def test_ggen_4_away_is_public_and_refused_when_unchanged() -> None:
    """GGEN-4."""
    match = new(3)
    act(match, type="set_away", seat=1, away=True)
    assert match.view(0)["players"][1]["away"] is True
    with pytest.raises(RuleError) as refused:
        act(match, type="set_away", seat=1, away=True)
    assert refused.value.code == "presence_unchanged"


def test_ggen_4_a_window_closed_for_its_away_actor_is_logged_as_a_timeout() -> None:
    """GGEN-4."""
    match = new(2, seed=4)  # the market: one actor per window
    window = match.window()
    assert window is not None and window.kind == "market"
    act(match, type="set_away", seat=window.actors[0], away=True)
    log = match.view(None)["log"]
    timeouts = [e for e in log if e["kind"] == "timeout"]
    assert timeouts[0] == {
        "kind": "timeout",
        "window": window.id,
        "window_kind": "market",
        "away": True,
    }
    assert match.window_id() == window.id + 1  # the other seat's pick, open
    act(match, type="set_away", seat=window.actors[0], away=False)
    timed_out = match.window_id()
    time_out(match)  # a real timeout says so
    entry = next(e for e in match.view(None)["log"] if e.get("window") == timed_out)
    assert entry["kind"] == "timeout" and entry["away"] is False


def test_ggen_4_a_pick_defaulted_for_away_seats_is_not_a_timeout() -> None:
    """GGEN-4."""
    match = new(3, seed=4)
    act(match, type="set_away", seat=2, away=True)
    for seat in (0, 1):
        act(match, type="pick", seat=seat, card=match.state.players[seat].hand[0])
    assert not [e for e in match.view(None)["log"] if e["kind"] == "timeout"]
