"""The commands, as frozen values with their JSON form (GGEN-2: one decision each).

`parse` is the one way in from outside (the kit's, over this game's forms): anything it
returns is well formed (types, a known card id); whether it is legal *now* is the phase
table's check (flow.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..kit import commands, windows
from ..kit.windows import SetAway, Timeout
from .cards import CLOTHING
from .errors import MALFORMED, refuse


@dataclass(frozen=True)
class Pick(commands.Command):
    """GFILL-2 (a card of the hand) or GMARKET-2 (a face-up market card)."""

    seat: int
    card: str
    type = "pick"


@dataclass(frozen=True)
class Draw(commands.Command):
    """GWASH-6."""

    seat: int
    type = "draw"


@dataclass(frozen=True)
class DrawWithPotion(commands.Command):
    """GPOTION-1."""

    seat: int
    type = "draw_with_potion"


@dataclass(frozen=True)
class Stop(commands.Command):
    """GWASH-6."""

    seat: int
    type = "stop"


@dataclass(frozen=True)
class Keep(commands.Command):
    """GWASH-5: the one card kept from a failed laundry."""

    seat: int
    card: str
    type = "keep"


SeatCommand = Pick | Draw | DrawWithPotion | Stop | Keep
Command = SeatCommand | Timeout | SetAway

PLAYER_COMMANDS = ("pick", "draw", "draw_with_potion", "stop", "keep")
ROOM_COMMANDS = windows.ROOM_COMMANDS

# type -> (class, {field: JSON type}) for the kit's parse; `seat` in every command but timeout.
_FORMS: commands.Forms = {
    "pick": (Pick, {"seat": int, "card": str}),
    "draw": (Draw, {"seat": int}),
    "draw_with_potion": (DrawWithPotion, {"seat": int}),
    "stop": (Stop, {"seat": int}),
    "keep": (Keep, {"seat": int, "card": str}),
    **windows.ROOM_FORMS,
}


def parse(data: Any) -> Command:
    """A command from its JSON form; `malformed` for anything else (an unknown card too)."""
    command: Command = commands.parse(data, _FORMS, refuse)
    card = getattr(command, "card", None)
    if card is not None and card not in CLOTHING:
        raise refuse(MALFORMED, f"There is no Clothing card {card!r}.")
    return command


def command_schema() -> dict[str, Any]:
    """JSON Schema of what a client sends in `act.command` (no `seat`: the token is the seat)."""
    card = {"type": "string", "pattern": "^C([1-9]|[1-8][0-9]|90)$"}
    variants = []
    for kind in PLAYER_COMMANDS:
        _, fields = _FORMS[kind]
        properties: dict[str, Any] = {"type": {"const": kind}}
        if "card" in fields:
            properties["card"] = card
        variants.append(
            {
                "type": "object",
                "required": ["type", *(f for f in fields if f != "seat")],
                "properties": properties,
                "additionalProperties": False,
            }
        )
    return {"oneOf": variants, "description": "Goblin Laundromat's commands (docs/goblin.md)."}
