"""Play complete games in-process with random-legal bots and check the invariants."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

from .. import games
from ..games import GameDefinition, Match, RuleError


@dataclass
class SimulationReport:
    games: int = 0
    commands: int = 0
    timeouts: int = 0
    invariant_violations: int = 0
    errors: int = 0
    seconds: float = 0.0
    problems: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "commands": self.commands,
            "timeouts": self.timeouts,
            "invariant_violations": self.invariant_violations,
            "errors": self.errors,
            "games_per_second": round(self.games / self.seconds, 2) if self.seconds else None,
            "problems": self.problems[:10],
        }


def play_game(
    seed: int,
    players: int,
    rng: random.Random,
    report: SimulationReport,
    check: bool,
    definition: GameDefinition | None = None,
) -> Match:
    """One whole game through the game protocol, with the game's invariants after every
    command when `check` is set, and a replay from the seed at the end."""
    definition = definition or games.require(games.DEFAULT_GAME)
    settings = {s.key: rng.choice(s.choices) for s in definition.settings}
    names = [f"bot{i}" for i in range(players)]
    match = definition.new(seed, names, settings)
    policy = definition.bot(rng, wait_chance=0.03)
    log: list[dict[str, Any]] = []
    while not match.over():
        pending = match.pending()
        window = match.window()
        actors = list(window.actors) if window is not None else []
        if pending and rng.random() < 0.9:
            seat = rng.choice(pending)
        elif actors:
            seat = rng.choice(actors)
        else:
            seat = -1
        wire = policy.decide(match.view(seat)) if seat >= 0 else None
        window_id = match.window_id()
        if wire is None and window_id is not None:
            wire = definition.timeout(match, window_id).to_dict()
            report.timeouts += 1
        if rng.random() < 0.02:
            # Presence changes too: an away rule must never stall or break a game.
            target = rng.randrange(players)
            wire = definition.set_away(match, target, not match.away(target)).to_dict()
        assert wire is not None
        try:
            match.apply(match.parse(wire))
        except RuleError as exc:
            report.errors += 1
            report.problems.append(f"seed {seed}: {wire} -> {exc.code}: {exc.message}")
            continue
        log.append(wire)
        report.commands += 1
        if check:
            problems = definition.invariants(match, rng)
            report.invariant_violations += len(problems)
            report.problems += [f"seed {seed}: {p}" for p in problems]
    if check:
        again = definition.new(seed, names, settings)
        for wire in log:
            again.apply(again.parse(wire))
        if again.snapshot() != match.snapshot():
            report.invariant_violations += 1
            report.problems.append(f"seed {seed}: replay differs")
    report.games += 1
    return match


def simulate(
    players: int, count: int, seed: int, check: bool = True, game: str = games.DEFAULT_GAME
) -> SimulationReport:
    definition = games.require(game)
    report = SimulationReport()
    rng = random.Random(seed)
    start = time.perf_counter()
    for i in range(count):
        try:
            play_game(seed * 1_000_003 + i, players, rng, report, check, definition)
        except Exception as exc:  # anything but a typed engine error is a bug to report
            report.errors += 1
            report.problems.append(f"game {i}: {type(exc).__name__}: {exc}")
    report.seconds = time.perf_counter() - start
    return report
