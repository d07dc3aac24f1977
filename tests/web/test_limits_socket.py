"""Socket limits (issue points 10, 12, 13, 14): a silent socket is closed, every frame counts
against a budget that survives reconnecting, new sockets are limited per address, a valid
token is never locked out by someone else's guesses, and room codes cannot be enumerated."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
import websockets

from .client import Client, Message, new_room


async def _closed_with(client: Client) -> int:
    with pytest.raises(websockets.ConnectionClosed) as info:
        while True:
            await client.recv(timeout=10)
    assert info.value.rcvd is not None
    return info.value.rcvd.code


async def _error_then_close(client: Client) -> tuple[str, int]:
    """The error a refused socket is told, and the close code that follows it."""
    error = await client.until(lambda m: m["type"] == "error")
    return error["code"], await _closed_with(client)


# ------------------------------------------------------------------ point 10: hello timeout


def test_a_socket_that_never_says_hello_is_closed(make_server: Any) -> None:
    srv = make_server(hello_timeout_seconds=0.5)

    async def scenario() -> None:
        code, seats = await new_room(srv.url, 1)
        silent = await Client.open(srv.ws, code)
        assert await _error_then_close(silent) == ("hello_timeout", 1008)
        chatty = await Client.open(srv.ws, code)  # pings are answered but are not a hello
        await chatty.send({"type": "ping"})
        assert (await chatty.recv())["type"] == "pong"
        assert await _error_then_close(chatty) == ("hello_timeout", 1008)
        player = await Client.open(srv.ws, code, seats[0]["token"])
        watcher = await Client.open(srv.ws, code)
        await watcher.send({"type": "spectate"})
        await watcher.until(lambda m: m["type"] == "view")
        # Sockets that said hello stay open past their deadlines. A barrier, not a pause: a
        # silent socket opened after them is closed at its own deadline, the latest of all
        # (the server's one event loop fires timers in order), so theirs have passed.
        late = await Client.open(srv.ws, code)
        assert await _error_then_close(late) == ("hello_timeout", 1008)
        for c in (player, watcher):
            await c.send({"type": "ping"})
            assert (await c.until(lambda m: m["type"] == "pong"))["type"] == "pong"
            await c.close()

    asyncio.run(scenario())


# ------------------------------------------------------------------ point 12: every frame


def test_binary_frames_count_against_the_message_budget(make_server: Any) -> None:
    srv = make_server(messages_per_second=0.001, message_burst=5)

    async def scenario() -> None:
        code, _ = await new_room(srv.url, 1)
        client = await Client.open(srv.ws, code)
        for _ in range(10):
            await client.ws.send(b'{"type": "ping"}')
        seen: list[Message] = []
        with pytest.raises(websockets.ConnectionClosed) as info:
            while True:
                seen.append(await client.recv(timeout=10))
        assert info.value.rcvd is not None and info.value.rcvd.code == 1008
        codes = [m.get("code") for m in seen]
        assert codes == ["bad_message"] * 5 + ["rate_limited"], codes

    asyncio.run(scenario())


def test_reconnecting_does_not_refill_the_message_budget(make_server: Any) -> None:
    burst = 10
    srv = make_server(
        messages_per_second=100,  # each socket alone would be allowed everything it sends
        message_burst=100,
        messages_per_second_per_address=0.001,  # refills nothing while the test runs
        message_burst_per_address=burst,
    )

    async def scenario() -> None:
        code, _ = await new_room(srv.url, 1)
        answered = limited = 0
        for _ in range(8):  # 8 sockets x 3 messages = 24 > the address's 10
            client = await Client.open(srv.ws, code)
            for message in ({"type": "spectate"}, {"type": "ping"}, {"type": "ping"}):
                await client.send(message)
            pongs = 0
            try:
                while pongs < 2:
                    message = await client.recv(timeout=10)
                    answered += message["type"] in ("welcome", "pong")
                    limited += message.get("code") == "rate_limited"
                    pongs += message["type"] == "pong"
            except websockets.ConnectionClosed as exc:
                assert exc.rcvd is not None and exc.rcvd.code == 1008
            await client.close()
        assert answered <= burst, answered
        assert limited >= 1

    asyncio.run(scenario())


def test_new_sockets_are_limited_per_address_but_a_seat_still_gets_in(make_server: Any) -> None:
    srv = make_server(sockets_per_minute_per_address=3)

    async def scenario() -> None:
        code, seats = await new_room(srv.url, 1)
        for _ in range(3):  # one after another: never more than one open at a time
            ok = await Client.open(srv.ws, code)
            await ok.send({"type": "ping"})
            assert (await ok.recv())["type"] == "pong"
            await ok.close()
        refused = await Client.open(srv.ws, code)  # on probation: only a valid hello will do
        await refused.send({"type": "ping"})
        assert await _error_then_close(refused) == ("too_many_requests", 1008)
        silent = await Client.open(srv.ws, code)  # probation's hello timeout is short
        assert await _error_then_close(silent) == ("too_many_requests", 1008)
        player = await Client.open(srv.ws, code, seats[0]["token"])  # a seat is no stranger
        assert player.received[0]["type"] == "welcome"
        await player.close()

    asyncio.run(scenario())


# ------------------------------------------------------------------ point 13: valid tokens


def test_a_valid_token_connects_after_the_guess_budget_is_spent(make_server: Any) -> None:
    srv = make_server(join_attempts_per_minute=3)

    async def scenario() -> None:
        code, seats = await new_room(srv.url, 1)
        answers = []
        for _ in range(4):
            thief = await Client.open(srv.ws, code)
            await thief.send({"type": "hello", "token": "x" * 43})
            answers.append(await _error_then_close(thief))
        assert answers == [("bad_token", 1008)] * 3 + [("too_many_requests", 1008)]
        player = await Client.open(srv.ws, code, seats[0]["token"])  # waits for its view
        assert player.received[0]["type"] == "welcome"
        assert player.received[0]["player_id"] == seats[0]["player_id"]
        await player.close()

    asyncio.run(scenario())


# ------------------------------------------------------------------ point 14: enumeration


def test_unknown_codes_are_limited_and_then_look_like_live_ones(make_server: Any) -> None:
    srv = make_server(join_attempts_per_minute=3)

    async def scenario() -> None:
        code, seats = await new_room(srv.url, 1)
        for _ in range(5):  # spectating a live room costs nothing
            watcher = await Client.open(srv.ws, code)
            await watcher.send({"type": "spectate"})
            assert (await watcher.recv())["type"] == "welcome"
            await watcher.close()
        for _ in range(3):
            probe = await Client.open(srv.ws, "ZZZZZ")
            assert await _error_then_close(probe) == ("room_not_found", 4004)
        # The budget is spent: an unknown code and a live one now answer alike.
        for target in ("ZZZZZ", code):
            probe = await Client.open(srv.ws, target)
            await probe.send({"type": "ping"})
            assert (await probe.recv())["type"] == "pong"  # not closed at once
            await probe.send({"type": "spectate"})
            assert await _error_then_close(probe) == ("too_many_requests", 1008), target
        player = await Client.open(srv.ws, code, seats[0]["token"])  # a seat still connects
        assert player.received[0]["type"] == "welcome"
        await player.close()

    asyncio.run(scenario())
