"""The game state: plain data that turns into JSON and back into an identical state.

Nothing here knows the rules. Stacks (the pile, a Basket, the market deck) are drawn from
their end; their order is hidden from everybody until the game is over (GPRIVATE-2).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from .cards import DEFAULT_DECISION_TIMER

JSON = Any

# Window kinds (docs/goblin.md): the one window open at a time is one of these.
PICK = "pick"  # GFILL-2, simultaneous
MARKET = "market"  # GMARKET-2
LAUNDRY = "laundry"  # GWASH-6
KEEP = "keep"  # GWASH-5

PHASE_OF_WINDOW = {PICK: "fill", MARKET: "market", LAUNDRY: "laundry", KEEP: "laundry"}


@dataclass
class Player:
    seat: int
    name: str
    species: str  # GCARD-1, face up
    programs: list[str]  # the dealt row I..IV (GSETUP-4); programs[r-1] is round r's
    row: list[str] = field(default_factory=list)  # Programs still in front of the player
    away: bool = False
    potion_used: bool = False
    potion_card: str | None = None  # the card the Potion covered (GPOTION-1, public)
    basket: list[str] = field(default_factory=list)  # the top is the end
    hand: list[str] = field(default_factory=list)
    pick: str | None = None  # the choice in the open pick window
    known: list[str] = field(default_factory=list)  # own picks still in the Basket (GPRIVATE-1)
    gave: list[str] = field(default_factory=list)  # one card per round to a neighbour
    score_cards: list[str] = field(default_factory=list)
    score_programs: list[str] = field(default_factory=list)
    # The pile's card dealt face down into the Basket at setup (GSETUP-4); shown at the end.
    setup_card: str | None = None


@dataclass
class Event:
    """One log entry: `public` for everyone, `secret` for the seats in `to` (and everyone once
    the game is over). Only views.redact_event (games/kit/redaction.py) reads it."""

    kind: str
    public: dict[str, JSON]
    secret: dict[str, JSON] | None = None
    to: list[int] = field(default_factory=list)


@dataclass
class GameState:
    seed: int
    rng: int
    decision_timer: int
    players: list[Player]
    pile: list[str]
    undealt_programs: list[str] = field(default_factory=list)
    removed_cards: list[str] = field(default_factory=list)
    removed_programs: list[str] = field(default_factory=list)
    round: int = 0
    over: bool = False
    window_id: int = 0
    window_kind: str | None = None
    window_actors: list[int] = field(default_factory=list)
    lead: int | None = None
    direction: str | None = None
    step: int = 0  # pick step within the round's fill (1, 2, ...)
    market_deck: list[str] = field(default_factory=list)
    market_up: list[str] = field(default_factory=list)
    market_first: int | None = None
    order: list[int] = field(default_factory=list)  # the round's laundry order (GWASH-1)
    washed: int = 0  # laundries finished this round
    washer: int | None = None
    drawn: list[str] = field(default_factory=list)
    covered: str | None = None
    failed: bool = False
    events: list[Event] = field(default_factory=list)
    version: int = 0

    @property
    def n(self) -> int:
        return len(self.players)

    def emit(
        self,
        kind: str,
        secret: dict[str, JSON] | None = None,
        to: list[int] | None = None,
        /,
        **public: JSON,
    ) -> None:
        """Record a log entry; `secret` reaches only the seats in `to` until the end."""
        assert "kind" not in public, "an entry's `kind` is its own: name the field otherwise"
        self.events.append(Event(kind, public, secret, list(to or [])))

    @property
    def phase(self) -> str:
        if self.over:
            return "over"
        return PHASE_OF_WINDOW.get(self.window_kind or "", "setup")

    def to_dict(self) -> dict[str, JSON]:
        data = {f.name: _copy(getattr(self, f.name)) for f in dataclasses.fields(self)}
        data["players"] = [{k: _copy(v) for k, v in vars(p).items()} for p in self.players]
        # Event payloads are written once and never changed, so sharing them is safe.
        data["events"] = [
            {"kind": e.kind, "public": e.public, "secret": e.secret, "to": e.to}
            for e in self.events
        ]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, JSON]) -> GameState:
        d = {k: _copy(v) for k, v in data.items()}
        d["players"] = [Player(**p) for p in data["players"]]
        d["events"] = [Event(**e) for e in data["events"]]
        return cls(**d)


def _copy(value: JSON) -> JSON:
    return list(value) if isinstance(value, list) else value


def new_state(seed: int, decision_timer: int = DEFAULT_DECISION_TIMER) -> GameState:
    return GameState(
        seed=seed, rng=seed & ((1 << 64) - 1), decision_timer=decision_timer, players=[], pile=[]
    )
