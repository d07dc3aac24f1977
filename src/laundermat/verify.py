"""`laundermat verify FILE|URL`: check a finished game's public record from first principles.

The record is what `GET /api/games/{id}/replay` returns (and the end screen downloads; its
JSON Schema is docs/replay-record.schema.json). Every field of it is either derived and
compared, or listed in NOT_CHECKABLE, which is printed with "verified", with why. In order:

0. the record has the documented form (else "malformed: <why>", never a traceback);
1. the commitment shown before the game is SHA-256 of the revealed server seed;
2. the server's own nonce (games since it has one) is the one its server seed gives, the
   game's seed is the one derived from that server seed and the nonces, and `seed_text` is
   that seed in decimal;
3. replayed from that seed through the game's own rules, every command was legal when it
   was applied and states nothing the command it parses to does not, and the commands
   finish the game;
4. what the replay gives is what the record says: the result (its `winner_names` through
   `names`), `seats`, `final`, `steps` and `round_starts`.

It prints "verified", or the first step that disagrees. Nothing here trusts the server.
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import ValidationError

from . import games
from .rooms.fairness import NONCE, SERVER, commitment, derive, server_nonce
from .web.protocol import ReplayBody

SERVER_SEED = re.compile(r"^[0-9a-f]{64}$")

# What a record states that nothing in it (or in any record) can prove: the field, and why.
NOT_CHECKABLE = {
    "game_id": "the server's number for the game; nothing in the record binds it",
    "code": "the room's code (null while that room is open); neither the commitment nor "
    "the seed covers it",
    "game_number": "the room's count of its games; neither the commitment nor the seed covers it",
    "commitment": "that it is the one shown before the game: the record holds only SHA-256 "
    "of its own server seed (each player's browser compares it with the one it saw)",
    "nonces": "that each is the one that player's browser sent, and that none was left out "
    "(each player's browser checks its own)",
    "player_ids": "the server's labels, bound through the seed only where a player sent a "
    "nonce; their order, which with the seed decides who sits where, is the server's too",
    "names": "which person each player_id was: display names are the server's word; only "
    "result.winner_names is checked against them",
    "settings": "a setting the replay never reads (a timer's length: its timeouts are "
    "commands in the log) would replay the same at another of the game's values",
}


@dataclass(frozen=True)
class Verdict:
    """What `check` found: "verified", "refused" (the reasons, the first disagreement
    first) or "malformed" (not a record of the documented form: why)."""

    outcome: Literal["verified", "refused", "malformed"]
    reasons: tuple[str, ...] = ()

    def problems(self) -> list[str]:
        if self.outcome == "malformed":
            return [f"malformed: {self.reasons[0]}"]
        return list(self.reasons)


@dataclass(frozen=True)
class Replayed:
    """What the game's own rules give from the record's seed, players, settings and
    commands."""

    over: bool
    result: dict[str, Any]
    seats: list[str]  # the player_id at each seat
    winner_ids: list[str]
    final: dict[str, Any]
    round_starts: dict[str, int]


class Refused(Exception):
    """The record is readable and something in it is not what it should be."""


class Malformed(Exception):
    """The record is not of the documented form."""


def check(record: object) -> Verdict:
    """The verdict on a record (any JSON value). Never raises."""
    try:
        body = _read(record)
        _check_seed(body)
        replayed = _replay(body)
    except Malformed as exc:
        return Verdict("malformed", (str(exc),))
    except Refused as exc:
        return Verdict("refused", (str(exc),))
    found = _disagreements(body, replayed)
    return Verdict("refused", tuple(found)) if found else Verdict("verified")


def problems(record: object) -> list[str]:
    """Everything wrong with the record, the first disagreement first (empty: verified)."""
    return check(record).problems()


def _read(record: object) -> ReplayBody:
    if not isinstance(record, dict):
        raise Malformed("the record is not a JSON object")
    try:
        # strict: a seed of "12" or 12.0, or a seat of true, is not the number it looks like
        return ReplayBody.model_validate(record, strict=True)
    except ValidationError as exc:
        errors = exc.errors()
        first = errors[0]
        where = ".".join(str(part) for part in first["loc"])
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        raise Malformed(f"{where}: {first['msg']}{more}") from None


def _check_seed(body: ReplayBody) -> None:
    """Steps 1 and 2: the seed is the one committed to before the game, with the nonces."""
    server_seed, nonces = body.server_seed, body.nonces
    if server_seed is None or nonces is None:
        raise Refused("the record has no commitment: this game was played before commitments")
    if not SERVER_SEED.match(server_seed):
        raise Refused("the server seed is not 64 lowercase hexadecimal characters (32 bytes)")
    # Only the game's players and the server add randomness, each as 32-64 lowercase hex: an
    # entry of any other key or form would be a value the server was free to choose (and one
    # holding "|" or ":" could pass for other entries, since the entries are concatenated).
    strangers = sorted(k for k in nonces if k != SERVER and k not in body.player_ids)
    if strangers:
        raise Refused(f"nonces: {strangers[0]!r} is neither a player of this game nor the server")
    malformed = sorted(k for k, v in nonces.items() if not NONCE.match(v))
    if malformed:
        raise Refused(
            f"nonces: the nonce of {malformed[0]!r} is not 32 to 64 lowercase hex characters"
        )
    if commitment(server_seed) != body.commitment:
        raise Refused(f"the commitment {body.commitment} is not SHA-256 of the server seed")
    if SERVER in nonces and nonces[SERVER] != server_nonce(server_seed):
        raise Refused("the server's nonce is not the one its server seed gives")
    if derive(server_seed, nonces) != body.seed:
        raise Refused("the seed is not the one derived from the server seed and the nonces")
    if body.seed_text != str(body.seed):
        raise Refused(f"seed_text: {body.seed_text!r} is not the seed, {body.seed}, in decimal")


def _check_table(body: ReplayBody, definition: games.GameDefinition) -> None:
    """The players and settings are ones the game can be set up with."""
    ids, low, high = body.player_ids, definition.min_players, definition.max_players
    if not low <= len(ids) <= high:
        raise Refused(f"player_ids: {len(ids)} players; {definition.title} is for {low} to {high}")
    twice = sorted({p for p in ids if ids.count(p) > 1})
    if twice:
        raise Refused(f"player_ids: {twice[0]!r} is given more than once")
    if len(body.names) != len(ids):
        raise Refused(f"names: {len(body.names)} names for {len(ids)} player_ids")
    wrong = games.settings_errors(definition, body.settings)
    if wrong:
        raise Refused(f"settings: {wrong[0]}")


def _replay(body: ReplayBody) -> Replayed:
    """Step 3. The game's code meets values no honest server sends: whatever it raises
    other than a RuleError is reported as malformed, not as a traceback."""
    definition = games.get(body.game)
    if definition is None:
        raise Refused(f"no game called {body.game!r} is known to this verifier")
    _check_table(body, definition)
    try:
        match = definition.new(body.seed, list(body.player_ids), dict(body.settings))
    except games.RuleError as exc:
        raise Refused(f"the game cannot be set up from this record ({exc.code})") from None
    except Exception as exc:
        raise Malformed(f"the game cannot be set up from this record ({exc!r})") from None
    round_starts: dict[str, int] = {}
    for step, entry in enumerate([*body.commands, None]):
        try:
            _note_round(match, step, round_starts)
            if entry is not None:
                _apply(match, entry, step + 1)
        except (Refused, Malformed):
            raise
        except Exception as exc:
            unread = f"step {step + 1}: the game cannot read {_text(entry)} ({exc!r})"
            raise Malformed(unread) from None
    try:
        return _replayed(match, round_starts)
    except Exception as exc:
        raise Malformed(f"the game cannot give its final state ({exc!r})") from None


def _apply(match: games.Match, entry: dict[str, Any], step: int) -> None:
    try:
        command = match.parse(entry)
        match.apply(command)
    except games.RuleError as exc:
        raise Refused(f"step {step}: {_text(entry)} was not legal then ({exc.code})") from None
    # The server logs each command in its own JSON form (to_dict, every field): a key that
    # form lacks, or one missing or written differently, would be something the record
    # states that the replay never read.
    own = command.to_dict()
    differ = sorted(
        key
        for key in entry.keys() | own.keys()
        if key not in entry or key not in own or not _same(entry[key], own[key])
    )
    if differ:
        raise Refused(f"step {step}: {differ[0]!r} in {_text(entry)} is not the command's own")


def _note_round(match: games.Match, step: int, round_starts: dict[str, int]) -> None:
    """The step at which each round starts, as the replay viewer's record gives it."""
    current = match.view(None).get("round")
    if isinstance(current, int):
        round_starts.setdefault(str(current), step)


