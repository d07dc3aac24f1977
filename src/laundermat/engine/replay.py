"""Replay: a game is its seed, its players, its settings and its command list."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from .commands import Command, parse_command
from .game import Game
from .state import Settings


def replay(
    seed: int,
    names: Sequence[str],
    settings: Settings,
    commands: Iterable[Command | dict[str, Any]],
) -> Game:
    """Rebuild a game by applying its logged commands in order (they all succeeded once)."""
    game = Game.new(seed, names, settings)
    for command in commands:
        game.apply(command if isinstance(command, Command) else parse_command(command))
    return game
