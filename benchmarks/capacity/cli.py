"""The command line: flags and their quick and full defaults, the run of both servers, the
JSON and the printed summary and tables."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import resource
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from . import __doc__ as description
from .games import GameSpec, game_spec
from .phases import run_kind
from .report import markdown, report


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        # `python -m` on a package would say `__main__.py`; --help keeps its old name.
        prog="capacity.py",
        description=description,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--quick", action="store_true", help="a short smoke run")
    parser.add_argument("--steps", type=lambda s: [int(x) for x in s.split(",")])
    parser.add_argument("--step-seconds", type=float)
    parser.add_argument(
        "--warmup",
        type=float,
        help="seconds of play before each window; early commands of a game cost less than "
        "later ones, so 240 measures a steady state (docs/benchmarks.md)",
    )
    parser.add_argument("--pace", type=float, default=2.0, help="seconds between a room's commands")
    parser.add_argument("--saturate-rooms", type=int)
    parser.add_argument("--saturate-seconds", type=float)
    parser.add_argument("--idle-sockets", type=int)
    parser.add_argument("--slow-at", type=int, help="rooms at which to run the slow reader test")
    parser.add_argument("--slow-share", type=float, default=0.1)
    parser.add_argument("--target-ms", type=float, default=50.0)
    parser.add_argument("--give-up-ms", type=float, default=2000.0, help="stop the ramp here")
    parser.add_argument(
        "--game",
        type=game_spec,
        action="append",
        metavar="NAME[:PLAYERS]",
        help="the game the tables play, e.g. goblin:4 (repeatable: each is measured in turn, "
        "on its own server; default laundermat:6); settings are the catalog's defaults",
    )
    parser.add_argument(
        "--only",
        choices=("games", "laundermat", "baseline"),
        help="the games alone (`laundermat`, the old name, means the same), or the baseline",
    )
    parser.add_argument("--payload", type=int, help="baseline message bytes (default: measured)")
    parser.add_argument("--server-core", type=int, default=0)
    parser.add_argument("--client-core", type=int, default=1)
    parser.add_argument(
        "--nice",
        type=int,
        default=0,
        help="scheduling priority of both processes (root: -10 puts them ahead of other work)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, help="write every figure here")
    parser.add_argument("--markdown", type=Path, help="print the tables of a --json file")
    parser.add_argument("--keep", type=Path, help="keep the database and server logs here")
    parser.add_argument(
        "--server-env",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="extra environment for the LaunderMat server (A/B runs of a setting)",
    )
    args = parser.parse_args(argv)
    quick = {
        "steps": [50, 200],
        "step_seconds": 15.0,
        "warmup": 4.0,
        "saturate_rooms": 50,
        "saturate_seconds": 10.0,
        "idle_sockets": 500,
    }
    full = {
        "steps": [100, 250, 500, 750, 1000, 1250, 1500],
        "step_seconds": 30.0,
        "warmup": 6.0,
        "saturate_rooms": 100,
        "saturate_seconds": 20.0,
        "idle_sockets": 2000,
    }
    for key, value in (quick if args.quick else full).items():
        if getattr(args, key) is None:
            setattr(args, key, value)
    if args.slow_at is None:
        args.slow_at = 1000 if 1000 in args.steps else args.steps[-1]
    args.game = args.game or [game_spec("laundermat:6")]
    names = [g.name for g in args.game]
    if len(set(names)) != len(names):
        parser.error("--game: each game once (its figures are kept under its name)")
    return args


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="laundermat-capacity-") as tmp:
        workdir = args.keep or Path(tmp)
        workdir.mkdir(parents=True, exist_ok=True)
        results: dict[str, Any] = {
            "machine": machine(),
            "args": {k: v for k, v in vars(args).items() if k not in ("json", "game")},
            "games": [g.name for g in args.game],
        }
        specs: list[GameSpec] = args.game
        if args.only != "baseline":
            for spec in specs:  # each on a fresh server, one after the other
                # and a fresh database: a server restores the rooms it finds in its
                # database, so a shared one would replay the last game's rooms beside this one's.
                own = workdir / spec.name
                own.mkdir(exist_ok=True)
                results[spec.name] = await run_kind("laundermat", args, own, 0, spec)
        first = results.get(specs[0].name, {})
        payload = args.payload
        if payload is None:
            rows = [r for r in first.get("ramp", [])]
            sizes = [r["view_bytes_mean"] for r in rows if r.get("view_bytes_mean")]
            payload = round(sum(sizes) / len(sizes)) if sizes else 4400
        results["baseline_payload_bytes"] = payload
        if args.only not in ("games", "laundermat"):
            measured = [r["step"] for r in first.get("ramp", [])]
            if measured:  # the ceiling where LaunderMat was measured, and one step beyond
                more = [s for s in args.steps if s > max(measured)][:1]
                args.steps = [s for s in args.steps if s <= max(measured)] + more
            results["baseline"] = await run_kind("baseline", args, workdir, payload)
        if "laundermat" in results and "baseline" in results:
            results["summary"] = report(results["laundermat"], results["baseline"], args.target_ms)
        return results


def machine() -> dict[str, Any]:
    model = ""
    with contextlib.suppress(OSError), open("/proc/cpuinfo") as f:
        model = next((ln.split(":", 1)[1].strip() for ln in f if ln.startswith("model name")), "")
    return {
        "cpus": os.cpu_count(),
        "cpu": model,
        "python": sys.version.split()[0],
        "load_average_at_start": os.getloadavg(),
        "nice": os.getpriority(os.PRIO_PROCESS, 0),
        "date": time.strftime("%Y-%m-%d"),
    }


def raise_open_files() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or hard > soft:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    if args.markdown:
        print(markdown(json.loads(args.markdown.read_text())))
        return
    raise_open_files()
    with contextlib.suppress(OSError, AttributeError):
        os.sched_setaffinity(0, {args.client_core})
    if args.nice:
        os.setpriority(os.PRIO_PROCESS, 0, args.nice)
    try:
        import uvloop

        runner: Callable[[Any], Any] = uvloop.run
    except ImportError:
        runner = asyncio.run
    results = runner(main_async(args))
    text = json.dumps(results, indent=2, default=str)
    if args.json:
        args.json.write_text(text)
    print(json.dumps(results.get("summary", {}), indent=2))
    print(markdown(results))
