"""Instructions per command (issue 34): the server process under valgrind's callgrind while a
fixed, deterministic load runs over real sockets, against the bare uvicorn broadcast floor.

    .venv/bin/python -m benchmarks.instructions --against main   # ~15 min on a loaded machine
    .venv/bin/python -m benchmarks.instructions --rooms 20 --commands 240 --warmup 6
    .venv/bin/python -m benchmarks.instructions --tools profile,cpu   # no valgrind: ~1 min

Instruction counts are what a loaded machine cannot blur: the same commands execute the same
instructions however long the server waits for its core. Kinds: `floor` (baseline_app.py under
`laundermat serve`'s uvicorn config: one frame in, one 200-byte frame out to six sockets),
`pick6` (this server, memory store, the peers' tiny game, benchmarks/peers/pick6.py) and
`laundermat` (whole LaunderMat games of six, instructions_laundermat.py; `--games`). `--rooms`
rooms of six (peers/rooms.py) play `--commands` picks in all, each room's next sent once its
last reached all six seats, after `--warmup` picks a room. Tools (`--tools`):
- `callgrind`: valgrind dumps its counters at each edge (callgrind_control). What the server
  does by the clock (pings, the collector's steward) runs ~50x as often per command under
  valgrind, so an idle span of `--idle` seconds is measured too and its rate per second taken
  off the window. User space only: the kernel's part of the sends is not counted.
- `profile`: the same load against the server under cProfile (instruction_stages.py), its own
  CPU time split by stage: shares of time, not instructions.
- `cpu`: the plain server's user and system CPU per command (`--cpu-commands` picks).
`--against REV` measures REV's `src/` too, in the same run. The last line is JSON: each row,
and the ratios over the floor with and without our own stages (instruction_stages.OURS).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx

from laundermat.bots.server_process import free_port

from . import instructions_laundermat
from .instruction_stages import stages, summary, table
from .peers.cli import unpack
from .peers.rooms import FloorRoom, OurRoom, Room
from .peers.servers import KINDS, ROOT, Context, Running, _listening, command

NAMES = {"floor": "floor-uvicorn", "pick6": "ours-memory", "laundermat": "ours-memory"}
_COMPRESSED = re.compile(r"^\((\d+)\)\s*(.*)$")


class Stats:
    def __init__(self) -> None:
        self.frames = 0
        self.bytes = 0
        self.errors: Counter[str] = Counter()
        self.acks: Counter[str] = Counter()  # "inline" (in the sender's frame) or "alone"


class Driver:
    """What peers' Room asks of its load generator: rooms, each with one command in flight."""

    def __init__(self, port: int, seed: int) -> None:
        import random

        self.port = port
        self.rng = random.Random(seed)
        self.stats = Stats()
        self.http: Any = None
        self.stopping = False
        self.burst = False  # one command in flight a room (peers' --burst off)
        self.done: dict[Room, asyncio.Event] = {}

    def completed(self, room: Room, sent: float, now: float, commands: int = 1) -> None:
        self.done[room].set()

    async def play(self, rooms: list[Room], commands: int) -> None:
        """`commands` over the rooms, each room's next sent once its last reached all six."""

        async def one(room: Room, count: int) -> None:
            done = self.done.setdefault(room, asyncio.Event())
            for _ in range(count):
                done.clear()
                room.next_command()
                await asyncio.wait_for(done.wait(), 600)

        share = commands // len(rooms)
        await asyncio.gather(*(one(r, share) for r in rooms))


async def serve(argv: list[str], env: dict[str, str], port: int, log: Path) -> Running:
    with log.open("ab") as out:
        proc = subprocess.Popen(argv, env=env, stdout=out, stderr=subprocess.STDOUT, cwd=ROOT)
    deadline = time.monotonic() + 900  # imports under valgrind: minutes on a loaded machine
    while not _listening(port):
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            raise RuntimeError(f"the server did not start: see {log}")
        await asyncio.sleep(0.5)
    await asyncio.sleep(2)  # listening is not yet serving: the app's startup
    return Running(KINDS["floor-uvicorn"], port, proc)


