"""uvicorn's WebSocket implementations side by side: memory per socket, CPU per message.

For each implementation (`--ws` of uvicorn: websockets-sansio, websockets, wsproto), in turn
and `--rounds` times interleaved, both servers of the capacity benchmark run its phases with
that implementation (`LAUNDERMAT_WS`, which `uvicorn_config` reads for both): idle sockets
(RSS growth per socket), saturation (the bare baseline's broadcasts per second and CPU per
message; LaunderMat's commands per second and CPU per command) and two paced steps whose RSS
difference is the memory per playing room. Server on core 0, this process on core 1.

    .venv/bin/python -m benchmarks.ws_impls --nice -10 --json ws.json     # ~20 minutes
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import Any

from .capacity.cli import parse_args, raise_open_files
from .capacity.phases import run_kind

IMPLEMENTATIONS = ("websockets-sansio", "websockets", "wsproto")


def figures(kind: str, out: dict[str, Any], payload: int) -> dict[str, Any]:
    sat = out["saturation"]
    ramp = out["ramp"]
    row: dict[str, Any] = {
        "idle_kib_per_socket": round(out["idle"]["bytes_per_socket"] / 1024, 1),
        "saturated_per_s": sat["commands_per_s"],
        "cpu": sat["cpu"],
        "cpu_us_per_message_out": (
            round(sat["cpu"] * 1e6 / sat["messages_per_s"], 1) if sat["messages_per_s"] else None
        ),
    }
    if len(ramp) >= 2:
        low, high = ramp[0], ramp[-1]
        row["kib_per_room"] = round(
            (high["rss_mib"] - low["rss_mib"]) * 1024 / (high["rooms"] - low["rooms"]), 1
        )
        row["paced_p99_ms"] = high["p99_ms"]
        row["paced_cpu"] = high["cpu"]
    row["payload_bytes"] = payload
    return row


async def run(
    args: argparse.Namespace, impls: list[str], rounds: int, kinds: list[str]
) -> list[dict[str, Any]]:
    rows = []
    workdir = Path(args.workdir)
    for round_no in range(rounds):
        for impl in impls:
            os.environ["LAUNDERMAT_WS"] = impl
            for kind in kinds:
                out = await run_kind(kind, args, workdir, args.payload)
                row = {"round": round_no + 1, "ws": impl, "kind": kind}
                row.update(figures(kind, out, args.payload))
                row["load_average"] = os.getloadavg()[0]
                print(json.dumps(row), flush=True)
                rows.append(row)
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--ws", default=",".join(IMPLEMENTATIONS))
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--kinds", default="baseline,laundermat")
    parser.add_argument("--steps", default="250,500")
    parser.add_argument("--payload", type=int, default=4600)
    parser.add_argument("--nice", type=int, default=0)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--workdir", default="/tmp/ws-impls")
    own, rest = parser.parse_known_args(argv)
    args = parse_args(
        [
            "--steps",
            own.steps,
            "--step-seconds",
            "15",
            "--saturate-seconds",
            "15",
            "--idle-sockets",
            "2000",
            "--slow-at",
            "0",  # no slow-reader phase here
            "--nice",
            str(own.nice),
            *rest,
        ]
    )
    args.payload = own.payload
    args.workdir = own.workdir
    Path(own.workdir).mkdir(parents=True, exist_ok=True)
    raise_open_files()
    os.sched_setaffinity(0, {args.client_core})
    if own.nice:
        os.setpriority(os.PRIO_PROCESS, 0, own.nice)
    import uvloop

    rows = uvloop.run(run(args, own.ws.split(","), own.rounds, own.kinds.split(",")))
    if own.json:
        own.json.write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
