"""Regenerate the golden games in this folder.

    .venv/bin/python tests/games/laundermat/golden/make_golden.py

Random-legal bots (`laundermat.games.laundermat.bots.RandomPolicy`) play games from successive
seeds, lightly steered towards the rarer sights (weapons, bribes, Alarm purchases). A game is kept
when it shows something the kept games do not yet show (`golden_coverage.REQUIRED`); a
reckless table (always buys on an Alarm, never protects) is searched for a game in which
everyone is caught. Each file holds the seed, names, settings, the command list and the
expected final scores and winners; `tests/games/laundermat/test_golden.py` replays them.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[3]))  # the repository, for tests.games.laundermat

from tests.games.laundermat.golden_coverage import REQUIRED, features  # noqa: E402

from laundermat.games.laundermat.bots import RandomPolicy  # noqa: E402
from laundermat.games.laundermat.engine import (  # noqa: E402
    Game,
    Phase,
    Settings,
    Timeout,
    parse_command,
    pending_actors,
    view,
)
from laundermat.games.laundermat.scoring import result  # noqa: E402

Wire = dict[str, Any]

PREFER: dict[str, dict[str, tuple[str, ...]]] = {
    # phase -> command types to prefer, per steering style
    "varied": {
        "purchase": ("buy_weapon", "buy_addition"),
        "alarm": ("alarm_purchase", "alarm_discard"),
        "seniority": ("seniority",),
        "bribe_protect": ("protect",),
        "bribe_counter": ("counter",),
        "bribe_entries": ("entries",),
    },
    "reckless": {
        "purchase": ("buy_addition",),
        "alarm": ("alarm_purchase",),
        "bribe_protect": ("done",),
        "bribe_counter": ("counter",),
        "bribe_entries": ("done",),
    },
}


class SteeredPolicy(RandomPolicy):
    """RandomPolicy, re-drawn a few times until it picks a preferred kind of command."""

    def __init__(self, rng: random.Random, style: str) -> None:
        super().__init__(rng, wait_chance=0.02)
        self.prefer = PREFER[style]

    def decide(self, seen: dict[str, Any]) -> Wire | None:
        wanted = self.prefer.get(seen["phase"], ())
        choice = super().decide(seen)
        for _ in range(6):
            if choice is None or choice["type"] in wanted:
                break
            choice = super().decide(seen)
        return choice


def play(seed: int, n: int, style: str) -> tuple[Game, dict[str, Any]]:
    rng = random.Random(seed)
    names = [f"bot{i}" for i in range(n)]
    settings = Settings(round_timer=30, bribe_timer=15)
    game = Game.new(seed, names, settings)
    policy = SteeredPolicy(rng, style)
    commands: list[Wire] = []
    while game.state.phase is not Phase.OVER:
        waiting = pending_actors(game.state)
        wire = policy.decide(view(game.state, rng.choice(waiting))) if waiting else None
        if wire is None:
            wire = Timeout(game.state.window_id).to_dict()
        game.apply(parse_command(wire))  # bots only send legal commands
        commands.append(wire)
    outcome = result(game.state)
    record = {
        "seed": seed,
        "players": names,
        "settings": {"round_timer": settings.round_timer, "bribe_timer": settings.bribe_timer},
        "expected": {
            "investigated": outcome.investigated,
            "scores": [p.total for p in outcome.players],
            "disqualified": [p.seat for p in outcome.players if p.disqualified],
            "winners": outcome.winners,
        },
        "commands": commands,
    }
    return game, record


def write(path: Path, record: dict[str, Any]) -> None:
    head = {k: v for k, v in record.items() if k != "commands"}
    lines = [f"  {json.dumps(k)}: {json.dumps(v)}," for k, v in head.items()]
    commands = ",\n".join(f"    {json.dumps(c, sort_keys=True)}" for c in record["commands"])
    path.write_text("{\n" + "\n".join(lines) + '\n  "commands": [\n' + commands + "\n  ]\n}\n")


def search() -> list[dict[str, Any]]:
    kept: list[dict[str, Any]] = []
    covered: set[str] = set()
    # Everyone caught: a reckless three-player table, searched seed by seed.
    for seed in range(1, 5_000):
        game, record = play(seed, 3, "reckless")
        found = features(game.state.events)
        if "everyone_caught" in found:
            record["covers"] = sorted(found & REQUIRED)
            kept.append(record)
            covered |= found
            break
    # Everything else: varied tables of every size until the set is covered.
    seed = 1
    while not covered >= REQUIRED or len(kept) < 5:
        n = 3 + seed % 4
        game, record = play(10_000 + seed, n, "varied")
        found = features(game.state.events) & REQUIRED
        if found - covered or (len(kept) < 5 and n not in {len(k["players"]) for k in kept}):
            record["covers"] = sorted(found)
            kept.append(record)
            covered |= found
        seed += 1
        if seed > 20_000:
            raise SystemExit(f"not covered: {sorted(REQUIRED - covered)}")
    # Drop games the others make redundant (newest first), keeping at least five.
    for record in list(reversed(kept)):
        others = [k for k in kept if k is not record]
        if len(others) >= 5 and set().union(*(set(k["covers"]) for k in others)) >= REQUIRED:
            kept.remove(record)
    return kept


def main() -> None:
    for old in HERE.glob("game_*.json"):
        old.unlink()
    for i, record in enumerate(search(), start=1):
        covers = record.pop("covers")
        record = {"covers": covers, **record}
        path = HERE / f"game_{i:02d}.json"
        write(path, record)
        print(f"{path.name}: seed {record['seed']}, {len(record['players'])} players, {covers}")


if __name__ == "__main__":
    main()
