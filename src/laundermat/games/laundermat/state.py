"""The game state: plain data that serialises to JSON and back to an identical state.

Nothing here knows the rules; the phase modules change it and `views` redacts it.
"""

from __future__ import annotations

import dataclasses
import zlib
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, overload

import orjson

from .cards import DEFAULT_BRIBE_TIMER, DEFAULT_ROUND_TIMER

JSON = Any  # a JSON-compatible value: the engine only stores str/int/bool/None/list/dict

LOST_FOUND_PICK = -1  # a selection that is the player's hidden Lost and Found draw


class Phase(StrEnum):
    """The phase the game is in (the kind of the open window). A round walks DRAFT →
    SENIORITY → ALARM → PURCHASE; the game then walks the three bribery stages to OVER (see
    `flow.PHASES`)."""

    DRAFT = "draft"
    SENIORITY = "seniority"
    ALARM = "alarm"
    PURCHASE = "purchase"
    BRIBE_PROTECT = "bribe_protect"
    BRIBE_COUNTER = "bribe_counter"
    BRIBE_ENTRIES = "bribe_entries"
    OVER = "over"


@dataclass(frozen=True)
class Window:
    """An open window: one opening of a phase, for its actors. The room arms a deadline of
    `duration` seconds for it and, when it passes, sends `Timeout(id)`."""

    id: int
    kind: Phase
    actors: tuple[int, ...]
    duration: int

    def to_dict(self) -> dict[str, JSON]:
        return {
            "id": self.id,
            "kind": str(self.kind),
            "actors": list(self.actors),
            "duration": self.duration,
        }


@dataclass
class Settings:
    round_timer: int = DEFAULT_ROUND_TIMER
    bribe_timer: int = DEFAULT_BRIBE_TIMER


@dataclass(slots=True)
class Player:
    seat: int
    name: str
    wallet: list[int] = field(default_factory=list)
    weapon: str | None = None
    away: bool = False
    # Draft of the current round.
    selection: int | None = None  # card id, LOST_FOUND_PICK, or None
    lost_found_draw: int | None = None  # the hidden Lost and Found bill while selected (PRIVATE-2)
    # Once-per-game abilities.
    lost_found_used: bool = False  # true from the draw (restored on switch back / Broken Machine)
    lost_found_public: bool = False  # true from the lock that revealed the use (DRAFT-7)
    seniority_used: bool = False
    broken_used: bool = False
    two_for_one_pending: bool = False
    # Per-round outcomes.
    collected: bool = False  # BUY-1 eligibility
    timed_out: bool = False
    purchased: bool = False  # acted (bought or skipped) in this round's purchase window
    done: bool = False  # declared done in the current bribery stage


@dataclass(slots=True)
class Copy:
    """One owned addition copy."""

    id: int
    kind: str
    owner: int
    round: int
    alarm_flag: bool = False  # VAULT-7: flagged by an Alarm purchase
    exact: bool = False  # BUY-4: paid exactly (bonus amount depends on Budget App)
    bonus_copy: bool = False  # TWOFORONE-2
    protection: int = 0  # BRIBE-3: paid protection amount, 0 when none
    countered: bool = False  # BRIBE-4


@dataclass(slots=True)
class Event:
    """One log entry. `public` is seen by everyone; `secret` only by the seats in `to`
    (and by everyone once the game is over). `views.redact_event` (games/kit/redaction.py) is
    the only reader."""

    kind: str
    public: dict[str, JSON]
    secret: dict[str, JSON] | None = None
    to: list[int] = field(default_factory=list)


