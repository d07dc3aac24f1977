"""What `simulate` checks after every command (`GAME.invariants`).

- lite: every Clothing card and Program in exactly one place; each seat's known cards really
  in its Basket.
- full: also the Score Zones the public log describes are the state's, and an independent
  scorer, fed from that log, agrees with the engine's result (GSCORE-*); a JSON round trip;
  redaction as non-interference (GPRIVATE-1/2): a copy of the state that differs in one fact
  hidden from a viewer gives that viewer the identical view; and no other seat's hand card
  appears anywhere in a view but the rules' card table.

The JSON round trip, the twins and the scan for card ids are the kit's (games/kit/invariants.py);
this module names Goblin's facts.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ..kit import invariants as harness
from . import coach
from .cards import CLOTHING_IDS, MAJORITIES, PROGRAM_IDS, PROGRAMS, SPECIES_COINS
from .scoring import result
from .state import GameState
from .views import view


def card_places(state: GameState) -> Counter[str]:
    places: Counter[str] = Counter(state.pile)
    places.update(state.removed_cards)
    places.update(state.market_deck)
    places.update(state.market_up)
    places.update(state.drawn)
    for p in state.players:
        places.update(p.basket)
        places.update(p.hand)
        places.update(p.score_cards)
    return places


def program_places(state: GameState) -> Counter[str]:
    places: Counter[str] = Counter(state.undealt_programs)
    places.update(state.removed_programs)
    for p in state.players:
        places.update(p.row)
        places.update(p.score_programs)
    return places


def _once(places: Counter[str], ids: tuple[str, ...], what: str) -> list[str]:
    problems = [f"{what} {i} is in {places[i]} places" for i in ids if places[i] != 1]
    problems += [f"unknown {what} {i}" for i in places if i not in ids]
    return problems


def zones_from_log(state: GameState) -> tuple[list[list[str]], list[list[str]], list[bool]]:
    """Score Zones and used Potions as the public log tells them (GWASH-4..6, GPOTION-1)."""
    cards: list[list[str]] = [[] for _ in state.players]
    programs: list[list[str]] = [[] for _ in state.players]
    potions = [False] * state.n
    for e in state.events:
        seat: int = e.public.get("seat", -1)
        if e.kind == "completed":
            cards[seat] += e.public["cards"]
            programs[seat].append(e.public["program"])
        elif e.kind == "stopped":
            cards[seat] += e.public["cards"]
        elif e.kind == "kept":
            cards[seat].append(e.public["card"])
        elif e.kind == "draw" and e.public["potion"]:
            potions[seat] = True
    return cards, programs, potions


def independent_totals(state: GameState) -> list[int]:
    """GSCORE-1..6 written a second way, from the log's Score Zones."""
    from .cards import CLOTHING

    cards, programs, potions = zones_from_log(state)
    totals = []
    for seat, player in enumerate(state.players):
        zone = [CLOTHING[c] for c in cards[seat]]
        total = SPECIES_COINS * len([c for c in zone if c.species == player.species])
        total += sum(PROGRAMS[p].coins for p in programs[seat])
        for species in {c.species for c in zone}:
            total += 10 * (
                len([c for c in zone if c.type == "socks" and c.species == species]) // 2
            )
        total += sum(c.coins for c in zone if c.coins is not None)
        total += 0 if potions[seat] else 3
        totals.append(total)
    for kind, (first, second) in MAJORITIES.items():
        have = {s: len([c for c in cards[s] if CLOTHING[c].type == kind]) for s in range(state.n)}
        have = {s: k for s, k in have.items() if k}
        levels = sorted(set(have.values()), reverse=True)
        if not levels:
            continue
        top = [s for s, k in have.items() if k == levels[0]]
        if len(top) > 1:
            for s in top:
                totals[s] += second
            continue
        totals[top[0]] += first
        if len(levels) > 1:
            runners = [s for s, k in have.items() if k == levels[1]]
            if len(runners) == 1:
                totals[runners[0]] += second
    return totals


def check_lite(state: GameState) -> list[str]:
    """The cheap checks, for every command of a long run: each card and Program in one place,
    each seat's known cards in its Basket."""
    problems = _once(card_places(state), CLOTHING_IDS, "card")
    problems += _once(program_places(state), PROGRAM_IDS, "program")
    for p in state.players:
        if not Counter(p.known) <= Counter(p.basket):
            problems.append(f"seat {p.seat} knows cards not in its Basket")
    return problems


def check_scores(state: GameState) -> list[str]:
    """The Score Zones the public log tells are the state's; the scores recomputed from them
    by `independent_totals` are the engine's."""
    problems = []
    cards, programs, potions = zones_from_log(state)
    for p in state.players:
        if Counter(cards[p.seat]) != Counter(p.score_cards):
            problems.append(f"seat {p.seat}: Score Zone cards differ from the log")
        if programs[p.seat] != p.score_programs or potions[p.seat] != p.potion_used:
            problems.append(f"seat {p.seat}: Score Zone Programs or Potion differ from the log")
    engine = [p["total"] for p in result(state)["players"]]
    recomputed = independent_totals(state)
    if engine != recomputed:
        problems.append(f"scores {engine} != recomputed {recomputed}")
    return problems


def check_all(state: GameState, rng: random.Random) -> list[str]:
    problems = check_lite(state) + check_scores(state)
    problems += harness.round_trip(state, GameState.to_dict, GameState.from_dict)
    if not state.over:
        problems += check_redaction(state, rng)
    return problems


