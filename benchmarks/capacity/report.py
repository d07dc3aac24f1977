"""The figures: one row per measured window, the headline ratios to the baseline, and the
markdown tables of docs/benchmarks.md."""

from __future__ import annotations

import json
import os
import time
from collections import Counter
from typing import TYPE_CHECKING, Any

from .stats import Window, busiest, gc_pauses, histogram, histogram_quantile, ms, percentile

if TYPE_CHECKING:  # a row reads the generator's counters; it never drives it
    from .generator import Generator


def summarise(gen: Generator, window: Window, rooms: int) -> dict[str, Any]:
    stats = gen.stats
    row: dict[str, Any] = {
        "rooms": rooms,
        "sockets": rooms * gen.players,
        # The machine is shared: how loaded it was at the end of this window (1-minute mean).
        "load1": round(os.getloadavg()[0], 2),
        "commands_per_s": round(stats.commands / window.seconds, 1),
        "completed": len(stats.last),
        "messages_per_s": round(stats.messages / window.seconds, 1),
        "p50_ms": ms(percentile(stats.last, 0.5)),
        "p99_ms": ms(percentile(stats.last, 0.99)),
        "p999_ms": ms(percentile(stats.last, 0.999)),
        "max_ms": ms(max(stats.last) if stats.last else None),
        "sender_p99_ms": ms(percentile(stats.sender, 0.99)),
        "cpu": round(window.cpu, 3),
        "cpu_ms_per_command": (
            round(window.cpu * 1000 / (stats.commands / window.seconds), 3)
            if stats.commands
            else None
        ),
        "cpu_wait": round(window.waited, 3),
        "rss_mib": round(window.rss / 2**20, 1),
        "errors": sum(stats.errors.values()),
        "error_codes": dict(stats.errors),
        "rejected": sum(stats.rejected.values()),
        "skipped_ticks": stats.skipped,
        "loadgen_cpu": round(window.own_cpu, 3),
        "loadgen_lag_p99_ms": ms(percentile(gen.lag.samples, 0.99)),
        # Its loop's worst wake-ups: while it stalls, the tables' paced commands pile up and
        # reach the server together.
        "loadgen_lag_max_ms": ms(max(gen.lag.samples, default=0.0)),
        "loadgen_lags_over_20ms": sum(1 for lag in gen.lag.samples if lag > 0.02),
        # The offered load's bursts: commands sent in the busiest 10 ms and 100 ms.
        "sent_max_10ms": busiest(stats.sent_at, 0.01),
        "sent_max_100ms": busiest(stats.sent_at, 0.1),
    }
    if gen.kind == "laundermat":
        before, after = window.metrics_before, window.metrics_after
        lag = "laundermat_event_loop_lag_seconds"
        late = "laundermat_timer_lateness_seconds"
        push = "laundermat_command_push_seconds"
        row.update(
            timers=len(stats.timer),
            timer_p50_ms=ms(percentile(stats.timer, 0.5)),
            timer_p99_ms=ms(percentile(stats.timer, 0.99)),
            server_loop_lag_p50_ms=histogram_quantile(
                histogram(before, lag), histogram(after, lag), 0.5
            ),
            server_loop_lag_p99_ms=histogram_quantile(
                histogram(before, lag), histogram(after, lag), 0.99
            ),
            server_timer_p99_ms=histogram_quantile(
                histogram(before, late), histogram(after, late), 0.99
            ),
            server_push_p50_ms=histogram_quantile(
                histogram(before, push), histogram(after, push), 0.5
            ),
            server_push_p99_ms=histogram_quantile(
                histogram(before, push), histogram(after, push), 0.99
            ),
            **{
                f"server_{stage}_p99_ms": histogram_quantile(
                    histogram(before, name), histogram(after, name), 0.99
                )
                for stage, name in (
                    ("queued", "laundermat_command_queued_seconds"),
                    ("durable", "laundermat_command_durable_seconds"),
                )
            },
            view_bytes_mean=round(stats.view_bytes / stats.views) if stats.views else None,
            **gc_pauses(before, after),
            # How far the games had gone: an early game's commands cost less than a late
            # one's, so a window of young games is not a steady state (docs/benchmarks.md).
            game_rounds=game_rounds(gen),
        )
    return row


