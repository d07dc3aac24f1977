"""Learn to play (issue 33 §3) over real sockets against a real server: a lesson starts at
once with bots at relaxed timers; the coach's `hint` reaches its learner only, carries a
suggested command that a learner can follow through a whole game of each game, can be
turned off at any moment, and a learner who ignores it is not blocked."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import httpx
import pytest

from laundermat import games

from .client import Client, seated_game
from .conftest import ServerProcess

Message = dict[str, Any]
GAMES = ["laundermat", "goblin"]


async def lesson(server: ServerProcess, game: str) -> tuple[str, Client]:
    async with httpx.AsyncClient(base_url=server.url) as http:
        answer = await http.post("/api/rooms", json={"name": "Lea", "game": game, "learn": True})
        assert answer.status_code == 200, answer.text
        seat = answer.json()
        # Private: the lesson's game has started, so nobody else can take a seat.
        join = await http.post(f"/api/rooms/{seat['code']}/join", json={"name": "Zed"})
        assert join.status_code == 409 and join.json()["code"] == "game_started"
    learner = await Client.open(server.ws, seat["code"], seat["token"])
    return seat["code"], learner


def over(client: Client) -> bool:
    return client.view is not None and "result" in (client.view["game"] or {})


def can_act(view: Message) -> bool:
    return bool(view["game"]["me"]["options"]["can_act"])


def hints(client: Client) -> list[Message]:
    return [m for m in client.received if m["type"] == "hint"]


@pytest.mark.parametrize("game", GAMES)
def test_a_learner_who_follows_only_the_hints_plays_a_whole_game(
    server: ServerProcess, game: str
) -> None:
    """Each hint's first suggestion, sent as it is, is legal (an ack every time), and the
    lesson plays to the end: LaunderMat (DRAFT-*, VAULT-*, BUY-*, BRIBE-*) and Goblin
    Laundromat (GFILL-2, GWASH-6)."""

    async def scenario() -> tuple[int, Message, int | None]:
        _, learner = await lesson(server, game)
        room = learner.view["room"] if learner.view else {}
        assert room["options"] == {"stand_in": True, "learning": True}
        assert [p["bot"] for p in room["players"]] == [False, True, True]
        definition = games.require(game)
        assert room["settings"] == {s.key: max(s.choices) for s in definition.settings}
        followed = 0
        while not over(learner):
            message = await learner.until(lambda m: m["type"] in ("hint", "view"), 60)
            if message["type"] != "hint" or message["hint"] is None:
                continue
            command = message["hint"]["command"]
            if command is None:
                continue  # only waiting (a pick made): the next change brings the next hint
            answer = await learner.act(command, window=message["window"])
            assert answer["type"] == "ack", (message, answer)
            followed += 1
        assert learner.view is not None
        if revealed(learner.view) is None:  # the reveal may come a view after the end
            await learner.until(lambda m: m["type"] == "view" and bool(revealed(m)))
        return followed, learner.game, revealed(learner.view)

    followed, final, game_id = asyncio.run(scenario())
    assert followed >= 8  # a decision or more a round
    result = final["result"]  # SCORE-5: nobody wins only when everyone is disqualified
    assert result["winners"] or all(p["disqualified"] for p in result["players"])
    # No window ever waited on the learner until it timed out: each had a suggestion.
    record = httpx.get(f"{server.url}/api/games/{game_id}/replay").json()
    assert not [c for c in record["commands"] if c["type"] == "timeout"]


def revealed(view: Message) -> int | None:
    """The finished game's id, once the view reveals it (docs/fairness.md)."""
    shown = view["room"]["fairness"]["revealed"]
    return None if shown is None else int(shown["game_id"])


def test_hints_reach_the_learner_only_and_turn_off_at_any_moment(server: ServerProcess) -> None:
    async def scenario() -> None:
        code, learner = await lesson(server, "goblin")
        first = await learner.until(lambda m: m["type"] == "hint" and m["hint"] is not None)
        assert first["hint"]["text"] and first["hint"]["rules"]
        watcher = await Client.open(server.ws, code)
        await watcher.send({"type": "spectate"})
        await watcher.until(lambda m: m["type"] == "view")
        # Off: one `hint: null`, then nothing while the game goes on.
        assert (await learner.lobby("coach", on=False))["type"] == "ack"
        await learner.until(lambda m: m["type"] == "hint" and m["hint"] is None)
        quiet_from = len(learner.received)
        bot = games.require("goblin").bot(random.Random(1))
        for _ in range(3):  # the learner plays on by itself, and is not blocked
            await learner.until(lambda m: m["type"] == "view" and can_act(m), 60)
            command = bot.decide(learner.game)
            if command is None:
                continue
            command.pop("seat")
            answer = await learner.act(command)
            assert answer["type"] == "ack", answer
        assert not [m for m in learner.received[quiet_from:] if m["type"] == "hint"]
        # On again: the hint for the decision at hand.
        assert (await learner.lobby("coach", on=True))["type"] == "ack"
        await learner.until(lambda m: m["type"] == "hint")
        assert not hints(watcher)  # a spectator of a lesson never hears of hints
        await watcher.close()
        await learner.close()

    asyncio.run(scenario())


