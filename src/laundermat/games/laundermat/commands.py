"""Every player decision is a command; so are the room's timeout and presence notices.

Commands are frozen dataclasses with a JSON form `{"type": "...", ...}` used by the command
log and the wire protocol. `parse_command` is the only way in from JSON and rejects anything
malformed with `MalformedCommand` (GEN-2: incomplete commands never apply).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .cards import ADDITIONS, BILL_COUNT, WEAPONS
from .errors import MalformedCommand


@dataclass(frozen=True)
class Command:
    """A command is checked when it is built, from JSON or in code, so the engine never meets
    a malformed one halfway through applying it (GEN-1, GEN-2)."""

    type: ClassVar[str]

    def __post_init__(self) -> None:
        for name in _field_names(type(self)):
            checked = _FIELD_CHECKS[name](name, getattr(self, name))
            if checked is not _SAME:
                object.__setattr__(self, name, checked)

    def to_dict(self) -> dict[str, Any]:
        # Not dataclasses.asdict: it deep-copies field by field, 5-10 times the cost of this
        # for every command the rooms log (docs/benchmarks.md). Fields hold ints, strings,
        # tuples and, in one command, a dict of ints: a dict is the only one copied.
        data = {name: _plain(getattr(self, name)) for name in _field_names(type(self))}
        data["type"] = self.type
        return data


@dataclass(frozen=True)
class SeatCommand(Command):
    seat: int


@dataclass(frozen=True)
class Select(SeatCommand):
    """DRAFT-2: select a display bill by card id (switches back from Lost and Found)."""

    type: ClassVar[str] = "select"
    card: int


@dataclass(frozen=True)
class ClearSelection(SeatCommand):
    """DRAFT-2 / LOSTFOUND-2: clear the selection (a Lost and Found draw goes back)."""

    type: ClassVar[str] = "clear_selection"


@dataclass(frozen=True)
class DrawLostFound(SeatCommand):
    """LOSTFOUND-1: select a hidden draw from the deck."""

    type: ClassVar[str] = "lost_and_found"


@dataclass(frozen=True)
class BreakMachine(SeatCommand):
    """BROKEN-1: redeal the display and restart the draft."""

    type: ClassVar[str] = "broken_machine"


@dataclass(frozen=True)
class Seniority(SeatCommand):
    """SENIORITY-1: claim (or decline) the collided bill."""

    type: ClassVar[str] = "seniority"
    claim: bool


@dataclass(frozen=True)
class AlarmPurchase(SeatCommand):
    """VAULT-7: buy with the Alarm bill plus `bills` (held bills, may be empty)."""

    type: ClassVar[str] = "alarm_purchase"
    addition: str
    bills: tuple[int, ...] = ()
    reference: int | None = None


@dataclass(frozen=True)
class AlarmDiscard(SeatCommand):
    """VAULT-6: discard the Alarm bill."""

    type: ClassVar[str] = "alarm_discard"


@dataclass(frozen=True)
class BuyAddition(SeatCommand):
    """BUY-1..7: the round's purchase, a standard addition."""

    type: ClassVar[str] = "buy_addition"
    addition: str
    bills: tuple[int, ...]
    reference: int | None = None


@dataclass(frozen=True)
class BuyWeapon(SeatCommand):
    """BUY-8..10: the round's purchase, a Secret Weapon (with its immediate choice)."""

    type: ClassVar[str] = "buy_weapon"
    weapon: str
    bills: tuple[int, ...] = ()
    email_type: str | None = None
    jackpot_target: int | None = None


@dataclass(frozen=True)
class Skip(SeatCommand):
    """BUY-1: skip the round's purchase."""

    type: ClassVar[str] = "skip"


@dataclass(frozen=True)
class Protect(SeatCommand):
    """BRIBE-3: protect (or add to the protection of) one of your copies."""

    type: ClassVar[str] = "protect"
    copy: int
    bills: tuple[int, ...]


@dataclass(frozen=True)
class Counter(SeatCommand):
    """BRIBE-4: cancel another player's paid protection."""

    type: ClassVar[str] = "counter"
    copy: int
    bills: tuple[int, ...]


@dataclass(frozen=True)
class BuyEntries(SeatCommand):
    """BRIBE-5: buy investigation entries and split them among types."""

    type: ClassVar[str] = "entries"
    bills: tuple[int, ...]
    split: dict[str, int] = field(default_factory=dict)

    def __hash__(self) -> int:
        return hash((self.seat, self.bills, tuple(sorted(self.split.items()))))


@dataclass(frozen=True)
class Done(SeatCommand):
    """BRIBE-1: done with the current bribery stage (final for that stage)."""

    type: ClassVar[str] = "done"


