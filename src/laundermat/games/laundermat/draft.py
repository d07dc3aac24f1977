"""The draft and its reveal: DRAFT-1..8, LOSTFOUND-1..3, BROKEN-1, SENIORITY-1..3.

Each command has a `check_*` (raises its `IllegalMove`, changes nothing) and an apply step
that returns what follows (see `context.Step`).
"""

from __future__ import annotations

from .cards import BILL_VALUE, Weapon
from .chance import Purpose, shuffle
from .commands import BreakMachine, ClearSelection, Command, DrawLostFound, Select, Seniority
from .context import Context, Open, Step, Then
from .errors import IllegalCode, IllegalMove
from .state import LOST_FOUND_PICK, Collision, GameState, Phase, Player


def start_round(game: Context) -> Step:
    """DRAFT-1: a new round opens with a fresh display and an open draft."""
    state = game.state
    state.round += 1
    for player in state.players:
        player.selection = None
        player.lost_found_draw = None
        player.collected = False
        player.timed_out = False
        player.purchased = False
    state.collisions = []
    state.seniority_claimed = None
    state.lost_found_collected = 0
    deal_display(game)
    game.emit("round", round=state.round, display=list(state.display))
    return Open(Phase.DRAFT, tuple(range(state.n)))


def deal_display(game: Context) -> None:
    """DRAFT-1: deal N + 1 bills face up (the deck always suffices: see DRAFT-8)."""
    state = game.state
    count = min(state.n + 1, len(state.deck))
    state.display = [state.deck.pop() for _ in range(count)]


def holds_weapon(player: Player, weapon: Weapon) -> bool:
    """The first test of a weapon ability's check: the seat owns that weapon (also asked
    alone by `legal.options`)."""
    return player.weapon == weapon


def _require_weapon(player: Player, weapon: Weapon) -> None:
    if not holds_weapon(player, weapon):
        raise IllegalMove(IllegalCode.NO_SUCH_WEAPON_OWNED, f"You do not own {weapon}.")


def _return_draw(game: Context, player: Player) -> None:
    """LOSTFOUND-2: the draw goes back into the deck, shuffled, and the ability returns."""
    state = game.state
    assert player.lost_found_draw is not None
    state.deck.append(player.lost_found_draw)
    shuffle(game.chance, Purpose.DECK, state.deck)
    player.lost_found_draw = None
    player.lost_found_used = False


def _set_selection(game: Context, player: Player, selection: int | None) -> None:
    had = player.selection is not None
    if player.selection == LOST_FOUND_PICK and selection != LOST_FOUND_PICK:
        _return_draw(game, player)
    player.selection = selection
    if had != (selection is not None):
        # DRAFT-2: others learn only whether a player has a selection.
        game.emit("selected", seat=player.seat, selected=selection is not None)


def check_select(state: GameState, command: Select) -> None:
    if command.card not in state.display:
        raise IllegalMove(IllegalCode.CARD_NOT_ON_DISPLAY, "That bill is not on the display.")


def select(game: Context, command: Select) -> Step:
    _set_selection(game, game.player(command.seat), command.card)
    return None


def changes_a_selection(state: GameState, command: Command) -> bool:
    """DRAFT-2: a seat that has a selection selects again (another bill, or a Lost and Found
    draw). Others see only whether a seat has selected, so nothing of this may reach them,
    not even the engine's count of applied commands (asked before the command applies)."""
    return (
        state.phase is Phase.DRAFT
        and isinstance(command, Select | DrawLostFound)
        and 0 <= command.seat < state.n
        and has_selection(state.players[command.seat])
    )


def has_selection(player: Player) -> bool:
    """What a clear needs (also asked alone by `legal.options`)."""
    return player.selection is not None


def check_clear(state: GameState, command: ClearSelection) -> None:
    if not has_selection(state.players[command.seat]):
        raise IllegalMove(IllegalCode.NOTHING_SELECTED, "You have no selection to clear.")


def clear(game: Context, command: ClearSelection) -> Step:
    _set_selection(game, game.player(command.seat), None)
    return None


def check_draw_lost_found(state: GameState, command: DrawLostFound) -> None:
    player = state.players[command.seat]
    _require_weapon(player, Weapon.LOST_AND_FOUND)
    if player.lost_found_used:
        raise IllegalMove(IllegalCode.ABILITY_USED, "Lost and Found has been used.")
    if not state.deck:
        raise IllegalMove(IllegalCode.DECK_EMPTY, "The deck is empty.")


def draw_lost_found(game: Context, command: DrawLostFound) -> Step:
    """LOSTFOUND-1: a hidden draw from the deck becomes the selection."""
    state = game.state
    player = game.player(command.seat)
    card = game.chance.choose(Purpose.LOST_FOUND, state.deck)
    state.deck.remove(card)
    player.lost_found_used = True
    player.lost_found_draw = card
    _set_selection(game, player, LOST_FOUND_PICK)
    return None


def check_break_machine(state: GameState, command: BreakMachine) -> None:
    player = state.players[command.seat]
    _require_weapon(player, Weapon.BROKEN_MACHINE)
    if player.broken_used:
        raise IllegalMove(IllegalCode.ABILITY_USED, "Broken Machine has been used.")


def break_machine(game: Context, command: BreakMachine) -> Step:
    """BROKEN-1: everything back to the deck, reshuffle, fresh display, full timer."""
    state = game.state
    player = game.player(command.seat)
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
    return Open(Phase.DRAFT, tuple(range(state.n)))  # a new window: a full timer


def lock(game: Context) -> Step:
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
    owner = _seniority_owner(state)
    if owner is None:
        return Then.TO_VAULT
    return Open(Phase.SENIORITY, (owner,))


def _seniority_owner(state: GameState) -> int | None:
    """SENIORITY-1: the owner of an unused Seniority who joined a collision."""
    for collision in state.collisions:
        for seat in collision.seats:
            player = state.players[seat]
            if player.weapon == Weapon.SENIORITY and not player.seniority_used:
                return seat
    return None


def _owner_collision(game: Context, seat: int) -> Collision:
    return next(c for c in game.state.collisions if seat in c.seats)


def check_seniority(state: GameState, command: Seniority) -> None:
    """SENIORITY-1: the window itself is the permission; a claim or a decline is always legal."""


def seniority(game: Context, command: Seniority) -> Step:
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
        return Then.TO_VAULT
    return decline_seniority(game)


def decline_seniority(game: Context) -> Step:
    """SENIORITY-3 by choice; also how the window closes on a timeout (or an away owner,
    GEN-4)."""
    game.emit("seniority_decline", seat=game.state.window_actors[0])
    return Then.TO_VAULT


def to_vault(game: Context) -> Step:
    """DRAFT-8: what was not collected goes to the Vault, less one card back to the deck per
    Lost and Found draw; then the round's Vault actions begin."""
    state = game.state
    chosen = {p.selection for p in state.players}
    unselected = [c for c in state.display if c not in chosen]
    returned = []
    for _ in range(state.lost_found_collected):
        if not unselected:
            break
        card = game.chance.choose(Purpose.RETURN_TO_DECK, unselected)
        unselected.remove(card)
        state.display.remove(card)
        state.deck.append(card)
        shuffle(game.chance, Purpose.DECK, state.deck)
        returned.append({"card": card, "value": BILL_VALUE[card]})
    moved = list(state.display)
    state.vault.extend(moved)
    state.display = []
    game.emit("to_vault", cards=moved, returned=returned, vault_size=len(state.vault))
    return Then.RAIDS
