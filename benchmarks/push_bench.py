"""A push alone (rooms/publish.py): CPU time per push to a table of six, on real games.

Bots play whole LaunderMat games with the engine alone (no room, no store, no sockets). After
every command each publisher measured pushes the same state to its own six seats; their
order alternates, so both meet the same machine and the same caches. `--against FILE` loads
another tree's publish.py beside this one, e.g. the one before a change:

    git show HEAD~1:src/laundermat/rooms/publish.py > /tmp/publish_before.py
    PYTHONPATH=src:. .venv/bin/python -m benchmarks.push_bench --against /tmp/publish_before.py

It also checks that both send the same bytes (but for `server_time`), so a faster push that
sends something else is caught here before the tests.

`--coalesce N` pushes after every N commands instead (issue 34 §2, rooms/tick.py), as a room
whose commands come faster than its tick does; each command's ack-time test of whether it is
public (`Publisher.shows`, until one is) is counted in. It prints the cost per command.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import re
import sys
import time
from types import ModuleType
from typing import Any

from laundermat.games.laundermat import GAME
from laundermat.games.laundermat.bots import RandomPolicy
from laundermat.games.laundermat.engine import view
from laundermat.rooms import publish
from laundermat.rooms.members import Member

_TIME = re.compile(rb'"server_time":\d+')


class Sink:
    """A seat's socket: keeps the last message, counts the bytes."""

    def __init__(self) -> None:
        self.last = b""
        self.bytes = 0

    def send(self, data: bytes) -> None:
        self.last = data
        self.bytes += len(data)

    def close(self, code: int, reason: str) -> None:
        pass


def _load(path: str) -> ModuleType:
    # A name inside the package, so that the file's relative imports resolve.
    spec = importlib.util.spec_from_file_location("laundermat.rooms._publish_against", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


class Table:
    def __init__(self, module: Any) -> None:
        self.publisher = module.Publisher(lambda: 0)
        self.members = [
            Member(f"p{seat}", f"p{seat}", "", 0, seat=seat, sub=Sink()) for seat in range(6)
        ]
        self.spent = 0
        self.pushes = 0

        self.promised = False  # a command since the last push was public (rooms/tick.py)

    def push(self, room: dict[str, Any], deadline: int, match: Any, full: bool) -> None:
        subs = {m.sub for m in self.members if m.sub is not None} if full else ()
        start = time.process_time_ns()
        if self.promised:
            self.publisher.push(room, deadline, match, self.members, subs, step=True)
        else:
            self.publisher.push(room, deadline, match, self.members, subs)
        self.spent += time.process_time_ns() - start
        self.pushes += 1
        self.promised = False

    def acked(self, room: dict[str, Any], deadline: int, match: Any) -> None:
        """A command acked ahead of its push: is it public? (asked until one is)"""
        if not self.promised:
            start = time.process_time_ns()
            self.promised = self.publisher.shows(room, deadline, match, self.members)
            self.spent += time.process_time_ns() - start

    def sent(self) -> list[bytes]:
        return [_TIME.sub(b"", m.sub.last) for m in self.members]  # type: ignore[union-attr]


class Reported:
    """The match as each table's publisher sees it: a publisher takes the match's report of
    what changed (kit/touched.py), so the tables share one report per command instead of the
    first taking it from the others."""

    def __init__(self, match: Any) -> None:
        self.match = match
        self.report: Any = None

    def take(self) -> None:
        touched = getattr(self.match, "touched", None)
        self.report = touched() if touched else None

    def __getattr__(self, name: str) -> Any:
        if name == "touched" and self.report is not None:
            return self._touched
        return getattr(self.match, name)

    def _touched(self, keep: bool = False) -> Any:
        """A push's: the report taken for all tables; an ack's (`keep`): what changed since."""
        return self.match.touched(keep=True) if keep else self.report


def play(tables: list[Table], seed: int, check: bool, coalesce: int = 1) -> int:
    rng = random.Random(seed)
    match = GAME.new(seed, [f"p{i}" for i in range(6)], {})
    policy = RandomPolicy(random.Random(seed), wait_chance=0)
    room = {"code": "BENCH", "status": "playing", "seats": [f"p{i}" for i in range(6)]}
    shared = Reported(match)
    shared.take()
    for table in tables:
        table.push(room, 0, shared, full=True)
    commands = 0
    while not match.over():
        state = match.game.state
        actors = list(state.window_actors)
        rng.shuffle(actors)
        command = None
        for seat in actors:
            command = policy.decide(view(state, seat))
            if command is not None:
                break
        if command is None:
            command = GAME.timeout(match, state.window_id).to_dict()
        match.apply(match.parse(command))
        commands += 1
        deadline = state.window_id * 1000
        if coalesce > 1 and commands % coalesce and not match.over():
            for table in tables:
                table.acked(room, deadline, shared)
            continue
        order = tables if commands % 2 else tables[::-1]
        shared.take()
        for table in order:
            table.push(room, deadline, shared, full=False)
        if check and len(tables) > 1 and tables[0].sent() != tables[1].sent():
            raise SystemExit(f"game {seed}, command {commands}: the two pushes differ")
    return commands


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--against", help="another publish.py, measured in the same run")
    parser.add_argument("--no-check", action="store_true", help="do not compare their bytes")
    parser.add_argument("--coalesce", type=int, default=1, help="commands a push (one tree)")
    args = parser.parse_args(argv)
    if args.coalesce > 1 and args.against:
        parser.error("--coalesce measures this tree alone")
    modules: list[tuple[str, Any]] = [("this tree", publish)]
    if args.against:
        modules.append((args.against, _load(args.against)))
    totals = {name: [0, 0, 0] for name, _ in modules}
    commands = 0
    for seed in range(args.games):
        tables = [Table(module) for _, module in modules]
        commands += play(tables, seed, not args.no_check, args.coalesce)
        for (name, _), table in zip(modules, tables, strict=True):
            total = totals[name]
            total[0] += table.spent
            total[1] += table.pushes
            total[2] += sum(m.sub.bytes for m in table.members)  # type: ignore[union-attr]
    out: dict[str, Any] = {"games": args.games, "commands": commands}
    for name, (spent, pushes, sent) in totals.items():
        out[name] = {
            "us_per_push": round(spent / pushes / 1e3, 1),
            "bytes_per_push": sent // pushes,
            "us_per_command": round(spent / commands / 1e3, 1),
            "bytes_per_command": sent // commands,
            "messages_per_command": round(pushes * 6 / commands, 2),
        }
    if args.against:
        out["ratio"] = round(totals["this tree"][0] / totals[args.against][0], 3)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
