"""What `simulate` checks after every command of a LaunderMat game (`GAME.invariants`), and
the tests with it. The JSON round trip and the non-interference check are the kit's
(games/kit/invariants.py); this module names LaunderMat's facts: where a bill may be, and
what a viewer may not know (`perturb`)."""

from __future__ import annotations

import copy
import dataclasses
import random
from collections import Counter

from ..kit import invariants as harness
from . import coach
from .cards import BILL_COUNT, MARKET_TOTAL
from .game import Game
from .state import LOST_FOUND_PICK, EventLog, GameState, Phase
from .views import view


def bill_places(state: GameState) -> Counter[int]:
    places: Counter[int] = Counter()
    for pile in (state.deck, state.display, state.vault, state.spent):
        places.update(pile)
    for player in state.players:
        places.update(player.wallet)
        if player.lost_found_draw is not None:
            places[player.lost_found_draw] += 1
    if state.alarm is not None:
        places[state.alarm.card] += 1
    return places


def check_bills(state: GameState) -> list[str]:
    """SETUP-4: each of the 60 bills is in exactly one place."""
    places = bill_places(state)
    bad = [b for b in range(BILL_COUNT) if places[b] != 1]
    extra = [b for b in places if not 0 <= b < BILL_COUNT]
    if bad or extra:
        return [f"bills not in exactly one place: {bad + extra}"]
    return []


def check_market(state: GameState) -> list[str]:
    """SETUP-6: stock plus owned copies is 25."""
    total = sum(state.market.values()) + len(state.copies)
    return [] if total == MARKET_TOTAL else [f"market stock + copies = {total}"]


def check_json(state: GameState) -> list[str]:
    return harness.round_trip(state, GameState.to_dict, GameState.from_dict)


def perturb(state: GameState, viewer: int | None, rng: random.Random) -> GameState:
    """A state that differs from `state` only in what `viewer` may not know (PRIVATE-1/2)."""
    other = copy.copy(state)
    other.deck = list(state.deck)
    other.vault = list(state.vault)
    other.spent = list(state.spent)
    other.players = [dataclasses.replace(p, wallet=list(p.wallet)) for p in state.players]
    other.copies = [dataclasses.replace(c) for c in state.copies]
    other.events = EventLog(
        dataclasses.replace(e) if e.secret is not None and viewer not in e.to else e
        for e in state.events
    )
    other.rng ^= rng.getrandbits(64) | 1
    rng.shuffle(other.deck)
    rng.shuffle(other.vault)
    rng.shuffle(other.spent)
    spare = list(range(1000, 1100))  # stand-in ids: the view must not depend on them at all
    for player in other.players:
        if player.lost_found_draw is not None:
            # LOSTFOUND-1: hidden from everyone, its user included, until the lock.
            player.lost_found_draw = spare.pop()
        if player.seat == viewer:
            continue
        if player.wallet:
            player.wallet = [spare.pop() for _ in range(rng.randint(1, 4))]
        if player.selection is not None and player.selection != LOST_FOUND_PICK:
            player.selection = LOST_FOUND_PICK if rng.random() < 0.5 else spare.pop()
        if not player.lost_found_public:
            player.lost_found_used = rng.random() < 0.5
    for owned in other.copies:
        if owned.owner != viewer:
            owned.exact = not owned.exact
    for event in other.events:
        if event.secret is not None and viewer not in event.to:
            event.secret = {"leak": "this must never be shown"}
    return other


def check_redaction(state: GameState, rng: random.Random) -> list[str]:
    """No seat (or spectator) sees anything that depends on information hidden from it, and
    no seat's coach hint does either (coach.py: a hint is drawn from the view alone): one
    seat's hint per check, drawn at random (the heuristic behind it is the check's dearest
    part; over a game every seat is checked many times)."""
    if state.phase is Phase.OVER:
        return []
    problems = []
    viewers: list[int | None] = [None, *range(state.n)]
    coached = rng.randrange(state.n)
    public_rules = view(state, None)["rules"]
    for viewer in viewers:
        seen = view(state, viewer)
        hint = coach.hint(seen) if viewer == coached else None  # of this view, before others
        twin = ("hidden information", perturb(state, viewer, rng))  # all of it at once
        problems += harness.non_interference(seen, viewer, view, [twin])
        if viewer == coached and coach.hint(view(twin[1], viewer)) != hint:
            problems.append(f"the hint of {viewer} depends on hidden information")
        if seen["rules"] != public_rules:  # PUBLIC-1: the rules are the same for everyone
            problems.append(f"the rules block of {viewer} differs from the spectator's")
    return problems


def check_all(game: Game, rng: random.Random) -> list[str]:
    state = game.state
    return (
        check_bills(state) + check_market(state) + check_json(state) + check_redaction(state, rng)
    )


def check_lite(game: Game) -> list[str]:
    """The cheap checks (`simulate --check lite`): no JSON round trip, no redaction."""
    return check_bills(game.state) + check_market(game.state)
