"""parse_command on any JSON value: a command, or the engine's typed `MalformedCommand`.

The wire hands the engine whatever a client sent; a list or an object where a string or a
number belongs must be refused as `malformed`, never crash with TypeError or KeyError
(issue point 7). The second property keeps every field but one well formed, so each field's
own check is reached with values of every JSON type.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from laundermat.games.laundermat.commands import COMMAND_TYPES
from laundermat.games.laundermat.engine import Command, MalformedCommand, parse_command

JSON_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**63), max_value=2**64 - 1)  # what orjson parses
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20)
)
JSON = st.recursive(
    JSON_SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)

# One well-formed example of every command type: the base the second property perturbs.
VALID: dict[str, dict[str, Any]] = {
    "select": {"seat": 0, "card": 3},
    "clear_selection": {"seat": 0},
    "lost_and_found": {"seat": 0},
    "broken_machine": {"seat": 0},
    "seniority": {"seat": 0, "claim": True},
    "alarm_purchase": {"seat": 0, "addition": "pawn_shop", "bills": [1], "reference": None},
    "alarm_discard": {"seat": 0},
    "buy_addition": {"seat": 0, "addition": "pawn_shop", "bills": [1, 2]},
    "buy_weapon": {"seat": 0, "weapon": "anonymous_email", "bills": [], "email_type": "pawn_shop"},
    "skip": {"seat": 0},
    "protect": {"seat": 0, "copy": 1, "bills": [4]},
    "counter": {"seat": 0, "copy": 1, "bills": [4]},
    "entries": {"seat": 0, "bills": [4], "split": {"pawn_shop": 1}},
    "done": {"seat": 0},
    "timeout": {"window": 1},
    "set_away": {"seat": 0, "away": True},
}


def _parse(data: Any) -> Command | None:
    try:
        return parse_command(data)
    except MalformedCommand as exc:
        assert exc.code == "malformed" and exc.message
        return None


def test_every_command_type_has_a_valid_example() -> None:
    assert set(VALID) == set(COMMAND_TYPES)
    for kind, fields in VALID.items():
        command = parse_command({"type": kind, **fields})
        assert command.type == kind


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(JSON)
def test_any_json_value_is_a_command_or_malformed(data: Any) -> None:
    _parse(data)


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(VALID)), st.data())
def test_any_value_in_any_field_is_a_command_or_malformed(kind: str, draw: st.DataObject) -> None:
    data: dict[str, Any] = {"type": kind, **VALID[kind]}
    names = ["type", *(f.name for f in dataclasses.fields(COMMAND_TYPES[kind]))]
    name = draw.draw(st.sampled_from(names), label="field")
    data[name] = draw.draw(JSON, label="value")
    command = _parse(data)
    if command is not None:  # accepted: it survives its own JSON round trip
        assert parse_command(command.to_dict()) == command


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(VALID)), st.data())
def test_a_commands_json_form_is_its_fields_copied(kind: str, draw: st.DataObject) -> None:
    """GEN-2: `to_dict` (the command log's form) has every field as dataclasses.asdict would
    give it, and shares no mutable value with the command (a frozen command stays as it was
    whatever its caller does with the dict)."""
    data: dict[str, Any] = {"type": kind, **VALID[kind]}
    names = [f.name for f in dataclasses.fields(COMMAND_TYPES[kind])]
    name = draw.draw(st.sampled_from(names), label="field")
    data[name] = draw.draw(JSON, label="value")
    command = _parse(data)
    if command is None:
        command = parse_command({"type": kind, **VALID[kind]})
    before = dataclasses.asdict(command)
    form = command.to_dict()
    assert form == {**before, "type": kind}
    for value in form.values():
        if isinstance(value, dict | list):
            value.clear()
    assert dataclasses.asdict(command) == before
