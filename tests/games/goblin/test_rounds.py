"""Whole games: rounds (GSETUP-5, GROUND-1), laundry order (GWASH-1), Baskets never run dry
(GWASH-7), secured cards stay (GWASH-8), the pile's use (GFILL-5)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from laundermat.games.goblin.cards import PROGRAMS, cycle_of_round, hand_size
from laundermat.games.goblin.match import GoblinMatch

from .builders import new, play


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_gsetup_5_and_ground_1_four_rounds_then_scoring(players: int) -> None:
    """GSETUP-5."""
    match = new(players, seed=players)
    play(match, seed=1)
    log = match.view(None)["log"]
    rounds = [e for e in log if e["kind"] == "round"]
    assert [e["round"] for e in rounds] == [1, 2, 3, 4]
    for e in rounds:  # each round's active Program is the type-r one, face up from its round
        r = e["round"]
        assert [PROGRAMS[p].type for p in e["programs"]] == [
            ("I", "II", "III", "IV")[r - 1]
        ] * players
    assert log[-1]["kind"] == "over" and match.over() and match.window() is None
    assert log[-1]["winners"] == match.result()["winners"]
    # Cards left in Baskets do not count: the result reads the Score Zones only.
    assert "baskets" in match.view(0)


def test_ground_1_the_next_program_turns_face_up_each_round() -> None:
    """GROUND-1 / GSETUP-4: in round r, another seat sees the Programs of types up to r."""
    match = new(3, seed=11)
    types = ("I", "II", "III", "IV")
    seen: list[tuple[int, list[tuple[str, bool]]]] = []

    def record(m: object) -> bool:
        view = match.view(0)
        row = [(r["type"], r["id"] is not None) for r in view["players"][1]["programs"]]
        seen.append((view["round"], row))
        return False

    play(match, seed=2, until=record)
    assert {r for r, _ in seen} == {1, 2, 3, 4}
    for round_number, row in seen:
        assert all(up == (types.index(t) < round_number) for t, up in row)
        assert [t for t, _ in row] == list(types[len(types) - len(row) :])


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_gwash_1_order_is_the_lead_then_the_direction(players: int) -> None:
    """GWASH-1."""
    match = new(players, seed=20 + players)
    play(match, seed=3)
    log = match.view(None)["log"]
    current: dict[str, Any] = {}
    washers: list[int] = []
    for e in [*log, {"kind": "round"}]:
        if e["kind"] == "round":
            if current:
                lead, d = current["lead"], (1 if current["direction"] == "cw" else -1)
                assert washers == [(lead + d * i) % players for i in range(players)]
            current, washers = e, []
        elif e["kind"] == "laundry":
            washers.append(e["seat"])


def _watch_baskets(problems: list[str]) -> Callable[[GoblinMatch], bool]:
    """GWASH-7 and GWASH-8, checked at every step of a game."""
    zones: dict[int, list[str]] = {}

    def check(match: GoblinMatch) -> bool:
        state = match.state
        if state.washer is not None and len(state.drawn) == 1:
            need = hand_size(state.n, state.round) if state.n > 2 else cycle_of_round(state.round)
            if len(state.players[state.washer].basket) + 1 < need + (
                0 if (state.n == 5 and state.round == 4) else 1
            ):
                problems.append(f"round {state.round}: a Basket held too few at its laundry")
        for p in state.players:
            if p.score_cards[: len(zones.get(p.seat, []))] != zones.get(p.seat, []):
                problems.append("a secured card left its Score Zone")
            zones[p.seat] = list(p.score_cards)
        return False

    return check


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("strategy", ["random", "heuristic"])
def test_gwash_7_a_basket_never_runs_dry_and_gwash_8_zones_only_grow(
    players: int, strategy: str
) -> None:
    """GWASH-7."""
    problems: list[str] = []
    for seed in range(6):
        match = new(players, seed=seed)
        play(match, seed=seed, strategy=strategy, until=_watch_baskets(problems))
        assert match.over()
    assert problems == []


@pytest.mark.parametrize(("players", "left"), [(2, 90 - 38), (3, 90 - 57), (4, 90 - 76), (5, 0)])
def test_gfill_5_the_pile_never_runs_out(players: int, left: int) -> None:
    """GFILL-5."""
    match = new(players, seed=5)
    play(match, seed=5)
    assert len(match.state.pile) == left
