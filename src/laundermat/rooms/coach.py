"""Learn to play: a lesson room, and the coach that sends its learner hints.

A **lesson** (`POST /api/rooms` with `learn: true`, `start_lesson`) is a room whose game starts
at once, with its creator, the learner, and bots (`LESSON_PLAYERS`) at relaxed timers (each
timer setting's longest choice). It is private: its game has started, so nobody can join
(`game_started`), and a rematch plays it again with the same bots.

The **coach** (`Coach.changed`, after every push) sends the learner a `hint` message whenever
their hint changes: the game's `hint(view)` (games/protocol.py) of the very view that seat
receives, so a hint can say nothing its view does not show. Only members in `lobby.coached`
get one: the learner, until they turn hints off (`lobby` action `coach`); nobody else ever
hears of hints, and nothing a hint says changes what the learner may do.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable

import orjson

from .. import games
from ..games import GameDefinition, Match
from . import hosting
from .lobby import Lobby, RoomStatus
from .wire import Subscriber

# Seats at a lesson, by game: LaunderMat's smallest table; Goblin's smallest that passes
# hands (GFILL-*), the game most people will play, rather than the 2-player market.
LESSON_PLAYERS = {"laundermat": 3, "goblin": 3}


def relaxed(definition: GameDefinition) -> dict[str, int]:
    """A learner's timers: each of the game's settings at its longest choice."""
    return {s.key: max(s.choices) for s in definition.settings}


async def start_lesson(
    room: hosting.RoomPort, definition: GameDefinition, learner: str, push: Callable[[], None]
) -> None:
    """The lesson's game, started (inside the room's queue): bots, relaxed timers, hints."""
    lobby = room.lobby
    undo = lobby.memo()
    lobby.learning = True
    lobby.coached = {learner}
    lobby.settings = relaxed(definition)
    seats = max(definition.min_players, LESSON_PLAYERS.get(definition.name, 0))
    while len(lobby.members) < min(seats, definition.max_players):
        lobby.add_bot(lobby.updated_ms)
    await hosting.start_game(room, undo, None, None)
    push()


class Coach:
    def __init__(self, definition: GameDefinition) -> None:
        self.definition = definition
        # What each learner's socket last heard (the hint without its version): sent again
        # only when it changes. Weak: a socket leaves in many ways; a new one hears afresh.
        self._sent: weakref.WeakKeyDictionary[Subscriber, bytes] = weakref.WeakKeyDictionary()

    def changed(self, lobby: Lobby, match: Match | None, version: int) -> None:
        """After a push: each learner's hint, if it changed (null once it has none)."""
        if not lobby.coached and not self._sent:
            return  # no lesson: the cost of a room without one is this line
        playing = lobby.status is RoomStatus.PLAYING and match is not None
        window = match.window_id() if match is not None else None
        for m in lobby.members:
            sub = m.sub
            if sub is None:
                continue
            hint = None
            if playing and m.seat is not None and m.player_id in lobby.coached:
                assert match is not None
                hint = games.hint(self.definition, match.view(m.seat))
            if hint is None and sub not in self._sent:
                continue  # never told anything: stays so (nobody else hears of hints)
            body = orjson.dumps({"window": window if hint else None, "hint": hint})
            if self._sent.get(sub) == body:
                continue
            self._sent[sub] = body
            head = orjson.dumps({"type": "hint", "version": version})
            sub.send(head[:-1] + b"," + body[1:])