def test_nobody_but_a_lessons_learner_gets_hints(server: ServerProcess) -> None:
    """A table that is not learning: `coach` on is refused (`not_learning`) and changes
    nothing; no seat ever receives a `hint`."""

    async def scenario() -> None:
        _, _, clients = await seated_game(server, 3)
        answer = await clients[0].lobby("coach", on=True)
        assert answer["type"] == "error" and answer["code"] == "not_learning"
        assert (await clients[1].lobby("coach", on=False))["type"] == "ack"  # off: harmless
        command = {"type": "select", "card": clients[0].game["display"][0]["card"]}
        assert (await clients[0].act(command))["type"] == "ack"
        for c in clients:  # a pong comes after anything the server sent this socket before it
            await c.send({"type": "ping"})
            await c.until(lambda m: m["type"] == "pong")
        assert not any(hints(c) for c in clients)
        for c in clients:
            await c.close()

    asyncio.run(scenario())


def test_a_learner_who_ignores_the_hints_is_not_blocked(server: ServerProcess) -> None:
    """The learner plays other legal moves than the coach suggests, to the end of the game."""

    async def scenario() -> int:
        _, learner = await lesson(server, "laundermat")
        bot = games.require("laundermat").bot(random.Random(7), 0.0)  # never lets time run out
        suggested: Message | None = None
        differed = 0
        while not over(learner):
            message = await learner.until(lambda m: m["type"] in ("hint", "view"), 60)
            if message["type"] == "hint":
                suggested = (message["hint"] or {}).get("command")
                continue
            game = message["game"]
            chosen = game["phase"] == "draft" and game["me"]["selection"] is not None
            if not game["me"]["options"].get("can_act") or chosen:
                continue
            command = None
            for _ in range(10):  # another legal move than the hint's, where there is one
                command = bot.decide(game)
                if command is not None:
                    command.pop("seat")
                    if command != suggested:
                        break
            if command is None:
                continue
            differed += command != suggested
            answer = await learner.act(command, window=game["window"]["id"])
            assert answer["type"] in ("ack", "error"), answer
            if answer["type"] == "error":  # a window that closed meanwhile, never the coach
                assert answer["code"] == "stale_window", answer
        return differed

    assert asyncio.run(scenario()) >= 5


def test_a_lesson_and_hints_off_survive_a_restart(make_server: Any) -> None:
    """The lesson and the learner's choice are in the room's record: after kill -9 and a
    restart the room is still a lesson, hints stay off until the learner turns them on."""
    srv = make_server()

    async def before() -> tuple[str, str]:
        async with httpx.AsyncClient(base_url=srv.url) as http:
            body = {"name": "Lea", "game": "goblin", "learn": True}
            seat = (await http.post("/api/rooms", json=body)).json()
        learner = await Client.open(srv.ws, seat["code"], seat["token"])
        await learner.until(lambda m: m["type"] == "hint" and m["hint"] is not None)
        assert (await learner.lobby("coach", on=False))["type"] == "ack"  # durable when acked
        await learner.close()
        return seat["code"], seat["token"]

    code, token = asyncio.run(before())
    srv.kill()
    srv.start()

    async def after() -> None:
        learner = await Client.open(srv.ws, code, token)
        assert learner.view is not None
        assert learner.view["room"]["options"]["learning"] is True
        await learner.send({"type": "ping"})
        await learner.until(lambda m: m["type"] == "pong")
        assert not hints(learner)  # still off
        assert (await learner.lobby("coach", on=True))["type"] == "ack"
        hint = await learner.until(lambda m: m["type"] == "hint")  # the pick awaits her, GFILL-2
        assert hint["hint"]["command"]["type"] == "pick"
        await learner.close()

    asyncio.run(after())
