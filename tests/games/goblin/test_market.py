"""The 2-player market (GMARKET-1, GMARKET-2)."""

from __future__ import annotations

import pytest

from laundermat.games import RuleError
from laundermat.games.goblin.cards import PROGRAMS

from .builders import act, new, time_out


@pytest.mark.parametrize("seed", range(5))
def test_gmarket_1_deck_and_three_face_up(seed: int) -> None:
    """GMARKET-1."""
    match = new(2, seed)
    s = match.state
    assert s.window_kind == "market" and len(s.market_up) == 3 and len(s.market_deck) == 3
    assert all(p.hand == [] for p in s.players)  # no pick-and-pass with 2 players
    market = match.view(None)["market"]
    assert market["face_up"] == s.market_up and market["deck_size"] == 3


def test_gmarket_2_lower_temperature_first_then_alternate() -> None:
    """GMARKET-2."""
    match = new(2, seed=7)
    s = match.state
    temps = [PROGRAMS[p.programs[0]].temperature for p in s.players]
    first = temps.index(min(temps))
    assert s.window_actors == [first]
    taken: list[list[str]] = [[], []]
    for i in range(6):  # 2 x Cycle picks in round 1
        seat = (first + i) % 2
        assert s.window_actors == [seat]
        card = s.market_up[0]
        act(match, type="pick", seat=seat, card=card)
        taken[seat].append(card)
        entry = [e for e in match.view(1 - seat)["log"] if e["kind"] == "market_pick"][-1]
        assert (entry["seat"], entry["card"]) == (seat, card)  # public
    assert [len(t) for t in taken] == [3, 3]  # Cycle cards each
    assert s.window_kind in ("laundry", "keep") or s.washed > 0
    with pytest.raises(RuleError):
        act(match, type="pick", seat=0, card=taken[0][0])


def test_gmarket_2_refuses_a_card_not_face_up_and_defaults_on_timeout() -> None:
    """GMARKET-2."""
    match = new(2, seed=8)
    s = match.state
    seat = s.window_actors[0]
    with pytest.raises(RuleError) as refused:
        act(match, type="pick", seat=seat, card=s.market_deck[0])
    assert refused.value.code == "card_not_in_market"
    with pytest.raises(RuleError) as wrong:
        act(match, type="pick", seat=1 - seat, card=s.market_up[0])
    assert wrong.value.code == "not_your_turn"
    up = list(s.market_up)
    time_out(match)
    assert s.players[seat].known[0] in up


def test_gmarket_2_picks_are_public_so_both_know_them() -> None:
    """GMARKET-2: GPRIVATE-1: in the 2-player game every market pick still in a Basket is public."""
    match = new(2, seed=9)
    s = match.state
    seat = s.window_actors[0]
    card = s.market_up[1]
    act(match, type="pick", seat=seat, card=card)
    assert match.view(1 - seat)["players"][seat]["market_picks"] == [card]
    assert match.view(seat)["me"]["basket_known"] == [card]
    assert "market_picks" not in new(3).view(0)["players"][0]