@dataclass(frozen=True)
class Timeout(Command):
    """Sent by the room when the window's deadline passes."""

    type: ClassVar[str] = "timeout"
    window: int


@dataclass(frozen=True)
class SetAway(SeatCommand):
    """GEN-4: the room reports that a seat became away (or came back)."""

    type: ClassVar[str] = "set_away"
    away: bool


COMMAND_TYPES: dict[str, type[Command]] = {
    cls.type: cls
    for cls in (
        Select,
        ClearSelection,
        DrawLostFound,
        BreakMachine,
        Seniority,
        AlarmPurchase,
        AlarmDiscard,
        BuyAddition,
        BuyWeapon,
        Skip,
        Protect,
        Counter,
        BuyEntries,
        Done,
        Timeout,
        SetAway,
    )
}

# Commands a player may send; the rest come from the room itself.
PLAYER_COMMANDS = frozenset(COMMAND_TYPES) - {"timeout", "set_away"}


_SAME: Any = object()  # a check's answer when the value is fine as it is
_ADDITION_NAMES = frozenset(str(a) for a in ADDITIONS)
_WEAPON_NAMES = frozenset(str(w) for w in WEAPONS)
_NAMES: dict[type[Command], tuple[str, ...]] = {}


def _field_names(cls: type[Command]) -> tuple[str, ...]:
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return names


def _plain(value: Any) -> Any:
    return dict(value) if isinstance(value, dict) else value


def _whole(name: str, value: Any) -> Any:
    if type(value) is not int:
        raise MalformedCommand(f"'{name}' must be a whole number")
    return _SAME


def _optional_whole(name: str, value: Any) -> Any:
    return _SAME if value is None else _whole(name, value)


def _flag(name: str, value: Any) -> Any:
    if type(value) is not bool:
        raise MalformedCommand(f"'{name}' must be true or false")
    return _SAME


# Membership tests hash the value: a list or an object from JSON must be refused as malformed
# before it reaches `in`, where it would raise TypeError (unhashable).
def _addition(name: str, value: Any) -> Any:
    if not isinstance(value, str) or value not in _ADDITION_NAMES:
        raise MalformedCommand(f"'{name}' must be one of: {', '.join(sorted(_ADDITION_NAMES))}")
    return str(value)


def _optional_addition(name: str, value: Any) -> Any:
    return _SAME if value is None else _addition(name, value)


def _weapon(name: str, value: Any) -> Any:
    if not isinstance(value, str) or value not in _WEAPON_NAMES:
        raise MalformedCommand(f"'{name}' must be one of: {', '.join(sorted(_WEAPON_NAMES))}")
    return str(value)


def _bills(name: str, value: Any) -> Any:
    if not isinstance(value, list | tuple) or any(type(b) is not int for b in value):
        raise MalformedCommand("'bills' must be a list of bill ids")
    if len(value) > BILL_COUNT:
        raise MalformedCommand("'bills' lists more bills than exist")
    return value if type(value) is tuple else tuple(value)


def _split(name: str, value: Any) -> Any:
    if not isinstance(value, dict) or any(
        not isinstance(k, str) or k not in _ADDITION_NAMES or type(v) is not int
        for k, v in value.items()
    ):
        raise MalformedCommand("'split' must map addition types to whole numbers of entries")
    return dict(value)


_FIELD_CHECKS: dict[str, Callable[[str, Any], Any]] = {
    "seat": _whole,
    "card": _whole,
    "copy": _whole,
    "window": _whole,
    "claim": _flag,
    "away": _flag,
    "addition": _addition,
    "weapon": _weapon,
    "bills": _bills,
    "reference": _optional_whole,
    "jackpot_target": _optional_whole,
    "email_type": _optional_addition,
    "split": _split,
}

# Fields a JSON command may leave out (they take their defaults); every other one is required.
_OPTIONAL_IN_JSON = {
    AlarmPurchase: {"bills", "reference"},
    BuyAddition: {"reference"},
    BuyWeapon: {"bills", "email_type", "jackpot_target"},
}


def parse_command(data: Any) -> Command:
    """Build a command from its JSON form, or raise `MalformedCommand`. Unknown keys (such as
    the room's `client_id` in the command log) are ignored."""
    if not isinstance(data, dict):
        raise MalformedCommand("a command must be a JSON object")
    kind = data.get("type")
    cls = COMMAND_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise MalformedCommand(f"unknown command type {kind!r}")
    optional = _OPTIONAL_IN_JSON.get(cls, ())
    kwargs: dict[str, Any] = {}
    for name in _field_names(cls):
        if name in data and (data[name] is not None or name in optional):
            kwargs[name] = data[name]
        elif name not in optional:
            raise MalformedCommand(f"'{name}' is missing")
    return cls(**kwargs)
