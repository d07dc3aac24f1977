"""What every game definition (games/protocol.py, `GameDefinition`) writes the same way: the
room's two commands, for a game that takes the kit's (windows.py), and its bots by strategy."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from .windows import ROOM_COMMANDS, SetAway, Timeout


class Definition:
    """`timeout`, `set_away`, `room_commands` and `bot`; a game names its bots in `bot_makers`
    (strategy -> a class taking the bot's generator and its wait chance), "random" first, and
    repeats their names in `bot_strategies` (the protocol reads it as an attribute)."""

    room_commands = frozenset(ROOM_COMMANDS)
    bot_makers: ClassVar[Mapping[str, Callable[[random.Random, float], Any]]]

    def timeout(self, match: Any, window_id: int) -> Any:
        return Timeout(window_id)

    def set_away(self, match: Any, seat: int, away: bool) -> Any:
        return SetAway(seat, away)

    def bot(self, rng: random.Random, wait_chance: float = 0.0, strategy: str = "random") -> Any:
        make = self.bot_makers.get(strategy)
        if make is None:
            raise ValueError(f"unknown bot strategy {strategy!r}; one of {tuple(self.bot_makers)}")
        return make(rng, wait_chance)
