"""Engine speed: complete games per second on one core, and the cost of one seat's view.

Games are first recorded with the game's random-legal bots through the game protocol, then
replayed through the engine alone (`new` + `apply` of every recorded command, parsed once when
recorded), so the figure is the engine's, not the bots' or the parser's. `view_us` is the mean
time of one seat's view after each command (what every push costs per player). A fixed
pure-Python workload measured in the same run calibrates for a noisy, shared machine.

    .venv/bin/python -m benchmarks.engine_bench --players 6 --games 200
    .venv/bin/python -m benchmarks.engine_bench --game goblin --players 4 --games 200

`--players` defaults to the game's largest table.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from laundermat import games
from laundermat.games import Command, GameDefinition

Recorded = list[tuple[int, list[str], list[Command]]]


def record(definition: GameDefinition, players: int, games_: int, seed: int) -> Recorded:
    rng = random.Random(seed)
    settings = games.default_settings(definition)
    out = []
    for i in range(games_):
        names = [f"p{j}" for j in range(players)]
        match = definition.new(seed + i, names, settings)
        bots = [definition.bot(random.Random(rng.random()), 0.02) for _ in names]
        log: list[Command] = []
        while not match.over():
            window = match.window()
            assert window is not None
            seat = rng.choice(match.pending() or list(window.actors))
            wire = bots[seat].decide(match.view(seat))
            command = match.parse(wire) if wire else definition.timeout(match, window.id)
            match.apply(command)
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


def measure(definition: GameDefinition, recorded: Recorded, repeat: int) -> dict[str, Any]:
    settings = games.default_settings(definition)
    commands = sum(len(log) for _, _, log in recorded)
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for seed, names, log in recorded:
            match = definition.new(seed, names, settings)
            for command in log:
                match.apply(command)
        best = min(best, time.perf_counter() - start)
    seed, names, log = recorded[0]
    match = definition.new(seed, names, settings)
    view_time = 0.0
    for i, command in enumerate(log):
        match.apply(command)
        start = time.perf_counter()
        match.view(i % len(names), match.log_length())  # a push's view: no old log
        view_time += time.perf_counter() - start
    return {
        "games_per_second": round(len(recorded) / best, 1),
        "commands_per_second": round(commands / best),
        "us_per_command": round(best / commands * 1e6, 2),
        "commands_per_game": round(commands / len(recorded), 1),
        "view_us": round(view_time / len(log) * 1e6, 1),
        "view_bytes": len(json.dumps(match.view(0, match.log_length()))),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="laundermat", help="which game (GET /api/catalog)")
    parser.add_argument("--players", type=int, help="the game's largest table if not given")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    definition = games.require(args.game)
    players = args.players or definition.max_players
    recorded = record(definition, players, args.games, args.seed)
    calibration = calibrate()
    figures = measure(definition, recorded, args.repeat)
    figures["calibration_loops_per_second"] = round(calibration)
    figures["games_per_million_calibration_loops"] = round(
        figures["games_per_second"] / calibration * 1e6, 1
    )
    figures.update(game=args.game, players=players, games=args.games)
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