async def drive(
    kind: str, port: int, args: argparse.Namespace, mark: Any, commands: int
) -> dict[str, float]:
    """Build the rooms, warm up, then `mark(edge)` around an idle span and the window."""
    if kind == "laundermat":
        return await instructions_laundermat.drive(
            port, args.rooms, args.games, args.idle, args.seed, mark, warm=args.warmup > 0
        )
    driver = Driver(port, args.seed)
    made = FloorRoom if kind == "floor" else OurRoom
    rooms: list[Room] = [made(driver, i) for i in range(args.rooms)]  # type: ignore[arg-type]
    # A server under valgrind may take a minute to answer its first requests.
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=900) as driver.http:
        for room in rooms:
            await room.setup()
    await driver.play(rooms, args.warmup * args.rooms)
    await mark("idle")
    started = time.monotonic()
    await asyncio.sleep(args.idle)
    idle_s = time.monotonic() - started
    await mark("window")
    frames, size = driver.stats.frames, driver.stats.bytes
    started = time.monotonic()
    await driver.play(rooms, commands)
    window_s = time.monotonic() - started
    await mark("end")
    for ws in (ws for room in rooms for ws in room.sockets):
        ws.close()
    if driver.stats.errors:
        raise RuntimeError(f"{kind}: errors {dict(driver.stats.errors)}")
    return {
        "idle_s": idle_s,
        "window_s": window_s,
        "commands": commands,
        "frames_per_command": (driver.stats.frames - frames) / commands,
        "bytes_per_command": (driver.stats.bytes - size) / commands,
        **{f"acks_{form}": n for form, n in driver.stats.acks.items()},
    }


def self_costs(path: Path) -> tuple[int, Counter[tuple[str, str]]]:
    """A callgrind dump's total instructions and each (shared object, function)'s own part: the
    cost lines under `fn=`, not those after `calls=` (a call's inclusive cost)."""
    names: dict[str, str] = {}
    costs: Counter[tuple[str, str]] = Counter()
    total, ob, fn, after_call = 0, "", "", False

    def name(value: str) -> str:
        found = _COMPRESSED.match(value)
        if not found:
            return value
        if found.group(2):
            names[found.group(1)] = found.group(2)
        return names.get(found.group(1), "?")

    with path.open() as lines:
        for line in lines:
            head = line[:1]
            if head.isdigit() or head in "+-*":
                if after_call:
                    after_call = False
                else:
                    costs[ob, fn] += int(line.split()[-1])
            elif line.startswith(("ob=", "fn=")):
                value = name(line[3:].strip())
                ob, fn = (value, fn) if line[0] == "o" else (ob, value)
            elif line.startswith(("cob=", "cfn=", "cfi=", "cfl=")):
                name(line[4:].strip())  # a callee's compressed name, defined here first
            elif line.startswith("calls="):
                after_call = True
            elif line.startswith("totals:") or line.startswith("summary:"):
                total = int(line.split()[1])
    return total, costs