class EventLog(Sequence[Event]):
    """The game's log: a list of events that keeps its older entries packed.

    A live view needs only the entries since the last push; the whole log is read again
    only for a full view (a connection, a resync, the end of a game) or a snapshot. So once
    `2 * CHUNK` entries are unpacked, the oldest `CHUNK` are packed into one zlib'd JSON
    chunk (~20 bytes an entry instead of ~400 as objects) and unpacked again when read.
    Entries are never changed once logged, so a packed entry reads back equal. Only
    `append` packs: a log built from a list (a restore, a test's altered copy) keeps its
    objects until the game goes on."""

    CHUNK = 16

    __slots__ = ("_cache", "_chunks", "_recent")

    def __init__(self, events: Iterable[Event] = ()) -> None:
        self._chunks: list[bytes] = []
        self._recent: list[Event] = list(events)
        self._cache: tuple[int, list[Event]] = (-1, [])  # the last chunk unpacked

    def append(self, event: Event) -> None:
        recent = self._recent
        recent.append(event)
        self._cache = (-1, [])  # a read of the whole log is over once the game goes on
        if len(recent) >= 2 * self.CHUNK:
            oldest = [[e.kind, e.public, e.secret, e.to] for e in recent[: self.CHUNK]]
            self._chunks.append(zlib.compress(orjson.dumps(oldest), 1))
            del recent[: self.CHUNK]

    def _chunk(self, index: int) -> list[Event]:
        if self._cache[0] != index:
            rows = orjson.loads(zlib.decompress(self._chunks[index]))
            self._cache = (index, [Event(*row) for row in rows])
        return self._cache[1]

    def __len__(self) -> int:
        return len(self._chunks) * self.CHUNK + len(self._recent)

    @overload
    def __getitem__(self, index: int) -> Event: ...

    @overload
    def __getitem__(self, index: slice) -> list[Event]: ...

    def __getitem__(self, index: int | slice) -> Event | list[Event]:
        packed = len(self._chunks) * self.CHUNK
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self))
            if start >= packed and step == 1:
                return self._recent[start - packed : max(start, stop) - packed]
            return [self[i] for i in range(start, stop, step)]
        if index < 0:
            index += len(self)
        if index >= packed:
            return self._recent[index - packed]
        if index < 0:
            raise IndexError("event index out of range")
        return self._chunk(index // self.CHUNK)[index % self.CHUNK]

    def __iter__(self) -> Iterator[Event]:
        for packed in self._chunks:  # not cached: a whole pass reads each chunk once
            yield from (Event(*row) for row in orjson.loads(zlib.decompress(packed)))
        yield from self._recent

    def __eq__(self, other: object) -> bool:
        if isinstance(other, EventLog | list):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # mutable, like a list

    def __repr__(self) -> str:
        return f"EventLog({list(self)!r})"


@dataclass(slots=True)
class Collision:
    card: int
    seats: list[int]


@dataclass(slots=True)
class Alarm:
    seat: int
    card: int


@dataclass
class GameState:
    seed: int
    rng: int
    settings: Settings
    players: list[Player]
    deck: list[int]
    display: list[int] = field(default_factory=list)
    vault: list[int] = field(default_factory=list)
    spent: list[int] = field(default_factory=list)
    market: dict[str, int] = field(default_factory=dict)
    weapon_market: list[str] = field(default_factory=list)
    weapons_bought: int = 0
    email_type: str | None = None
    entries: dict[str, int] = field(default_factory=dict)
    copies: list[Copy] = field(default_factory=list)
    round: int = 0
    phase: Phase = Phase.DRAFT
    window_id: int = 0
    window_actors: list[int] = field(default_factory=list)
    # Reveal bookkeeping for the current round.
    collisions: list[Collision] = field(default_factory=list)
    seniority_claimed: int | None = None  # the card a Seniority claim took this round
    lost_found_collected: int = 0  # Lost and Found draws collected at this round's lock (DRAFT-8)
    vault_queue: list[int] = field(default_factory=list)
    alarm: Alarm | None = None
    investigated: str | None = None
    events: EventLog = field(default_factory=EventLog)
    version: int = 0  # rises by one per applied command, but a changed selection (DRAFT-2)

    @property
    def n(self) -> int:
        return len(self.players)

    def to_dict(self) -> dict[str, JSON]:
        # Hand-written because dataclasses.asdict deep-copies recursively and is the hot
        # spot of snapshots; every container here is rebuilt, so the result shares nothing.
        data = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        data["settings"] = vars(self.settings).copy()  # one per game: not slotted
        data["players"] = [_player_dict(p) for p in self.players]
        data["copies"] = [_fields(c) for c in self.copies]
        data["events"] = [_event_dict(e) for e in self.events]
        data["collisions"] = [{"card": c.card, "seats": list(c.seats)} for c in self.collisions]
        data["alarm"] = _fields(self.alarm) if self.alarm is not None else None
        data["phase"] = str(self.phase)
        for key in (
            "deck",
            "display",
            "vault",
            "spent",
            "weapon_market",
            "window_actors",
            "vault_queue",
        ):
            data[key] = list(data[key])
        data["market"] = dict(self.market)
        data["entries"] = dict(self.entries)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, JSON]) -> GameState:
        d = _renamed(data)
        d["settings"] = Settings(**d["settings"])
        d["players"] = [Player(**_renamed(p)) for p in d["players"]]
        d["copies"] = [Copy(**c) for c in d["copies"]]
        d["events"] = EventLog(Event(**e) for e in d["events"])
        d["collisions"] = [Collision(**c) for c in d["collisions"]]
        d["alarm"] = Alarm(**d["alarm"]) if d["alarm"] is not None else None
        d["phase"] = Phase(d["phase"])
        return cls(**d)


# Snapshots stored before the Lost and Found fields got readable names still restore.
_OLD_NAMES = {
    "lf_draw": "lost_found_draw",
    "lf_used": "lost_found_used",
    "lf_public": "lost_found_public",
    "lf_collected": "lost_found_collected",
}


def _renamed(data: dict[str, JSON]) -> dict[str, JSON]:
    return {_OLD_NAMES.get(key, key): value for key, value in data.items()}


def _fields(item: Any) -> dict[str, JSON]:
    """A slotted dataclass's fields as a dict (what `vars` gives an unslotted one)."""
    return {name: getattr(item, name) for name in item.__slots__}


def _player_dict(player: Player) -> dict[str, JSON]:
    data = _fields(player)
    data["wallet"] = list(player.wallet)
    return data


def _event_dict(event: Event) -> dict[str, JSON]:
    # Event payloads are written once and never changed, so sharing them is safe.
    return {"kind": event.kind, "public": event.public, "secret": event.secret, "to": event.to}
