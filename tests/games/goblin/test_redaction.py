"""What is public and what is private (GPUBLIC-1, GPUBLIC-2, GPRIVATE-1, GPRIVATE-2):
one redaction path, checked directly, as twin games that differ in one hidden fact, and by
planting leaks the checks must catch."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from laundermat.games.goblin import GAME, GoblinMatch, coach, invariants, views
from laundermat.games.goblin.invariants import card_ids, check_redaction
from laundermat.games.goblin.state import GameState

from .builders import act, new, play


def test_gprivate_1_a_hand_reaches_only_its_owner() -> None:
    """GPRIVATE-1."""
    match = new(4, seed=3)
    for viewer in (None, 0, 1, 2, 3):
        view = match.view(viewer)
        shown = card_ids(view)
        for p in match.state.players:
            if p.seat != viewer:
                assert not shown & set(p.hand)
            assert view["players"][p.seat]["hand_size"] == len(p.hand)
        if viewer is not None:
            assert view["me"]["hand"] == match.state.players[viewer].hand


def test_gprivate_2_no_order_no_generator_no_pile_in_any_view() -> None:
    """GPRIVATE-2."""
    match = new(3, seed=4)
    play(match, seed=4, until=lambda m: m.state.round == 2)
    state = match.state
    for viewer in (None, 0, 1, 2):
        view = match.view(viewer)
        assert "seed" not in view and "baskets" not in view
        assert str(state.rng) not in str(view)
        assert not card_ids(view) & set(state.pile)
        assert view["pile_size"] == len(state.pile)


def _public(view: dict[str, Any], secrets: list[dict[str, Any] | None]) -> dict[str, Any]:
    """A seat's view without its own part: no `me`, and its log entries without their secrets."""
    out = dict(view, viewer=None)
    out.pop("me")
    out["log"] = [
        {k: v for k, v in entry.items() if k not in (secret or {})}
        for entry, secret in zip(view["log"], secrets, strict=True)
    ]
    return out


@pytest.mark.parametrize("players", [2, 3, 5])
def test_gpublic_2_spectators_see_what_every_seat_sees_publicly(players: int) -> None:
    """GPUBLIC-2."""
    match = new(players, seed=7)
    for stop_round in (1, 2, 4):
        play(match, seed=stop_round, until=lambda m, r=stop_round: m.state.round > r - 1)
        spectator = match.view(None)
        assert "me" not in spectator
        for seat in range(players):
            secrets = [e.secret if seat in e.to else None for e in match.state.events]
            assert _public(match.view(seat), secrets) == spectator


def test_gpublic_1_the_end_reveals_everything() -> None:
    """GPUBLIC-1."""
    match = new(3, seed=8)
    play(match, seed=8)
    view = match.view(None)
    assert view["seed"] == 8 and len(view["baskets"]) == 3
    assert all(p["gave"] is not None and len(p["gave"]) == 4 for p in view["players"])
    assert all(r["id"] for p in view["players"] for r in p["programs"])
    picked = [e for e in view["log"] if e["kind"] == "into_basket"]
    assert picked and all("card" in e for e in picked)


# ---------------------------------------------------------------- twin games


def _twins(seed: int, players: int, differ: Any) -> tuple[GoblinMatch, GoblinMatch]:
    a = GAME.new(seed, [f"p{i}" for i in range(players)], {})
    b = GAME.restore(a.snapshot())
    differ(b.state)
    assert a.snapshot() != b.snapshot()
    return a, b


def _lockstep(a: GoblinMatch, b: GoblinMatch, seed: int, watchers: Any, until: Any) -> int:
    """Random commands chosen in `a`, applied to both; `watchers(a)` see identical views."""
    rng = random.Random(seed)
    bots = [GAME.bot(random.Random(seed + i), 0.05) for i in range(a.state.n)]
    compared = 0
    while not a.over() and not until(a):
        for seat in watchers(a):
            assert a.view(seat) == b.view(seat), f"seat {seat} sees the difference"
            if seat is not None:  # nor does its coach (issue 33 §3)
                assert GAME.hint(a.view(seat)) == GAME.hint(b.view(seat)), f"seat {seat}'s hint"
            compared += 1
        window = a.window()
        assert window is not None
        seat = rng.choice(a.pending() or list(window.actors))
        wire = bots[seat].decide(a.view(seat)) or GAME.timeout(a, window.id).to_dict()
        a.apply(a.parse(wire))
        b.apply(b.parse(wire))
    return compared


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5))
def test_twins_differing_in_a_setup_basket_card(seed: int, players: int) -> None:
    """GPRIVATE-2: the setup card is unseen by everyone, its owner too, until it is drawn."""

    def differ(state: GameState) -> None:
        p = state.players[0]
        p.basket[0], state.pile[0] = state.pile[0], p.basket[0]
        p.setup_card = p.basket[0]

    a, b = _twins(seed, players, differ)
    setup_card = a.state.players[0].basket[0]
    other = b.state.players[0].basket[0]

    def drawn(m: GoblinMatch) -> bool:
        """Drawn in a laundry; or the pile card it was swapped with is dealt (with 5 players
        the whole pile is, GFILL-5), so that card's new holder may tell the twins apart."""
        seen = m.state.drawn + m.state.players[0].score_cards + m.state.removed_cards
        return setup_card in seen or other not in m.state.pile

    assert _lockstep(a, b, seed, lambda m: [None, *range(players)], drawn) > 0


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5))
def test_twins_differing_in_a_face_down_program(seed: int, players: int) -> None:
    """GPRIVATE-2: another player's face-down Program stays hidden until its round."""

    def differ(state: GameState) -> None:
        p = state.players[1]
        spare = [x for x in state.undealt_programs if int(x[1:]) >= 16]  # type IV
        if spare:
            i = state.undealt_programs.index(spare[0])
            state.undealt_programs[i], p.programs[3] = p.programs[3], spare[0]
        else:  # 5 players deal every Program IV: swap with seat 2's, who then knows
            q = state.players[2]
            p.programs[3], q.programs[3] = q.programs[3], p.programs[3]
            q.row[3] = q.programs[3]
        p.row[3] = p.programs[3]

    a, b = _twins(seed, players, differ)

    def others(m: GoblinMatch) -> list[int | None]:
        return [None, *(s for s in range(players) if s not in (1, 2))]

    assert _lockstep(a, b, seed, others, lambda m: m.state.round == 4) > 0
    assert a.view(0)["players"][1]["programs"] != b.view(0)["players"][1]["programs"]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_twins_differing_in_one_card_of_a_hand(players: int) -> None:
    """GPRIVATE-1: until the hand passes, only its holder can tell the twins apart."""

    def differ(state: GameState) -> None:
        p = state.players[0]
        p.hand[-1], state.pile[0] = state.pile[0], p.hand[-1]

    a, b = _twins(players, players, differ)
    act(a, type="pick", seat=0, card=a.state.players[0].hand[0])
    act(b, type="pick", seat=0, card=b.state.players[0].hand[0])

    def others(m: GoblinMatch) -> list[int | None]:
        return [None, *range(1, players)]

    assert _lockstep(a, b, 1, others, lambda m: m.state.step > 1) > 0
    assert a.view(0)["me"]["hand"] != b.view(0)["me"]["hand"] or a.state.step > 1


