"""The one redaction path (GPUBLIC-1, GPRIVATE-1, GPRIVATE-2, GPUBLIC-2).

Every view and every log line a seat or spectator receives is built here from (state, viewer).
Hidden by default: a field appears only where a rule makes it public, or for its owner. Once
the game is over everything is revealed, the seed included.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ..kit.redaction import redact_event, secret_pointers
from .cards import PROGRAM_TYPES, PROGRAMS, STAINS, public_rules
from .laundry import active_program, counts
from .legal import options
from .scoring import result
from .state import KEEP, LAUNDRY, PICK, GameState, Player

_RULES = public_rules()


def rules() -> dict[str, Any]:
    """The same table in every view, shared, not copied: it is half of a view's size and was
    half of its cost (docs/benchmarks.md). Read-only: the platform only serialises a view."""
    return _RULES


def _face_up(state: GameState, player: Player, program: str, revealed: bool) -> bool:
    """GSETUP-4 / GROUND-1: Program I from the deal, each later one from its round."""
    return revealed or player.programs.index(program) < max(state.round, 1)


def _row(state: GameState, player: Player, revealed: bool) -> list[dict[str, Any]]:
    return [
        {
            "type": PROGRAMS[p].type,
            "id": p if _face_up(state, player, p, revealed) else None,
        }
        for p in player.row
    ]


def _players(state: GameState, revealed: bool) -> list[dict[str, Any]]:
    picking = state.window_kind == PICK and not state.over
    out = []
    for p in state.players:
        entry: dict[str, Any] = {
            "seat": p.seat,
            "name": p.name,
            "away": p.away,
            "species": p.species,
            "potion": "used" if p.potion_used else "unused",
            "potion_card": p.potion_card,
            "basket_size": len(p.basket),
            "hand_size": len(p.hand),
            "picked": picking and p.pick is not None,
            "programs": _row(state, p, revealed),
            "score_zone": {"cards": list(p.score_cards), "programs": list(p.score_programs)},
            "gave": list(p.gave) if revealed else None,
            "setup_card": p.setup_card if revealed else None,  # GPRIVATE-2 until the end
        }
        if state.n == 2:  # GPRIVATE-1: every market pick is public
            entry["market_picks"] = sorted(p.known, key=_number)
        out.append(entry)
    return out


def _number(card: str) -> int:
    return int(card[1:])


def _laundry(state: GameState) -> dict[str, Any] | None:
    if state.over or state.window_kind not in (LAUNDRY, KEEP) or state.washer is None:
        return None
    program = active_program(state, state.washer)
    spec = PROGRAMS[program]
    return {
        "seat": state.washer,
        "program": program,
        "drawn": list(state.drawn),
        "covered": state.covered,
        "counts": counts(state),
        "limits": dict(zip(STAINS, spec.limits, strict=True)),
        "failed": state.failed,
        "cycle": spec.cycle,
    }


def _me(state: GameState, seat: int) -> dict[str, Any]:
    player = state.players[seat]
    return {
        "seat": seat,
        "hand": list(player.hand),
        "picked": player.pick if state.window_kind == PICK else None,
        "basket_known": sorted(player.known, key=_number),
        "gave": list(player.gave),
        "programs": [
            {"type": t, "id": p} for t, p in zip(PROGRAM_TYPES, player.programs, strict=True)
        ],
        "options": options(state, seat),
    }


def window(state: GameState) -> dict[str, Any] | None:
    if state.over or state.window_kind is None:
        return None
    return {
        "id": state.window_id,
        "kind": state.window_kind,
        "actors": list(state.window_actors),
        "duration": state.decision_timer,
    }


def _market(state: GameState) -> dict[str, Any] | None:
    if state.n != 2:
        return None
    return {
        "deck_size": len(state.market_deck),
        "face_up": list(state.market_up),
        "first": state.market_first,
    }


# The sections of every view, in order: (state, viewer, revealed, log_from) -> value. A
# command's `touches` (flow.WINDOWS) names those it changes while its window stays open; the
# platform rebuilds only those (issue 34, games/kit/touched.py).
Section = Callable[[GameState, "int | None", bool, int], Any]
SECTIONS: dict[str, Section] = {
    "game": lambda s, v, o, f: "goblin",
    "state_version": lambda s, v, o, f: s.version,
    "viewer": lambda s, v, o, f: v,
    "round": lambda s, v, o, f: s.round,
    "rounds": lambda s, v, o, f: len(PROGRAM_TYPES),
    "phase": lambda s, v, o, f: s.phase,
    "settings": lambda s, v, o, f: {"decision_timer": s.decision_timer},
    "window": lambda s, v, o, f: window(s),
    "lead": lambda s, v, o, f: s.lead,
    "direction": lambda s, v, o, f: s.direction,
    "pile_size": lambda s, v, o, f: len(s.pile),
    "players": lambda s, v, o, f: _players(s, o),
    "market": lambda s, v, o, f: _market(s),
    "laundry": lambda s, v, o, f: _laundry(s),
    "order": lambda s, v, o, f: list(s.order),
    "removed": lambda s, v, o, f: {
        "cards": list(s.removed_cards),
        "programs": list(s.removed_programs),
    },
    "log_from": lambda s, v, o, f: f,
    "log": lambda s, v, o, f: [redact_event(e, v, o) for e in s.events[f:]],
    "log_size": lambda s, v, o, f: len(s.events),
    "rules": lambda s, v, o, f: rules(),
}


def _ending(state: GameState, data: dict[str, Any]) -> None:
    data["result"] = result(state)
    data["seed"] = state.seed
    # GPUBLIC-1 "at the end: everything" (GPRIVATE-2 until then). Stacks are listed
    # bottom to top: the next card drawn would have been the last.
    data["baskets"] = [list(p.basket) for p in state.players]
    data["pile"] = list(state.pile)
    data["programs_undealt"] = list(state.undealt_programs)


def view(state: GameState, viewer: int | None, log_from: int = 0) -> dict[str, Any]:
    """What `viewer` (a seat, or None for a spectator) may see, with the log from `log_from`:
    `public_view` with `private_view` laid over it (tests/games/goblin check it)."""
    over = state.over
    data = {name: build(state, viewer, over, log_from) for name, build in SECTIONS.items()}
    if viewer is not None:
        data["me"] = _me(state, viewer)
    if over:
        _ending(state, data)
    return data


def public_view(state: GameState, log_from: int = 0) -> dict[str, Any]:
    """What every viewer sees (the spectator's view): computed once per change (issue 12)."""
    return view(state, None, log_from)


def public_sections(state: GameState, names: Iterable[str], log_from: int = 0) -> dict[str, Any]:
    """Those sections of `public_view` (a name it does not have now is left out)."""
    if state.over:  # the end's sections are computed together
        whole = public_view(state, log_from)
        return {name: whole[name] for name in names if name in whole}
    return {name: SECTIONS[name](state, None, False, log_from) for name in names}


def private_view(state: GameState, seat: int, log_from: int = 0) -> dict[str, Any]:
    """What only `seat` sees, as JSON Pointers into its view and their values (view_parts.py):
    its `me`, and until the end the secrets of its log entries (GPRIVATE-1)."""
    parts: dict[str, Any] = {"/viewer": seat, "/me": _me(state, seat)}
    if not state.over:
        parts.update(secret_pointers(state.events, seat, log_from))
    return parts
