"""Reading a command list's drafts: which selects show a bill other than the one their seat
held at that draft's lock (DRAFT-2 changes, DRAFT-7 reveals only the last)."""

from __future__ import annotations

from typing import Any

from laundermat.games.laundermat.engine import Game, Phase, Settings, parse_command


def abandoned_selects(
    seed: int, names: list[str], settings: Settings, commands: list[dict[str, Any]]
) -> tuple[int, int]:
    """(all, shown): selects whose bill their seat no longer held at the lock; and those of
    them whose seat held another display bill then, which the reveal shows instead."""
    game = Game.new(seed, names, settings)
    state = game.state
    found = shown = 0
    open_selects: list[dict[str, Any]] = []
    for entry in commands:
        drafting = state.phase is Phase.DRAFT
        window, display = state.window_id, set(state.display)
        game.apply(parse_command(entry))
        if drafting and entry["type"] == "select":
            open_selects.append(entry)
        if drafting and (state.phase is not Phase.DRAFT or state.window_id != window):
            for select in open_selects:
                final = state.players[select["seat"]].selection
                if final != select["card"]:
                    found += 1
                    shown += final in display
            open_selects = []
    return found, shown
