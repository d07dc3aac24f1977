"""Play complete games in-process with random-legal bots and check the invariants."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

from ..engine import (
    EngineError,
    Game,
    Phase,
    Settings,
    Timeout,
    parse_command,
    pending_actors,
    replay,
    view,
)
from .invariants import check_all
from .policy import RandomPolicy


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
    seed: int, players: int, rng: random.Random, report: SimulationReport, check: bool
) -> Game:
    settings = Settings(
        round_timer=rng.choice((15, 30, 45, 60, 180, 300, 600)),
        bribe_timer=rng.choice((15, 30, 45)),
    )
    names = [f"bot{i}" for i in range(players)]
    game = Game.new(seed, names, settings)
    policy = RandomPolicy(rng)
    log: list[dict[str, Any]] = []
    while game.state.phase is not Phase.OVER:
        pending = pending_actors(game.state)
        actors = list(game.state.window_actors)
        if pending and rng.random() < 0.9:
            seat = rng.choice(pending)
        elif actors:
            seat = rng.choice(actors)
        else:
            seat = -1
        wire = policy.decide(view(game.state, seat)) if seat >= 0 else None
        if wire is None:
            wire = Timeout(game.state.window_id).to_dict()
            report.timeouts += 1
        if rng.random() < 0.02:
            # Presence changes too: GEN-4's away rule must never stall or break a game.
            target = rng.randrange(players)
            wire = {"type": "set_away", "seat": target, "away": not game.state.players[target].away}
        try:
            game.apply(parse_command(wire))
        except EngineError as exc:
            report.errors += 1
            report.problems.append(f"seed {seed}: {wire} -> {exc.code}: {exc.message}")
            continue
        log.append(wire)
        report.commands += 1
        if check:
            problems = check_all(game, rng)
            report.invariant_violations += len(problems)
            report.problems += [f"seed {seed}: {p}" for p in problems]
    if check:
        again = replay(seed, names, settings, log)
        if again.state != game.state:
            report.invariant_violations += 1
            report.problems.append(f"seed {seed}: replay differs")
    report.games += 1
    return game


def simulate(players: int, games: int, seed: int, check: bool = True) -> SimulationReport:
    report = SimulationReport()
    rng = random.Random(seed)
    start = time.perf_counter()
    for i in range(games):
        try:
            play_game(seed * 1_000_003 + i, players, rng, report, check)
        except Exception as exc:  # anything but a typed engine error is a bug to report
            report.errors += 1
            report.problems.append(f"game {i}: {type(exc).__name__}: {exc}")
    report.seconds = time.perf_counter() - start
    return report
