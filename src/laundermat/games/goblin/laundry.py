"""Do the Laundry (GWASH-*) and the Stain Potion (GPOTION-*): one player's laundry at a time."""

from __future__ import annotations

from .cards import CLOTHING, PROGRAMS, STAINS
from .commands import DrawWithPotion, Keep
from .errors import CARD_NOT_DRAWN, POTION_USED, refuse
from .state import KEEP, LAUNDRY, GameState, Player
from .steps import NEXT_LAUNDRY, NEXT_ROUND, Open, Step


def active_program(state: GameState, seat: int) -> str:
    return state.players[seat].programs[state.round - 1]


def counts(state: GameState) -> dict[str, int | None]:
    """GWASH-3: per limited stain type, the symbols face up in this laundry, the Potion's
    covered card excepted; None for a type the Program ignores."""
    assert state.washer is not None
    limits = PROGRAMS[active_program(state, state.washer)].limits
    out: dict[str, int | None] = {}
    for i, stain in enumerate(STAINS):
        if limits[i] is None:
            out[stain] = None
        else:
            out[stain] = sum(CLOTHING[c].stains[i] for c in state.drawn if c != state.covered)
    return out


def over_limits(state: GameState) -> list[str]:
    """GWASH-3: the stain types whose count exceeds the Program's limit."""
    assert state.washer is not None
    limits = PROGRAMS[active_program(state, state.washer)].limits
    found = counts(state)
    return [
        stain
        for i, stain in enumerate(STAINS)
        if (limit := limits[i]) is not None and (found[stain] or 0) > limit
    ]


def next_laundry(state: GameState) -> Step:
    """GWASH-1: the next player in the round's order; GWASH-2: its automatic first draw."""
    if state.washed >= state.n:
        return NEXT_ROUND
    seat = state.order[state.washed]
    state.washer = seat
    state.drawn = []
    state.covered = None
    state.failed = False
    state.emit("laundry", seat=seat, program=active_program(state, seat))
    return _draw(state, potion=False)


def _draw(state: GameState, potion: bool) -> Step:
    assert state.washer is not None
    player = state.players[state.washer]
    card = player.basket.pop()  # GWASH-7: never empty (tests/games/goblin check it)
    if card in player.known:
        player.known.remove(card)
    state.drawn.append(card)
    if potion:  # GPOTION-1: this card only counts no symbols; the Potion is used
        state.covered = card
        player.potion_used = True
        player.potion_card = card
    state.emit("draw", seat=player.seat, card=card, potion=potion, counts=counts(state))
    over = over_limits(state)
    if over:  # GWASH-5
        state.failed = True
        state.emit("failed", seat=player.seat, over=over)
        if len(state.drawn) == 1:
            return _keep(state, player, card)
        return Open(KEEP, (player.seat,))
    cycle = PROGRAMS[active_program(state, player.seat)].cycle
    if len(state.drawn) == cycle:  # GWASH-4
        program = active_program(state, player.seat)
        player.score_cards += state.drawn
        player.score_programs.append(program)
        state.emit("completed", seat=player.seat, cards=list(state.drawn), program=program)
        return _end(state, player)
    return Open(LAUNDRY, (player.seat,))


def check_decision(state: GameState, command: object) -> None:
    """GWASH-6: `draw` and `stop` are legal whenever the decision window is open (its actor
    is checked by FLOW.apply)."""


def draw(state: GameState, command: object) -> Step:
    return _draw(state, potion=False)


def check_draw_with_potion(state: GameState, command: DrawWithPotion) -> None:
    if state.players[command.seat].potion_used:
        raise refuse(POTION_USED, "Your Stain Potion is used.")


def draw_with_potion(state: GameState, command: DrawWithPotion) -> Step:
    return _draw(state, potion=True)


def stop(state: GameState, command: object = None) -> Step:
    """GWASH-6 stop (and its default): the cards are secured, the Program is removed."""
    assert state.washer is not None
    player = state.players[state.washer]
    program = active_program(state, player.seat)
    player.score_cards += state.drawn
    state.removed_programs.append(program)
    state.emit("stopped", seat=player.seat, cards=list(state.drawn), program=program)
    return _end(state, player)


def check_keep(state: GameState, command: Keep) -> None:
    if command.card not in state.drawn:
        raise refuse(CARD_NOT_DRAWN, "That card is not face up in this laundry.")


def keep(state: GameState, command: Keep) -> Step:
    return _keep(state, state.players[command.seat], command.card)


def keep_default(state: GameState) -> Step:
    """GGEN-5: the first card drawn in this laundry."""
    assert state.washer is not None
    return _keep(state, state.players[state.washer], state.drawn[0])


def _keep(state: GameState, player: Player, card: str) -> Step:
    """GWASH-5: one card to the Score Zone; the others and the Program out of the game."""
    program = active_program(state, player.seat)
    others = [c for c in state.drawn if c != card]
    player.score_cards.append(card)
    state.removed_cards += others
    state.removed_programs.append(program)
    state.emit("kept", seat=player.seat, card=card, removed=others, program=program)
    return _end(state, player)


def _end(state: GameState, player: Player) -> Step:
    player.row.remove(active_program(state, player.seat))
    state.washed += 1
    state.washer = None
    state.drawn = []
    state.covered = None
    state.failed = False
    return NEXT_LAUNDRY
