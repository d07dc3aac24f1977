"""Run the plans: each kind's server on its core, its load generator on the other, the runs
interleaved (run 1 of every kind, then run 2...), the server's CPU read from /proc at the
generator's window edges."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

from ..cpu_accounting import tree_cpu
from . import installs, report
from .servers import KINDS, ROOT, Context, Kind, generator, start

PEERS = ["colyseus-every", "colyseus-50ms", "bgio"]
OURS = ["ours-memory", "ours-sqlite"]
SOCKETS = ["uvicorn", "uvicorn-websockets", "uvicorn-wsproto", "granian"]
PLANS: dict[str, tuple[list[str], str, str]] = {  # kinds, rooms, rate ("closed": closed loop)
    "closed": (["floor-node", "floor-uvicorn", *PEERS, *OURS], "100", "closed"),
    "fixed": ([*PEERS, *OURS], "300", "660"),
    "asgi": (
        [f"floor-{s}" for s in SOCKETS]
        + ["ours-memory", *(f"ours-memory-{s}" for s in ("websockets", "wsproto", "granian"))],
        "100",
        "closed",
    ),
}


async def measure(
    kind: Kind, tree: str, gen_args: list[str], ctx: Context, cores: tuple[int, int]
) -> dict[str, Any]:
    server = await start(kind, cores[0], ctx, tree)
    try:
        pinned = ["nice", "-n", str(ctx.nice), "taskset", "-c", str(cores[1])]
        argv = [*pinned, *generator(kind, server.port, ctx, gen_args)]
        env = dict(os.environ, PYTHONPATH=f"{ROOT / 'src'}:{ROOT}")
        proc = await asyncio.create_subprocess_exec(
            *argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT, env=env
        )
        assert proc.stdout is not None
        marks: dict[str, tuple[float, float]] = {}
        figures: dict[str, Any] = {}
        async for line in proc.stdout:
            event = json.loads(line)
            if event["event"] in ("start", "stop"):
                marks[event["event"]] = (time.perf_counter(), tree_cpu(server.proc.pid))
            elif event["event"] == "figures":
                figures = event
        _, stderr = await proc.communicate()
        if proc.returncode or "stop" not in marks:
            raise RuntimeError(f"{kind.name}'s generator failed: {stderr.decode()[-1500:]}")
    finally:
        server.stop()
    seconds = marks["stop"][0] - marks["start"][0]
    cpu = marks["stop"][1] - marks["start"][1]
    commands = figures["commands"]
    figures.pop("event")
    return {
        **figures,
        "cpu_ms_per_command": round(cpu * 1000 / commands, 4) if commands else None,
        "core_busy": round(cpu / seconds, 3),
        "load_average": round(os.getloadavg()[0], 1),
    }


def unpack(rev: str, into: Path) -> Path:
    """Another revision's src/, as `git archive` has it (its laundermat runs from there)."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", rev, "src"], capture_output=True, check=True
    ).stdout
    into.mkdir(parents=True, exist_ok=True)
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into / "src"


def prepare(args: argparse.Namespace, kinds: set[Kind]) -> Context:
    workdir = Path(args.workdir or tempfile.mkdtemp(prefix="peers-"))
    workdir.mkdir(parents=True, exist_ok=True)
    ctx = Context(workdir, args.floor_payload, args.nice, tick_ms=args.tick_ms, burst=args.burst)
    if args.burst and any(k.node for k in kinds):
        raise SystemExit("--burst: this server and the floors only (node/gen.mjs has no bursts)")
    if any(k.node for k in kinds):
        ctx.node_dir = installs.node_dir()
    if any(k.asgi in ("granian", "wsproto") for k in kinds):
        ctx.extras = installs.python_extras()
    if args.baseline:
        ctx.trees[args.baseline] = unpack(args.baseline, workdir / "baseline")
    return ctx


async def run(args: argparse.Namespace) -> list[dict[str, Any]]:
    plans = [(name, *PLANS[name]) for name in args.plan.split(",")]
    if args.kinds:
        plans = [(name, args.kinds.split(","), rooms, rate) for name, _, rooms, rate in plans]
    ctx = prepare(args, {KINDS[k] for _, kinds, _, _ in plans for k in kinds})
    rows = []
    for plan, kinds, rooms, rate in plans:
        gen_args = [
            str(args.rooms or rooms),
            args.rate or rate,
            str(args.warmup),
            str(args.seconds),
        ]
        for run_no in range(1, args.runs + 1):
            for name in kinds:
                kind = KINDS[name]
                trees = (
                    ["this", args.baseline] if args.baseline and kind.server == "ours" else ["this"]
                )
                for tree in trees:
                    row = {"plan": plan, "run": run_no, "kind": name, "tree": tree}
                    row.update(
                        await measure(
                            kind, tree, gen_args, ctx, (args.server_core, args.client_core)
                        )
                    )
                    print(json.dumps(row), flush=True)
                    rows.append(row)
    return rows


def main(argv: list[str] | None = None) -> None:
    from . import __doc__ as doc

    parser = argparse.ArgumentParser(
        description=doc, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--plan", default="closed", help="closed, fixed, asgi, or a list: closed,fixed"
    )
    parser.add_argument("--kinds", help=f"instead of the plan's: any of {', '.join(KINDS)}")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--rooms", type=int, help="instead of the plan's (closed 100, fixed 300)")
    parser.add_argument(
        "--rate", help="commands/s over all rooms, or closed (instead of the plan's)"
    )
    parser.add_argument("--warmup", type=float, default=3.0)
    parser.add_argument("--seconds", type=float, default=10.0, help="the measured window")
    parser.add_argument("--floor-payload", type=int, default=200, help="the floors' message bytes")
    parser.add_argument(
        "--baseline", help="a git revision whose src/ is measured beside this tree's"
    )
    parser.add_argument("--nice", type=int, default=0, help="e.g. -20 (root): ahead of others")
    parser.add_argument(
        "--tick-ms", type=int, help="this tree's LAUNDERMAT_PUSH_TICK_MS (not a baseline's)"
    )
    parser.add_argument(
        "--burst", action="store_true", help="a round's six picks sent at once (our generator)"
    )
    parser.add_argument("--server-core", type=int, default=0)
    parser.add_argument("--client-core", type=int, default=1)
    parser.add_argument("--workdir")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    started = time.time()
    rows = asyncio.run(run(args))
    summary = report.summarize(rows)
    print(report.table(summary))
    print(json.dumps({"minutes": round((time.time() - started) / 60, 1), "summary": summary}))
    if args.json:
        args.json.write_text(json.dumps({"rows": rows, "summary": summary}, indent=1))
