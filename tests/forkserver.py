"""`laundermat serve` for the tests without paying for its imports each time.

A server spends nearly all of its start (0.75 s of CPU on a quiet machine, 1.5 s under load)
importing FastAPI, SQLAlchemy, pydantic, alembic and our modules; the suite starts about 150.
So each pytest process keeps one helper process, the fork server (this module run as a
script), which has imported `laundermat.cli` and everything `serve` needs, and asks it for
servers. It forks, and the child becomes the server as `python -m laundermat.cli serve ...`
would: the given environment and working directory, stdin from /dev/null, stdout and stderr
to the log, the descriptor limit asked for, a reseeded `random`, then `laundermat.cli.main`,
then the exit functions and status of a normal exit. Settings, games and logging are read
when `main` runs, in the child; nothing the fork server imports reads the environment, so
nothing a test sets is missed. One difference stays: the children share the fork server's
string hash seed. Each child's exit status comes back to the test through the fork server.

`popen(argv, env, log_path, nofile)` returns a `Forked`, which answers `poll`, `wait`,
`send_signal`, `kill` and `terminate` as `subprocess.Popen` does (a signal's death is `-sig`).
LAUNDERMAT_TEST_EXEC=1 starts servers the old way instead, with a fresh interpreter each.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path
from typing import IO, Any

REPO = Path(__file__).resolve().parents[1]
PRELOAD = (
    "laundermat.cli",
    "laundermat.web.serve",
    "laundermat.store.migrate",
    "laundermat.cluster",
)


class Forked:
    """A server forked by the fork server, handled like a `subprocess.Popen`."""

    def __init__(self, server: ForkServer, pid: int) -> None:
        self._server = server
        self.pid = pid
        self.returncode: int | None = None

    def poll(self) -> int | None:
        if self.returncode is None:
            self.returncode = self._server.exit_code(self.pid, timeout=0)
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        if self.returncode is None:
            code = self._server.exit_code(self.pid, timeout)
            if code is None:
                raise subprocess.TimeoutExpired(f"server {self.pid}", timeout or 0)
            self.returncode = code
        return self.returncode

    def send_signal(self, sig: int) -> None:
        if self.poll() is None:  # its pid is still its own: reaped only after it is reported
            os.kill(self.pid, sig)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)


class ForkServer:
    """The test's side: one fork server per pytest process, started on first use."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._changed = threading.Condition()
        self._exits: dict[int, int] = {}
        self._replies: list[dict[str, Any]] = []
        self._proc: subprocess.Popen[str] | None = None

    def _ensure(self) -> subprocess.Popen[str]:
        if self._proc is None or self._proc.poll() is not None:
            self._proc = subprocess.Popen(
                [sys.executable, "-m", "tests.forkserver"],
                cwd=REPO,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
                bufsize=1,
            )
            threading.Thread(target=self._read, args=(self._proc,), daemon=True).start()
        return self._proc

    def _read(self, proc: subprocess.Popen[str]) -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            message = json.loads(line)
            with self._changed:
                if "exited" in message:
                    self._exits[message["exited"]] = message["code"]
                else:
                    self._replies.append(message)
                self._changed.notify_all()

    def spawn(self, argv: list[str], env: dict[str, str], log_path: Path, **extra: Any) -> Forked:
        request = {"argv": argv, "env": env, "log": str(log_path), "cwd": os.getcwd(), **extra}
        with self._lock:  # one request at a time: the next reply is this one's
            proc = self._ensure()
            assert proc.stdin is not None
            proc.stdin.write(json.dumps(request) + "\n")
            with self._changed:
                # The first waits for the fork server's imports: long on a loaded machine.
                if not self._changed.wait_for(lambda: self._replies, timeout=300):
                    raise RuntimeError("the fork server did not answer")
                reply = self._replies.pop(0)
        if "error" in reply:
            raise RuntimeError(f"the fork server could not start a server: {reply['error']}")
        return Forked(self, reply["pid"])

    def exit_code(self, pid: int, timeout: float | None) -> int | None:
        with self._changed:
            self._changed.wait_for(lambda: pid in self._exits, timeout=timeout)
            return self._exits.get(pid)


SERVERS = ForkServer()
Process = Forked | subprocess.Popen[bytes]


def popen(
    argv: list[str], env: dict[str, str], log_path: Path, nofile: int | None = None
) -> Process:
    """`python -m laundermat.cli *argv` with `env`, output appended to `log_path`: forked from
    the fork server, or a fresh interpreter when LAUNDERMAT_TEST_EXEC=1."""
    if os.environ.get("LAUNDERMAT_TEST_EXEC") == "1":
        return _exec(argv, env, log_path, nofile)
    return SERVERS.spawn(argv, env, log_path, nofile=nofile)


def _exec(
    argv: list[str], env: dict[str, str], log_path: Path, nofile: int | None
) -> subprocess.Popen[bytes]:
    import resource

    def limits() -> None:
        if nofile is not None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))

    from laundermat.bots.server_process import fresh_interpreter  # not in the fork server

    return fresh_interpreter(argv, env, log_path, preexec_fn=limits)


# ---- the fork server itself: `python -m tests.forkserver`, driven over its stdin and stdout.


def _child(request: dict[str, Any], control: list[int]) -> None:
    """In the forked child: become `laundermat serve` as a fresh process would be, and exit."""
    import atexit
    import random
    import resource
    import traceback

    code = 1
    try:
        signal.set_wakeup_fd(-1)
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        log = os.open(request["log"], os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        os.dup2(log, 1)
        os.dup2(log, 2)
        for fd in (log, null, *control):
            os.close(fd)
        if request.get("nofile") is not None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (request["nofile"], request["nofile"]))
        os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update(request["env"])
        sys.path[:0] = [p for p in request["env"].get("PYTHONPATH", "").split(os.pathsep) if p]
        sys.argv = ["laundermat", *request["argv"]]
        random.seed()  # as a fresh interpreter would: not the fork server's sequence
        from laundermat.cli import main

        code = main(request["argv"])
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except BaseException:
        traceback.print_exc()
    finally:
        try:
            atexit._run_exitfuncs()  # logging's flush, as a normal exit runs them
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code)


def _serve_forks(requests: IO[str], replies: IO[str]) -> None:
    """Read a request a line, fork a server for each, and report each child's exit."""
    import selectors

    wake_r, wake_w = os.pipe()
    os.set_blocking(wake_w, False)
    signal.set_wakeup_fd(wake_w)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    control = [wake_r, wake_w]  # the child's stdin and stdout are replaced, these closed
    selector = selectors.DefaultSelector()
    selector.register(requests, selectors.EVENT_READ)
    selector.register(wake_r, selectors.EVENT_READ)

    def say(message: dict[str, Any]) -> None:
        replies.write(json.dumps(message) + "\n")
        replies.flush()

    while True:
        for key, _ in selector.select():
            if key.fileobj is requests:
                line = requests.readline()
                if not line:
                    return  # the tests are done
                request = json.loads(line)
                try:
                    pid = os.fork()
                except OSError as exc:
                    say({"error": str(exc)})
                    continue
                if pid == 0:
                    _child(request, control)
                say({"pid": pid})
            else:
                os.read(wake_r, 512)
            _report_exits(say)


def _report_exits(say: Any) -> None:
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        say({"exited": pid, "code": os.waitstatus_to_exitcode(status)})


def main() -> None:
    import importlib

    for module in PRELOAD:
        importlib.import_module(module)
    _serve_forks(sys.stdin, sys.stdout)


if __name__ == "__main__":
    main()
