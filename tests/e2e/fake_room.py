"""A room played by the real engine behind a mocked socket, for situations a random game
rarely reaches (Seniority, an Alarm, Anonymous Email, a Green T-Shirt) and for protocol
edges (a version gap, an error, a dropped connection).

The page and its files come from the real server; only `/ws/...` is answered here, through
Playwright's WebSocket routing, with views built by the rules engine's `view`
(`laundermat.games.laundermat.engine.view`) exactly as the server builds them. Every message
the client sends is kept in `received`.
"""

from __future__ import annotations

import json
import re
import time
from typing import Any

from playwright.sync_api import BrowserContext, WebSocketRoute

from laundermat.games.laundermat.commands import parse_command
from laundermat.games.laundermat.engine import Game, view
from laundermat.games.laundermat.errors import EngineError

TOKEN = "test-token-0123456789abcdef"
CODE = "FAKE"


class FakeRoom:
    def __init__(self, game: Game, viewer: int | None, names: list[str]) -> None:
        self.game = game
        self.viewer = viewer  # None: a spectator
        self.names = names  # display names by seat
        self.version = 0
        self.received: list[dict[str, Any]] = []
        self.sockets: list[WebSocketRoute] = []
        self.fail_next: tuple[str, str] | None = None  # (code, message) for the next act
        self.hold = False  # acts are kept unanswered (a slow server, a dying link)
        self.held: list[tuple[WebSocketRoute, dict[str, Any]]] = []
        self.log_sent = 0
        self.stood_in: dict[int, int] = {}  # seat -> moves a stand-in made for it
        self.away: set[int] = set()  # seats shown away (the game goes on without them)
        self.offline: dict[int, int] = {}  # seats shown offline -> their away_at (server ms)
        self.refuse = False  # new sockets are closed at once: the page keeps reconnecting

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
        return str(self.game.state.players[seat].name)

    # ------------------------------------------------------------ the socket

    def on_socket(self, ws: WebSocketRoute) -> None:
        if self.refuse:
            ws.close(code=1011, reason="try again later")
            return
        self.sockets.append(ws)
        ws.on_message(lambda raw: self.on_message(ws, raw))

    def on_message(self, ws: WebSocketRoute, raw: str | bytes) -> None:
        message = json.loads(raw)
        self.received.append(message)
        kind = message.get("type")
        if kind == "spectate":
            ws.send(json.dumps({"type": "welcome", "role": "spectator", "code": CODE}))
            self.send_view(ws, whole=True)
        elif kind == "hello":
            assert self.viewer is not None  # a page that watches says `spectate`
            ws.send(
                json.dumps(
                    {
                        "type": "welcome",
                        "role": "player",
                        "code": CODE,
                        "player_id": self.player_id(self.viewer),
                    }
                )
            )
            self.send_view(ws, whole=True)
        elif kind == "resync":
            self.send_view(ws, whole=True, bump=False)
        elif kind == "act":
            self.act(ws, message)
        elif kind == "ping":
            ws.send(json.dumps({"type": "pong", "server_time": now_ms()}))

    def close_for_good(self, code: str, close: int) -> None:
        """The server's last word on the newest socket: an error without an id, then a close
        after which the client must not reconnect (kicked, replaced, ...)."""
        ws = self.sockets[-1]
        ws.send(json.dumps({"type": "error", "id": None, "code": code, "message": code}))
        ws.close(code=close, reason=code)

    def release(self) -> None:
        """Answer the acts kept while `hold` was set, in order, on the sockets they came on."""
        self.hold, held, self.held = False, self.held, []
        for ws, message in held:
            self.act(ws, message)

    def act(self, ws: WebSocketRoute, message: dict[str, Any]) -> None:
        if self.hold:
            self.held.append((ws, message))
            return
        if self.fail_next is not None:
            code, text = self.fail_next
            self.fail_next = None
            ws.send(
                json.dumps({"type": "error", "id": message["id"], "code": code, "message": text})
            )
            return
        try:
            self.game.apply(parse_command({**message["command"], "seat": self.viewer}))
        except EngineError as exc:
            ws.send(json.dumps({"type": "error", "id": message["id"], **exc.to_dict()}))
            return
        self.others_done()
        ws.send(json.dumps({"type": "ack", "id": message["id"], "version": self.version + 1}))
        self.send_view(ws)

    def others_done(self) -> None:
        """The other seats declare done in every bribery stage, so stages never wait."""
        state = self.game.state
        while str(state.phase).startswith("bribe"):
            waiting = [
                s for s in state.window_actors if s != self.viewer and not state.players[s].done
            ]
            if not waiting:
                return
            self.game.apply(parse_command({"type": "done", "seat": waiting[0]}))

    # ------------------------------------------------------------ views

    def room(self) -> dict[str, Any]:
        state = self.game.state
        return {
            "code": CODE,
            "game": "laundermat",
            "status": "finished" if str(state.phase) == "over" else "playing",
            "settings": {"round_timer": 30, "bribe_timer": 15},
            "players": [
                {
                    "player_id": p.name,
                    "name": self.names[p.seat],
                    "host": p.seat == 0,
                    "connected": p.seat not in self.away and p.seat not in self.offline,
                    "away": p.seat in self.away,
                    "away_at": self.offline.get(p.seat),
                    "seat": p.seat,
                    "stood_in_moves": self.stood_in.get(p.seat, 0),
                }
                for p in state.players
            ],
            "spectators": 0,
            "game_number": 1,
        }

    def view_message(self, whole: bool, bump: bool = True) -> dict[str, Any]:
        if bump:
            self.version += 1
        log_from = 0 if whole else self.log_sent
        game = view(self.game.state, self.viewer, log_from)
        self.log_sent = game["log_size"]
        server_time = now_ms()
        return {
            "type": "view",
            "version": self.version,
            "server_time": server_time,
            "deadline": server_time + 60_000 if game["window"] else None,
            "room": self.room(),
            "game": game,
        }

    def send_view(
        self, ws: WebSocketRoute | None = None, whole: bool = False, bump: bool = True
    ) -> None:
        target = ws or self.sockets[-1]
        target.send(json.dumps(self.view_message(whole, bump)))

    def sent(self, kind: str) -> list[dict[str, Any]]:
        return [m for m in self.received if m.get("type") == kind]

    def commands(self) -> list[dict[str, Any]]:
        return [m["command"] for m in self.sent("act")]


def now_ms() -> int:
    return int(time.time() * 1000)
