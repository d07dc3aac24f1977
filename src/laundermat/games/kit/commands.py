"""Commands from their JSON form, by a table of forms: type -> (class, {field: JSON type}).

`parse` is a game's one way in from outside: anything it returns is well formed (every field
present, of its type, and no other); whether it is legal *now* is the phase table's check.
A game's commands are frozen dataclasses on `Command` (a class attribute `type`, and the JSON
form `to_dict()`); the room's two (windows.Timeout, windows.SetAway) are in
`windows.ROOM_FORMS`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

MALFORMED = "malformed"


class Command:
    """A command's JSON form is its `type` and its fields, in order (a frozen dataclass's
    fields; not dataclasses.asdict, which deep-copies each: commands hold plain values)."""

    __slots__ = ()
    type: ClassVar[str]

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, **vars(self)}


Forms = Mapping[str, tuple[type, Mapping[str, type]]]


def parse(data: Any, forms: Forms, refuse: Callable[[str, str], Exception]) -> Any:
    """The command `data` stands for; the game's `malformed` refusal for anything else."""
    if not isinstance(data, dict):
        raise refuse(MALFORMED, "A command is a JSON object.")
    kind = data.get("type")
    form = forms.get(kind) if isinstance(kind, str) else None
    if form is None:
        raise refuse(MALFORMED, f"Unknown command type {kind!r}.")
    cls, fields = form
    # The platform logs a command with its `client_id` and replays that entry (protocol.py).
    extra = set(data) - set(fields) - {"type", "client_id"}
    if extra:
        raise refuse(MALFORMED, f"'{kind}' has no field {sorted(extra)[0]!r}.")
    values: dict[str, Any] = {}
    for name, expected in fields.items():
        value = data.get(name)
        # bool is an int in Python; a seat or window of true/false is malformed.
        if type(value) is not expected:
            raise refuse(MALFORMED, f"'{kind}' needs '{name}' ({expected.__name__}).")
        values[name] = value
    return cls(**values)