def game_rounds(gen: Generator) -> dict[str, int]:
    """How many tables were in each round at the end of the window ("over": finished,
    "lobby": between games), read from one seat's view of each table."""
    rounds: Counter[str] = Counter()
    for table in gen.tables:
        seat = next((s for s in getattr(table, "seats", ()) if s.raw), None)
        if seat is None:
            continue
        view = seat.current()
        game = view.get("game")
        if not game or view.get("room", {}).get("status") != "playing":
            rounds["lobby"] += 1
        elif game.get("phase") == "over":
            rounds["over"] += 1
        else:
            rounds[str(game.get("round"))] += 1
    return dict(sorted(rounds.items()))


def show(label: str, row: dict[str, Any]) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {label}: {json.dumps(row)}", flush=True)


def report(lm: dict[str, Any], base: dict[str, Any], target_ms: float) -> dict[str, Any]:
    """The headline figures and their ratios to the baseline."""
    passing = [r for r in lm["ramp"] if (r["p99_ms"] or 1e9) <= target_ms and r["errors"] == 0]
    base_by_rooms = {r.get("step", r["rooms"]): r for r in base["ramp"]}
    ramp = []
    for r in lm["ramp"]:
        b = base_by_rooms.get(r.get("step", r["rooms"]), {})
        ramp.append(
            {
                **{k: r.get(k) for k in ("rooms", "p50_ms", "p99_ms", "p999_ms")},
                "base_p50_ms": b.get("p50_ms"),
                "base_p99_ms": b.get("p99_ms"),
                "p99_ratio": _ratio(r["p99_ms"], b.get("p99_ms")),
            }
        )
    sat, bsat = lm["saturation"], base["saturation"]
    idle, bidle = lm["idle"]["bytes_per_socket"], base["idle"]["bytes_per_socket"]
    return {
        "largest_rooms_p99_le_target": max((r["rooms"] for r in passing), default=None),
        "saturated_commands_per_s": sat["commands_per_s"],
        "baseline_broadcasts_per_s": bsat["commands_per_s"],
        "throughput_ratio": _ratio(sat["commands_per_s"], bsat["commands_per_s"]),
        "idle_kib_per_socket": round(idle / 1024, 1),
        "baseline_idle_kib_per_socket": round(bidle / 1024, 1),
        "idle_ratio": _ratio(idle, bidle),
        "kib_per_room": memory_slope(lm["ramp"]),
        "baseline_kib_per_room": memory_slope(base["ramp"]),
        "ramp": ramp,
    }


