"""The multi-process harness of the scale-out tests (issue 10): a Redis, a fresh PostgreSQL
database, N `laundermat serve` replicas in cluster mode on loopback ports, and nginx in front
of them with a config rendered from deploy/nginx/. Helpers kill -9, SIGSTOP, SIGCONT and
SIGTERM a replica, restart it on its port, restart Redis, and read who owns which room (the
leases in Redis: `{prefix}lease:{code}` = replica id).

    with Cluster(tmp_path, replicas=3) as cluster:      # nginx: hash.conf by default
        cluster.url                                      # players go through nginx
        cluster.kill(cluster.busiest())                  # kill -9 the owner of the most rooms
"""

from __future__ import annotations

import os
import secrets
import signal
import subprocess
from pathlib import Path
from types import TracebackType
from typing import Any
from urllib.parse import urlsplit

import httpx
import redis

from laundermat.bots.server_process import free_port

from .. import forkserver
from ..tcp_proxy import TcpProxy
from ..waits import until
from .services import (
    PG_URL,
    REPO,
    Nginx,
    RedisServer,
    drop_database,
    fresh_database,
)

TIME_SCALE = 0.05  # as tests/web: a 15 s window lasts 0.75 s
LEASE_TTL_MS = 3000  # the default: failover is measured as it would run in production

# Every bot connects from 127.0.0.1 and reconnects after each failure: the per-address
# limits meant for one real table are raised, as the other multi-process tests raise them.
TEST_ENV = {
    "TIME_SCALE": str(TIME_SCALE),
    "RESTART_GRACE_SECONDS": "1",
    "AWAY_AFTER_SECONDS": "120",
    "GC_FREEZE_SECONDS": "0",
    "JOIN_ATTEMPTS_PER_MINUTE": "100000",
    "ROOM_CREATIONS_PER_MINUTE": "100000",
    "ROOM_LOOKUPS_PER_MINUTE": "100000",
    "SOCKETS_PER_MINUTE_PER_ADDRESS": "100000",
    "SOCKETS_PER_ADDRESS": "100000",
    "MESSAGES_PER_SECOND": "1000",
    "MESSAGE_BURST": "2000",
    "MESSAGES_PER_SECOND_PER_ADDRESS": "100000",
    "MESSAGE_BURST_PER_ADDRESS": "100000",
    "LEASE_TTL_MS": str(LEASE_TTL_MS),
}


class Replica:
    """One `laundermat serve` in cluster mode; restartable on the same port and id."""

    def __init__(self, replica_id: str, workdir: Path, env: dict[str, str]) -> None:
        self.id = replica_id
        self.port = free_port()
        self.log_path = workdir / f"{replica_id}.log"
        self.env = env | {
            "LAUNDERMAT_REPLICA_ID": replica_id,
            "LAUNDERMAT_ADVERTISE_URL": f"http://127.0.0.1:{self.port}",
        }
        self.proc: forkserver.Process | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    def launch(self) -> None:
        self.proc = forkserver.popen(["serve", "--port", str(self.port)], self.env, self.log_path)

    def wait_healthy(self, timeout: float = 60) -> None:
        until(
            self._healthy, lambda: f"replica {self.id} did not start: {self.log()[-3000:]}", timeout
        )

    def _healthy(self) -> bool:
        if self.proc is None or self.proc.poll() is not None:
            raise RuntimeError(f"replica {self.id} exited: {self.log()[-3000:]}")
        try:
            return httpx.get(self.url + "/healthz", timeout=1).status_code == 200
        except httpx.HTTPError:
            return False

    def start(self) -> Replica:
        self.launch()
        self.wait_healthy()
        return self

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def signal(self, sig: int) -> None:
        assert self.proc is not None and self.proc.poll() is None, f"{self.id} is not running"
        self.proc.send_signal(sig)

    def kill(self) -> None:
        """kill -9: no goodbye, no release; its leases expire on their own."""
        if self.alive:
            self.signal(signal.SIGKILL)
        self.wait()

    def terminate(self, timeout: float = 60) -> int | None:
        """SIGTERM (a graceful drain) and wait for the exit; the exit code."""
        if self.alive:
            self.signal(signal.SIGTERM)
        return self.wait(timeout)

    def wait(self, timeout: float = 30) -> int | None:
        if self.proc is None:
            return None
        try:
            code = self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            code = self.proc.wait()
        return code

    def stop(self) -> None:
        if self.alive and "COVERAGE_PROCESS_CONFIG" in os.environ:  # make coverage: its data
            assert self.proc is not None
            self.proc.send_signal(signal.SIGCONT)
            self.proc.send_signal(signal.SIGTERM)
            self.wait(10)
        if self.alive:
            assert self.proc is not None
            self.proc.kill()  # SIGKILL ends a SIGSTOPped process too
        self.wait()

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def metrics(self) -> dict[str, float]:
        """This replica's /metrics, as {"name{labels}": value} for the laundermat_* lines."""
        text = httpx.get(self.url + "/metrics", timeout=5).text
        out: dict[str, float] = {}
        for line in text.splitlines():
            if line.startswith("laundermat_"):
                name, _, value = line.rpartition(" ")
                out[name] = float(value)
        return out


