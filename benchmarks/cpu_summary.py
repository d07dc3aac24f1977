"""The figures benchmarks/cluster_cpu.py derives from its runs: CPU per command by component,
each configuration against the single process of the same round (min / median / max over
the rounds), a Universal Scalability Law fit, and how many replicas one core of PostgreSQL or
of Redis can carry."""

from __future__ import annotations

import math
import statistics
from typing import Any

SHARED = ("postgres", "redis", "nginx")


def _replicas(cpu: dict[str, float]) -> float:
    return sum(v for k, v in cpu.items() if k.startswith("replica:"))


def figures(row: dict[str, Any]) -> dict[str, Any]:
    """One run: milliseconds of CPU per command answered, per component; PostgreSQL's work
    per command; the idle cost per second (cores)."""
    load, idle = row["load"], row["idle"]
    commands = max(1, load["answered"])
    cpu = load["cpu_s"]
    per = {name: 1000 * cpu.get(name, 0.0) / commands for name in SHARED}
    per["replicas"] = 1000 * _replicas(cpu) / commands
    per["loadgen"] = 1000 * cpu["loadgen"] / commands
    per["shared"] = sum(per[name] for name in SHARED)
    idle_cores = {name: idle["cpu_s"].get(name, 0.0) / idle["seconds"] for name in SHARED}
    idle_cores["replicas"] = _replicas(idle["cpu_s"]) / idle["seconds"]
    rate = max(1e-9, load["answered"] / load["seconds"])
    # Less the idle cost: what one more command costs, which is what a busy replica pays.
    marginal = {k: per[k] - 1000 * idle_cores[k] / rate for k in (*SHARED, "replicas")}
    marginal["shared"] = sum(marginal[name] for name in SHARED)
    pg = load["pg"]
    return {
        "replicas": row["replicas"],
        "commands": load["answered"],
        "commands_per_s": load["answered"] / load["seconds"],
        "ms_per_command": per,
        "marginal_ms_per_command": marginal,
        "idle_cores": idle_cores,
        "pg_per_command": {
            "statements": pg["statements"] / commands,
            "round_trips": load["round_trips"] / commands,
            "commits": pg["commits"] / commands,
            "wal_bytes": pg["wal_bytes"] / commands,
        },
    }


def per_run(row: dict[str, Any]) -> str:
    f = figures(row)
    ms = " ".join(f"{k} {v:.3f}" for k, v in f["ms_per_command"].items())
    pg = " ".join(f"{k} {v:.2f}" for k, v in f["pg_per_command"].items())
    load = row["load"]
    return (
        f"round {row['round']}, {row['replicas']} replica(s): {f['commands_per_s']:.1f} cmd/s, "
        f"CPU ms/command: {ms}; PostgreSQL per command: {pg}; relayed sockets "
        f"{load['relayed_sockets']}, rooms moved in their lobby {row.get('settled_rooms', 0)}, "
        f"failovers {load.get('failovers', 0)}, errors {load['errors']}, load average "
        f"{row['load_average_start'][0]:.1f}→{row['load_average_end'][0]:.1f}"
    )


def spread(values: list[float], digits: int = 3) -> dict[str, float]:
    return {
        "min": round(min(values), digits),
        "median": round(statistics.median(values), digits),
        "max": round(max(values), digits),
    }


def _over(part: float, whole: float) -> float:
    """A ratio, or NaN when the base read no CPU: a run too short for the 10 ms tick."""
    return part / whole if whole > 0 else math.nan


def _ratios(one: dict[str, Any], many: dict[str, Any]) -> dict[str, float]:
    """Configuration `many` against the single process `one` of the same round."""
    base = one["ms_per_command"]
    per = many["ms_per_command"]
    marginal, base_marginal = many["marginal_ms_per_command"], one["marginal_ms_per_command"]
    return {
        "replica": _over(per["replicas"], base["replicas"]),
        "replica_marginal": _over(marginal["replicas"], base_marginal["replicas"]),
        "shared_marginal": _over(marginal["shared"], base_marginal["replicas"]),
        "shared": _over(per["shared"], base["replicas"]),
        # What the cluster adds to what one process already asks of PostgreSQL.
        "shared_added": _over(per["shared"] - base["postgres"], base["replicas"]),
        "system": _over(per["replicas"] + per["shared"], base["replicas"] + base["postgres"]),
    }


