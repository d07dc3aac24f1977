"""Games for the Goblin tests: new ones, played ones, and rigged ones (cards and Programs
moved where a test needs them, every card still in exactly one place)."""

from __future__ import annotations

import random
from typing import Any

from laundermat.games.goblin import GAME, GoblinMatch, flow, laundry
from laundermat.games.goblin.invariants import check_lite
from laundermat.games.goblin.state import GameState
from laundermat.games.kit.windows import Timeout


def new(players: int = 3, seed: int = 1, timer: int = 30) -> GoblinMatch:
    return GAME.new(seed, [f"p{i}" for i in range(players)], {"decision_timer": timer})


def act(match: GoblinMatch, **command: Any) -> None:
    match.apply(match.parse(command))


def time_out(match: GoblinMatch) -> None:
    window = match.window_id()
    assert window is not None
    match.apply(Timeout(window))


def play(match: GoblinMatch, seed: int = 0, strategy: str = "random", until: Any = None) -> None:
    """Bots play every seat (a timeout when the chosen one waits) until `until` or the end."""
    rng = random.Random(seed)
    bots = [GAME.bot(random.Random(seed + s), 0.0, strategy) for s in range(match.state.n)]
    while not match.over() and not (until and until(match)):
        pending = match.pending()
        window = match.window()
        assert window is not None
        seat = rng.choice(pending or list(window.actors))
        wire = bots[seat].decide(match.view(seat))
        if wire is None:
            time_out(match)
        else:
            match.apply(match.parse(wire))


def _take(state: GameState, card: str) -> None:
    """Remove `card` from wherever it is (pile, a hand, a Basket)."""
    for stack in [state.pile] + [p.hand for p in state.players] + [p.basket for p in state.players]:
        if card in stack:
            stack.remove(card)
            for p in state.players:
                if card in p.known:
                    p.known.remove(card)
            return
    raise AssertionError(f"{card} is not in a pile, hand or Basket")


def rig_basket(state: GameState, seat: int, cards: list[str]) -> None:
    """Seat's Basket becomes `cards`, drawn first to last; its old cards go to the pile."""
    for card in cards:
        _take(state, card)
    player = state.players[seat]
    state.pile += player.basket
    player.basket = list(reversed(cards))
    player.known = []


def rig_program(state: GameState, seat: int, round_number: int, program: str) -> None:
    """Seat's Program of that round becomes `program` (swapped with wherever it was)."""
    player = state.players[seat]
    old = player.programs[round_number - 1]
    if old == program:
        return
    for other in state.players:
        if program in other.programs:
            i = other.programs.index(program)
            other.programs[i] = old
            other.row[other.row.index(program)] = old
            break
    else:
        state.undealt_programs[state.undealt_programs.index(program)] = old
    player.programs[round_number - 1] = program
    player.row[player.row.index(old)] = program


def start_laundry(
    match: GoblinMatch, seat: int, program: str, basket: list[str], potion_used: bool = False
) -> GameState:
    """Round 1's fill skipped: `seat` washes first with `program`, drawing `basket` in order."""
    state = match.state
    for p in state.players:
        state.pile += p.hand
        p.hand = []
        p.pick = None
    rig_program(state, seat, 1, program)
    rig_basket(state, seat, basket)
    state.players[seat].potion_used = potion_used
    state.order = [(seat + i) % state.n for i in range(state.n)]
    state.washed = 0
    state.window_kind = None
    flow.proceed(state, laundry.next_laundry(state))
    flow.advance(state)
    assert check_lite(state) == []
    return state
