"""Views built from what changed (issue 34 §1, games/kit/touched.py) against whole views, the
oracle: random games of both games through the room's Publisher, and after every command
every seat's and a spectator's view, patched from what it held, equals the view rebuilt from
scratch; so does each seat's public part with its private part laid over it. A report that
leaves out a change is caught (the mutation tests below), and a change only its seat sees
still reaches nobody else, version included.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import orjson
import pytest

from laundermat import games
from laundermat.games import RuleError
from laundermat.games.goblin import flow as goblin_flow
from laundermat.games.goblin.commands import Pick
from laundermat.games.kit.phases import Handler
from laundermat.games.kit.touched import touches
from laundermat.games.laundermat import flow as laundermat_flow
from laundermat.games.laundermat.commands import Select
from laundermat.games.laundermat.state import Phase
from laundermat.games.view_parts import compose
from laundermat.rooms.members import Member
from laundermat.rooms.publish import Publisher

from .helpers import Sub

SETTINGS = {"laundermat": {"round_timer": 30, "bribe_timer": 15}, "goblin": {"decision_timer": 30}}
TABLES = {"laundermat": (3, 4, 5, 6), "goblin": (2, 3, 4, 5)}


@dataclass
class Played:
    commands: int = 0
    patches: int = 0  # messages that were patches (views built from what changed)
    seats_only: int = 0  # pushes that kept the version: only the choosing seat heard


def fresh(match: Any, viewer: int | None) -> Any:
    return orjson.loads(orjson.dumps(match.view(viewer)))


def check(match: Any, publisher: Publisher, subs: list[Sub], watcher: Sub) -> None:
    """Every viewer holds the view rebuilt from scratch at the publisher's version."""
    for seat, sub in enumerate([*subs, watcher]):
        viewer = None if sub is watcher else seat
        assert sub.doc is not None and sub.doc["version"] == publisher.version
        assert sub.doc["game"] == fresh(match, viewer), f"viewer {viewer}"
        if viewer is not None:
            whole = compose(match.public_view(), match.private_view(viewer))
            assert orjson.loads(orjson.dumps(whole)) == sub.doc["game"]


def step(match: Any, definition: Any, bots: list[Any], rng: random.Random) -> int | None:
    """One random change: mostly a bot's command (now and then a seat changing a choice it
    made), sometimes a timeout or a seat going away or coming back. The acting seat, None
    for the room's commands; raises RuleError for a refused one."""
    roll = rng.random()
    if roll < 0.04:
        window = match.window_id()
        match.apply(definition.timeout(match, window))
        return None
    if roll < 0.07:
        seat = rng.randrange(len(bots))
        match.apply(definition.set_away(match, seat, not match.away(seat)))
        return None
    actors = match.pending() or list(match.window().actors)
    seat = rng.choice(actors)
    view = match.view(seat)
    command = bots[seat].decide(view)
    if command is None:
        match.apply(definition.timeout(match, match.window_id()))
        return None
    command["seat"] = seat
    match.apply(match.parse(command))
    return seat


def play(name: str, seed: int, players: int, batch: int = 1) -> Played:
    """A random game pushed after every change, or (`batch` > 1) after 1 to `batch` changes
    at a time, as a room coalescing its pushes does (rooms/tick.py): each command's ack
    names a version at once (`Publisher.shows`), and the push steps the version as promised."""
    definition = games.require(name)
    match: Any = definition.new(seed, [f"p{i}" for i in range(players)], SETTINGS[name])
    publisher = Publisher(lambda: 1)
    subs = [Sub() for _ in range(players)]
    members = [Member(f"p{i}", f"n{i}", "", 0, seat=i, sub=subs[i]) for i in range(players)]
    watcher = Sub()
    publisher.spectators.add(watcher)
    room: dict[str, Any] = {"code": "ABCDE", "spectators": 1}
    publisher.push(room, None, match, members, full={*subs, watcher})
    rng = random.Random(seed)
    bots = [definition.bot(random.Random(seed * 31 + i)) for i in range(players)]
    played = Played()
    while not match.over() and played.commands < 3000:
        version, promised, actors = publisher.version, False, set()
        for _ in range(rng.randint(1, batch)):
            if match.over():
                break
            if rng.random() < 0.03:  # a change of the room alone (the game is as it was)
                room = {**room, "spectators": rng.randrange(5)}
                continue
            try:
                seat = step(match, definition, bots, rng)
            except RuleError:
                continue  # refused: nothing changed, nothing to push
            played.commands += 1
            if seat is not None:  # a client's command, acked before the push (tick.py)
                promised = promised or publisher.shows(room, None, match, members)
                actors.add(seat)
        counts = [len(s.messages) for s in [*subs, watcher]]
        publisher.push(room, None, match, members, step=promised)
        heard = [len(s.messages) - n for s, n in zip([*subs, watcher], counts, strict=True)]
        if promised:  # the acks named the next version: the push is that one
            assert publisher.version == version + 1
        elif batch == 1 and actors:  # `shows` said no step: none, exactly
            assert publisher.version == version
        if publisher.version == version:  # changed choices: their seats alone hear of them
            played.seats_only += 1
            assert {i for i, n in enumerate(heard) if n} <= actors
        check(match, publisher, subs, watcher)
    assert match.over()
    played.patches = sum(s.patches for s in subs)
    return played