def markdown(results: dict[str, Any]) -> str:
    """The figures as the tables in docs/benchmarks.md."""
    lm, base = results.get("laundermat", {}), results.get("baseline", {})
    base_rows = {r.get("step", r["rooms"]): r for r in base.get("ramp", [])}
    out = [
        "| rooms | sockets | commands/s | p50 ms | p99 ms | p99.9 ms | baseline p50 / p99 ms "
        "| p99 ÷ baseline | loop lag p99 ms | timer lateness p50 / p99 ms | CPU | CPU wait "
        "| RSS MiB | errors |",
        "|" + "---|" * 14,
    ]
    for r in lm.get("ramp", []):
        b = base_rows.get(r.get("step", r["rooms"]), {})
        out.append(
            f"| {r['rooms']} | {r['sockets']} | {r['commands_per_s']} | {r['p50_ms']} "
            f"| {r['p99_ms']} | {r['p999_ms']} | {b.get('p50_ms')} / {b.get('p99_ms')} "
            f"| {_ratio(r['p99_ms'], b.get('p99_ms'))} | {r.get('server_loop_lag_p99_ms')} "
            f"| {r.get('timer_p50_ms')} / {r.get('timer_p99_ms')} | {r['cpu']:.0%} "
            f"| {_pct(r.get('cpu_wait'))} | {r['rss_mib']} | {r['errors']} |"
        )
    sat, bsat = lm.get("saturation"), base.get("saturation")
    if sat and bsat:
        out += [
            "",
            "| saturated, closed loop | rooms | per second | ratio | CPU | CPU ms each "
            "| p50 / p99 ms |",
            "|---|---|---|---|---|---|---|",
            f"| LaunderMat commands | {sat['rooms']} | {sat['commands_per_s']} "
            f"| {_ratio(sat['commands_per_s'], bsat['commands_per_s'])} | {sat['cpu']:.0%} "
            f"| {sat['cpu_ms_per_command']} | {sat['p50_ms']} / {sat['p99_ms']} |",
            f"| baseline broadcasts | {bsat['rooms']} | {bsat['commands_per_s']} | 1 "
            f"| {bsat['cpu']:.0%} | {bsat['cpu_ms_per_command']} "
            f"| {bsat['p50_ms']} / {bsat['p99_ms']} |",
        ]
    idle, bidle = lm.get("idle"), base.get("idle")
    if idle and bidle:
        per, bper = idle["bytes_per_socket"] / 1024, bidle["bytes_per_socket"] / 1024
        out += [
            "",
            f"Idle socket: LaunderMat {per:.1f} KiB, baseline {bper:.1f} KiB "
            f"(ratio {per / bper:.2f}), over {idle['sockets']} sockets each.",
        ]
    per_room, base_room = memory_slope(lm.get("ramp", [])), memory_slope(base.get("ramp", []))
    if per_room is not None and base_room is not None:
        out += [
            "",
            f"Memory per playing room (RSS growth from 500 to 1,000 rooms): LaunderMat "
            f"{per_room} KiB, baseline {base_room} KiB (ratio {per_room / base_room:.2f}).",
        ]
    slow = lm.get("slow_reader")
    out += _other_games(results)
    if slow:
        out += [
            "",
            f"Slow reader at {slow['rooms']} rooms ({slow['slow_rooms']} rooms with one seat "
            f"not reading): peers' p99 {slow['slow_peers_p99_ms']} ms, other rooms' p99 "
            f"{slow['other_rooms_p99_ms']} ms, added {slow['added_p99_ms']} ms; "
            f"stalled sockets closed by the server: {slow['stalled_sockets_closed_by_server']}.",
        ]
    return "\n".join(out)


def _other_games(results: dict[str, Any]) -> list[str]:
    """Every game but LaunderMat (`--game`): its own ramp and saturation, no baseline ratio
    (the baseline's rooms are six sockets, the size of LaunderMat's tables)."""
    out: list[str] = []
    for name in results.get("games", []):
        run = results.get(name)
        if name == "laundermat" or not run:
            continue
        game = run.get("game", {})
        out += [
            "",
            f"{name}, tables of {game.get('players')} (settings {game.get('settings')}):",
            "",
            "| rooms | sockets | commands/s | p50 ms | p99 ms | p99.9 ms | loop lag p99 ms "
            "| timer lateness p50 / p99 ms | CPU | CPU wait | CPU ms each | RSS MiB "
            "| generator CPU / lag p99 ms | load | errors |",
            "|" + "---|" * 15,
        ]
        rows = run.get("ramp", [])
        sat = run.get("saturation")
        for r in ([dict(sat, rooms=f"{sat['rooms']} (saturated)")] if sat else []) + rows:
            out.append(
                f"| {r['rooms']} | {r['sockets']} | {r['commands_per_s']} | {r['p50_ms']} "
                f"| {r['p99_ms']} | {r['p999_ms']} | {r.get('server_loop_lag_p99_ms')} "
                f"| {r.get('timer_p50_ms')} / {r.get('timer_p99_ms')} | {r['cpu']:.0%} "
                f"| {_pct(r.get('cpu_wait'))} | {r.get('cpu_ms_per_command')} | {r['rss_mib']} "
                f"| {_pct(r.get('loadgen_cpu'))} / {r.get('loadgen_lag_p99_ms')} "
                f"| {r.get('load1')} | {r['errors']} |"
            )
    return out


def memory_slope(ramp: list[dict[str, Any]], low: int = 500, high: int = 1000) -> Any:
    """RSS growth per added room between two ramp steps (fixed costs cancel out)."""
    rows = {r.get("step", r["rooms"]): r for r in ramp}
    a, b = rows.get(low), rows.get(high)
    if a is None or b is None or b["rooms"] == a["rooms"]:
        return None
    return round((b["rss_mib"] - a["rss_mib"]) * 1024 / (b["rooms"] - a["rooms"]), 1)


def _pct(value: float | None) -> str:
    return "?" if value is None else f"{value:.0%}"


def _ratio(a: float | None, b: float | None) -> float | None:
    return round(a / b, 3) if a is not None and b else None
