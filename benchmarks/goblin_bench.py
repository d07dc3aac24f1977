"""Goblin Laundromat engine speed: complete games per second on one core, and a view's cost.

Games are first recorded with the random-legal bots through the game protocol, then replayed
through the engine alone (`GAME.new` + `apply` of every parsed command), so the figure is the
engine's, not the bots'. `view_us` is the mean time of one seat's view (what every push costs
per player). The same calibration loop as engine_bench.py makes runs comparable on a noisy
machine.

    .venv/bin/python -m benchmarks.goblin_bench --players 4 --games 200
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from benchmarks.engine_bench import calibrate
from laundermat.games.goblin import GAME

Recorded = list[tuple[int, list[str], list[dict[str, Any]]]]


def record(players: int, games: int, seed: int) -> Recorded:
    rng = random.Random(seed)
    out = []
    for i in range(games):
        names = [f"p{j}" for j in range(players)]
        match = GAME.new(seed + i, names, {})
        bots = [GAME.bot(random.Random(rng.random()), 0.02) for _ in names]
        log: list[dict[str, Any]] = []
        while not match.over():
            window = match.window()
            assert window is not None
            seat = rng.choice(match.pending() or list(window.actors))
            wire = bots[seat].decide(match.view(seat)) or GAME.timeout(match, window.id).to_dict()
            match.apply(match.parse(wire))
            log.append(wire)
        out.append((seed + i, names, log))
    return out


def measure(recorded: Recorded, repeat: int) -> dict[str, Any]:
    commands = sum(len(log) for _, _, log in recorded)
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for seed, names, log in recorded:
            match = GAME.new(seed, names, {})
            for wire in log:
                match.apply(match.parse(wire))
        best = min(best, time.perf_counter() - start)
    seed, names, log = recorded[0]
    match = GAME.new(seed, names, {})
    views = 0
    view_time = 0.0
    for wire in log:
        match.apply(match.parse(wire))
        start = time.perf_counter()
        match.view(views % len(names), match.log_length())  # a push's view: no old log
        view_time += time.perf_counter() - start
        views += 1
    return {
        "games_per_second": round(len(recorded) / best, 1),
        "commands_per_second": round(commands / best),
        "us_per_command": round(best / commands * 1e6, 2),
        "commands_per_game": round(commands / len(recorded), 1),
        "view_us": round(view_time / views * 1e6, 1),
        "view_bytes": len(json.dumps(match.view(0, match.log_length()))),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=4)
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
