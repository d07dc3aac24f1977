"""The one redaction path (PUBLIC-1, PRIVATE-1, PRIVATE-2, PUBLIC-2).

Every view and every log line a seat or spectator receives comes from `view` or
`redact_event` here. Hidden by default: a field appears only where a rule makes it public,
or for its owner. Once the game is over everything is revealed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..kit.redaction import redact_event, secret_pointers
from .additions import email_protected, exact_bonus, is_flagged
from .cards import (
    BILL_VALUE,
    BRIBE_TIMERS,
    BUDGET_EXACT_BONUS,
    COST,
    DECK_COMPOSITION,
    ENTRY_PRICE,
    EXACT_BONUS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    POINTS,
    PROTECTION_MINIMUM,
    REVIEW_BONUS,
    ROUND_TIMERS,
    ROUNDS,
    WEAPON_PRICES,
    Addition,
)
from .context import turn_order
from .flow import current_window
from .legal import options
from .purchase import weapon_price
from .scoring import result
from .state import JSON, LOST_FOUND_PICK, GameState, Phase


def public_rules() -> dict[str, JSON]:
    """The game's constants, the same for every viewer and every moment (PUBLIC-1: the rules
    are public), so a client reads them instead of repeating them. Built fresh per call: a
    view is the caller's to change."""
    return {
        "deck": [[value, count] for value, count in DECK_COMPOSITION],  # SETUP-4
        "rounds": ROUNDS,  # SETUP-5
        "protection_minimum": PROTECTION_MINIMUM,  # BRIBE-3
        "entry_price": ENTRY_PRICE,  # BRIBE-5
        "exact_bonus": EXACT_BONUS,  # BUY-4
        "budget_exact_bonus": BUDGET_EXACT_BONUS,  # BUDGET-1
        "addition_cost": {str(a): cost for a, cost in COST.items()},  # SETUP-6
        "addition_points": {str(a): points for a, points in POINTS.items()},
        "weapon_prices": list(WEAPON_PRICES),  # BUY-8
        "review_bonus": list(REVIEW_BONUS),  # REVIEW-1
        "min_players": MIN_PLAYERS,  # SETUP-1
        "max_players": MAX_PLAYERS,
        "round_timers": list(ROUND_TIMERS),  # SETUP-3
        "bribe_timers": list(BRIBE_TIMERS),
    }


def _bill(card: int) -> dict[str, JSON]:
    return {"card": card, "value": BILL_VALUE[card]}


def _copies(state: GameState, viewer: int | None, revealed: bool) -> list[dict[str, JSON]]:
    out = []
    for copy in state.copies:
        entry: dict[str, JSON] = {
            "id": copy.id,
            "kind": copy.kind,
            "owner": copy.owner,
            "round": copy.round,
            "flagged": is_flagged(state, copy),
            "bonus_copy": copy.bonus_copy,
            "protection": copy.protection,
            "countered": copy.countered,
            "email_protected": email_protected(state, copy),
        }
        if revealed or viewer == copy.owner:  # PRIVATE-1: exact-payment bonuses
            entry["bonus"] = exact_bonus(state, copy)
        out.append(entry)
    return out


def _players(state: GameState, viewer: int | None, revealed: bool) -> list[dict[str, JSON]]:
    slot_owners = {c.owner for c in state.copies if c.kind == Addition.SLOT_MACHINE}
    out = []
    for p in state.players:
        entry: dict[str, JSON] = {
            "seat": p.seat,
            "name": p.name,
            "away": p.away,
            "weapon": p.weapon,
            "has_selected": p.selection is not None,
            "lost_and_found_used": p.lost_found_public,  # public from its lock (DRAFT-7)
            "seniority_used": p.seniority_used,
            "broken_machine_used": p.broken_used,
            "two_for_one_pending": p.two_for_one_pending,
            "collected": p.collected,
            "timed_out": p.timed_out,
            "purchased": p.purchased,
            "done": p.done,
        }
        if p.seat in slot_owners:  # PUBLIC-1: Jackpot eligibility
            entry["holds_bills"] = bool(p.wallet)
        if revealed:
            entry["wallet"] = [_bill(b) for b in p.wallet]
        out.append(entry)
    return out


def _me(state: GameState, seat: int) -> dict[str, JSON]:
    player = state.players[seat]
    if player.selection == LOST_FOUND_PICK:
        selection: JSON = "lost_and_found"  # the draw's value is hidden from its user too
    else:
        selection = player.selection
    return {
        "seat": seat,
        "wallet": [_bill(b) for b in player.wallet],
        "wallet_total": sum(BILL_VALUE[b] for b in player.wallet),
        "selection": selection,
        "lost_and_found_used": player.lost_found_used,
        "options": options(state, seat),
    }


