"""Every player decision is a command; so are the room's timeout and presence notices.

Commands are frozen dataclasses with a JSON form `{"type": "...", ...}` used by the command
log and the wire protocol. `parse_command` is the only way in from JSON and rejects anything
malformed with `MalformedCommand` (GEN-2: incomplete commands never apply).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .cards import ADDITIONS, WEAPONS
from .errors import MalformedCommand


@dataclass(frozen=True)
class Command:
    type: ClassVar[str]

    def to_dict(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
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


def _int(data: dict[str, Any], key: str) -> int:
    value = data.get(key)
    if type(value) is not int:
        raise MalformedCommand(f"'{key}' must be a whole number")
    return value


def _opt_int(data: dict[str, Any], key: str) -> int | None:
    return None if data.get(key) is None else _int(data, key)


def _bool(data: dict[str, Any], key: str) -> bool:
    value = data.get(key)
    if type(value) is not bool:
        raise MalformedCommand(f"'{key}' must be true or false")
    return value


def _bills(data: dict[str, Any], required: bool) -> tuple[int, ...]:
    value = data.get("bills", None if required else [])
    if not isinstance(value, list | tuple) or any(type(b) is not int for b in value):
        raise MalformedCommand("'bills' must be a list of bill ids")
    if len(value) > 60:
        raise MalformedCommand("'bills' lists more bills than exist")
    return tuple(value)


def _choice(data: dict[str, Any], key: str, allowed: tuple[str, ...], optional: bool) -> Any:
    value = data.get(key)
    if value is None and optional:
        return None
    if value not in allowed:
        raise MalformedCommand(f"'{key}' must be one of: {', '.join(allowed)}")
    return value


def parse_command(data: Any) -> Command:
    """Build a command from its JSON form, or raise `MalformedCommand`."""
    if not isinstance(data, dict):
        raise MalformedCommand("a command must be a JSON object")
    kind = data.get("type")
    cls = COMMAND_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise MalformedCommand(f"unknown command type {kind!r}")
    if cls is Timeout:
        return Timeout(window=_int(data, "window"))
    seat = _int(data, "seat")
    additions = tuple(str(a) for a in ADDITIONS)
    if cls is Select:
        return Select(seat, card=_int(data, "card"))
    if cls is Seniority:
        return Seniority(seat, claim=_bool(data, "claim"))
    if cls is SetAway:
        return SetAway(seat, away=_bool(data, "away"))
    if cls is AlarmPurchase:
        return AlarmPurchase(
            seat,
            addition=_choice(data, "addition", additions, optional=False),
            bills=_bills(data, required=False),
            reference=_opt_int(data, "reference"),
        )
    if cls is BuyAddition:
        return BuyAddition(
            seat,
            addition=_choice(data, "addition", additions, optional=False),
            bills=_bills(data, required=True),
            reference=_opt_int(data, "reference"),
        )
    if cls is BuyWeapon:
        return BuyWeapon(
            seat,
            weapon=_choice(data, "weapon", tuple(str(w) for w in WEAPONS), optional=False),
            bills=_bills(data, required=False),
            email_type=_choice(data, "email_type", additions, optional=True),
            jackpot_target=_opt_int(data, "jackpot_target"),
        )
    if cls in (Protect, Counter):
        return cls(seat, copy=_int(data, "copy"), bills=_bills(data, required=True))
    if cls is BuyEntries:
        split = data.get("split")
        if not isinstance(split, dict) or any(
            k not in additions or type(v) is not int for k, v in split.items()
        ):
            raise MalformedCommand("'split' must map addition types to whole numbers of entries")
        return BuyEntries(seat, bills=_bills(data, required=True), split=dict(split))
    return cls(seat)  # type: ignore[call-arg]
