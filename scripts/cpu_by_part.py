"""Run a command and say where its CPU went: `python scripts/cpu_by_part.py -- CMD ...`.

The suite is CPU-bound on two cores, and other work on the same machine makes its wall time a
poor measure; CPU seconds (user + system) are not. This runs CMD as a child, makes itself the
subreaper of everything CMD starts (so daemons and orphans stay countable), reads /proc for
every descendant a few times a second, and prints the CPU of each part: Chromium, Playwright's
node driver, `laundermat serve` servers (the e2e, web and cluster ones), pytest and its xdist
workers, databases and proxies, and the rest. A process seen last shortly before it ended is
counted to that sighting, so the parts add up to a little less than the total, which comes from
the kernel (RUSAGE_CHILDREN) and is exact; the difference is printed as "unattributed".
"""

from __future__ import annotations

import ctypes
import json
import os
import resource
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

PR_SET_CHILD_SUBREAPER = 36
TICK = os.sysconf("SC_CLK_TCK")
PARTS = [  # first match wins: (part, words any of which in the command line)
    ("chromium", ("chromium", "/chrome", "chrome_crashpad")),
    ("playwright-node", ("playwright", "run-driver")),
    ("servers", ("laundermat.cli serve", "laundermat serve", "tests.forkserver")),
    ("pytest", ("pytest", "execnet", "xdist", "exec(eval(sys.stdin")),  # xdist's workers too
    ("databases+proxies", ("postgres", "redis-server", "nginx")),
    ("node-other", ("node",)),
    ("python-other", ("python",)),
]


def part_of(cmdline: str) -> str:
    for part, words in PARTS:
        if any(w in cmdline for w in words):
            return part
    return "other"


def snapshot() -> dict[tuple[int, int], tuple[int, float]]:
    """{(pid, start tick): (ppid, cpu seconds)} for every process now alive."""
    procs = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            stat = Path(entry.path, "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        ppid, utime, stime, start = int(fields[1]), int(fields[11]), int(fields[12]), fields[19]
        procs[(int(entry.name), int(start))] = (ppid, (utime + stime) / TICK)
    return procs


def descendants(procs: dict[tuple[int, int], tuple[int, float]], root: int) -> set[int]:
    children = defaultdict(list)
    for (pid, _), (ppid, _) in procs.items():
        children[ppid].append(pid)
    seen, todo = set(), [root]
    while todo:
        pid = todo.pop()
        for child in children[pid]:
            if child not in seen:
                seen.add(child)
                todo.append(child)
    return seen


def main(argv: list[str]) -> int:
    cmd = argv[argv.index("--") + 1 :] if "--" in argv else argv
    ctypes.CDLL(None).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    began = time.monotonic()
    child = subprocess.Popen(cmd)
    cpu: dict[tuple[int, int], float] = {}
    kind: dict[tuple[int, int], str] = {}

    def sample() -> bool:
        """Note every descendant's CPU so far; whether any is alive."""
        procs = snapshot()
        mine = descendants(procs, os.getpid())
        for key, (_, seconds) in procs.items():
            if key[0] not in mine:
                continue
            cpu[key] = seconds
            if key not in kind:
                try:
                    raw = Path(f"/proc/{key[0]}/cmdline").read_bytes()
                    kind[key] = part_of(raw.replace(b"\0", b" ").decode(errors="replace"))
                except OSError:
                    kind[key] = "other"
        with_orphans_reaped(child)
        return bool(mine)

    while child.poll() is None:
        sample()
        time.sleep(0.2)
    deadline = time.monotonic() + 30  # what CMD left behind (a fork server, say) ends soon
    while sample() and time.monotonic() < deadline:
        time.sleep(0.1)
    wall = time.monotonic() - began
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    total = usage.ru_utime + usage.ru_stime
    parts: dict[str, float] = defaultdict(float)
    counts: dict[str, int] = defaultdict(int)
    for key, seconds in cpu.items():
        parts[kind[key]] += seconds
        counts[kind[key]] += 1
    report = {
        "exit": child.returncode,
        "wall_s": round(wall, 1),
        "cpu_total_s": round(total, 1),
        "parts_s": {p: round(s, 1) for p, s in sorted(parts.items(), key=lambda x: -x[1])},
        "processes": dict(counts),
        "unattributed_s": round(total - sum(parts.values()), 1),
    }
    print(json.dumps(report, indent=1), file=sys.stderr)
    out = os.environ.get("CPU_BY_PART_OUT")
    if out:
        Path(out).write_text(json.dumps(report, indent=1) + "\n")
    return child.returncode or 0


def with_orphans_reaped(child: subprocess.Popen[bytes]) -> None:
    """Reap orphans handed to us as subreaper (their CPU then counts in RUSAGE_CHILDREN)."""
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        if pid == child.pid:
            child.returncode = os.waitstatus_to_exitcode(status)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