CASES = [(name, seed) for name in TABLES for seed in range(6)]


@pytest.mark.parametrize(("name", "seed"), CASES)
def test_views_built_from_what_changed_equal_whole_views(name: str, seed: int) -> None:
    players = TABLES[name][seed % len(TABLES[name])]
    played = play(name, 100 + seed, players)
    assert played.commands > 20 and played.patches > (players - 1) * played.commands / 2


@pytest.mark.parametrize(("name", "seed"), [c for c in CASES if c[1] < 3])
def test_coalesced_pushes_equal_whole_views(name: str, seed: int) -> None:
    """Up to six changes a push (issue 34 §2): the patched views are still the whole views,
    every promised step is taken, and a push that keeps the version reaches only seats that
    acted in it."""
    players = TABLES[name][seed % len(TABLES[name])]
    played = play(name, 200 + seed, players, batch=6)
    assert played.commands > 20 and played.patches > 0


@pytest.mark.slow
@pytest.mark.parametrize(("name", "chunk"), [(n, c) for n in sorted(TABLES) for c in range(4)])
def test_views_built_from_what_changed_over_many_games(name: str, chunk: int) -> None:
    """Thousands of commands of each game in all: four chunks of 15 games (each well within
    the suite's 300 s timeout, even on a loaded machine)."""
    commands = seats_only = 0
    for seed in range(chunk * 15, chunk * 15 + 15):
        played = play(name, 1000 + seed, TABLES[name][seed % len(TABLES[name])])
        commands += played.commands
        seats_only += played.seats_only
    assert commands > 750 and seats_only > 0


def drop(monkeypatch: pytest.MonkeyPatch, accepts: Any, command: type, kept: Any) -> None:
    handler = accepts[command]
    monkeypatch.setitem(accepts, command, Handler(handler.check, handler.apply, kept))


@pytest.mark.parametrize("name", sorted(TABLES))
def test_a_report_that_leaves_out_a_section_is_caught(
    monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    """Mutation: a pick or a selection that no longer reports the public `players` section
    (each seat's has-chosen flag) leaves the patched views stale, and the oracle says so."""
    if name == "laundermat":
        drop(monkeypatch, laundermat_flow.PHASES[Phase.DRAFT].accepts, Select, touches())
    else:
        drop(monkeypatch, goblin_flow.WINDOWS["pick"].accepts, Pick, touches())
    with pytest.raises(AssertionError):
        for seed in range(3):
            play(name, 100 + seed, TABLES[name][1])


def test_a_report_that_leaves_out_other_seats_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Mutation: a purchase that reports only its buyer's own part, not every seat's (their
    options read the stock and the prices), leaves other seats' views stale."""
    accepts = laundermat_flow.PHASES[Phase.PURCHASE].accepts
    for command, handler in list(accepts.items()):
        if handler.touches is not None and handler.touches.every_seat:
            drop(monkeypatch, accepts, command, touches(*handler.touches.public))
    with pytest.raises(AssertionError):
        for seed in range(6):
            play("laundermat", 100 + seed, 6)
