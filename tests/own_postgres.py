"""A PostgreSQL cluster of a test's own (initdb in a temporary directory, a free port), for
tests that crash and restart the database: the machine's shared server must never be touched.

`crash()` is `pg_ctl stop -m immediate`. `start_held()` starts it again and keeps it in the
state a crash recovery goes through, answering every connection with SQLSTATE 57P03 "the
database system is starting up", until `release()`: the recovery asks a restore_command for
archived WAL before it begins, and ours waits for a file to appear, then says "none" (the
recovery then replays the local WAL, as a crash recovery does). A real recovery passes
through that state in milliseconds; held, a test can aim at it.

PostgreSQL refuses to run as root: as root every server command runs as the `postgres` user
(the Debian package creates it), in a directory under /tmp it can reach.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Self

import pytest

from laundermat.bots.server_process import free_port

from .waits import until

BIN_DIRS = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(p.split("/")[-2]))


def bin_dir() -> str | None:
    """The newest PostgreSQL's binaries: Debian's versioned directory, else the PATH."""
    for candidate in reversed(BIN_DIRS):
        if os.access(os.path.join(candidate, "initdb"), os.X_OK):
            return candidate
    found = shutil.which("initdb")
    return os.path.dirname(found) if found else None


def skip_reason() -> str | None:
    """Why a private PostgreSQL cannot run here, or None when it can."""
    if bin_dir() is None:
        return "no PostgreSQL server binaries (initdb, pg_ctl) in /usr/lib/postgresql/*/bin or PATH"
    if os.geteuid() == 0 and shutil.which("runuser") is None:
        return "running as root without runuser: PostgreSQL refuses to run as root"
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            return "running as root with no `postgres` user to run PostgreSQL as"
    return None


class OwnPostgres:
    def __init__(self) -> None:
        reason = skip_reason()
        if reason:
            pytest.skip(reason)
        self.bin = bin_dir() or ""
        self.port = free_port()
        # Not pytest's tmp_path: as root it is mode 700, which the postgres user cannot enter.
        self.dir = Path(tempfile.mkdtemp(prefix="laundermat-pg-"))
        self.data = self.dir / "data"
        self.go = self.dir / "go"  # the held recovery's restore_command waits for this file
        self.as_postgres = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        if self.as_postgres:
            self.dir.chmod(0o755)
            shutil.chown(self.dir, "postgres")

    @property
    def url(self) -> str:
        return f"postgresql+asyncpg://postgres@127.0.0.1:{self.port}/postgres"

    def _run(self, tool: str, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        cmd = [*self.as_postgres, os.path.join(self.bin, tool), *args]
        return subprocess.run(cmd, capture_output=True, text=True, timeout=60, check=check)

    def settings(self) -> dict[str, str]:
        """What postgresql.conf gets beside initdb's defaults."""
        return {
            **self.reachable(),
            # A crash here is a killed process, never a lost machine: the kernel keeps what
            # was written, so a commit survives it without an fsync (and tests stay quick).
            "fsync": "off",
            "restore_command": f"'while [ ! -e {self.go} ]; do sleep 0.05; done; false'",
        }

    def reachable(self) -> dict[str, str]:
        """Its port on loopback, and its socket in its own directory."""
        return {
            "port": str(self.port),
            "listen_addresses": "'127.0.0.1'",
            "unix_socket_directories": f"'{self.dir}'",
        }

    def start(self) -> Self:
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres", "--no-sync")
        with (self.data / "postgresql.conf").open("a") as conf:
            conf.writelines(f"{k} = {v}\n" for k, v in self.settings().items())
        self._pg_ctl("start", "-w")
        return self

    def _pg_ctl(self, *args: str) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.dir / "server.log"), *args)

    def crash(self) -> None:
        """Every server process killed at once: no shutdown checkpoint, a crash recovery next."""
        self._pg_ctl("stop", "-m", "immediate")

    def start_held(self) -> None:
        """Start again, held before its recovery begins: 57P03 to everyone until release()."""
        self.go.unlink(missing_ok=True)
        signal = self.data / "recovery.signal"
        signal.touch()
        if self.as_postgres:
            shutil.chown(signal, "postgres")  # the recovery removes it when it ends
        self._pg_ctl("start", "-W")

    def release(self, timeout: float = 30) -> None:
        """Let the recovery run; returns once the database accepts connections."""
        self.go.touch()

        def ready() -> bool:
            answer = self._run("pg_isready", "-h", "127.0.0.1", "-p", str(self.port), check=False)
            return answer.returncode == 0

        until(ready, lambda: f"PostgreSQL did not come back: {self.log()[-2000:]}", timeout)

    def recover(self) -> None:
        """Running and accepting connections again, whatever a failed test left it in."""
        self.go.touch()
        status = self._run("pg_ctl", "-D", str(self.data), "status", check=False)
        if status.returncode != 0:  # stopped
            self._pg_ctl("start", "-W")
        self.release()

    def log(self) -> str:
        path = self.dir / "server.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def stop(self) -> None:
        if (self.data / "postmaster.pid").exists():
            self._run("pg_ctl", "-D", str(self.data), "stop", "-m", "immediate", check=False)
        shutil.rmtree(self.dir, ignore_errors=True)
