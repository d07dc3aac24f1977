"""The engine's per-viewer work: µs per `view()` and per `legal.options()`, on real states.

States are taken after every command of games played by the random-legal bots (the same
recording as engine_bench), then each seat's view and options are timed over all of them,
best of `--repeat`. `options` is the part of a view that asks the rules what a seat may do
(issue 14 made it ask each command's own check); the rest of a view is redaction.

    taskset -c 1 .venv/bin/python -m benchmarks.view_bench --games 20

`--by-phase` adds `options` per seat in each phase's states (every seat, acting or not).
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from laundermat import games as registry
from laundermat.games.laundermat.commands import Command as EngineCommand
from laundermat.games.laundermat.engine import Game, Settings, view
from laundermat.games.laundermat.legal import options
from laundermat.games.laundermat.state import GameState

from .engine_bench import record


def states(players: int, games: int, seed: int) -> list[GameState]:
    out = []
    for game_seed, names, log in record(registry.require("laundermat"), players, games, seed):
        game = Game.new(game_seed, names, Settings())
        for command in log:
            assert isinstance(command, EngineCommand)  # LaunderMat's commands are the engine's
            game.apply(command)
            out.append(GameState.from_dict(game.state.to_dict()))
    return out


def best_us(fn: Any, recorded: list[GameState], seats: int, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for state in recorded:
            for seat in range(seats):
                fn(state, seat)
        best = min(best, time.perf_counter() - start)
    return best / (len(recorded) * seats) * 1e6


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--by-phase", action="store_true", help="options per seat per phase")
    args = parser.parse_args(argv)
    recorded = states(args.players, args.games, args.seed)
    figures: dict[str, Any] = {
        "states": len(recorded),
        "view_us_per_seat": round(best_us(view, recorded, args.players, args.repeat), 2),
        "options_us_per_seat": round(best_us(options, recorded, args.players, args.repeat), 2),
    }
    if args.by_phase:
        phases: dict[str, list[GameState]] = {}
        for state in recorded:
            phases.setdefault(str(state.phase), []).append(state)
        figures["options_us_per_seat_by_phase"] = {
            phase: {
                "states": len(group),
                "us": round(best_us(options, group, args.players, args.repeat), 2),
            }
            for phase, group in phases.items()
        }
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
