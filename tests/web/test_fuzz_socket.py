"""Random JSON in every field of every client message, over a real socket (issue point 7).

A seated player's socket receives each client message type (and each engine command type
inside `act`) with one field replaced by an arbitrary JSON value, a field removed, an extra
field added, or the whole message replaced. After each one the property checks:

- the socket was not closed (a server fault closes with 1011),
- the message was answered (`error`, or `ack` / `pong` / `view` when it happened to be valid),
- a rejected message changed nothing: no view with a new version, and a resync shows the
  same room as before,
- the socket still answers a valid command (a `skip` during the draft: `wrong_phase`).

`hello` and `spectate` are also sent as the first message of fresh sockets, where they are
not refused just for coming second.
"""

from __future__ import annotations

import asyncio
import itertools
from typing import Any

import orjson
import websockets
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from laundermat.games.laundermat.engine import ADDITIONS, PLAYER_COMMANDS, WEAPONS

from ..waits import until_async
from .client import Client, Message, seated_game

JSON_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**63), max_value=2**64 - 1)  # what orjson reads and writes
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
)
JSON = st.recursive(
    JSON_SCALARS,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)
# Well-typed values that reach the checks behind the type checks (a card id, a name, ...).
PLAUSIBLE = st.sampled_from(
    [
        *range(-2, 62),
        *(str(a) for a in ADDITIONS),
        *(str(w) for w in WEAPONS),
        *sorted(PLAYER_COMMANDS),
        "timeout",
        "set_away",
        "hello",
        "act",
        "lobby",
        "ping",
        "settings",
        "kick",
        "start",
        "rematch",  # never "leave": it would give up the seat, a legitimate change
        True,
        False,
        [],
        [1, 2],
        {},
        {"pawn_shop": 1},
    ]
)
VALUE = JSON | PLAUSIBLE

COMMANDS: dict[str, Message] = {
    "select": {"card": 3},
    "clear_selection": {},
    "lost_and_found": {},
    "broken_machine": {},
    "seniority": {"claim": True},
    "alarm_purchase": {"addition": "pawn_shop", "bills": [1], "reference": 1},
    "alarm_discard": {},
    "buy_addition": {"addition": "pawn_shop", "bills": [1, 2], "reference": 1},
    "buy_weapon": {
        "weapon": "jackpot",
        "bills": [1],
        "email_type": "pawn_shop",
        "jackpot_target": 1,
    },
    "skip": {},
    "protect": {"copy": 1, "bills": [4]},
    "counter": {"copy": 1, "bills": [4]},
    "entries": {"bills": [4], "split": {"pawn_shop": 1}},
    "done": {},
    "timeout": {"window": 1},
    "set_away": {"away": True},
}


def templates() -> list[Message]:
    """One message of every client type; `act` once per engine command type."""
    acts = [
        {"type": "act", "id": "f", "command": {"type": kind, **fields}, "window": None}
        for kind, fields in COMMANDS.items()
    ]
    return [
        {"type": "hello", "token": "t" * 43},
        {"type": "spectate"},
        *acts,
        # Each lobby action takes only its own fields (rooms/lobby_actions.py).
        {"type": "lobby", "id": "f", "action": "start"},
        {
            "type": "lobby",
            "id": "f",
            "action": "settings",
            "settings": {"round_timer": 30, "bribe_timer": 15},
        },
        {"type": "lobby", "id": "f", "action": "kick", "player_id": "p0"},
        {"type": "lobby", "id": "f", "action": "stand_in", "on": True},
        {"type": "resync"},
        {"type": "ping"},
    ]


def paths(message: Message) -> list[tuple[str, ...]]:
    """Every field's path, nested objects included (`command.card`, `settings.round_timer`)."""
    found: list[tuple[str, ...]] = []
    for key, value in message.items():
        found.append((key,))
        if isinstance(value, dict):
            found.extend((key, *inner) for inner in paths(value))
    return found


@st.composite
def mutated(draw: st.DrawFn) -> Message | Any:
    message: Message = orjson.loads(orjson.dumps(draw(st.sampled_from(templates()))))
    how = draw(st.sampled_from(["replace", "replace", "replace", "remove", "add", "whole"]))
    if how == "whole":
        return draw(JSON)
    path = draw(st.sampled_from(paths(message)))
    parent = message
    for key in path[:-1]:
        parent = parent[key]
    if how == "replace":
        parent[path[-1]] = draw(VALUE)
    elif how == "remove":
        del parent[path[-1]]
    else:
        parent[draw(st.text(min_size=1, max_size=6))] = draw(VALUE)
    return message


def _with_fresh_id(message: Any, number: int) -> Any:
    """A fresh id per example, unless the id is the fuzzed field, so earlier answers to a
    repeated id are not simply replayed."""
    if isinstance(message, dict) and message.get("id") == "f":
        return {**message, "id": f"f{number}"}
    return message