def _replayed(match: games.Match, round_starts: dict[str, int]) -> Replayed:
    seats = [pid for pid, _ in sorted(match.seats().items(), key=lambda item: item[1])]
    result = match.result() if match.over() else {}
    winner_ids = [seats[seat] for seat in result.get("winners", [])]
    return Replayed(match.over(), result, seats, winner_ids, match.view(None), round_starts)


def _disagreements(body: ReplayBody, replayed: Replayed) -> list[str]:
    """Step 4: everything the record says that the replay gives, compared."""
    found = []
    if not replayed.over:
        found.append(f"the {len(body.commands)} commands do not finish the game")
    found += _result_disagreements(body, replayed)
    if body.seats != replayed.seats:
        found.append(f"seats: {body.seats} is not the seating the seed draws, {replayed.seats}")
    if not _same(body.final, replayed.final):
        found.append("final: the final view is not the replay's")
    if body.steps != len(body.commands):
        found.append(f"steps: {body.steps}, but the record has {len(body.commands)} commands")
    if body.round_starts != replayed.round_starts:
        found.append(f"round_starts: {body.round_starts} is not {replayed.round_starts}")
    return found


def _result_disagreements(body: ReplayBody, replayed: Replayed) -> list[str]:
    """The replay's result, plus the platform's `winner_names`: each winning seat's player's
    name (as the history lists them)."""
    derived = dict(replayed.result)
    if replayed.over:
        name_of = dict(zip(body.player_ids, body.names, strict=True))
        derived["winner_names"] = [name_of[pid] for pid in replayed.winner_ids]
    recorded = body.result or {}
    found = [
        f"result: {key} is {recorded.get(key)!r}; the replay gives {value!r}"
        for key, value in derived.items()
        if key not in recorded or not _same(recorded[key], value)
    ]
    unknown = sorted(recorded.keys() - derived.keys())
    return found + [f"result: {key} is not part of the replay's result" for key in unknown]


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON: Python's == takes true for 1 and 1.0 for 1; a record stating either
    states something else."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def _text(entry: Any) -> str:
    return json.dumps(entry)