# ---------------------------------------------------------------- redaction


def _is_card_id(value: str) -> bool:
    return value[:1] == "C" and value[1:].isdigit()


def card_ids(view: Any) -> set[str]:
    """Every Clothing card a view names, but in its rules block (the card table)."""
    return harness.ids_in(view, _is_card_id)


# The facts a viewer may not know, each a perturbation of a copy (False: none to change now).


def _others(s: GameState, viewer: int | None) -> list[int]:
    return [p.seat for p in s.players if p.seat != viewer]


def reorder_basket(s: GameState, viewer: int | None) -> bool:
    """GPRIVATE-2: a Basket's order is nobody's to know."""
    p = s.players[random.Random(s.version).randrange(s.n)]
    if len(set(p.basket)) < 2:
        return False
    p.basket.reverse()
    return True


def swap_hand_card(s: GameState, viewer: int | None) -> bool:
    """GPRIVATE-1: another seat's hand card, with the pile's top."""
    holders = [w for w in _others(s, viewer) if s.players[w].hand]
    if not holders or not s.pile:
        return False
    p = s.players[holders[0]]
    i = len(p.hand) - 1
    was = p.hand[i]
    p.hand[i], s.pile[0] = s.pile[0], p.hand[i]
    if p.pick == was:
        p.pick = p.hand[i]
    return True


def swap_basket_card(s: GameState, viewer: int | None) -> bool:
    """A Basket card the viewer neither picked nor gave (public with 2 players: GMARKET-2)."""
    me = s.players[viewer] if viewer is not None else None
    known = set(me.known) | set(me.gave) if me else set()
    for p in s.players:
        public = set(p.known) if s.n == 2 else set()
        for i, card in enumerate(p.basket):
            if card not in known and card not in public and s.pile:
                p.basket[i], s.pile[0] = s.pile[0], card
                return True
    return False


def swap_program(s: GameState, viewer: int | None) -> bool:
    """Another seat's face-down Program, with an undealt one or a third seat's."""
    for w in _others(s, viewer):
        p = s.players[w]
        for r in range(max(s.round, 1), 4):
            mine = p.programs[r]
            spare = [u for u in s.undealt_programs if PROGRAMS[u].type == PROGRAMS[mine].type]
            spare += [s.players[x].programs[r] for x in _others(s, viewer) if x != w]
            if spare and mine in p.row:
                _swap_programs(s, mine, spare[0])
                return True
    return False


def change_pick(s: GameState, viewer: int | None) -> bool:
    """GFILL-2: another seat's pick, before the step reveals nothing but that it picked."""
    for w in _others(s, viewer):
        p = s.players[w]
        if p.pick is not None and len(p.hand) > 1:
            p.pick = next(c for c in p.hand if c != p.pick)
            return True
    return False


def change_generator(s: GameState, viewer: int | None) -> bool:
    """GPRIVATE-2: the generator's state."""
    s.rng ^= 0x5DEECE66D
    return True


HIDDEN: tuple[harness.Perturbation[GameState, int | None], ...] = (
    reorder_basket,
    swap_hand_card,
    swap_basket_card,
    swap_program,
    change_pick,
    change_generator,
)


def _swap_programs(s: GameState, one: str, other: str) -> None:
    def swapped(ids: list[str]) -> list[str]:
        return [other if x == one else one if x == other else x for x in ids]

    s.undealt_programs = swapped(s.undealt_programs)
    for p in s.players:
        p.programs = swapped(p.programs)
        p.row = swapped(p.row)


def _copy(state: GameState) -> GameState:
    return GameState.from_dict(state.to_dict())


def leaked_hand_cards(state: GameState, viewer: int | None, seen: dict[str, Any]) -> set[str]:
    """Cards now in other seats' hands that `viewer`'s view names. Not a leak: a card the
    viewer's own log says it picked first (GFILL-2: its first choice of a step stays in its
    log when it changes its mind) came from its own hand and was passed on from there."""
    foreign = {c for p in state.players if p.seat != viewer for c in p.hand}
    own_first_picks = {
        e["card"]
        for e in seen["log"]
        if e["kind"] == "picked" and e["seat"] == viewer and "card" in e
    }
    return (foreign & card_ids(seen)) - own_first_picks


def check_redaction(state: GameState, rng: random.Random) -> list[str]:
    """One viewer, drawn: no other hand's card in its view, and its view the same for every
    twin that differs in a fact hidden from it."""
    problems = []
    viewer = rng.choice([None, *range(state.n)])
    seen = view(state, viewer)
    if leaked := leaked_hand_cards(state, viewer, seen):
        problems.append(f"viewer {viewer} sees other hands' cards {sorted(leaked)}")
    # The coach (coach.py) names only cards its seat's view names, and reads nothing else.
    hint = coach.hint(seen) if viewer is not None else None
    if hint is not None and (named := card_ids(hint) - card_ids(seen)):
        problems.append(f"viewer {viewer}'s hint names cards its view does not: {named}")
    twins = list(harness.twins(state, viewer, _copy, HIDDEN))
    problems += harness.non_interference(seen, viewer, view, twins)
    if viewer is not None:
        for name, twin in twins:
            if coach.hint(view(twin, viewer)) != hint:
                problems.append(f"viewer {viewer}'s hint depends on {name}")
    return problems
