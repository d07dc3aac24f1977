"""Every bad input gets its stable error code and changes nothing (issue point 7)."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest
import websockets

from .client import Client, new_room, seated_game
from .conftest import ServerProcess


async def _snapshot(client: Client) -> dict[str, Any]:
    """The whole view as the server holds it now (a resync does not change the version)."""
    await client.send({"type": "resync"})
    # Pushed views carry only new log entries; the resync answer carries the whole log.
    view = await client.until(lambda m: m["type"] == "view" and m["game"]["log_from"] == 0)
    return {k: v for k, v in view.items() if k != "server_time"}


async def _closed_with(client: Client) -> int:
    with pytest.raises(websockets.ConnectionClosed) as info:
        while True:
            await client.recv(timeout=5)
    assert info.value.rcvd is not None
    return info.value.rcvd.code


# Each row: what is sent, the error code expected (a comment names the protocol rule).
BAD_MESSAGES: list[tuple[str, str]] = [
    ("{not json", "bad_json"),  # malformed JSON
    ('{"type": "dance"}', "bad_message"),  # unknown message type
    ('["act"]', "bad_message"),  # not an object
    ('{"type": "act", "id": "x1"}', "bad_message"),  # missing command
    (
        '{"type": "act", "id": "x2", "command": {"type": "select", "card": 0, "seat": 1}}',
        "bad_message",
    ),  # a seat in the command: the token is the seat
    ('{"type": "act", "id": "x3", "command": {"type": "fly"}}', "bad_message"),
    (
        '{"type": "act", "id": "x4", "command": {"type": "timeout", "window": 1}}',
        "not_a_player_command",
    ),  # the room's own command
    (
        '{"type": "act", "id": "x5", "command": {"type": "set_away", "away": true}}',
        "not_a_player_command",
    ),
    ('{"type": "act", "id": "x6", "command": {"type": "select"}}', "malformed"),  # GEN-2
    (
        '{"type": "act", "id": "x7", "command": {"type": "select", "card": 999}}',
        "card_not_on_display",
    ),
    ('{"type": "act", "id": "x8", "command": {"type": "skip"}}', "wrong_phase"),
    (
        '{"type": "act", "id": "x9", "command": {"type": "skip"}, "window": 99999}',
        "stale_window",
    ),  # a command aimed at a window that is no longer open
    ('{"type": "lobby", "id": "x10", "action": "start"}', "not_in_lobby"),
    ('{"type": "hello", "token": "' + "a" * 40 + '"}', "bad_message"),  # hello twice
    # A list or an object where a string belongs (point 7): refused, the socket stays open.
    ('{"type": "act", "id": "x11", "command": {"type": ["select"]}}', "bad_message"),
    ('{"type": "act", "id": "x12", "command": {"type": {"a": 1}}}', "bad_message"),
    (
        '{"type": "act", "id": "x13", "command": {"type": "buy_addition", "addition": [],'
        ' "bills": []}}',
        "malformed",
    ),
    (
        '{"type": "act", "id": "x14", "command": {"type": "buy_weapon", "weapon": {}}}',
        "malformed",
    ),
    (
        '{"type": "act", "id": "x15", "command": {"type": "buy_weapon", "weapon": "jackpot",'
        ' "email_type": ["pawn_shop"]}}',
        "malformed",
    ),
    (
        '{"type": "act", "id": "x16", "command": {"type": "entries", "bills": [],'
        ' "split": {"pawn_shop": [1]}}}',
        "malformed",
    ),
    ('{"type": "act", "id": ["x17"], "command": {"type": "skip"}}', "bad_message"),
    ('{"type": "lobby", "id": "x18", "action": ["start"]}', "bad_message"),
    ('{"type": "lobby", "id": "x19", "action": "kick", "player_id": {"a": 1}}', "bad_message"),
    ('{"type": "lobby", "id": "x20", "action": "settings", "settings": []}', "bad_message"),
    ('{"type": ["ping"]}', "bad_message"),
    # A value of the wrong JSON type is refused, never converted (strict models): as window 1
    # these would have been acted on, and in a lobby a "no" switched stand-ins off.
    ('{"type": "act", "id": "x21", "command": {"type": "skip"}, "window": true}', "bad_message"),
    ('{"type": "act", "id": "x22", "command": {"type": "skip"}, "window": "1"}', "bad_message"),
    ('{"type": "act", "id": "x23", "command": {"type": "skip"}, "window": 1.0}', "bad_message"),
    ('{"type": "lobby", "id": "x24", "action": "stand_in", "on": "no"}', "bad_message"),
    ('{"type": "lobby", "id": "x25", "action": "stand_in", "on": 1}', "bad_message"),
    (
        '{"type": "lobby", "id": "x26", "action": "settings", "settings": {"round_timer": "60"}}',
        "bad_message",
    ),
    ('{"type": "hello", "token": ["' + "a" * 40 + '"]}', "bad_message"),
]


def test_bad_messages_get_their_codes_and_change_nothing(server: ServerProcess) -> None:
    async def scenario() -> None:
        _, _, clients = await seated_game(server, 3, round_timer=600)
        alice = clients[0]
        before = await _snapshot(alice)
        for raw, code in BAD_MESSAGES:
            await alice.ws.send(raw)
            answer = await alice.until(lambda m: m["type"] == "error")
            assert answer["code"] == code, (raw, answer)
            assert "Traceback" not in answer["message"]
        assert await _snapshot(alice) == before  # nothing changed
        for c in clients:
            await c.close()

    asyncio.run(scenario())


def test_not_your_turn_and_stale_window_after_the_draft(server: ServerProcess) -> None:
    async def scenario() -> None:
        _, _, clients = await seated_game(server, 3, round_timer=600)
        draft_window = clients[0].game["window"]["id"]
        for c in clients:  # everyone picks the same card: a collision, no purchases
            card = clients[0].game["display"][0]["card"]
            assert (await c.act({"type": "select", "card": card}))["type"] == "ack"
        await clients[0].until(
            lambda m: m["type"] == "view" and m["game"]["window"]["id"] != draft_window
        )
        late = await clients[1].act(
            {"type": "select", "card": 0}, window=draft_window
        )  # aimed at the draft that has closed
        assert late["code"] == "stale_window"
        for c in clients:
            await c.close()

    asyncio.run(scenario())


def test_hello_first_wrong_token_and_spectators(server: ServerProcess) -> None:
    async def scenario() -> None:
        code, _, clients = await seated_game(server, 3, round_timer=600)
        before = await _snapshot(clients[0])
        anon = await Client.open(server.ws, code)
        await anon.send({"type": "act", "id": "a", "command": {"type": "skip"}})
        assert (await anon.recv())["code"] == "hello_first"
        await anon.send({"type": "spectate"})
        await anon.until(lambda m: m["type"] == "view")
        assert anon.game["viewer"] is None and "me" not in anon.game  # PUBLIC-2
        answer = await anon.act({"type": "select", "card": 0})
        assert answer["code"] == "spectator"
        thief = await Client.open(server.ws, code)
        await thief.send({"type": "hello", "token": "x" * 43})
        assert (await thief.recv())["code"] == "bad_token"
        assert await _closed_with(thief) == 1008
        nowhere = await Client.open(server.ws, "ZZZZZ")  # told at once, then closed
        assert (await nowhere.recv())["code"] == "room_not_found"
        assert await _closed_with(nowhere) == 4004
        after = await _snapshot(clients[0])
        # Only the spectator count moved: the game is exactly as it was.
        assert after["game"] == before["game"]
        assert after["room"]["players"] == before["room"]["players"]
        for c in (*clients, anon):
            await c.close()

    asyncio.run(scenario())


def test_too_big_and_rate_limited_close_the_socket(server: ServerProcess) -> None:
    async def scenario() -> None:
        code, _, clients = await seated_game(server, 3, round_timer=600)
        big = await Client.open(server.ws, code, max_size=2**20)
        await big.ws.send('{"type": "ping", "pad": "' + "x" * 20_000 + '"}')
        assert (await big.recv())["code"] == "too_big"  # told why, then closed
        assert await _closed_with(big) == 1009
        huge = await Client.open(server.ws, code, max_size=2**20)  # refused unread
        await huge.ws.send('{"type": "ping", "pad": "' + "x" * 100_000 + '"}')
        assert await _closed_with(huge) == 1009
        chatty = await Client.open(server.ws, code)
        await chatty.send({"type": "spectate"})
        for _ in range(200):
            await chatty.send({"type": "ping"})
        answer = await chatty.until(lambda m: m["type"] == "error")
        assert answer["code"] == "rate_limited"
        assert await _closed_with(chatty) == 1008
        for c in clients:
            await c.close()

    asyncio.run(scenario())


def test_foreign_origin_is_refused(server: ServerProcess) -> None:
    async def scenario() -> None:
        code, _, clients = await seated_game(server, 3, round_timer=600)
        with pytest.raises(websockets.InvalidStatus) as info:
            await Client.open(server.ws, code, origin="https://evil.example")
        assert info.value.response.status_code == 403
        ok = await Client.open(server.ws, code, origin=f"http://127.0.0.1:{server.port}")
        await ok.close()
        for c in clients:
            await c.close()

    asyncio.run(scenario())
    response = httpx.post(
        server.url + "/api/rooms", json={"name": "x"}, headers={"origin": "https://evil.example"}
    )
    assert response.status_code == 403 and response.json()["code"] == "origin_not_allowed"


def test_http_errors_are_error_bodies(server: ServerProcess) -> None:
    def create(**body: Any) -> httpx.Response:
        headers = {"content-type": "application/json"}
        return httpx.post(server.url + "/api/rooms", headers=headers, **body)

    cases = [
        (httpx.post(server.url + "/api/rooms", json={"name": ""}), 400, "bad_message"),
        (httpx.post(server.url + "/api/rooms", content=b"{"), 400, "bad_message"),
        (
            httpx.post(server.url + "/api/rooms/ZZZZZ/join", json={"name": "a"}),
            404,
            "room_not_found",
        ),
        (httpx.get(server.url + "/api/rooms/ZZZZZ"), 404, "room_not_found"),
        (httpx.get(server.url + "/api/games/999999/replay"), 404, "not_found"),
        (
            httpx.post(
                server.url + "/api/rooms", json={"name": "a", "settings": {"round_timer": 20}}
            ),
            400,
            "bad_message",
        ),  # SETUP-3: only the allowed timers
        # Of the wrong JSON type: refused, not converted to an allowed timer.
        (create(json={"name": "a", "settings": {"round_timer": "60"}}), 400, "bad_message"),
        (create(json={"name": "a", "settings": {"bribe_timer": 30.0}}), 400, "bad_message"),
        # Bodies that cannot even be decoded are bad messages too.
        (create(content=b'{"name":' + b"[" * 5000 + b"]" * 5000 + b"}"), 400, "bad_message"),
        (create(content=b'{"name":"\xff\xfe"}'), 400, "bad_message"),
        (httpx.put(server.url + "/api/rooms", json={}), 405, "bad_request"),
    ]
    for response, status, code in cases:
        assert response.status_code == status, response.text
        assert response.json()["code"] == code
    head = httpx.head(server.url + "/api/catalog")  # the wrong method says which are right
    assert head.status_code == 405 and head.headers["allow"] == "GET"


def test_room_creations_and_joins_are_limited_per_address(make_server: Any) -> None:
    srv = make_server(room_creations_per_minute=3, join_attempts_per_minute=4)
    codes = [httpx.post(srv.url + "/api/rooms", json={"name": "a"}).status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]
    refused = httpx.post(srv.url + "/api/rooms", json={"name": "a"})
    assert refused.json()["code"] == "too_many_requests"
    joins = [
        httpx.post(srv.url + "/api/rooms/ZZZZZ/join", json={"name": f"b{i}"}).status_code
        for i in range(5)
    ]
    assert joins == [404, 404, 404, 404, 429]


def test_open_sockets_are_limited_per_address(make_server: Any) -> None:
    """At the cap a new socket takes the place of the address's oldest silent one (a browser
    says hello at once); with none silent it is refused. Seated players never count."""
    srv = make_server(sockets_per_address=2)

    async def scenario() -> None:
        code, seats = await new_room(srv.url, 1)
        player = await Client.open(srv.ws, code, seats[0]["token"])
        first = await Client.open(srv.ws, code)
        second = await Client.open(srv.ws, code)
        third = await Client.open(srv.ws, code)
        assert (await first.recv())["code"] == "too_many_requests"
        assert await _closed_with(first) == 1008
        for watcher in (second, third):
            await watcher.send({"type": "spectate"})
            await watcher.until(lambda m: m["type"] == "view")
        fourth = await Client.open(srv.ws, code)
        assert (await fourth.recv())["code"] == "too_many_requests"
        assert await _closed_with(fourth) == 1008
        for c in (player, second, third):
            await c.close()

    asyncio.run(scenario())


def test_a_hello_of_the_wrong_type_is_refused_before_its_token(server: ServerProcess) -> None:
    """`deltas: "no"` is not false: refused as a bad message (lax validation took it for
    false and went on to check the token)."""

    async def scenario() -> None:
        code, _ = await new_room(server.url, 1)
        client = await Client.open(server.ws, code)
        await client.send({"type": "hello", "token": "x" * 43, "deltas": "no"})
        assert (await client.recv())["code"] == "bad_message"
        await client.send({"type": "hello", "token": "x" * 43, "deltas": False})
        assert (await client.recv())["code"] == "bad_token"
        await client.close()

    asyncio.run(scenario())
