"""The invariant harness: what every game's `invariants` (run by `simulate` after each command)
and its property tests share. A game brings only its own facts: where each component may be,
what each viewer may not know.

- `round_trip`: the state survives JSON unchanged (the snapshot is the state).
- `twins` and `non_interference`: redaction as non-interference. A twin is a copy of the state
  that differs only in one fact hidden from a viewer (the game's perturbations say how:
  another seat's hand, the pile's order, the generator); the viewer's view of every twin
  must equal its view of the state, or the view depends on the hidden fact: a leak.
- `ids_in`: every id a view names outside its rules block (for a leak scan: no other seat's
  hand card may appear anywhere).
- `playout` and `replays`: random full games through the `Match` protocol, bots deciding
  from their own seat's view, timeouts and presence changes mixed in, an optional stream of
  random (mostly illegal) commands that must be applied or refused without effect, and a
  check after every command; then the same game replayed from its seed and commands.

Nothing here knows a game, and nothing imports the platform: matches, definitions and bots
are used through the protocol's method names (games/protocol.py).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, TypeVar

S = TypeVar("S")
V = TypeVar("V")  # a viewer: a seat, or None for a spectator

Perturbation = Callable[[S, V], bool]  # changes a hidden fact of a copy; False: none to change


def round_trip(state: S, to_dict: Callable[[S], Any], from_dict: Callable[[Any], S]) -> list[str]:
    """The state, through JSON and back, is the same state."""
    again = from_dict(json.loads(json.dumps(to_dict(state))))
    return [] if again == state else ["the state changed through a JSON round trip"]


def twins(
    state: S, viewer: V, copy: Callable[[S], S], perturbations: Iterable[Perturbation[S, V]]
) -> Iterator[tuple[str, S]]:
    """A copy of the state per perturbation that found a hidden fact to change, with its name."""
    for perturb in perturbations:
        twin = copy(state)
        if perturb(twin, viewer):
            yield perturb.__name__, twin


def non_interference(
    seen: Any, viewer: V, view: Callable[[S, V], Any], twins: Iterable[tuple[str, S]]
) -> list[str]:
    """`seen` is `viewer`'s view of the state; a twin whose view differs names a leak."""
    return [
        f"the view of {viewer} depends on {name}"
        for name, twin in twins
        if view(twin, viewer) != seen
    ]


def ids_in(value: Any, is_id: Callable[[str], bool], skip: Sequence[str] = ("rules",)) -> set[str]:
    """Every string `is_id` accepts anywhere in a view, but under the keys in `skip` (the
    rules block lists every component, and is the same for everyone)."""
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if is_id(item):
                found.add(item)
        elif isinstance(item, dict):
            stack.extend(v for k, v in item.items() if k not in skip)
        elif isinstance(item, list):
            stack.extend(item)
    return found


Check = Callable[[Any, dict[str, Any]], None]  # (match, the wire command just applied)
Fuzz = Callable[[Any, random.Random], dict[str, Any]]  # a random command for the match


def playout(
    definition: Any,
    match: Any,
    rng: random.Random,
    bots: Sequence[Any],
    *,
    check: Check | None = None,
    away_chance: float = 0.0,
    fuzz: Fuzz | None = None,
    fuzz_chance: float = 0.0,
    refusal: type[Exception] = Exception,
    count: int | None = None,
    limit: int = 5_000,
) -> list[dict[str, Any]]:
    """Play `match` to its end: at each step a seat the window waits for (else any of its
    actors) decides from its own view, and a bot that waits lets the window time out. Now and
    then (`away_chance`) a seat goes away or comes back instead; with `fuzz`, now and then
    (`fuzz_chance`) a random command is tried, which must be applied or raise `refusal` and
    change nothing. `check(match, wire)` after every applied command. Stops at the end, or
    after `count` commands; more than `limit` fails (the game does not end). Returns the
    applied commands' JSON, in order: what `replays` needs."""
    log: list[dict[str, Any]] = []
    while not match.over() and (count is None or len(log) < count):
        assert len(log) < limit, "the game does not end"
        if fuzz is not None and rng.random() < fuzz_chance:
            wire = fuzz(match, rng)
            if not _applied_or_refused(match, wire, refusal):
                continue
        else:
            wire = _next_wire(definition, match, rng, bots, away_chance)
            match.apply(match.parse(wire))
        log.append(wire)
        if check is not None:
            check(match, wire)
    return log


def _next_wire(
    definition: Any, match: Any, rng: random.Random, bots: Sequence[Any], away_chance: float
) -> dict[str, Any]:
    if away_chance and rng.random() < away_chance:
        seat = rng.randrange(len(bots))
        return dict(definition.set_away(match, seat, not match.away(seat)).to_dict())
    window = match.window()
    assert window is not None, "a running game has a window open"
    seat = rng.choice(match.pending() or list(window.actors))
    wire = bots[seat].decide(match.view(seat))
    return wire or dict(definition.timeout(match, window.id).to_dict())


def _applied_or_refused(match: Any, wire: dict[str, Any], refusal: type[Exception]) -> bool:
    """Applies a random command: True if it was legal; False if it was refused, in which case
    nothing changed (anything else than `refusal` raised is a bug, and propagates)."""
    before = match.snapshot()
    try:
        match.apply(match.parse(wire))
    except refusal:
        assert match.snapshot() == before, f"a refused command changed the game: {wire}"
        return False
    return True


def replays(
    definition: Any,
    seed: int,
    names: list[str],
    settings: dict[str, Any],
    log: Iterable[dict[str, Any]],
    match: Any,
) -> list[str]:
    """The same seed, settings and commands make the same game (snapshot and every view)."""
    again = definition.new(seed, names, settings)
    for wire in log:
        again.apply(again.parse(wire))
    if again.snapshot() != match.snapshot():
        return ["a replay from the seed and the commands differs"]
    viewers: list[int | None] = [None, *range(len(names))]
    return [f"the replay's view of {v} differs" for v in viewers if again.view(v) != match.view(v)]
