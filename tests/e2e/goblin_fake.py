"""A Goblin Laundromat room played by the real engine behind a mocked socket, for screens a
random game may not reach (a failed laundry with a card to keep, a Potion-covered card).

As tests/e2e/fake_room.py does for LaunderMat: the page and its files come from the real
server; only `/ws/...` is answered here (Playwright's WebSocket routing), with views built by
the engine's own `view()`. Every command the page sends is kept in `commands`.
"""

from __future__ import annotations

import json
import re
import time
from typing import Any

from playwright.sync_api import BrowserContext, WebSocketRoute

from laundermat import games
from laundermat.games import Match
from laundermat.games.goblin import GoblinMatch
from laundermat.games.goblin.cards import CLOTHING

TOKEN = "test-token-0123456789abcdef"
CODE = "GOBLN"


def first_option(view: dict[str, Any]) -> dict[str, Any] | None:
    """A seat's plainest legal command: the first card, or stop."""
    options = view["me"]["options"]
    if not options["can_act"]:
        return None
    for key in ("pick", "keep"):
        if options[key]:
            return {"type": key, "card": options[key][0]}
    return {"type": "stop"} if options["stop"] else None


def new_match(seed: int, players: int) -> Match:
    ids = [f"p{i}" for i in range(players)]
    return games.require("goblin").new(seed, ids, {"decision_timer": 30})


def act(match: Match, seat: int, command: dict[str, Any]) -> None:
    match.apply(match.parse({**command, "seat": seat}))


def drive_to(match: Match, viewer: int, want: str, push: bool = True) -> bool:
    """Play the others' plainest moves and the viewer's (drawing while `push`) until the
    viewer has a window of kind `want`. False if the game ends first."""
    while not match.over():
        window = match.window()
        assert window is not None
        if window.kind == want and viewer in window.actors:
            return True
        for seat in match.pending() or list(window.actors):
            view = match.view(seat)
            command = first_option(view)
            if seat == viewer and push and view["me"]["options"]["draw"]:
                command = {"type": "draw"}
            if command is not None:
                act(match, seat, command)
                break
    return False


def long_laundry(viewer: int, players: int = 3) -> Match:
    """A match at the viewer's round 4 laundry (Cycle 6: decisions with 1 to 5 cards up)
    whose next five draws are clean cards, so `draw` can lay out any number of drawn cards
    without failing, and a fifth completes it; another player washes next. The engine plays
    it: only the Basket's order is stacked, by swapping its top cards with clean ones from the
    undealt pile (every card stays in one place)."""
    for seed in range(1, 300):
        match = new_match(seed, players)
        assert isinstance(match, GoblinMatch)
        while drive_to(match, viewer, "laundry", push=False):
            state = match.state
            if state.round == 4:  # and someone washes after: the game goes on past it
                if state.order[-1] != viewer and _stack_clean(state, viewer, 5):
                    return match
                break
            act(match, viewer, {"type": "stop"})
    raise AssertionError("no seed in 1..299 reaches a round 4 laundry with clean cards to stack")


def _stack_clean(state: Any, seat: int, count: int) -> bool:
    clean = [c for c in state.pile if sum(CLOTHING[c].stains) == 0][:count]
    basket = state.players[seat].basket
    if len(clean) < count or len(basket) < count:
        return False
    for i, card in enumerate(clean):
        top = len(basket) - 1 - i  # the top of the Basket is its end
        state.pile[state.pile.index(card)] = basket[top]
        if basket[top] in state.players[seat].known:
            state.players[seat].known.remove(basket[top])
        basket[top] = card
    return True


class GoblinFakeRoom:
    def __init__(self, match: Match, viewer: int | None, names: list[str]) -> None:
        self.match = match
        self.viewer = viewer  # None: a spectator
        self.names = names
        self.version = 0
        self.sockets: list[WebSocketRoute] = []
        self.commands: list[dict[str, Any]] = []

    def attach(self, context: BrowserContext) -> None:
        if self.viewer is None:  # watching: the page says `spectate`, not `hello`
            context.add_init_script(f"sessionStorage.setItem('laundermat.watch.{CODE}', '1');")
            context.route_web_socket(re.compile(r".*/ws/.*"), self.on_socket)
            return
        seat = {"token": TOKEN, "player_id": self.player_id(self.viewer), "name": "me"}
        context.add_init_script(
            f"localStorage.setItem('laundermat.seat.{CODE}', {json.dumps(json.dumps(seat))});"
        )
        context.route_web_socket(re.compile(r".*/ws/.*"), self.on_socket)

    def player_id(self, seat: int) -> str:
        return str(self.match.view(None)["players"][seat]["name"])

    def on_socket(self, ws: WebSocketRoute) -> None:
        self.sockets.append(ws)
        ws.on_message(lambda raw: self.on_message(ws, raw))

    def on_message(self, ws: WebSocketRoute, raw: str | bytes) -> None:
        message = json.loads(raw)
        kind = message.get("type")
        if kind == "spectate":
            ws.send(json.dumps({"type": "welcome", "role": "spectator", "code": CODE}))
            self.send_view(ws)
        elif kind == "hello" and self.viewer is not None:
            welcome = {"type": "welcome", "role": "player", "code": CODE}
            ws.send(json.dumps({**welcome, "player_id": self.player_id(self.viewer)}))
            self.send_view(ws)
        elif kind == "resync":
            self.send_view(ws, bump=False)
        elif kind == "ping":
            ws.send(json.dumps({"type": "pong", "server_time": now_ms()}))
        elif kind == "act":
            self.commands.append(message["command"])
            assert self.viewer is not None, "a spectator's page sent a command"
            try:
                act(self.match, self.viewer, message["command"])
            except games.RuleError as exc:
                error = {"type": "error", "id": message["id"], "code": exc.code}
                ws.send(json.dumps({**error, "message": exc.message}))
                return
            ws.send(json.dumps({"type": "ack", "id": message["id"], "version": self.version + 1}))
            self.send_view(ws)

    def room(self) -> dict[str, Any]:
        view = self.match.view(None)
        return {
            "code": CODE,
            "game": "goblin",
            "status": "finished" if self.match.over() else "playing",
            "settings": {"decision_timer": 30},
            "options": {"stand_in": True},
            "players": [
                {
                    "player_id": p["name"],
                    "name": self.names[p["seat"]],
                    "host": p["seat"] == 0,
                    "connected": True,
                    "away": False,
                    "seat": p["seat"],
                    "bot": False,
                    "stand_in": False,
                }
                for p in view["players"]
            ],
            "spectators": 0,
            "game_number": 1,
        }

    def send_view(self, ws: WebSocketRoute, bump: bool = True) -> None:
        if bump:
            self.version += 1
        game = self.match.view(self.viewer)  # the whole log every time: simple and valid
        server_time = now_ms()
        message = {
            "type": "view",
            "version": self.version,
            "server_time": server_time,
            "deadline": server_time + 60_000 if game["window"] else None,
            "room": self.room(),
            "game": game,
        }
        ws.send(json.dumps(message))


def now_ms() -> int:
    return int(time.time() * 1000)
