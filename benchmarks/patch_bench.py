"""View deltas: our keyed diff (laundermat.games.patch) against the `jsonpatch` package.

Random-legal 6-player games are recorded; for every consecutive pair of public parts (the
view without its log, as rooms/publish.py diffs it) both diffs are timed and their patches
encoded with orjson. `jsonpatch` is optional (not a dependency): install it anywhere on
PYTHONPATH to compare, e.g. `pip install --target /tmp/jp jsonpatch`.

    PYTHONPATH=src:/tmp/jp taskset -c 1 .venv/bin/python -m benchmarks.patch_bench --games 20
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from typing import Any

import orjson

from laundermat.games.laundermat.bots import RandomPolicy
from laundermat.games.laundermat.engine import (
    Game,
    Phase,
    Settings,
    parse_command,
    pending_actors,
    view,
)
from laundermat.games.patch import apply, diff


def record(games: int, seed: int) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    pairs = []
    for g in range(games):
        rng = random.Random(seed + g)
        game = Game.new(seed + g, [f"p{i}" for i in range(6)], Settings(30, 15))
        policy = RandomPolicy(rng)
        previous = None
        while game.state.phase is not Phase.OVER:
            waiting = pending_actors(game.state)
            wire = policy.decide(view(game.state, rng.choice(waiting))) if waiting else None
            game.apply(parse_command(wire or {"type": "timeout", "window": game.state.window_id}))
            public = view(game.state, None, len(game.state.events))
            del public["log"], public["log_from"]
            if previous is not None:
                pairs.append((previous, public))
            previous = public
    return pairs


def timed(make: Callable[[Any, Any], list[Any]], pairs: list[Any]) -> tuple[float, float]:
    """Mean µs per diff (best of 3) and mean encoded bytes per patch."""
    best = float("inf")
    size = 0
    for _ in range(3):
        start = time.perf_counter()
        patches = [make(old, new) for old, new in pairs]
        best = min(best, time.perf_counter() - start)
        size = sum(len(orjson.dumps(p)) for p in patches)
    return best / len(pairs) * 1e6, size / len(pairs)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    pairs = record(args.games, args.seed)
    for old, new in pairs:  # ours is correct on every pair before it is timed
        assert apply(orjson.loads(orjson.dumps(old)), diff(old, new)) == new
    ours_us, ours_bytes = timed(diff, pairs)
    whole = sum(len(orjson.dumps(new)) for _, new in pairs) / len(pairs)
    out: dict[str, Any] = {
        "pairs": len(pairs),
        "whole_public_part_bytes": round(whole),
        "ours_us_per_diff": round(ours_us, 1),
        "ours_bytes_per_patch": round(ours_bytes),
    }
    try:
        import jsonpatch
    except ImportError:
        out["jsonpatch"] = "not installed"
    else:
        theirs_us, theirs_bytes = timed(lambda a, b: jsonpatch.make_patch(a, b).patch, pairs)
        out["jsonpatch_version"] = jsonpatch.__version__
        out["jsonpatch_us_per_diff"] = round(theirs_us, 1)
        out["jsonpatch_bytes_per_patch"] = round(theirs_bytes)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