def view(state: GameState, viewer: int | None, log_from: int = 0) -> dict[str, JSON]:
    """What `viewer` (a seat, or None for a spectator) may see, with the log from `log_from`.
    The same as `public_view` with `private_view` laid over it (tests/games/laundermat check it)."""
    over = state.phase is Phase.OVER
    data = _common(state, viewer, over, log_from)
    if viewer is not None:
        data["me"] = _me(state, viewer)
    if over:
        _ending(state, data)
    return data


def public_view(state: GameState, log_from: int = 0) -> dict[str, JSON]:
    """The part of every view that is the same for all viewers (the spectator's view): the
    platform computes it once per change and shares it (issue 12)."""
    return view(state, None, log_from)


def private_view(state: GameState, seat: int, log_from: int = 0) -> dict[str, JSON]:
    """What only `seat` sees, as JSON Pointers into its view (RFC 6901) and their values:
    laid over `public_view` they give `view(state, seat, log_from)`. A log pointer uses the
    entry's index in the whole log. Everything is public once the game is over, but `me`."""
    parts: dict[str, JSON] = {"/viewer": seat, "/me": _me(state, seat)}
    if state.phase is Phase.OVER:
        return parts
    for index, copy in enumerate(state.copies):
        if copy.owner == seat:  # PRIVATE-1: exact-payment bonuses
            parts[f"/copies/{index}/bonus"] = exact_bonus(state, copy)
    parts.update(secret_pointers(state.events, seat, log_from))
    return parts


def _ending(state: GameState, data: dict[str, JSON]) -> None:
    data["investigated"] = state.investigated
    data["result"] = result(state).to_dict()
    data["seed"] = state.seed
    # PUBLIC-1: at the end every hidden bill, the Vault's and the never-drawn deck's too.
    data["vault"] = [_bill(b) for b in state.vault]
    data["deck"] = [_bill(b) for b in sorted(state.deck)]  # what is left, not its order


def _market(state: GameState) -> list[dict[str, JSON]]:
    return [
        {"kind": str(a), "cost": COST[a], "points": POINTS[a], "stock": state.market[a]}
        for a in Addition
    ]


def _weapon_price(state: GameState) -> JSON:
    # None once every price of BUY-8 has been used (all weapons bought).
    return weapon_price(state) if state.weapons_bought < len(WEAPON_PRICES) else None


def _window(state: GameState) -> JSON:
    window = current_window(state)
    return window.to_dict() if window is not None else None


def _alarm(state: GameState) -> JSON:
    return {"seat": state.alarm.seat, **_bill(state.alarm.card)} if state.alarm else None


# The sections of every view, in order: (state, viewer, revealed, log_from) -> value. A
# command's `touches` (flow.PHASES) names the sections it changes; the platform rebuilds only
# those (issue 34, games/kit/touched.py).
Section = Callable[[GameState, "int | None", bool, int], JSON]
SECTIONS: dict[str, Section] = {
    # Commands applied, but for changed selections (DRAFT-2); not the wire version.
    "state_version": lambda s, v, o, f: s.version,
    "viewer": lambda s, v, o, f: v,
    "round": lambda s, v, o, f: s.round,
    "rounds": lambda s, v, o, f: ROUNDS,
    "phase": lambda s, v, o, f: str(s.phase),
    "settings": lambda s, v, o, f: {
        "round_timer": s.settings.round_timer,
        "bribe_timer": s.settings.bribe_timer,
    },
    "window": lambda s, v, o, f: _window(s),
    "turn_order": lambda s, v, o, f: turn_order(s),
    "players": lambda s, v, o, f: _players(s, v, o),
    "display": lambda s, v, o, f: [_bill(c) for c in s.display],
    "collisions": lambda s, v, o, f: [{**_bill(c.card), "seats": c.seats} for c in s.collisions],
    "vault_size": lambda s, v, o, f: len(s.vault),
    "market": lambda s, v, o, f: _market(s),
    "weapon_market": lambda s, v, o, f: list(s.weapon_market),
    "weapon_price": lambda s, v, o, f: _weapon_price(s),
    "email_type": lambda s, v, o, f: s.email_type,
    "entries": lambda s, v, o, f: dict(s.entries),
    "copies": lambda s, v, o, f: _copies(s, v, o),
    "alarm": lambda s, v, o, f: _alarm(s),
    "log_from": lambda s, v, o, f: f,
    "log": lambda s, v, o, f: [redact_event(e, v, o) for e in s.events[f:]],
    "log_size": lambda s, v, o, f: len(s.events),
    "rules": lambda s, v, o, f: public_rules(),
}


def _common(state: GameState, viewer: int | None, over: bool, log_from: int) -> dict[str, JSON]:
    return {name: build(state, viewer, over, log_from) for name, build in SECTIONS.items()}


def public_sections(state: GameState, names: Iterable[str], log_from: int = 0) -> dict[str, JSON]:
    """Those sections of `public_view` (a name it does not have now is left out)."""
    over = state.phase is Phase.OVER
    if over:  # the end's sections are computed together
        whole = public_view(state, log_from)
        return {name: whole[name] for name in names if name in whole}
    return {name: SECTIONS[name](state, None, False, log_from) for name in names}
