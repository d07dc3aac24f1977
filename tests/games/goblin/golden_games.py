"""Golden Goblin games: a seed, settings and the command list, with the final result the
engine gave when the file was written. A change of rules as implemented shows up as a diff.

    PYTHONPATH=src:. .venv/bin/python -m tests.games.goblin.golden_games   # (re)write the files
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from laundermat.games.goblin import GAME

GOLDEN = Path(__file__).parent / "golden"
CASES = {2: 202, 3: 303, 4: 404, 5: 505}  # players: seed


def record(players: int, seed: int) -> dict[str, Any]:
    """A clean game between heuristic and random bots (alternating seats), with timeouts."""
    rng = random.Random(seed)
    names = [f"p{i}" for i in range(players)]
    settings = {"decision_timer": 45}
    match = GAME.new(seed, names, settings)
    bots = [
        GAME.bot(random.Random(seed + i), 0.05, ("heuristic", "random")[i % 2])
        for i in range(players)
    ]
    commands: list[dict[str, Any]] = []
    while not match.over():
        window = match.window()
        assert window is not None
        seat = rng.choice(match.pending() or list(window.actors))
        wire = bots[seat].decide(match.view(seat)) or GAME.timeout(match, window.id).to_dict()
        match.apply(match.parse(wire))
        commands.append(wire)
    return {
        "players": names,
        "seed": seed,
        "settings": settings,
        "commands": commands,
        "result": match.result(),
    }


def main() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for players, seed in CASES.items():
        data = record(players, seed)
        path = GOLDEN / f"goblin_{players}p.json"
        path.write_text(json.dumps(data, separators=(",", ":")) + "\n")
        print(path, len(data["commands"]), "commands")


if __name__ == "__main__":
    main()
