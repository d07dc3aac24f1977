"""The game log keeps its older entries packed (state.EventLog): whatever is packed reads back
as it was logged, by index, by slice and in order, and views and snapshots do not change."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from laundermat.games.laundermat.bots import RandomPolicy
from laundermat.games.laundermat.engine import (
    Game,
    GameState,
    Phase,
    Settings,
    Timeout,
    parse_command,
    view,
)
from laundermat.games.laundermat.state import Event, EventLog


def logged(count: int) -> list[Event]:
    return [
        Event(
            "k" if i % 3 else "secretive",
            {"i": i, "cards": [i, i + 1]},
            {"card": i} if i % 3 == 0 else None,
            [i % 6] if i % 3 == 0 else [],
        )
        for i in range(count)
    ]


@given(st.integers(0, 200), st.data())
@settings(max_examples=60, deadline=None)
def test_a_packed_log_reads_back_as_logged(count: int, data: st.DataObject) -> None:
    events = logged(count)
    log = EventLog()
    for event in events:
        log.append(event)
    assert len(log) == count
    assert list(log) == events and log == events
    if count > 2 * EventLog.CHUNK:
        assert log._chunks  # something was packed
    start = data.draw(st.integers(-count - 2, count + 2))
    stop = data.draw(st.integers(-count - 2, count + 2))
    assert log[start:stop] == events[start:stop]
    assert log[start:] == events[start:]
    if count:
        index = data.draw(st.integers(-count, count - 1))
        assert log[index] == events[index]


def test_views_and_snapshots_of_a_long_game_are_those_of_an_unpacked_log() -> None:
    """GEN-1 replay and PUBLIC-1/PRIVATE-1 redaction over a whole 6-player game: the live
    state (its log packed as it grew) and a state built from its snapshot (unpacked) give
    the same views for every viewer and every log mark, and the same snapshot."""
    rng = random.Random(7)
    game = Game.new(7, [f"p{i}" for i in range(6)], Settings())
    policy = RandomPolicy(rng, wait_chance=0.05)
    while game.state.phase is not Phase.OVER:
        seat = rng.choice(game.state.window_actors)
        wire = policy.decide(view(game.state, seat))
        game.apply(parse_command(wire) if wire else Timeout(game.state.window_id))
        if game.state.version % 37 == 0:
            unpacked = GameState.from_dict(game.state.to_dict())
            assert not unpacked.events._chunks
            for viewer in (None, 0, 5):
                mark = rng.randrange(len(game.state.events) + 1)
                assert view(game.state, viewer, mark) == view(unpacked, viewer, mark)
    assert game.state.events._chunks, "a whole game's log is long enough to pack"
    unpacked = GameState.from_dict(game.state.to_dict())
    assert unpacked.to_dict() == game.state.to_dict()
    for viewer in (None, *range(6)):
        assert view(game.state, viewer) == view(unpacked, viewer)
