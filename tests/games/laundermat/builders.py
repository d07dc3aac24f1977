"""Build any situation directly from data, without playing up to it.

    game = build(3, phase=Phase.PURCHASE, collected=[0], wallets={0: [bill(50_000)]})
    game = build(3, display=[0, 8, 18, 28], vault=[59],
                 chance=ScriptedChance(values={"vault_deal": [59]}, dice=[2]))

Bill ids follow `cards.DECK_COMPOSITION`: 0-7 are $10k, 8-17 $20k, 18-27 $30k, 28-35 $40k,
36-43 $50k, 44-49 $60k, 50-53 $70k, 54-57 $80k, 58-59 $100k. `bill(value, k)` names the k-th
bill of a denomination. Every bill not placed anywhere goes to the deck, so the 60 bills are
always each in exactly one place; the market stock is what the copies leave.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from laundermat.games.laundermat import invariants
from laundermat.games.laundermat.cards import BILL_COUNT, BILL_VALUE, COPIES_PER_TYPE, WEAPONS
from laundermat.games.laundermat.engine import (
    ADDITIONS,
    Chance,
    Command,
    EngineError,
    Event,
    Game,
    GameOver,
    GameState,
    IllegalMove,
    MalformedCommand,
    NotYourWindow,
    Phase,
    Settings,
    StaleWindow,
    WrongPhase,
)
from laundermat.games.laundermat.state import Alarm, Collision, Copy, Player

# Short names for the addition types and weapons used all over the tests.
RACK, VENDING, CHARGING, PAWN, SLOT = (str(a) for a in ADDITIONS)


def bill(value: int, k: int = 0) -> int:
    """The id of the k-th bill (0-based) of a denomination."""
    ids = bills_of(value)
    return ids[k]


def bills_of(value: int) -> list[int]:
    ids = [card for card in range(BILL_COUNT) if BILL_VALUE[card] == value]
    if not ids:
        raise ValueError(f"there is no ${value:,} bill")
    return ids


def total(cards: Iterable[int]) -> int:
    return sum(BILL_VALUE[c] for c in cards)


def build(
    n: int = 3,
    *,
    phase: Phase = Phase.DRAFT,
    round: int = 1,
    seed: int = 7,
    names: Sequence[str] | None = None,
    settings: Settings | None = None,
    wallets: Mapping[int, Sequence[int]] | None = None,
    display: Sequence[int] | None = None,
    vault: Sequence[int] = (),
    spent: Sequence[int] = (),
    deck: Sequence[int] | None = None,
    weapons: Mapping[int, str] | None = None,
    weapon_market: Sequence[str] | None = None,
    weapons_bought: int | None = None,
    copies: Sequence[Mapping[str, Any]] = (),
    email_type: str | None = None,
    entries: Mapping[str, int] | None = None,
    selections: Mapping[int, int] | None = None,
    collected: Iterable[int] = (),
    purchased: Iterable[int] = (),
    done: Iterable[int] = (),
    away: Iterable[int] = (),
    alarm: tuple[int, int] | None = None,
    collisions: Sequence[tuple[int, Sequence[int]]] = (),
    actors: Sequence[int] | None = None,
    players: Mapping[int, Mapping[str, Any]] | None = None,
    chance: Chance | None = None,
) -> Game:
    """A game in any phase, from data. See the module docstring for the bill ids.

    `copies` rows are `Copy` fields without `id` (ids follow the row order), e.g.
    `{"kind": RACK, "owner": 1, "alarm_flag": True}`. `deck` is bottom-to-top: the display
    deals from its end. `players` sets any other `Player` field, e.g.
    `{0: {"lost_found_used": True}}`.
    """
    names = list(names or [f"p{i}" for i in range(n)])
    assert len(names) == n
    wallets = dict(wallets or {})
    weapons = dict(weapons or {})
    placed: list[int] = [c for w in wallets.values() for c in w]
    placed += list(vault) + list(spent) + ([alarm[1]] if alarm else [])
    if display is not None:
        placed += list(display)
    lost_found_draws = [
        p["lost_found_draw"]
        for p in (players or {}).values()
        if p.get("lost_found_draw") is not None
    ]
    placed += lost_found_draws
    if deck is None:
        deck = [c for c in range(BILL_COUNT) if c not in placed]
    else:
        placed += list(deck)
    deck = list(deck)
    if display is None:
        display = [deck.pop() for _ in range(n + 1)] if phase is Phase.DRAFT else []
    owned = [dict(row) for row in copies]
    market = {str(a): COPIES_PER_TYPE for a in ADDITIONS}
    for row in owned:
        market[row["kind"]] -= 1
    state = GameState(
        seed=seed,
        rng=seed,
        settings=settings or Settings(),
        players=[
            Player(seat=i, name=names[i], wallet=list(wallets.get(i, ())), weapon=weapons.get(i))
            for i in range(n)
        ],
        deck=deck,
        display=list(display),
        vault=list(vault),
        spent=list(spent),
        market=market,
        weapon_market=list(
            weapon_market
            if weapon_market is not None
            else [str(w) for w in WEAPONS if w not in weapons.values()]
        ),
        weapons_bought=len(weapons) if weapons_bought is None else weapons_bought,
        email_type=email_type,
        entries=dict(entries) if entries is not None else {str(a): 1 for a in ADDITIONS},
        copies=[Copy(id=i, round=row.pop("round", 1), **row) for i, row in enumerate(owned)],
        round=round,
        phase=phase,
        window_id=1,
        collisions=[Collision(card, list(seats)) for card, seats in collisions],
        alarm=Alarm(*alarm) if alarm else None,
    )
    for seat, card in (selections or {}).items():
        state.players[seat].selection = card
    for seat in collected:
        state.players[seat].collected = True
    for seat in purchased:
        state.players[seat].purchased = True
    for seat in done:
        state.players[seat].done = True
    for seat in away:
        state.players[seat].away = True
    for seat, fields in (players or {}).items():
        for key, value in fields.items():
            assert hasattr(state.players[seat], key), key
            setattr(state.players[seat], key, value)
    state.window_actors = list(actors) if actors is not None else _default_actors(state)
    problems = invariants.check_bills(state) + invariants.check_market(state)
    assert not problems, problems
    return Game(state, chance)


def _default_actors(state: GameState) -> list[int]:
    if state.phase is Phase.PURCHASE:
        return [p.seat for p in state.players if p.collected]
    if state.phase in (Phase.ALARM, Phase.SENIORITY):
        assert state.alarm is not None or state.phase is Phase.SENIORITY
        if state.alarm is not None:
            return [state.alarm.seat]
        raise ValueError("name the Seniority window's actor with actors=[seat]")
    if state.phase is Phase.OVER:
        return []
    return list(range(state.n))


# ------------------------------------------------------------------ applying and checking


def play(game: Game, *commands: Command) -> list[Event]:
    """Apply commands in order; return every event they produced."""
    events: list[Event] = []
    for command in commands:
        events += game.apply(command)
    return events


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


def first(events: Iterable[Event], kind: str) -> Event:
    for event in events:
        if event.kind == kind:
            return event
    raise AssertionError(f"no {kind!r} event")


def of_kind(events: Iterable[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]


# The typed error each code comes with (every other code is an IllegalMove).
ERROR_TYPES: dict[str, type[EngineError]] = {
    "malformed": MalformedCommand,
    "not_your_turn": NotYourWindow,
    "wrong_phase": WrongPhase,
    "stale_window": StaleWindow,
    "game_over": GameOver,
}


def assert_rejected(game: Game, command: Command, code: str) -> EngineError:
    """GEN-1: the command raises an error with `code` and changes nothing at all."""
    before = game.state.to_dict()
    window = game.window()
    try:
        game.apply(command)
    except EngineError as exc:
        assert exc.code == code, f"expected {code}, got {exc.code}: {exc.message}"
        assert type(exc) is ERROR_TYPES.get(code, IllegalMove), type(exc)
        assert game.state.to_dict() == before, "a rejected command changed the state"
        assert game.window() == window, "a rejected command closed the window"
        return exc
    raise AssertionError(f"{command} was accepted; expected {code}")


def wallet_total(game: Game, seat: int) -> int:
    return total(game.state.players[seat].wallet)


def copies_of(game: Game, seat: int) -> list[Copy]:
    return [c for c in game.state.copies if c.owner == seat]


def timeout(game: Game) -> list[Event]:
    """The room's timeout for the open window."""
    from laundermat.games.laundermat.engine import Timeout

    return game.apply(Timeout(game.state.window_id))
