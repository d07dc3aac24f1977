"""The three public bribery stages: BRIBE-1..5.

"Stage" is the rules' word for these three phases only. Each command has a `check_*` (raises
its `IllegalMove`, changes nothing) and an apply step.
"""

from __future__ import annotations

from . import additions
from .cards import ENTRY_PRICE, PROTECTION_MINIMUM
from .commands import BuyEntries, Counter, Done, Protect
from .context import Context, Open, Step, Then
from .errors import IllegalCode, IllegalMove
from .payment import check_held, printed_total, spend
from .state import Copy, GameState, Phase

NEXT_STAGE = {
    Phase.BRIBE_PROTECT: Phase.BRIBE_COUNTER,
    Phase.BRIBE_COUNTER: Phase.BRIBE_ENTRIES,
}


def open_stage(game: Context, phase: Phase) -> Step:
    for player in game.state.players:
        player.done = False
    return Open(phase, tuple(range(game.state.n)))


def first_stage(game: Context) -> Step:
    """ROUND-1: bribery follows the purchase window of the last round."""
    return open_stage(game, Phase.BRIBE_PROTECT)


def close_stage(game: Context) -> Step:
    """BRIBE-1: once a stage closes no late action is accepted; the next one opens."""
    following = NEXT_STAGE.get(game.state.phase)
    if following is None:
        return Then.SCORING
    return open_stage(game, following)


def _check_not_done(state: GameState, seat: int) -> None:
    if state.players[seat].done:
        raise IllegalMove(IllegalCode.STAGE_DONE, "You declared that you are done with this stage.")


def _copy(state: GameState, copy_id: int) -> Copy:
    copies = state.copies
    if not 0 <= copy_id < len(copies):
        raise IllegalMove(IllegalCode.COPY_NOT_FOUND, f"There is no copy {copy_id}.")
    return copies[copy_id]


def owns(copy: Copy, seat: int) -> bool:
    """BRIBE-3's first test of a copy: only its owner protects it (also asked alone by
    `legal.options`)."""
    return copy.owner == seat


def has_paid_protection(copy: Copy) -> bool:
    """BRIBE-4's first test of a copy: only a paid protection can be countered (also asked
    alone by `legal.options`)."""
    return copy.protection != 0


def check_protect(state: GameState, command: Protect) -> None:
    """BRIBE-3: at least $50,000 protects one copy you own; more adds to it."""
    _check_not_done(state, command.seat)
    copy = _copy(state, command.copy)
    if not owns(copy, command.seat):
        raise IllegalMove(IllegalCode.COPY_NOT_OWNED, "You can protect only your own copies.")
    if additions.email_protected(state, copy):
        raise IllegalMove(
            IllegalCode.EMAIL_PROTECTED, "Anonymous Email already protects that copy."
        )
    check_held(state.players[command.seat], command.bills)
    total = printed_total(command.bills)
    if copy.protection == 0 and total < PROTECTION_MINIMUM:
        raise IllegalMove(
            IllegalCode.PROTECTION_TOO_SMALL,
            f"A protection needs at least ${PROTECTION_MINIMUM:,}; you committed ${total:,}.",
        )


def protect(game: Context, command: Protect) -> Step:
    state = game.state
    copy = state.copies[command.copy]
    total = printed_total(command.bills)
    spend(game.player(command.seat), command.bills, state.spent)
    copy.protection += total
    game.emit("protect", seat=command.seat, copy=copy.id, amount=total, protection=copy.protection)
    return None


def check_counter(state: GameState, command: Counter) -> None:
    """BRIBE-4: at least the protection's amount cancels another player's protection."""
    _check_not_done(state, command.seat)
    copy = _copy(state, command.copy)
    if not has_paid_protection(copy):
        raise IllegalMove(IllegalCode.NOT_PROTECTED, "That copy has no paid protection.")
    if copy.owner == command.seat:
        raise IllegalMove(IllegalCode.OWN_PROTECTION, "You cannot counter your own protection.")
    if copy.countered:
        raise IllegalMove(IllegalCode.ALREADY_COUNTERED, "That protection was already countered.")
    check_held(state.players[command.seat], command.bills)
    total = printed_total(command.bills)
    if total < copy.protection:
        raise IllegalMove(
            IllegalCode.PAYMENT_SHORT,
            f"Countering needs at least ${copy.protection:,}; you committed ${total:,}.",
        )


def counter(game: Context, command: Counter) -> Step:
    state = game.state
    copy = state.copies[command.copy]
    total = printed_total(command.bills)
    spend(game.player(command.seat), command.bills, state.spent)
    copy.countered = True
    game.emit("counter", seat=command.seat, copy=copy.id, amount=total, owner=copy.owner)
    return None


def entries_bought(total: int) -> int:
    """BRIBE-5: floor(total / $20,000) entries."""
    return total // ENTRY_PRICE


def check_entries(state: GameState, command: BuyEntries) -> None:
    """BRIBE-5: at least $20,000, every entry bought placed, none negative."""
    _check_not_done(state, command.seat)
    check_held(state.players[command.seat], command.bills)
    total = printed_total(command.bills)
    if total < ENTRY_PRICE:
        raise IllegalMove(
            IllegalCode.PAYMENT_SHORT,
            f"Entries cost ${ENTRY_PRICE:,} each; you committed ${total:,}.",
        )
    bought = entries_bought(total)
    split = command.split.values()
    if any(v < 0 for v in split) or sum(split) != bought:
        raise IllegalMove(
            IllegalCode.BAD_SPLIT, f"Place exactly {bought} entries, none of them negative."
        )


def entries(game: Context, command: BuyEntries) -> Step:
    state = game.state
    total = printed_total(command.bills)
    split = {k: v for k, v in command.split.items() if v != 0}
    spend(game.player(command.seat), command.bills, state.spent)
    for kind, count in split.items():
        state.entries[kind] += count
    game.emit("entries", seat=command.seat, amount=total, split=split)
    return None


def check_done(state: GameState, command: Done) -> None:
    _check_not_done(state, command.seat)


def done(game: Context, command: Done) -> Step:
    game.player(command.seat).done = True
    game.emit("done", seat=command.seat, phase=str(game.state.phase))
    return None