# ---------------------------------------------------------------- the checks can fail


def test_the_redaction_check_catches_a_planted_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    match = new(3, seed=9)
    real = views._players

    def leaky(state: GameState, revealed: bool) -> list[dict[str, Any]]:
        out = real(state, revealed)
        for entry, p in zip(out, state.players, strict=True):
            entry["hand"] = list(p.hand)  # a hand in the public part
        return out

    monkeypatch.setattr(views, "_players", leaky)
    found = [p for seed in range(6) for p in check_redaction(match.state, random.Random(seed))]
    assert any("other hands" in p or "depends on swap_hand_card" in p for p in found)


def test_the_redaction_check_catches_a_leaked_basket_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    match = new(3, seed=10)
    play(match, seed=10, until=lambda m: m.state.phase == "laundry")
    real = views._players

    def leaky(state: GameState, revealed: bool) -> list[dict[str, Any]]:
        out = real(state, revealed)
        for entry, p in zip(out, state.players, strict=True):
            entry["top"] = p.basket[-1] if p.basket else None
        return out

    monkeypatch.setattr(views, "_players", leaky)
    found = [p for seed in range(8) for p in check_redaction(match.state, random.Random(seed))]
    assert any("depends on" in p for p in found)


def test_the_redaction_check_catches_a_hint_that_reads_the_state(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """GPRIVATE-1, GPRIVATE-2 for the coach: a hint that names another seat's card, or
    depends on the pile's order, is caught (the real one takes the seat's view only)."""
    match = new(3, seed=9)
    real_hint, real_view = coach.hint, invariants.view  # type: ignore[attr-defined]
    drawn_from: list[GameState] = []  # the state of the view just built: a hint must not read it

    def spied(state: GameState, viewer: int | None, log_from: int = 0) -> dict[str, Any]:
        drawn_from[:] = [state]
        return real_view(state, viewer, log_from)

    def leaky(view: dict[str, Any]) -> dict[str, Any]:
        out = real_hint(view) or {"text": "", "rules": [], "command": None}
        state = drawn_from[0]
        other = state.players[(view["me"]["seat"] + 1) % state.n]
        return {**out, "cards": other.hand[:1], "text": f"{hash(tuple(state.pile))}"}

    monkeypatch.setattr(invariants, "view", spied)
    monkeypatch.setattr(coach, "hint", leaky)
    found = [p for seed in range(8) for p in check_redaction(match.state, random.Random(seed))]
    assert any("hint names cards its view does not" in p for p in found), found
    assert any("hint depends on" in p for p in found), found


@pytest.mark.parametrize("players", [2, 3, 5])
def test_gpublic_1_gprivate_2_the_end_shows_the_pile_undealt_programs_and_setup_cards(
    players: int,
) -> None:
    """Hidden from everyone until the end (GPRIVATE-2), then in every view (GPUBLIC-1)."""
    match = new(players, seed=12)
    setup_cards = [p.basket[0] for p in match.state.players]  # dealt before any pick
    undealt = list(match.state.undealt_programs)
    before = match.view(None)
    assert "pile" not in before and "programs_undealt" not in before
    assert all(p["setup_card"] is None for p in before["players"])
    play(match, seed=12)
    pile = list(match.state.pile)
    assert len(pile) == 90 - {2: 38, 3: 57, 5: 90}[players]  # GFILL-5
    for viewer in (None, *range(players)):
        view = match.view(viewer)
        assert view["pile"] == pile  # in order: the next card drawn would be the last
        assert view["programs_undealt"] == undealt and len(undealt) == 20 - 4 * players
        assert [p["setup_card"] for p in view["players"]] == setup_cards