def summarise(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Runs in which a replica lost its leases (starved by the machine's other load, its
    rooms failed over) measured failovers, not scaling: they are left out, and listed."""
    valid = [r for r in runs if not r["load"].get("failovers")]
    by = {(r["round"], r["replicas"]): figures(r) for r in valid}
    rounds = sorted({r for r, _ in by})
    counts = sorted({n for _, n in by})
    out: dict[str, Any] = {"by_replicas": {}, "left_out": _left_out(runs)}
    for n in counts:
        rows = [by[(r, n)] for r in rounds if (r, n) in by]
        entry: dict[str, Any] = {
            "commands_per_s": spread([f["commands_per_s"] for f in rows], 1),
            "ms_per_command": {
                k: spread([f["ms_per_command"][k] for f in rows]) for k in rows[0]["ms_per_command"]
            },
            "marginal_ms_per_command": {
                k: spread([f["marginal_ms_per_command"][k] for f in rows])
                for k in rows[0]["marginal_ms_per_command"]
            },
            "idle_cores": {
                k: spread([f["idle_cores"][k] for f in rows], 4) for k in rows[0]["idle_cores"]
            },
            "pg_per_command": {
                k: spread([f["pg_per_command"][k] for f in rows], 2)
                for k in rows[0]["pg_per_command"]
            },
        }
        pairs = [(by[(r, 1)], by[(r, n)]) for r in rounds if (r, 1) in by and (r, n) in by]
        if n > 1 and pairs:
            ratios = [_ratios(one, many) for one, many in pairs]
            entry["against_single"] = {k: spread([x[k] for x in ratios]) for k in ratios[0]}
            entry["carry"] = carry(rows)
        out["by_replicas"][str(n)] = entry
    out["usl"] = {
        kind: usl_fit(
            {1: 1.0}
            | {
                int(n): e["against_single"][kind]["median"]
                for n, e in out["by_replicas"].items()
                if "against_single" in e
            }
        )
        for kind in ("replica", "replica_marginal", "system")
        if len(counts) >= 3 and 1 in counts
    }
    # The same fit round by round: how far three points on a shared machine pin it down.
    out["usl_by_round"] = [
        {kind: usl_fit(points) for kind, points in _round_points(by, r, counts).items()}
        for r in rounds
        if len(counts) >= 3 and all((r, n) in by for n in counts)
    ]
    return out


def _round_points(
    by: dict[tuple[int, int], dict[str, Any]], r: int, counts: list[int]
) -> dict[str, dict[int, float]]:
    ratios = {n: _ratios(by[(r, 1)], by[(r, n)]) for n in counts if n > 1}
    return {
        kind: {1: 1.0} | {n: round(x[kind], 3) for n, x in ratios.items()}
        for kind in ("replica", "system")
    }


def _left_out(runs: list[dict[str, Any]]) -> list[str]:
    return [
        f"round {r['round']}, {r['replicas']} replica(s): {r['load']['failovers']} failovers"
        for r in runs
        if r["load"].get("failovers")
    ]


def carry(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Replicas one core of PostgreSQL (of Redis) can carry, if each replica ran its own core
    flat out: a core of replica answers 1 / (its CPU per command) commands a second, which cost
    the component that many times its own CPU per command. Both per-command figures are
    totals at this light load, every per-second cost (renewals, heartbeats, the watcher)
    charged to its few commands, so the answer errs low. (The idle windows' 10 ms ticks are
    too coarse to split Redis's per-second cost out: it spends a few ticks in ten seconds.)"""
    out: dict[str, Any] = {}
    for name in ("postgres", "redis"):
        values = [
            f["ms_per_command"]["replicas"] / max(1e-9, f["ms_per_command"][name]) for f in rows
        ]
        out[f"replicas_per_{name}_core"] = spread(values, 1)
    return out


def usl_fit(relative_cost: dict[int, float]) -> dict[str, Any]:
    """Universal Scalability Law from the cost per command of N replicas relative to one:
    throughput per CPU X(N) / (N X(1)) = 1 / (1 + sigma (N-1) + kappa N (N-1)), so the relative
    cost minus one is sigma (N-1) + kappa N (N-1): linear least squares in (sigma, kappa). With
    the points 1, 2, 3 it is an exact fit: two unknowns, two points beyond N = 1."""
    points = [(n, c - 1) for n, c in sorted(relative_cost.items()) if n > 1]
    sxx = sum((n - 1) ** 2 for n, _ in points)
    sxy = sum((n - 1) * n * (n - 1) for n, _ in points)
    syy = sum((n * (n - 1)) ** 2 for n, _ in points)
    bx = sum((n - 1) * y for n, y in points)
    by = sum(n * (n - 1) * y for n, y in points)
    det = sxx * syy - sxy * sxy
    if len(points) < 2 or det == 0:
        return {"points": relative_cost, "fit": None}
    sigma = (bx * syy - by * sxy) / det
    kappa = (sxx * by - sxy * bx) / det
    peak = math.sqrt((1 - sigma) / kappa) if kappa > 0 and sigma < 1 else None
    speedup = {n: _usl(n, sigma, kappa) for n in (4, 8, 16, 32)}
    return {
        "points": relative_cost,
        "sigma": round(sigma, 4),
        "kappa": round(kappa, 5),
        "peak_replicas": round(peak, 1) if peak is not None else None,
        "relative_throughput": speedup,
    }


def _usl(n: int, sigma: float, kappa: float) -> float | None:
    """Throughput of n replicas in single processes' worth; None where the fit (a negative
    kappa, which the law does not allow) runs out of meaning."""
    cost = 1 + sigma * (n - 1) + kappa * n * (n - 1)
    return round(n / cost, 2) if cost > 0 else None


def lines(summary: dict[str, Any]) -> list[str]:
    """The summary for a reader: min / median / max over the rounds."""

    def mmm(d: dict[str, float]) -> str:
        return f"{d['median']} ({d['min']} to {d['max']})"

    out = [f"left out: {x}" for x in summary["left_out"]]
    out.append("median (min to max) over the rounds:")
    for n, e in summary["by_replicas"].items():
        ms = e["ms_per_command"]
        parts = ", ".join(f"{k} {mmm(ms[k])}" for k in ("replicas", *SHARED, "loadgen"))
        out.append(f"  {n} replica(s): {mmm(e['commands_per_s'])} cmd/s; CPU ms/command: {parts}")
        pg = ", ".join(f"{k} {mmm(v)}" for k, v in e["pg_per_command"].items())
        out.append(f"    PostgreSQL per command: {pg}")
        for k, v in e.get("against_single", {}).items():
            out.append(f"    {k} / one process's CPU per command: {mmm(v)}")
        for k, v in e.get("carry", {}).items():
            out.append(f"    {k}: {mmm(v)}")
    for kind, fit in summary.get("usl", {}).items():
        if fit.get("sigma") is not None:
            out.append(
                f"  USL ({kind}): sigma {fit['sigma']}, kappa {fit['kappa']}, "
                f"peak {fit['peak_replicas']}, throughput at N: {fit['relative_throughput']}"
            )
    return out
