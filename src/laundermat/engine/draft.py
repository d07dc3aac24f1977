"""The draft and its reveal: DRAFT-1..8, LOSTFOUND-1..3, BROKEN-1, SENIORITY-1..3."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import flow, vault
from .cards import BILL_VALUE, Weapon
from .chance import Purpose, pick_value, shuffle
from .commands import BreakMachine, ClearSelection, DrawLostFound, Select, Seniority
from .errors import IllegalCode, IllegalMove
from .state import LOST_FOUND_PICK, Collision, Phase, Player

if TYPE_CHECKING:
    from .game import Game


def deal_display(game: Game) -> None:
    """DRAFT-1: deal N + 1 bills face up (the deck always suffices: see DRAFT-8)."""
    state = game.state
    count = min(state.n + 1, len(state.deck))
    state.display = [state.deck.pop() for _ in range(count)]


def _require_weapon(player: Player, weapon: Weapon) -> None:
    if player.weapon != weapon:
        raise IllegalMove(IllegalCode.NO_SUCH_WEAPON_OWNED, f"You do not own {weapon}.")


def _return_draw(game: Game, player: Player) -> None:
    """LOSTFOUND-2: the draw goes back into the deck, shuffled, and the ability returns."""
    state = game.state
    assert player.lost_found_draw is not None
    state.deck.append(player.lost_found_draw)
    shuffle(game.chance, Purpose.DECK, state.deck)
    player.lost_found_draw = None
    player.lost_found_used = False


def _set_selection(game: Game, player: Player, selection: int | None) -> None:
    had = player.selection is not None
    if player.selection == LOST_FOUND_PICK and selection != LOST_FOUND_PICK:
        _return_draw(game, player)
    player.selection = selection
    if had != (selection is not None):
        # DRAFT-2: others learn only whether a player has a selection.
        game.emit("selected", seat=player.seat, selected=selection is not None)


def select(game: Game, command: Select) -> None:
    if command.card not in game.state.display:
        raise IllegalMove(IllegalCode.CARD_NOT_ON_DISPLAY, "That bill is not on the display.")
    _set_selection(game, game.player(command.seat), command.card)


def clear(game: Game, command: ClearSelection) -> None:
    player = game.player(command.seat)
    if player.selection is None:
        raise IllegalMove(IllegalCode.NOTHING_SELECTED, "You have no selection to clear.")
    _set_selection(game, player, None)


def draw_lost_found(game: Game, command: DrawLostFound) -> None:
    """LOSTFOUND-1: a hidden draw from the deck becomes the selection."""
    state = game.state
    player = game.player(command.seat)
    _require_weapon(player, Weapon.LOST_AND_FOUND)
    if player.lost_found_used:
        raise IllegalMove(IllegalCode.ABILITY_USED, "Lost and Found has been used.")
    if not state.deck:
        raise IllegalMove(IllegalCode.DECK_EMPTY, "The deck is empty.")
    card = pick_value(game.chance, Purpose.LOST_FOUND, state.deck)
    state.deck.remove(card)
    player.lost_found_used = True
    player.lost_found_draw = card
    _set_selection(game, player, LOST_FOUND_PICK)


def break_machine(game: Game, command: BreakMachine) -> None:
    """BROKEN-1: everything back to the deck, reshuffle, fresh display, full timer."""
    state = game.state
    player = game.player(command.seat)
    _require_weapon(player, Weapon.BROKEN_MACHINE)
    if player.broken_used:
        raise IllegalMove(IllegalCode.ABILITY_USED, "Broken Machine has been used.")
    player.broken_used = True
    state.deck.extend(state.display)
    for other in state.players:
        if other.lost_found_draw is not None:
            state.deck.append(other.lost_found_draw)
            other.lost_found_draw = None
            other.lost_found_used = False
        other.selection = None
    shuffle(game.chance, Purpose.DECK, state.deck)
    deal_display(game)
    game.emit("broken_machine", seat=player.seat, display=list(state.display))
    flow.open_window(game, Phase.DRAFT, list(range(state.n)))  # a new window: a full timer


def lock(game: Game) -> None:
    """DRAFT-3..7: resolve the selections and reveal them."""
    state = game.state
    picks: dict[int, list[int]] = {}
    timed_out: list[int] = []
    lost_found: list[int] = []
    for player in state.players:
        if player.selection is None:
            player.timed_out = True  # DRAFT-6
            timed_out.append(player.seat)
        elif player.selection == LOST_FOUND_PICK:
            assert player.lost_found_draw is not None
            card = player.lost_found_draw
            player.wallet.append(card)  # DRAFT-5
            player.lost_found_draw = None
            player.lost_found_public = True
            player.collected = True
            lost_found.append(player.seat)
            state.lost_found_collected += 1
            game.emit(
                "lost_found_collected",
                secret={"card": card, "value": BILL_VALUE[card]},
                to=[player.seat],
                seat=player.seat,
            )
        else:
            picks.setdefault(player.selection, []).append(player.seat)
    collected = []
    for card, seats in picks.items():
        if len(seats) == 1:
            winner = game.player(seats[0])
            winner.wallet.append(card)
            winner.collected = True
            state.display.remove(card)
            collected.append({"seat": seats[0], "card": card, "value": BILL_VALUE[card]})
        else:
            state.collisions.append(Collision(card, sorted(seats)))  # DRAFT-4
    game.emit(
        "draft_locked",
        collected=collected,
        collisions=[
            {"card": c.card, "value": BILL_VALUE[c.card], "seats": c.seats}
            for c in state.collisions
        ],
        unselected=[c for c in state.display if c not in picks],
        lost_and_found=lost_found,
        timed_out=timed_out,
    )
    owner = _seniority_owner(game)
    if owner is None:
        to_vault(game)
    else:
        flow.open_window(game, Phase.SENIORITY, [owner])


def _seniority_owner(game: Game) -> int | None:
    """SENIORITY-1: the owner of an unused Seniority who joined a collision."""
    for collision in game.state.collisions:
        for seat in collision.seats:
            player = game.player(seat)
            if player.weapon == Weapon.SENIORITY and not player.seniority_used:
                return seat
    return None


def _owner_collision(game: Game, seat: int) -> Collision:
    return next(c for c in game.state.collisions if seat in c.seats)


def seniority(game: Game, command: Seniority) -> None:
    if command.claim:
        state = game.state
        player = game.player(command.seat)
        collision = _owner_collision(game, command.seat)
        player.seniority_used = True
        player.collected = True  # SENIORITY-2 counts as collecting (BUY-1)
        player.wallet.append(collision.card)
        state.display.remove(collision.card)
        state.seniority_claimed = collision.card
        game.emit(
            "seniority_claim",
            seat=command.seat,
            card=collision.card,
            value=BILL_VALUE[collision.card],
            losers=[s for s in collision.seats if s != command.seat],
        )
    else:
        game.emit("seniority_decline", seat=command.seat)  # SENIORITY-3
    to_vault(game)


def close_seniority(game: Game) -> None:
    """A timeout (or an away owner, GEN-4) declines."""
    game.emit("seniority_decline", seat=game.state.window_actors[0])
    to_vault(game)


def to_vault(game: Game) -> None:
    """DRAFT-8: what was not collected goes to the Vault, less one card back to the deck per
    Lost and Found draw; then the round's Vault actions begin."""
    state = game.state
    chosen = {p.selection for p in state.players}
    unselected = [c for c in state.display if c not in chosen]
    returned = []
    for _ in range(state.lost_found_collected):
        if not unselected:
            break
        card = pick_value(game.chance, Purpose.RETURN_TO_DECK, unselected)
        unselected.remove(card)
        state.display.remove(card)
        state.deck.append(card)
        shuffle(game.chance, Purpose.DECK, state.deck)
        returned.append({"card": card, "value": BILL_VALUE[card]})
    moved = list(state.display)
    state.vault.extend(moved)
    state.display = []
    game.emit("to_vault", cards=moved, returned=returned, vault_size=len(state.vault))
    vault.begin_raids(game)
