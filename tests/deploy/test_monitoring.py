"""Dashboards and alerts (issue 35, part 4): the scaled-out compose file's Prometheus config and
alert rules pass Prometheus's own checks and unit tests (deploy/prometheus/alerts.test.yml),
every LaunderMat series they and the Grafana dashboard read is one the replicas export, every
panel's query is valid PromQL, and a real Prometheus scraping a real server evaluates the
rules: the server's rooms are counted, and killing it puts its ReplicaDown alert on the way."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import yaml
from prometheus_client import generate_latest

from laundermat.bots.server_process import free_port
from laundermat.cluster.metrics import ClusterMetrics
from laundermat.web.metrics import Metrics
from tests.waits import until
from tests.web.conftest import ServerProcess

ROOT = Path(__file__).resolve().parents[2]
PROMETHEUS = ROOT / "deploy" / "prometheus"
DASHBOARD = ROOT / "deploy" / "grafana" / "dashboards" / "laundermat.json"
DATASOURCE = ROOT / "deploy" / "grafana" / "provisioning" / "datasources" / "prometheus.yml"
SERIES = re.compile(r"\blaundermat_[a-z_]+")


def promtool(*args: str, cwd: Path = PROMETHEUS) -> subprocess.CompletedProcess[str]:
    tool = shutil.which("promtool")
    assert tool, "promtool is missing: `make test` installs Debian's prometheus package"
    return subprocess.run([tool, *args], cwd=cwd, capture_output=True, text=True, timeout=60)


def test_the_config_and_rules_pass_prometheus_checks_and_their_unit_tests() -> None:
    checked = promtool("check", "config", "prometheus.yml")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "SUCCESS: 6 rules found" in checked.stdout
    tested = promtool("test", "rules", "alerts.test.yml")
    assert tested.returncode == 0, tested.stdout + tested.stderr
    rules = yaml.safe_load((PROMETHEUS / "alerts.yml").read_text())["groups"][0]["rules"]
    names = {r["alert"] for r in rules}
    tests = (PROMETHEUS / "alerts.test.yml").read_text()
    assert all(f"alertname: {name}" in tests for name in names)  # each alert has its tests


def exported_series() -> set[str]:
    """Every series name a replica exports: the app's metrics and the cluster's."""
    metrics = Metrics()
    cluster = ClusterMetrics(metrics.registry)
    metrics.command("unavailable")
    metrics.pushed(0.01)
    cluster.renewals.labels(result="error").inc()
    cluster.handoffs.labels(direction="in").inc()
    text = generate_latest(metrics.registry).decode()
    return {line.split("{")[0].split(" ")[0] for line in text.splitlines() if line[:1] != "#"}


def dashboard_queries() -> list[str]:
    dashboard = json.loads(DASHBOARD.read_text())
    return [t["expr"] for p in dashboard["panels"] for t in p["targets"]]


def test_every_laundermat_series_the_rules_and_the_dashboard_read_is_exported() -> None:
    exported = exported_series()
    read = set(SERIES.findall((PROMETHEUS / "alerts.yml").read_text()))
    read |= {name for query in dashboard_queries() for name in SERIES.findall(query)}
    assert len(read) >= 8
    assert sorted(read - exported) == []


def test_every_dashboard_panel_is_valid_promql_on_the_provisioned_source(tmp_path: Path) -> None:
    dashboard = json.loads(DASHBOARD.read_text())
    uid = yaml.safe_load(DATASOURCE.read_text())["datasources"][0]["uid"]
    panels = dashboard["panels"]
    assert len({p["id"] for p in panels}) == len(panels) >= 10
    assert {p["datasource"]["uid"] for p in panels} == {uid}
    # promtool parses every expression of a rules file: the panels' queries as recording rules.
    rules = [{"record": f"panel:{i}", "expr": q} for i, q in enumerate(dashboard_queries())]
    (tmp_path / "panels.yml").write_text(
        yaml.safe_dump({"groups": [{"name": "p", "rules": rules}]})
    )
    checked = promtool("check", "rules", "panels.yml", cwd=tmp_path)
    assert checked.returncode == 0, checked.stdout + checked.stderr


@pytest.fixture
def watched(tmp_path: Path) -> Iterator[tuple[ServerProcess, str]]:
    """A server, and a real Prometheus scraping it every two seconds with the shipped rules.
    A scrape's timeout defaults to its interval: at one second, a server starved by the rest
    of the suite (load 8 on two cores) missed one, and the replica-down alert went pending."""
    server = ServerProcess(f"sqlite+aiosqlite:///{tmp_path / 'db.sqlite'}", tmp_path / "server.log")
    server.start()
    config = yaml.safe_load((PROMETHEUS / "prometheus.yml").read_text())
    config["global"] = {
        "scrape_interval": "2s",
        "scrape_timeout": "2s",
        "evaluation_interval": "1s",
    }
    config["rule_files"] = [str(PROMETHEUS / "alerts.yml")]
    job = next(j for j in config["scrape_configs"] if j["job_name"] == "laundermat")
    job.pop("dns_sd_configs")
    job["static_configs"] = [{"targets": [f"127.0.0.1:{server.port}"]}]
    (tmp_path / "prometheus.yml").write_text(yaml.safe_dump(config))
    port = free_port()
    binary = shutil.which("prometheus")
    assert binary, "prometheus is missing: `make test` installs Debian's prometheus package"
    prometheus = subprocess.Popen(
        [
            binary,
            f"--config.file={tmp_path / 'prometheus.yml'}",
            f"--storage.tsdb.path={tmp_path / 'tsdb'}",
            f"--web.listen-address=127.0.0.1:{port}",
        ],
        stdout=subprocess.DEVNULL,
        stderr=(tmp_path / "prometheus.log").open("wb"),
    )
    try:
        yield server, f"http://127.0.0.1:{port}"
    finally:
        prometheus.kill()
        prometheus.wait()
        server.stop()


def query(prometheus: str, expr: str) -> list[dict[str, Any]]:
    try:
        answer = httpx.get(f"{prometheus}/api/v1/query", params={"query": expr}, timeout=5)
    except httpx.HTTPError:
        return []  # not listening yet
    if answer.status_code == 503:
        return []  # listening, not ready: "Service Unavailable" in plain text
    result: list[dict[str, Any]] = answer.json()["data"]["result"]
    return result


def answered(prometheus: str, expr: str, seconds: float = 60) -> list[dict[str, Any]]:
    """Prometheus's first non-empty answer to `expr`: it scrapes and evaluates on its own
    clock, and says nothing when it has."""
    return until(lambda: query(prometheus, expr), f"no result for {expr}", seconds, every=0.25)


def test_a_real_prometheus_counts_the_rooms_and_sees_a_replica_go_down(
    watched: tuple[ServerProcess, str],
) -> None:
    server, prometheus = watched
    answered(prometheus, 'up{job="laundermat"} == 1')
    for name in ("Ana", "Bo"):
        created = httpx.post(f"{server.url}/api/rooms", json={"name": name})
        assert created.status_code == 200, created.text
    answered(prometheus, "sum(laundermat_rooms) == 2")
    assert query(prometheus, 'ALERTS{alertname="LaunderMatReplicaDown"}') == []
    server.stop()
    pending = answered(prometheus, 'ALERTS{alertname="LaunderMatReplicaDown"}')
    assert pending[0]["metric"]["alertstate"] == "pending"  # firing after a minute down
    assert pending[0]["metric"]["instance"] == f"127.0.0.1:{server.port}"