class Cluster:
    def __init__(
        self,
        workdir: Path,
        replicas: int = 3,
        balancer: str = "hash.conf",
        env: dict[str, Any] | None = None,
        database: str | None = None,
        cuttable_redis: bool = False,
        pg_url: str = PG_URL,
        db_port: int | None = None,
    ) -> None:
        self.workdir = workdir
        self.workdir.mkdir(parents=True, exist_ok=True)
        self.redis = RedisServer(workdir)
        self.prefix = f"t{secrets.token_hex(3)}:"
        self.database = database or f"cluster_{secrets.token_hex(4)}"
        self.db_url = ""
        # The server the fresh database is made on, and the port the replicas reach it at if
        # not its own (a benchmark's proxy that counts round trips).
        self.pg_url = pg_url
        self.db_port = db_port
        self.count = replicas
        self.balancer = balancer
        self.extra = {f"LAUNDERMAT_{k.upper()}": str(v) for k, v in (env or {}).items()}
        self.replicas: list[Replica] = []
        # Each replica reaches Redis through a link of its own, which a test can cut.
        self.cuttable_redis = cuttable_redis
        self.links: dict[str, TcpProxy] = {}
        self.nginx: Nginx | None = None
        self._redis_client: redis.Redis | None = None

    # ---------------------------------------------------------------- life cycle

    def start(self) -> Cluster:
        self.redis.start()
        self.db_url = fresh_database(self.database, self.pg_url)
        env = {k: v for k, v in os.environ.items() if not k.startswith("LAUNDERMAT_")}
        env.pop("DATABASE_URL", None)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO / "src"), str(REPO)]))
        env |= {f"LAUNDERMAT_{k}": v for k, v in TEST_ENV.items()}
        env |= {
            "LAUNDERMAT_DATABASE_URL": via_port(self.db_url, self.db_port),
            "LAUNDERMAT_REDIS_URL": self.redis.url,
            "LAUNDERMAT_REDIS_PREFIX": self.prefix,
            "LAUNDERMAT_CLUSTER_SECRET": secrets.token_urlsafe(24),
            "LAUNDERMAT_JSON_LOGS": "true",
        }
        env |= self.extra
        self.replicas = [Replica(f"r{i + 1}", self.workdir, env) for i in range(self.count)]
        for replica in self.replicas if self.cuttable_redis else []:
            link = self.links[replica.id] = TcpProxy("127.0.0.1", self.redis.port).start()
            replica.env["LAUNDERMAT_REDIS_URL"] = f"redis://127.0.0.1:{link.port}/0"
        for replica in self.replicas:  # all at once: start-up is mostly imports
            replica.launch()
        for replica in self.replicas:
            replica.wait_healthy()
        self.nginx = Nginx(self.workdir, self.balancer, [r.address for r in self.replicas])
        self.nginx.start()
        return self

    def stop(self) -> None:
        if self.nginx is not None:
            self.nginx.stop()
        for replica in self.replicas:
            replica.stop()
        for link in self.links.values():
            link.stop()
        if self._redis_client is not None:
            self._redis_client.close()
        self.redis.stop()
        if self.db_url:
            drop_database(self.database, self.pg_url)

    def __enter__(self) -> Cluster:
        return self.start()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    @property
    def url(self) -> str:
        assert self.nginx is not None
        return self.nginx.url

    # ---------------------------------------------------------------- who owns what

    @property
    def client(self) -> redis.Redis:
        if self._redis_client is None:
            self._redis_client = redis.Redis.from_url(self.redis.url, decode_responses=True)
        return self._redis_client

    def owner(self, code: str) -> str | None:
        """The replica id holding the room's lease, if any."""
        value = self.client.get(f"{self.prefix}lease:{code}")
        return str(value) if value is not None else None

    def owners(self, codes: list[str]) -> dict[str, str | None]:
        return {code: self.owner(code) for code in codes}

    def replica(self, replica_id: str) -> Replica:
        return next(r for r in self.replicas if r.id == replica_id)

    def busiest(self, codes: list[str]) -> Replica:
        """The live replica owning the most of `codes`."""
        counts = {r.id: 0 for r in self.replicas if r.alive}
        for owner in self.owners(codes).values():
            if owner in counts:
                counts[owner] += 1
        return self.replica(max(counts, key=lambda rid: counts[rid]))

    def wait_owned(self, codes: list[str], by_live: bool = True, timeout: float = 30) -> None:
        """Until every room has a lease (held by a live replica)."""
        live = {r.id for r in self.replicas if r.alive}

        def owned() -> bool:
            owners = self.owners(codes).values()
            return all(o is not None and (o in live or not by_live) for o in owners)

        until(owned, lambda: f"rooms without a live owner: {self.owners(codes)}", timeout)

    # ---------------------------------------------------------------- failures

    def replace(self, dead: Replica) -> Replica:
        """A new replica (a new id, as a new machine or container would have) on the dead
        one's port, so nginx's config still names it."""
        assert not dead.alive
        fresh = Replica(f"{dead.id.split('.')[0]}.{secrets.token_hex(2)}", self.workdir, dead.env)
        fresh.port = dead.port
        fresh.env = fresh.env | {"LAUNDERMAT_ADVERTISE_URL": dead.url}
        self.replicas[self.replicas.index(dead)] = fresh
        return fresh.start()

    def restart_redis(self, down_for: float = 0.5) -> None:
        """Redis restarts empty (nothing on disk): every lease and heartbeat is gone."""
        if self._redis_client is not None:
            self._redis_client.close()
            self._redis_client = None
        self.redis.restart(down_for)

    def logs(self) -> str:
        parts = [f"--- {r.id}\n{r.log()[-4000:]}" for r in self.replicas]
        if self.nginx is not None:
            parts.append(f"--- nginx\n{self.nginx.error_log()[-2000:]}")
        return "\n".join(parts)


def via_port(url: str, port: int | None) -> str:
    """`url` with its port replaced (host 127.0.0.1), or as it is when `port` is None."""
    if port is None:
        return url
    parts = urlsplit(url)
    user, at, _ = parts.netloc.rpartition("@")
    return parts._replace(netloc=f"{user}{at}127.0.0.1:{port}").geturl()
