"""Replay: a game is its seed, its players, its settings and its command list."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from .commands import Command, parse_command
from .game import Game
from .state import GameState, Phase, Settings


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


def public_commands(
    seed: int,
    names: Sequence[str],
    settings: Settings,
    commands: Sequence[dict[str, Any]],
) -> list[dict[str, Any]]:
    """The command list a finished game's public replay shows: the same game, step by step,
    but a bill a seat selected and then changed (DRAFT-2) shows as the bill it held at the
    lock, which DRAFT-7 reveals anyway. A selection is the owner's alone (PRIVATE-1), and
    the end reveals wallets, hidden bills, bonuses and the seed (PUBLIC-1), not choices a seat
    abandoned.

    Nothing any view shows changes but that seat's own selection between the two commands:
    which seats have a selection, the events, the random draws and the result are the same
    (a select's card decides only that seat's selection, and the rewritten card was on the
    display at that moment); a select left selecting the bill the seat already holds changes
    nothing and is left out. A bill abandoned for a Lost and Found draw or for no selection at
    all has no revealed bill to show instead, and a Lost and Found draw itself moved the
    random generator: those stay as they were. If the rewritten list did not give the very
    same final state, the original list is returned: a replay must always verify."""
    entries = [dict(c) for c in commands]
    game = Game.new(seed, names, settings)
    state = game.state
    pending: dict[int, list[int]] = {}  # seat -> its selects in the open draft
    for index, entry in enumerate(entries):
        before = _draft(state)
        game.apply(parse_command(entry))
        if before is None:
            continue
        if entry.get("type") == "select":
            pending.setdefault(int(entry["seat"]), []).append(index)
        if _draft(state) != before:  # locked (or the display was dealt again)
            display = set(before[1])
            for seat, selects in pending.items():
                final = state.players[seat].selection
                if final is not None and final in display:
                    for at in selects:
                        entries[at]["card"] = final
            pending.clear()
    # Rewritten, a seat's later selects of the bill it already holds change nothing at all
    # (no event, no count, DRAFT-2): they go, or their number would tell how often it changed.
    kept = []
    again = Game.new(seed, names, settings)
    for entry in entries:
        if entry.get("type") == "select":
            player = again.state.players[int(entry["seat"])]
            if again.state.phase is Phase.DRAFT and player.selection == entry["card"]:
                continue
        again.apply(parse_command(entry))
        kept.append(entry)
    if again.state.to_dict() != state.to_dict():
        return [dict(c) for c in commands]
    return kept


def _draft(state: GameState) -> tuple[int, tuple[int, ...]] | None:
    """The open draft (its window and display), or None outside one."""
    if state.phase is not Phase.DRAFT:
        return None
    return state.window_id, tuple(state.display)