async def _snapshot(client: Client) -> Message:
    await client.send({"type": "resync"})
    view = await client.until(lambda m: m["type"] == "view" and m["game"]["log_from"] == 0)
    return {k: v for k, v in view.items() if k != "server_time"}


async def _settled(client: Client) -> Message:
    """The view once the spectator count the seats see has settled back to 0: it moves at
    most once per 2 s (rooms/audience.py), and not at all if the spectator came and went in
    between. Once 0 is shown and the spectator has left, a pending settle pushes nothing."""
    seen: list[Message] = []

    async def back_to_0() -> bool:
        seen.append(await _snapshot(client))
        return bool(seen[-1]["room"]["spectators"] == 0)

    await until_async(back_to_0, "the spectator count settled back to 0")
    return seen[-1]


async def _answers_until(client: Client, sentinel: str) -> list[Message]:
    """Everything received up to the error answering the sentinel command."""
    seen: list[Message] = []
    while True:
        message = await client.recv(timeout=10)
        if message.get("id") == sentinel:
            assert message["code"] == "wrong_phase", message  # the socket still works
            return seen
        seen.append(message)


def test_random_json_in_every_field_never_breaks_the_socket(make_server: Any) -> None:
    srv = make_server(
        time_scale=1,  # the draft window (600 s) outlasts the test: no timeout moves the game
        messages_per_second=100_000,
        message_burst=100_000,
        messages_per_second_per_address=100_000,
        message_burst_per_address=100_000,
        join_attempts_per_minute=100_000,
        sockets_per_minute_per_address=100_000,
    )
    loop = asyncio.new_event_loop()
    counter = itertools.count()
    code, seats, clients = loop.run_until_complete(seated_game(srv, 3, round_timer=600))
    alice = clients[0]
    state: dict[str, Message] = {"baseline": loop.run_until_complete(_snapshot(alice))}

    async def on_player_socket(message: Any, number: int) -> None:
        nonlocal alice
        if alice.ws.close_code is not None:  # an earlier example failed: each starts afresh
            alice = clients[0] = await Client.open(srv.ws, code, seats[0]["token"])
            state["baseline"] = await _snapshot(alice)
        sentinel = f"s{number}"
        await alice.ws.send(orjson.dumps(message).decode())
        await alice.send({"type": "act", "id": sentinel, "command": {"type": "skip"}})
        try:
            seen = await _answers_until(alice, sentinel)
        except websockets.ConnectionClosed as exc:
            raise AssertionError(f"closed {exc.rcvd} after {message!r}") from exc
        assert seen, f"no answer to {message!r}"
        assert all(m["type"] in ("error", "ack", "pong", "view") for m in seen), seen
        if any(m["type"] == "ack" for m in seen):  # a valid command: a legitimate change
            state["baseline"] = await _snapshot(alice)
            return
        version = state["baseline"]["version"]
        assert all(m["version"] == version for m in seen if m["type"] == "view"), seen
        assert await _snapshot(alice) == state["baseline"], message

    async def on_fresh_socket(message: Any) -> None:
        fresh = await Client.open(srv.ws, code)
        await fresh.ws.send(orjson.dumps(message).decode())
        welcomed = False
        try:
            first = await fresh.recv(timeout=10)
            welcomed = first["type"] == "welcome"
            assert first["type"] in ("error", "welcome", "pong"), first
            await fresh.send({"type": "ping"})
            await fresh.until(lambda m: m["type"] == "pong")
        except websockets.ConnectionClosed as exc:
            # A bad token (or a spent attempt budget) ends a socket by policy, never 1011.
            assert exc.rcvd is not None and exc.rcvd.code == 1008, (message, exc.rcvd)
        finally:
            await fresh.close()
        if welcomed:  # a valid spectate: wait for the room to count the spectator out again
            state["baseline"] = await _settled(alice)
        else:
            assert await _snapshot(alice) == state["baseline"], message

    @settings(
        max_examples=150,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
        database=None,
    )
    @given(message=mutated(), fresh=st.booleans())
    def check(message: Any, fresh: bool) -> None:
        number = next(counter)
        message = _with_fresh_id(message, number)
        is_first = isinstance(message, dict) and message.get("type") in ("hello", "spectate")
        if fresh and is_first:
            loop.run_until_complete(on_fresh_socket(message))
        else:
            loop.run_until_complete(on_player_socket(message, number))

    try:
        check()
        # Finally a valid command that changes the game is still accepted.
        card = alice.game["display"][0]["card"]
        answer = loop.run_until_complete(alice.act({"type": "select", "card": card}))
        assert answer["type"] == "ack", answer
        assert "Traceback" not in srv.log()
    finally:
        for c in clients:
            loop.run_until_complete(c.close())
        loop.close()
