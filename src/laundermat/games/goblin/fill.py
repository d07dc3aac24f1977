"""Setup (GSETUP-*), the start of a round, Fill the Baskets (GFILL-*) and the market (GMARKET-*)."""

from __future__ import annotations

from ..kit import chance
from .cards import (
    CLOTHING_IDS,
    PROGRAM_TYPES,
    PROGRAMS,
    SPECIES,
    cycle_of_round,
    hand_size,
    programs_of_type,
)
from .commands import Pick
from .errors import CARD_NOT_IN_HAND, CARD_NOT_IN_MARKET, PICK_UNCHANGED, refuse
from .state import MARKET, PICK, GameState, Player
from .steps import NEXT_LAUNDRY, Open, Step

MARKET_FACE_UP = 3  # GMARKET-1


def step_of(direction: str) -> int:
    """GSETUP-2: clockwise is towards the left neighbour, seat s+1."""
    return 1 if direction == "cw" else -1


def setup(state: GameState, names: list[str]) -> None:
    """GSETUP-2 seats, GSETUP-4 the deal. Programs: one random of each type, row I..IV."""
    order = list(range(len(names)))
    chance.shuffle(state, order)  # GSETUP-2
    species = list(SPECIES)
    chance.shuffle(state, species)
    state.pile = list(CLOTHING_IDS)
    chance.shuffle(state, state.pile)
    decks = {kind: programs_of_type(kind) for kind in PROGRAM_TYPES}
    for deck in decks.values():
        chance.shuffle(state, deck)
    for seat, index in enumerate(order):
        programs = [decks[kind].pop() for kind in PROGRAM_TYPES]
        player = Player(seat, names[index], species[seat], programs, row=list(programs))
        # GPRIVATE-2: unseen by everyone, the owner too, until the end (GPUBLIC-1).
        player.setup_card = state.pile.pop()
        player.basket.append(player.setup_card)
        state.players.append(player)
    state.undealt_programs = sorted(
        (p for deck in decks.values() for p in deck), key=lambda p: int(p[1:])
    )
    state.emit(
        "setup",
        seats=[p.name for p in state.players],
        species=[p.species for p in state.players],
        programs=[p.programs[0] for p in state.players],
        settings={"decision_timer": state.decision_timer},
    )


def begin_round(state: GameState) -> Step:
    """GROUND-1 / GSETUP-5: the next Program is face up; GSETUP-6 lead and direction."""
    state.round += 1
    r = state.round
    active = [p.programs[r - 1] for p in state.players]
    lead = max(range(state.n), key=lambda s: PROGRAMS[active[s]].temperature)
    state.lead = lead
    state.direction = PROGRAMS[active[lead]].direction
    d = step_of(state.direction)
    state.order = [(lead + d * i) % state.n for i in range(state.n)]  # GWASH-1
    state.washed = 0
    state.washer = None
    state.step = 0
    state.emit(
        "round", round=r, lead=lead, direction=state.direction, programs=active, order=state.order
    )
    if state.n == 2:
        return open_market(state)
    size = hand_size(state.n, r)  # GFILL-1
    for player in state.players:
        player.hand = [state.pile.pop() for _ in range(size)]
    state.emit("hands", round=r, size=size)
    return _next_pick(state)


def _next_pick(state: GameState) -> Step:
    state.step += 1
    for player in state.players:
        player.pick = None
    return Open(PICK, tuple(range(state.n)))


def check_pick(state: GameState, command: Pick) -> None:
    player = state.players[command.seat]
    if command.card not in player.hand:
        raise refuse(CARD_NOT_IN_HAND, "That card is not in your hand.")
    if command.card == player.pick:  # GFILL-2: it would change nothing
        raise refuse(PICK_UNCHANGED, "That card is already your pick.")


