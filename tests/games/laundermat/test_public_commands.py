"""A finished game's public replay (engine.public_commands): PRIVATE-1 keeps a seat's
selection its own, and the end reveal (PUBLIC-1) does not include bills a seat selected and
then changed (DRAFT-2). The public list must still be the same game: same final state, same
public views in the same order, and every command legal (a replay must verify)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from laundermat.games.laundermat.bots import RandomPolicy
from laundermat.games.laundermat.engine import (
    Game,
    Phase,
    Settings,
    Timeout,
    parse_command,
    public_commands,
    public_view,
    replay,
    view,
)

from .drafts import abandoned_selects

NAMES = [f"p{i}" for i in range(5)]


def _bot_game(seed: int) -> list[dict[str, Any]]:
    """A whole game by random bots, who change and clear their selections as they like."""
    rng = random.Random(seed)
    game = Game.new(seed, NAMES, Settings())
    policy = RandomPolicy(random.Random(seed), wait_chance=0)
    commands: list[dict[str, Any]] = []
    while game.state.phase is not Phase.OVER:
        state = game.state
        actors = list(state.window_actors)
        rng.shuffle(actors)
        command = None
        for seat in actors:
            command = policy.decide(view(state, seat))
            if command is not None:
                break
        entry = command if command is not None else Timeout(state.window_id).to_dict()
        game.apply(parse_command(entry))
        commands.append(parse_command(entry).to_dict())
    return commands


def _public_views(commands: list[dict[str, Any]], seed: int) -> list[Any]:
    """Every public view along the game, consecutive repeats once."""
    game = Game.new(seed, NAMES, Settings())
    out = [public_view(game.state)]
    for entry in commands:
        game.apply(parse_command(entry))
        current = public_view(game.state)
        if current != out[-1]:
            out.append(current)
    return out


@pytest.mark.parametrize("seed", range(12))
def test_the_public_list_is_the_same_game(seed: int) -> None:
    """PRIVATE-1, DRAFT-2, DRAFT-7, PUBLIC-1."""
    commands = _bot_game(seed)
    public = public_commands(seed, NAMES, Settings(), commands)
    original = replay(seed, NAMES, Settings(), commands).state.to_dict()
    assert replay(seed, NAMES, Settings(), public).state.to_dict() == original
    assert _public_views(public, seed) == _public_views(commands, seed)


def test_changed_selections_show_the_bill_held_at_the_lock() -> None:
    """DRAFT-2: the random bots change their minds; the public list shows only the bills
    held at each lock, but where a seat ended on a Lost and Found draw or on nothing."""
    changed = hidden = dropped = 0
    for seed in range(12):
        commands = _bot_game(seed)
        public = public_commands(seed, NAMES, Settings(), commands)
        before, _ = abandoned_selects(seed, NAMES, Settings(), commands)
        after, shown = abandoned_selects(seed, NAMES, Settings(), public)
        assert shown == 0  # where the lock revealed a bill, only that bill shows
        changed += before
        hidden += before - after
        assert len(public) <= len(commands)
        dropped += len(commands) - len(public)
    assert changed > 20  # the bots did change their minds
    assert hidden / changed > 0.8, (hidden, changed)
    assert dropped > 0  # reselecting the bill held changes nothing: those selects go
