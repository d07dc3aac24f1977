"""The stages of a command, for benchmarks/instructions.py: a server run under cProfile between
two signals, its own time split by stage (STAGES), and the figures' summary and table.

    python -m benchmarks.instruction_stages OUT -m MODULE ARGS...   # the profiled server

cProfile's timer here is the process's CPU time, so the neighbours' share of the core is not
counted; its own cost per call event is, which inflates the stages of many small calls.
"""

from __future__ import annotations

import cProfile
import pstats
import runpy
import signal
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

# A key found in "file:function" (a builtin's file is "~") → its stage; the first that matches.
# A function no key matches is counted in its heaviest caller's stage (stages below).
STAGES = [
    ("orjson.loads", "decode + validate"),
    ("pydantic", "decode + validate"),
    ("laundermat/web/protocol.py", "decode + validate"),
    ("orjson.dumps", "encode"),
    ("laundermat/rooms/jobs.py", "room queue"),
    ("laundermat/store/", "store"),
    ("laundermat/rooms/records.py", "store"),
    ("laundermat/rooms/publish.py", "views + patches"),
    ("laundermat/rooms/deltas.py", "views + patches"),
    ("laundermat/rooms/frames.py", "views + patches"),
    ("laundermat/rooms/audience.py", "views + patches"),
    ("laundermat/rooms/wire.py", "views + patches"),
    ("laundermat/games/patch.py", "views + patches"),
    ("view", "views + patches"),
    ("laundermat/rooms/play.py", "engine apply"),
    ("laundermat/games/", "engine apply"),
    ("peers/pick6.py", "engine apply"),
    ("tests/web/pickgame.py", "engine apply"),
    ("laundermat/rooms/", "room (other)"),
    ("laundermat/web/guards.py", "guards (the floor's too)"),
    ("laundermat/web/metrics.py", "metrics"),
    ("prometheus_client", "metrics"),
    ("laundermat/web/", "our socket layer (web/)"),
    ("baseline_app.py", "the floor's app"),
    ("starlette/", "starlette"),
    ("uvicorn/protocols/websockets", "uvicorn's socket + transport.write"),
    ("websockets/", "websockets framing"),
    ("uvicorn/", "uvicorn glue"),
    ("asyncio/", "asyncio"),
    ("uvloop", "asyncio"),
]
OURS = {
    "decode + validate",
    "encode",
    "room queue",
    "store",
    "views + patches",
    "engine apply",
    "room (other)",
    "our socket layer (web/)",
    "metrics",
    "starlette",  # the framework's WebSocket: the floor speaks ASGI bare
}


def stage_of(where: str) -> str | None:
    return next((stage for key, stage in STAGES if key in where), None)


def stages(path: Path) -> dict[str, float]:
    """A cProfile dump's own time by stage; a function no rule names (a builtin, the standard
    library's) is counted in the stage of its heaviest caller, found the same way."""
    raw = pstats.Stats(str(path)).stats  # type: ignore[attr-defined]
    memo: dict[Any, str] = {}

    def resolve(key: Any, seen: frozenset[Any] = frozenset()) -> str:
        if key not in memo:
            file, _, func = key
            callers = raw[key][4] if key in raw else {}
            found = stage_of(f"{file}:{func}")
            if found is None and callers and key not in seen:
                heaviest = max(callers, key=lambda c: callers[c][3])
                found = resolve(heaviest, seen | {key})
            memo[key] = found or "other"
        return memo[key]

    found: Counter[str] = Counter()
    for key, (_, _, own, _, _) in raw.items():
        found[resolve(key)] += own
    total = sum(found.values())
    return {k: round(v / total, 4) for k, v in found.most_common()}


def serve_profiled(out: str, argv: list[str]) -> None:
    """Run a server module (`-m NAME ARGS`) with cProfile switched on by SIGUSR1 and off (then
    dumped to `out`) by SIGUSR2; each writes `out.window` / `out.end` once done."""
    profile = cProfile.Profile(time.process_time)  # CPU time: the neighbours' share is not ours

    def on(*_: Any) -> None:
        profile.enable()
        Path(out + ".window").touch()

    def off(*_: Any) -> None:
        profile.disable()
        profile.dump_stats(out)
        Path(out + ".end").touch()

    signal.signal(signal.SIGUSR1, on)
    signal.signal(signal.SIGUSR2, off)
    sys.argv = [argv[1], *argv[2:]]
    runpy.run_module(argv[1], run_name="__main__", alter_sys=True)


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Each server over the floor, and what is left of it with every stage of ours at zero
    (cProfile's shares laid over the instruction counts and over the CPU per command)."""
    floor = next(r for r in rows if r["kind"] == "floor")
    result: dict[str, Any] = {}
    for row in rows:
        if row is floor:
            continue
        ours = sum(v for k, v in row.get("stages", {}).items() if k in OURS)
        label = f"{row['kind']}@{row['tree']}"
        for measure in ("instructions_per_command", "cpu_ms_per_command"):
            if measure in row and floor.get(measure):
                ratio = row[measure] / floor[measure]
                result[f"{label} {measure} over the floor"] = round(ratio, 2)
                result[f"{label} {measure} over the floor, ours at zero"] = round(
                    ratio * (1 - ours), 2
                )
    return result


def table(rows: list[dict[str, Any]]) -> str:
    """The stages side by side, each as its share and as instructions a command."""
    names = sorted({k for r in rows for k in r.get("stages", {})}, key=lambda k: (k in OURS, k))
    heads = [f"{r['kind']}@{r['tree']}" for r in rows]
    lines = ["| stage | ours | " + " | ".join(heads) + " |", "|---|---|" + "---|" * len(rows)]
    for name in names:
        cells = []
        for r in rows:
            share = r.get("stages", {}).get(name, 0.0)
            count = r.get("instructions_per_command", 0) * share
            cells.append(f"{share:.1%} ({count / 1000:,.0f} k)" if count else f"{share:.1%}")
        lines.append(f"| {name} | {'yes' if name in OURS else ''} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


if __name__ == "__main__":
    serve_profiled(sys.argv[1], sys.argv[2:])
