"""Engine speed: complete 6-player games per second on one core.

Games are first recorded with the random-legal bots, then replayed through the engine alone
(`Game.new` + `apply` of every logged command), so the figure is the engine's, not the bots'.
A fixed pure-Python workload measured in the same run calibrates for a noisy, shared machine.

    .venv/bin/python -m benchmarks.engine_bench --players 6 --games 200
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from laundermat.bots.policy import RandomPolicy
from laundermat.engine import Game, Phase, Settings, Timeout, parse_command, view
from laundermat.engine.commands import Command


def record(players: int, games: int, seed: int) -> list[tuple[int, list[str], list[Command]]]:
    rng = random.Random(seed)
    out = []
    for i in range(games):
        names = [f"p{j}" for j in range(players)]
        game = Game.new(seed + i, names, Settings())
        policy = RandomPolicy(rng, wait_chance=0.02)
        log: list[Command] = []
        while game.state.phase is not Phase.OVER:
            seat = rng.choice(game.state.window_actors)
            wire = policy.decide(view(game.state, seat))
            command = parse_command(wire) if wire else Timeout(game.state.window_id)
            game.apply(command)
            log.append(command)
        out.append((seed + i, names, log))
    return out


def calibrate(seconds: float = 0.5) -> float:
    """Iterations per second of a fixed dict/list workload, the same kind of work as the engine."""
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(1000):
            d: dict[int, list[int]] = {}
            for k in range(8):
                d.setdefault(k % 3, []).append(k)
        n += 1000
    return n / (time.perf_counter() - start)


def measure(recorded: list[tuple[int, list[str], list[Command]]], repeat: int) -> dict[str, Any]:
    best = float("inf")
    commands = sum(len(log) for _, _, log in recorded)
    for _ in range(repeat):
        start = time.perf_counter()
        for seed, names, log in recorded:
            game = Game.new(seed, names, Settings())
            for command in log:
                game.apply(command)
        best = min(best, time.perf_counter() - start)
    return {
        "games_per_second": round(len(recorded) / best, 1),
        "commands_per_second": round(commands / best),
        "us_per_command": round(best / commands * 1e6, 2),
        "commands_per_game": round(commands / len(recorded), 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    recorded = record(args.players, args.games, args.seed)
    calibration = calibrate()
    figures = measure(recorded, args.repeat)
    figures["calibration_loops_per_second"] = round(calibration)
    figures["games_per_million_calibration_loops"] = round(
        figures["games_per_second"] / calibration * 1e6, 1
    )
    figures["players"] = args.players
    figures["games"] = args.games
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
