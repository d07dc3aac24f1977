"""`laundermat verify FILE|URL`: check a finished game's public record from first principles.

The record is what `GET /api/games/{id}/replay` returns (and the end screen downloads; its
JSON Schema is docs/replay-record.schema.json). Verifying it means, in order:

1. the commitment shown before the game is SHA-256 of the revealed server seed;
2. the server's own nonce (games since it has one) is the one its server seed gives, and the
   game's seed is the one derived from that server seed and the nonces;
3. replayed from that seed through the game's own rules, every command was legal when it
   was applied, and the commands finish the game;
4. the recorded result (winners, scores...) and final view are what the replay gives.

It prints "verified", or the first step that disagrees. Nothing here trusts the server.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from . import games
from .rooms.fairness import NONCE, SERVER, commitment, derive, server_nonce

SERVER_SEED = re.compile(r"^[0-9a-f]{64}$")
REQUIRED = ("game", "seed", "server_seed", "commitment", "nonces", "player_ids", "settings")


def problems(record: dict[str, Any]) -> list[str]:
    """Everything wrong with the record, the first disagreement first (empty: verified)."""
    missing = [key for key in (*REQUIRED, "commands", "result") if key not in record]
    if missing:
        return [f"the record lacks {', '.join(missing)}"]
    server_seed, nonces = record["server_seed"], record["nonces"]
    if not isinstance(server_seed, str) or not isinstance(nonces, dict):
        return ["the record has no commitment: this game was played before commitments"]
    if not SERVER_SEED.match(server_seed):
        return ["the server seed is not 64 lowercase hexadecimal characters (32 bytes)"]
    committed = commitment(server_seed)
    # Only the game's players and the server add randomness, each as 32-64 lowercase hex: an
    # entry of any other key or form would be a value the server was free to choose (and one
    # holding "|" or ":" could pass for other entries, since the entries are concatenated).
    strangers = sorted(k for k in nonces if k != SERVER and k not in record["player_ids"])
    if strangers:
        return [f"nonces: {strangers[0]!r} is neither a player of this game nor the server"]
    malformed = sorted(k for k, v in nonces.items() if not isinstance(v, str) or not NONCE.match(v))
    if malformed:
        return [f"nonces: the nonce of {malformed[0]!r} is not 32 to 64 lowercase hex characters"]
    if committed != record["commitment"]:
        return [f"the commitment {record['commitment']} is not SHA-256 of the server seed"]
    if SERVER in nonces and nonces[SERVER] != server_nonce(server_seed):
        return ["the server's nonce is not the one its server seed gives"]
    if derive(server_seed, nonces) != record["seed"]:
        return ["the seed is not the one derived from the server seed and the nonces"]
    definition = games.get(record["game"])
    if definition is None:
        return [f"no game called {record['game']!r} is known to this verifier"]
    match = definition.new(record["seed"], list(record["player_ids"]), dict(record["settings"]))
    for step, entry in enumerate(record["commands"], start=1):
        try:
            match.apply(match.parse(entry))
        except games.RuleError as exc:
            return [f"step {step}: {json.dumps(entry)} was not legal then ({exc.code})"]
    found = []
    if not match.over():
        found.append(f"the {len(record['commands'])} commands do not finish the game")
    outcome, recorded = match.result() if match.over() else {}, record["result"] or {}
    for key, value in outcome.items():
        if recorded.get(key) != value:
            found.append(f"result: {key} is {recorded.get(key)!r}; the replay gives {value!r}")
    if "final" in record and record["final"] != match.view(None):
        found.append("final: the final view is not the replay's")
    return found


def load(source: str) -> dict[str, Any]:
    """A record from a file or an http(s) URL."""
    if source.startswith(("http://", "https://")):
        import httpx

        response = httpx.get(source, timeout=30, follow_redirects=True)
        response.raise_for_status()
        data: dict[str, Any] = response.json()
        return data
    loaded: dict[str, Any] = json.loads(Path(source).read_text())
    return loaded


def main(source: str) -> int:
    found = problems(load(source))
    if found:
        print(f"NOT verified: {found[0]}")
        for more in found[1:]:
            print(f"  also: {more}")
        return 1
    print("verified")
    return 0