def pick(state: GameState, command: Pick) -> Step:
    """GFILL-2: a secret choice, changeable until the step locks; the window waits for all.

    GPUBLIC-1: others learn only *whether* a seat has chosen, so only a seat's first choice in
    a step is logged. A change is its owner's alone (`me.picked`): no entry, and FLOW.apply does
    not count it in the state version, so nobody else can tell it happened from the view."""
    player = state.players[command.seat]
    first = player.pick is None
    player.pick = command.card
    if first:
        state.emit("picked", {"card": command.card}, [command.seat], seat=command.seat)
    return None


def lock(state: GameState) -> Step:
    """GFILL-2 lock (default GGEN-5 for whoever has not picked), then GFILL-3 pass or give."""
    defaulted = [p.seat for p in state.players if p.pick is None]
    state.emit("lock", step=state.step, defaulted=defaulted)
    for player in state.players:
        card = player.pick if player.pick is not None else chance.choice(state, player.hand)
        player.hand.remove(card)
        player.basket.append(card)
        player.known.append(card)
        player.pick = None
        state.emit(
            "into_basket",
            {"card": card},
            [player.seat],
            seat=player.seat,
            default=player.seat in defaulted,
        )
    assert state.direction is not None
    d = step_of(state.direction)
    if len(state.players[0].hand) >= 2:
        hands = [p.hand for p in state.players]
        for player in state.players:
            player.hand = hands[(player.seat - d) % state.n]
        state.emit("pass", direction=state.direction)
        return _next_pick(state)
    for player in state.players:  # GFILL-3: the last card, face down, to the neighbour
        card = player.hand.pop()
        receiver = (player.seat + d) % state.n
        state.players[receiver].basket.append(card)
        player.gave.append(card)
        state.emit("gift", {"card": card}, [player.seat], **{"from": player.seat, "to": receiver})
    return shuffle_baskets(state)


def shuffle_baskets(state: GameState) -> Step:
    """GFILL-4: every Basket is shuffled; the laundry follows."""
    for player in state.players:
        chance.shuffle(state, player.basket)
    state.emit("shuffle", sizes=[len(p.basket) for p in state.players])
    return NEXT_LAUNDRY


# ------------------------------------------------------------------ the market (2 players)


def open_market(state: GameState) -> Step:
    """GMARKET-1: 2 x Cycle cards as the market deck, 3 face up; GMARKET-2: the lower
    Temperature picks first."""
    size = 2 * cycle_of_round(state.round)
    state.market_deck = [state.pile.pop() for _ in range(size)]
    state.market_up = [state.market_deck.pop() for _ in range(MARKET_FACE_UP)]
    active = [p.programs[state.round - 1] for p in state.players]
    first = min(range(state.n), key=lambda s: PROGRAMS[active[s]].temperature)
    state.market_first = first
    state.emit("market_open", face_up=list(state.market_up), deck_size=len(state.market_deck))
    return Open(MARKET, (first,))


def check_market_pick(state: GameState, command: Pick) -> None:
    if command.card not in state.market_up:
        raise refuse(CARD_NOT_IN_MARKET, "That card is not face up in the market.")


def market_pick(state: GameState, command: Pick) -> Step:
    """GMARKET-2: the card goes face down into the picker's Basket (public); one is turned up."""
    player = state.players[command.seat]
    state.market_up.remove(command.card)
    player.basket.append(command.card)
    player.known.append(command.card)
    revealed = state.market_deck.pop() if state.market_deck else None
    if revealed is not None:
        state.market_up.append(revealed)
    state.emit("market_pick", seat=command.seat, card=command.card, revealed=revealed)
    if not state.market_up:
        return shuffle_baskets(state)
    return Open(MARKET, ((command.seat + 1) % 2,))


def market_default(state: GameState) -> Step:
    """GGEN-5: a random face-up card for the picker who ran out of time (or is away)."""
    seat = state.window_actors[0]
    return market_pick(state, Pick(seat, chance.choice(state, state.market_up)))