class Unreadable(Exception):
    """The record's file or URL could not be read."""


def read(source: str) -> bytes:
    """A record's bytes from a file or an http(s) URL."""
    if source.startswith(("http://", "https://")):
        import httpx

        try:
            response = httpx.get(source, timeout=30, follow_redirects=True)
            response.raise_for_status()
        except httpx.HTTPError as exc:
            raise Unreadable(str(exc)) from None
        return response.content
    try:
        return Path(source).read_bytes()
    except OSError as exc:
        raise Unreadable(str(exc)) from None


def check_json(raw: bytes) -> Verdict:
    try:
        record = json.loads(raw)
    except (ValueError, RecursionError) as exc:  # not JSON or UTF-8, or nested too deep
        return Verdict("malformed", (f"not JSON ({exc})",))
    return check(record)


def main(source: str) -> int:
    try:
        raw = read(source)
    except Unreadable as exc:
        print(f"cannot read {source}: {exc}")
        return 1
    verdict = check_json(raw)
    if verdict.outcome == "malformed":
        print(verdict.problems()[0])
        return 1
    if verdict.outcome == "refused":
        print(f"NOT verified: {verdict.reasons[0]}")
        for more in verdict.reasons[1:]:
            print(f"  also: {more}")
        return 1
    print("verified")
    # stdout stays the one word scripts read; what no record can show is for the reader.
    print("not checkable from the record alone (docs/fairness.md):", file=sys.stderr)
    for field, why in NOT_CHECKABLE.items():
        print(f"  {field}: {why}", file=sys.stderr)
    return 0
