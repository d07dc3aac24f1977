"""The three public bribery stages: BRIBE-1..5."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import additions, flow, scoring
from .cards import ENTRY_PRICE, PROTECTION_MINIMUM
from .commands import BuyEntries, Counter, Done, Protect
from .errors import IllegalCode, IllegalMove
from .payment import check_held, printed_total, spend
from .state import Copy, Phase

if TYPE_CHECKING:
    from .game import Game

NEXT_STAGE = {
    Phase.BRIBE_PROTECT: Phase.BRIBE_COUNTER,
    Phase.BRIBE_COUNTER: Phase.BRIBE_ENTRIES,
}


def open_stage(game: Game, phase: Phase) -> None:
    for player in game.state.players:
        player.done = False
    flow.open_window(game, phase, list(range(game.state.n)))


def close_stage(game: Game) -> None:
    """BRIBE-1: once a stage closes no late action is accepted; the next one opens."""
    following = NEXT_STAGE.get(game.state.phase)
    if following is None:
        scoring.investigate(game)
    else:
        open_stage(game, following)


def _check_not_done(game: Game, seat: int) -> None:
    if game.player(seat).done:
        raise IllegalMove(IllegalCode.STAGE_DONE, "You declared that you are done with this stage.")


def _copy(game: Game, copy_id: int) -> Copy:
    copies = game.state.copies
    if not 0 <= copy_id < len(copies):
        raise IllegalMove(IllegalCode.COPY_NOT_FOUND, f"There is no copy {copy_id}.")
    return copies[copy_id]


def protect(game: Game, command: Protect) -> None:
    """BRIBE-3: at least $50,000 protects one copy you own; more adds to it."""
    state = game.state
    _check_not_done(game, command.seat)
    copy = _copy(game, command.copy)
    if copy.owner != command.seat:
        raise IllegalMove(IllegalCode.COPY_NOT_OWNED, "You can protect only your own copies.")
    if additions.email_protected(state, copy):
        raise IllegalMove(
            IllegalCode.EMAIL_PROTECTED, "Anonymous Email already protects that copy."
        )
    player = game.player(command.seat)
    check_held(player, command.bills)
    total = printed_total(command.bills)
    if copy.protection == 0 and total < PROTECTION_MINIMUM:
        raise IllegalMove(
            IllegalCode.PROTECTION_TOO_SMALL,
            f"A protection needs at least ${PROTECTION_MINIMUM:,}; you committed ${total:,}.",
        )
    spend(player, command.bills, state.spent)
    copy.protection += total
    game.emit("protect", seat=command.seat, copy=copy.id, amount=total, protection=copy.protection)


def counter(game: Game, command: Counter) -> None:
    """BRIBE-4: at least the protection's amount cancels another player's protection."""
    state = game.state
    _check_not_done(game, command.seat)
    copy = _copy(game, command.copy)
    if copy.protection == 0:
        raise IllegalMove(IllegalCode.NOT_PROTECTED, "That copy has no paid protection.")
    if copy.owner == command.seat:
        raise IllegalMove(IllegalCode.OWN_PROTECTION, "You cannot counter your own protection.")
    if copy.countered:
        raise IllegalMove(IllegalCode.ALREADY_COUNTERED, "That protection was already countered.")
    player = game.player(command.seat)
    check_held(player, command.bills)
    total = printed_total(command.bills)
    if total < copy.protection:
        raise IllegalMove(
            IllegalCode.PAYMENT_SHORT,
            f"Countering needs at least ${copy.protection:,}; you committed ${total:,}.",
        )
    spend(player, command.bills, state.spent)
    copy.countered = True
    game.emit("counter", seat=command.seat, copy=copy.id, amount=total, owner=copy.owner)


def entries(game: Game, command: BuyEntries) -> None:
    """BRIBE-5: floor(total / $20,000) entries, every one placed."""
    state = game.state
    _check_not_done(game, command.seat)
    player = game.player(command.seat)
    check_held(player, command.bills)
    total = printed_total(command.bills)
    if total < ENTRY_PRICE:
        raise IllegalMove(
            IllegalCode.PAYMENT_SHORT,
            f"Entries cost ${ENTRY_PRICE:,} each; you committed ${total:,}.",
        )
    bought = total // ENTRY_PRICE
    split = {k: v for k, v in command.split.items() if v != 0}
    if any(v < 0 for v in split.values()) or sum(split.values()) != bought:
        raise IllegalMove(
            IllegalCode.BAD_SPLIT, f"Place exactly {bought} entries, none of them negative."
        )
    spend(player, command.bills, state.spent)
    for kind, count in split.items():
        state.entries[kind] += count
    game.emit("entries", seat=command.seat, amount=total, split=split)


def done(game: Game, command: Done) -> None:
    _check_not_done(game, command.seat)
    game.player(command.seat).done = True
    game.emit("done", seat=command.seat, phase=str(game.state.phase))