async def callgrind(kind: str, tree: str, ctx: Context, args: argparse.Namespace) -> dict[str, Any]:
    port = free_port()
    argv, env = command(KINDS[NAMES[kind]], port, ctx, tree)
    env["LAUNDERMAT_LOG_LEVEL"] = "warning"
    out = ctx.workdir / f"cg-{kind}-{tree}-{port}.out"
    valgrind = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"]
    valgrind += ["--dump-instr=no", "--collect-jumps=no"]
    server = await serve([*valgrind, *argv], env, port, ctx.workdir / f"{kind}-{tree}.log")
    dumps: list[Path] = []

    async def mark(edge: str) -> None:
        done = await asyncio.create_subprocess_exec(
            "callgrind_control",
            "-d",
            edge,
            str(server.proc.pid),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        if await done.wait():
            raise RuntimeError("callgrind_control failed")
        dumps.append(out.with_name(f"{out.name}.{len(dumps) + 1}"))

    try:
        figures = await drive(kind, port, args, mark, args.commands)
    finally:
        server.stop()
    idle, _ = self_costs(dumps[1])
    window, costs = self_costs(dumps[2])
    objects: Counter[str] = Counter()
    for (ob, _), cost in costs.items():
        objects[Path(ob).name] += cost
    per_idle_s = idle / figures["idle_s"]
    clocked = per_idle_s * figures["window_s"]
    commands = figures["commands"]
    per_command = (window - clocked) / commands
    return {
        "instructions_per_command": round(per_command),
        "clock_share_of_window": round(clocked / window, 3),
        "by_object": {k: round(v / commands) for k, v in objects.most_common(12)},
        **{k: round(v, 2) for k, v in figures.items()},
    }


def cpu_split(pid: int) -> tuple[float, float]:
    """The process's user and system CPU seconds so far (/proc/PID/stat)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    tick = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / tick, int(fields[12]) / tick


async def profiled(
    kind: str, tree: str, ctx: Context, args: argparse.Namespace, tool: str
) -> dict[str, Any]:
    """`profile`: cProfile's stages over the window; `cpu`: the plain server's user and
    system CPU per command over it (utime/stime ticks: coarse, and the load's noise)."""
    port = free_port()
    argv, env = command(KINDS[NAMES[kind]], port, ctx, tree)
    out = ctx.workdir / f"prof-{kind}-{tree}-{port}"
    if tool == "profile":
        argv = [sys.executable, "-m", "benchmarks.instruction_stages", str(out)]
        argv += command(KINDS[NAMES[kind]], port, ctx, tree)[0][1:]
    server = await serve(argv, env, port, ctx.workdir / f"{kind}-{tree}.log")
    cpu: list[tuple[float, float]] = []

    async def mark(edge: str) -> None:
        if tool == "cpu":
            cpu.append(cpu_split(server.proc.pid))
        if edge == "idle" or tool == "cpu":
            return
        os.kill(server.proc.pid, signal.SIGUSR1 if edge == "window" else signal.SIGUSR2)
        seen = out.with_suffix(f".{edge}")
        for _ in range(600):  # the handler runs once the loop wakes to the signal
            if seen.exists():
                return
            await asyncio.sleep(0.05)
        raise RuntimeError(f"the server did not answer the {edge} signal")

    commands = args.cpu_commands if tool == "cpu" else args.commands
    idle, args.idle = args.idle, 0.0
    try:
        counted = (await drive(kind, port, args, mark, commands))["commands"]
    finally:
        args.idle = idle
        server.stop()
    if tool == "profile":
        return {"stages": stages(out)}
    user, system = (cpu[2][i] - cpu[1][i] for i in (0, 1))
    return {
        "cpu_ms_per_command": round((user + system) * 1000 / counted, 4),
        "system_share": round(system / (user + system), 3) if user + system else None,
    }


async def run(args: argparse.Namespace) -> list[dict[str, Any]]:
    workdir = Path(args.workdir or tempfile.mkdtemp(prefix="instructions-"))
    workdir.mkdir(parents=True, exist_ok=True)
    ctx = Context(workdir, args.floor_payload)
    trees = ["this"]
    if args.against:
        ctx.trees[args.against] = unpack(args.against, workdir / "against")
        trees.append(args.against)
    rows = []
    for kind in args.kinds.split(","):
        for tree in trees if kind != "floor" else ["this"]:
            row: dict[str, Any] = {"kind": kind, "tree": tree}
            if "callgrind" in args.tools:
                row.update(await callgrind(kind, tree, ctx, args))
            for tool in ("profile", "cpu"):
                if tool in args.tools:
                    row.update(await profiled(kind, tree, ctx, args, tool))
            print(json.dumps(row), flush=True)
            rows.append(row)
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--kinds", default="floor,pick6")
    parser.add_argument(
        "--commands", type=int, default=120, help="over all rooms; whole rounds (6 a room)"
    )
    parser.add_argument("--cpu-commands", type=int, default=3000, help="the cpu tool's")
    parser.add_argument("--warmup", type=int, default=12, help="commands a room")
    parser.add_argument(
        "--rooms", type=int, default=1, help="1: one command at a time; more: closed loops"
    )
    parser.add_argument("--idle", type=float, default=10.0, help="seconds of the idle span")
    parser.add_argument("--games", type=int, default=1, help="laundermat: games a room counted")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--floor-payload", type=int, default=200)
    parser.add_argument("--against", help="a git revision whose src/ is measured too")
    parser.add_argument(
        "--tools",
        default="callgrind,profile,cpu",
        help="a comma list: callgrind, profile (cProfile's stages), cpu (user and system CPU)",
    )
    parser.add_argument("--workdir")
    args = parser.parse_args(argv)
    started = time.time()
    rows = asyncio.run(run(args))
    print(table(rows))
    minutes = round((time.time() - started) / 60, 1)
    print(json.dumps({"minutes": minutes, "summary": summary(rows), "rows": rows}))


if __name__ == "__main__":
    main()
