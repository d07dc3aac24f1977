"""Issue 31, part 5: `laundermat verify` holds the whole record. An outside security review
found that swapped names, swapped seats, made-up winner names, a changed room code or a
missing `final` all verified, and that a `game` given as a list or numeric player_ids
crashed it. The record here is a real finished game: a room in this process (a person who
never acts and two bots, on a fake clock), published as GET /api/games/{id}/replay does."""

from __future__ import annotations

import asyncio
import copy
import functools
import json
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from laundermat import games
from laundermat.rooms.fairness import SERVER, derive, server_nonce
from laundermat.verify import NOT_CHECKABLE, check, check_json, main, problems
from laundermat.web.protocol import ReplayBody
from laundermat.web.replays import public_commands, public_record
from tests.rooms.helpers import action, seated

Record = dict[str, Any]
RECORD_FIELDS = sorted(ReplayBody.model_fields)


async def _play_a_room_game() -> Record:
    rooms, room, subs, ids = await seated(players=1, start=False)
    host, sub = ids[0], subs[0]
    await room.lobby_action(sub, host, "n", action("nonce", nonce=secrets.token_hex(16)))
    for i in range(2):
        await room.lobby_action(sub, host, f"bot{i}", action("add_bot"))
    await room.lobby_action(sub, host, "go", action("start"))
    for _ in range(3_000):  # the person's windows time out; the bots play theirs
        if room.lobby.status == "finished":
            break
        await rooms.clock.advance(1_000)
    assert room.lobby.status == "finished"
    record = await room.store.game_record(room.play.game_id)
    assert record is not None
    definition = games.require(record.game)
    body = public_record(record, definition, public_commands(record, definition))
    # As a downloaded file holds it; a room still open publishes no code, so give it one.
    return {**json.loads(body.model_dump_json()), "code": record.code}


@functools.cache
def _honest() -> Record:
    """The bots play at random: a game with a winner and a player who did not win (for
    swapping their names) comes at the first try all but very rarely."""
    for _ in range(5):
        record = asyncio.run(_play_a_room_game())
        if 0 < len(record["result"]["winners"]) < len(record["seats"]):
            return record
    raise AssertionError("five games without both a winner and a player who did not win")


def honest_record() -> Record:
    """A finished game's record, played once per test process; each caller gets a copy."""
    return copy.deepcopy(_honest())


def tampered(change: Callable[[Record], None]) -> Record:
    record = honest_record()
    change(record)
    return record


def a_winner_and_a_loser(record: Record) -> tuple[int, int]:
    """Indexes into player_ids (and names) of a winner and of a player who did not win."""
    winners = {record["seats"][seat] for seat in record["result"]["winners"]}
    ids = record["player_ids"]
    return (
        next(i for i, p in enumerate(ids) if p in winners),
        next(i for i, p in enumerate(ids) if p not in winners),
    )


def swap_a_winners_name_with_a_losers(record: Record) -> None:
    won, lost = a_winner_and_a_loser(record)
    names = record["names"]
    names[won], names[lost] = names[lost], names[won]


def swap_two_seats(record: Record) -> None:
    seats = record["seats"]
    seats[0], seats[1] = seats[1], seats[0]


def test_the_honest_record_verifies() -> None:
    assert problems(honest_record()) == []


REFUSED = {
    "swapped names": (swap_a_winners_name_with_a_losers, "result: winner_names"),
    "swapped seats": (swap_two_seats, "seats:"),
    "a made-up winner": (
        lambda r: r["result"].update(winner_names=["Mallory"]),
        "result: winner_names",
    ),
    "a result key the replay does not give": (
        lambda r: r["result"].update(bonus=1),
        "result: bonus",
    ),
    "seed_text": (lambda r: r.update(seed_text=str(r["seed"] + 1)), "seed_text:"),
    "steps": (lambda r: r.update(steps=r["steps"] + 1), "steps:"),
    "round_starts": (lambda r: r["round_starts"].update({"2": 0}), "round_starts:"),
    "a key no command has": (lambda r: r["commands"][0].update(note="x"), "step 1:"),
}


@pytest.mark.parametrize("name", REFUSED)
def test_a_tampered_field_is_refused(name: str) -> None:
    change, expected = REFUSED[name]
    found = problems(tampered(change))
    assert found and found[0].startswith(expected), found


def numeric_ids_and_the_servers_nonce(record: Record) -> None:
    """As a game of bots over sockets would be: no nonce names a player_id."""
    nonces = {SERVER: server_nonce(record["server_seed"])}
    seed = derive(record["server_seed"], nonces)
    record.update(player_ids=[1, 2, 3], nonces=nonces, seed=seed, seed_text=str(seed))


MALFORMED = {
    "a removed final": (lambda r: r.pop("final"), "final"),
    "game as a list": (lambda r: r.update(game=["laundermat"]), "game"),
    "numeric player_ids": (lambda r: r.update(player_ids=[1, 2, 3]), "player_ids"),
    "numeric player_ids, no player's nonce": (numeric_ids_and_the_servers_nonce, "player_ids"),
    "a field the record does not have": (lambda r: r.update(extra=1), "extra"),
    "a seed given as text": (lambda r: r.update(seed=r["seed_text"]), "seed"),
}


