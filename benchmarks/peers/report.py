"""The runs summed up per plan and kind: min/median/max of CPU per command, the median's
ratio over the bare broadcast floor of the same runtime (Node's for the Node peers, the same
ASGI server's for ours), and medians of the rest."""

from __future__ import annotations

import statistics
from collections import defaultdict
from typing import Any

from .servers import KINDS

NONE, TIMES = "\N{EN DASH}", "\N{MULTIPLICATION SIGN}"


def floor_of(kind: str) -> str:
    found = KINDS[kind]
    if found.node:
        return "floor-node"
    if found.asgi == "granian":
        return "floor-granian"
    if found.asgi == "websockets-sansio":
        return "floor-uvicorn"
    return f"floor-uvicorn-{found.asgi}"


def _median(rows: list[dict[str, Any]], key: str) -> Any:
    values = [r[key] for r in rows if r.get(key) is not None]
    return round(statistics.median(values), 4) if values else None


def summarize(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    groups: dict[tuple[str, str, str], list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        groups[row["plan"], row["kind"], row["tree"]].append(row)
    out = []
    for (plan, kind, tree), runs in groups.items():
        cpu = sorted(r["cpu_ms_per_command"] for r in runs if r["cpu_ms_per_command"])
        errors: dict[str, int] = defaultdict(int)
        for r in runs:
            for code, n in r["errors"].items():
                errors[code] += n
        entry: dict[str, Any] = {"plan": plan, "kind": kind, "tree": tree, "runs": len(runs)}
        entry["cpu_ms"] = [cpu[0], statistics.median(cpu), cpu[-1]] if cpu else None
        for key in ("commands_per_s", "p50_ms", "p99_ms", "bytes_per_command"):
            entry[key] = _median(runs, key)
        entry["frames_per_command"] = _median(runs, "frames_per_command")
        entry["acks"] = "/".join(sorted({r["acks"] for r in runs if r.get("acks")})) or None
        entry["core_busy"] = _median(runs, "core_busy")
        entry["leaks"] = sum(r["leaks"] for r in runs)
        entry["skipped"] = sum(r["skipped"] for r in runs)
        entry["errors"] = dict(errors)
        entry["load_average"] = _median(runs, "load_average")
        out.append(entry)
    for entry in out:
        floor = next(
            (e for e in out if e["plan"] == entry["plan"] and e["kind"] == floor_of(entry["kind"])),
            None,
        ) or next(
            (e for e in out if e["plan"] == entry["plan"] and e["kind"] == "floor-uvicorn"), None
        )
        ratio = None
        if floor and floor["cpu_ms"] and entry["cpu_ms"]:
            ratio = round(entry["cpu_ms"][1] / floor["cpu_ms"][1], 2)
        entry["over_floor"] = ratio
        entry["floor"] = floor and floor["kind"]
    return out


def table(summary: list[dict[str, Any]]) -> str:
    head = (
        "| plan | server | tree | CPU per command, ms (min / median / max) | over its floor "
        "| commands/s | p50 / p99 ms | bytes / frames per command | acks | core busy | leaks "
        "| errors |"
    )
    lines = [head, "|" + "---|" * 12]
    for e in summary:
        cpu = " / ".join(f"{v:.3f}" for v in e["cpu_ms"]) if e["cpu_ms"] else NONE
        over = f"{e['over_floor']}{TIMES} ({e['floor']})" if e["over_floor"] else NONE
        lines.append(
            f"| {e['plan']} | {e['kind']} | {e['tree']} | {cpu} | {over} | {e['commands_per_s']} "
            f"| {e['p50_ms']} / {e['p99_ms']} | {e['bytes_per_command']} / "
            f"{e['frames_per_command']} | {e['acks'] or NONE} | {e['core_busy']} | {e['leaks']} "
            f"| {e['errors'] or NONE} |"
        )
    return "\n".join(lines)
