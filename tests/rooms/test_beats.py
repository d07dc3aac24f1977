"""Bots give a dramatic moment its beat (issue 30): after an entry the game marks as one (a
laundry's end in Goblin Laundromat; the round's reveal and its Vault dice in LaunderMat), a
bot's humanlike pause starts only once the beat is over, so the people at the table see the
moment before the bots move on. In-process rooms on a fake clock; the person never acts."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from laundermat.games import GameDefinition
from laundermat.games.goblin.match import LAUNDRY_END_BEAT_MS, LAUNDRY_ENDS
from laundermat.games.laundermat.match import DIE_ROLL_MS, MOMENT_MS
from laundermat.rooms import FakeClock, Room, RoomConfig, RoomManager, seats_bots
from laundermat.store.memory import MemoryStore

from .helpers import Sub, action, settle

STEP_MS = 50


class Moves:
    """When each bot moved, with the log's length then (a wrapped policy)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls: list[tuple[int, int]] = []  # (now, log length)
        self.room: Room | None = None
        real = seats_bots.bot_policy

        def wrapped(definition: GameDefinition, rng: random.Random) -> Any:
            inner, moves = real(definition, rng), self

            class Policy:
                def decide(self, view: dict[str, Any]) -> dict[str, Any] | None:
                    assert moves.room is not None
                    moves.calls.append((moves.room.clock.now_ms(), len(view["log"])))
                    return inner.decide(view)

            return Policy()

        monkeypatch.setattr(seats_bots, "bot_policy", wrapped)


async def play(
    moves: Moves, game: str, settings: dict[str, int], scale: float, until: set[str]
) -> list[tuple[int, str]]:
    """A person and two bots play on until an entry of a kind in `until` is followed by a
    bot's move; returns (when, kind) of every log entry, to the clock's step."""
    config = RoomConfig(away_after_ms=600_000, restart_grace_ms=5_000, time_scale=scale)
    clock = FakeClock()
    rooms = RoomManager(MemoryStore(), clock, config)
    room, host, _token = await rooms.create("p0", settings, game=game)
    sub = Sub()
    await room.connect(sub, _token)
    for i in range(2):
        await room.lobby_action(sub, host, f"b{i}", action("add_bot"))
    await room.lobby_action(sub, host, "go", action("start"))
    moves.room = room
    entries: list[tuple[int, str]] = []
    for _ in range(40_000):
        await clock.advance(STEP_MS)
        await settle()
        match = room.play.match
        assert match is not None and not match.over()
        for entry in match.view(None, len(entries))["log"]:
            entries.append((clock.now_ms(), entry["kind"]))
        dramatic = [i for i, (_, kind) in enumerate(entries) if kind in until]
        if dramatic and any(length > dramatic[0] for _, length in moves.calls):
            await room.close(forget=False)
            return entries
    raise AssertionError(f"no bot moved after any of {sorted(until)}")


def waits(moves: Moves, entries: list[tuple[int, str]], kinds: set[str]) -> list[int]:
    """For each bot move after an entry of `kinds`: how long after the newest such entry."""
    out = []
    for now, length in moves.calls:
        seen = [at for at, kind in entries[:length] if kind in kinds]
        if seen:
            out.append(now - seen[-1])
    return out


@pytest.mark.parametrize("scale", [1.0, 0.25])
def test_a_bot_waits_for_a_laundrys_end(monkeypatch: pytest.MonkeyPatch, scale: float) -> None:
    moves = Moves(monkeypatch)
    entries = asyncio.run(play(moves, "goblin", {"decision_timer": 60}, scale, set(LAUNDRY_ENDS)))
    gaps = waits(moves, entries, set(LAUNDRY_ENDS))
    assert gaps and min(gaps) >= LAUNDRY_END_BEAT_MS * scale, (gaps, entries[-8:])


@pytest.mark.parametrize("scale", [1.0, 0.25])
def test_a_bot_waits_for_the_reveal_and_the_vault_dice(
    monkeypatch: pytest.MonkeyPatch, scale: float
) -> None:
    moves = Moves(monkeypatch)
    settings = {"round_timer": 30, "bribe_timer": 15}
    entries = asyncio.run(play(moves, "laundermat", settings, scale, {"vault_raid"}))
    assert min(waits(moves, entries, {"draft_locked"})) >= MOMENT_MS * scale
    after_raids = waits(moves, entries, {"vault_raid"})
    assert after_raids and min(after_raids) >= (DIE_ROLL_MS + MOMENT_MS) * scale, after_raids