@pytest.mark.parametrize("name", MALFORMED)
def test_a_malformed_record_is_malformed_not_a_traceback(name: str) -> None:
    change, field = MALFORMED[name]
    found = problems(tampered(change))
    assert len(found) == 1 and found[0].startswith(f"malformed: {field}"), found


@pytest.mark.parametrize("value", [None, [], "verified", 7, [{"game": "laundermat"}]])
def test_a_record_that_is_not_an_object_is_malformed(value: Any) -> None:
    [found] = problems(value)
    assert found.startswith("malformed:")


def written(tmp_path: Path, record: Any) -> str:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    return str(path)


def test_the_cli_prints_verified_and_what_it_cannot_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """stdout stays "verified" (scripts read it); what no record can show goes to stderr. A
    changed room code still verifies: nothing binds it, and the list says so."""
    assert main(written(tmp_path, tampered(lambda r: r.update(code="ZZZZ")))) == 0
    out, err = capsys.readouterr()
    assert out == "verified\n"
    assert err.startswith("not checkable from the record alone")
    for field in ("game_id", "code", "commitment", "nonces", "player_ids", "names", "settings"):
        assert f"\n  {field}: " in err, field


def test_the_cli_says_malformed_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for record in (tampered(lambda r: r.update(game=["laundermat"])), "[1, 2"):
        path = tmp_path / "record.json"
        path.write_text(record if isinstance(record, str) else json.dumps(record))
        assert main(str(path)) == 1
        out, err = capsys.readouterr()
        assert out.startswith("malformed: ") and out.count("\n") == 1 and err == "", out + err
    assert main(str(tmp_path / "absent.json")) == 1
    assert capsys.readouterr().out.startswith("cannot read ")


def changed(value: Any) -> Any:
    """A different value of the same JSON type."""
    if value is None:
        return "ZZZZ"
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value[:-1] + ("0" if value[-1:] != "0" else "1")
    if isinstance(value, list):
        return value[::-1]
    return {**value, "zz": next(iter(value.values()))}


def test_every_field_is_checked_or_listed_as_not_checkable() -> None:
    honest = honest_record()
    assert set(NOT_CHECKABLE) <= set(RECORD_FIELDS)
    for field in RECORD_FIELDS:
        found = problems({**honest, field: changed(honest[field])})
        assert found or field in NOT_CHECKABLE, field


# ------------------------------------------------------------------ fuzz

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)


def nudged(value: Any) -> st.SearchStrategy[Any]:
    """A value of the same JSON type, often near this one (a random value is mostly of
    another type, which only reaches the form check)."""
    if isinstance(value, bool):
        return st.just(not value)
    if isinstance(value, int):
        return st.sampled_from([value - 1, value + 1, -value, 2**63]) | st.integers()
    if isinstance(value, str):
        return st.sampled_from([value.upper(), value[::-1], value + "0", ""]) | st.text()
    if isinstance(value, list):
        return st.permutations(value)
    if isinstance(value, dict) and value:
        return st.sampled_from(sorted(value)).map(lambda k: {x: value[x] for x in value if x != k})
    return JSON_VALUES


@st.composite
def mutated_records(draw: st.DrawFn) -> tuple[Record, str]:
    """The honest record with one value somewhere in it replaced or removed, or one added
    beside it; and the top-level field the change is under."""
    record = honest_record()
    field = draw(st.sampled_from(sorted(record)))
    node: Any = record
    key: Any = field
    while isinstance(node[key], dict | list) and node[key] and draw(st.booleans()):
        node = node[key]
        key = draw(st.sampled_from(sorted(node) if isinstance(node, dict) else range(len(node))))
    action = draw(st.sampled_from(["nudge", "replace", "remove", "add"]))
    if action == "nudge":
        node[key] = draw(nudged(node[key]))
    elif action == "replace":
        node[key] = draw(JSON_VALUES)
    elif action == "remove":
        del node[key]
    elif isinstance(node, dict):
        node[draw(st.text(max_size=8))] = draw(JSON_VALUES)
    else:
        node.insert(key, draw(JSON_VALUES))
    return record, field


FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(mutated_records())
def test_a_changed_record_is_refused_or_malformed_unless_the_change_is_not_checkable(
    change: tuple[Record, str],
) -> None:
    record, field = change
    verdict = check(record)  # never raises
    assert verdict.outcome in ("verified", "refused", "malformed")
    if verdict.outcome == "verified":
        unchanged = json.dumps(record, sort_keys=True) == json.dumps(_honest(), sort_keys=True)
        assert unchanged or field in NOT_CHECKABLE, (field, record)
    if verdict.outcome == "malformed":
        assert len(verdict.reasons) == 1


@FUZZ
@given(JSON_VALUES | st.dictionaries(st.sampled_from(RECORD_FIELDS), JSON_VALUES))
def test_any_json_value_is_refused_or_malformed(value: Any) -> None:
    assert check(value).outcome in ("refused", "malformed")
    assert check_json(json.dumps(value).encode()).outcome in ("refused", "malformed")


@FUZZ
@given(st.binary(max_size=64))
def test_any_bytes_are_refused_or_malformed(raw: bytes) -> None:
    assert check_json(raw).outcome in ("refused", "malformed")
