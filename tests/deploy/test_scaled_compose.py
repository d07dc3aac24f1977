"""The scaled-out deployment (issue 10) without a Docker engine: docker-compose validates
docker-compose.scale.yml over docker-compose.yml, and Debian's nginx checks every shipped
config (the templates rendered as the cluster tests render them, and compose.conf)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import yaml

from tests.cluster.services import NGINX_DIR, Nginx, binary

from .test_deploy import ROOT, SCALED, compose


def test_the_scaled_compose_setup_is_valid_and_has_nginx_redis_postgres_and_monitoring() -> None:
    checked = compose("config", "-q", files=SCALED)
    assert checked.returncode == 0, checked.stderr
    assert sorted(compose("config", "--services", files=SCALED).stdout.split()) == [
        "app",
        "db",
        "grafana",
        "nginx",
        "node-exporter",
        "postgres-exporter",
        "prometheus",
        "redis",
        "redis-exporter",
    ]
    rendered = yaml.safe_load(compose("config", files=SCALED).stdout)
    services = rendered["services"]
    # Only nginx publishes a port: N replicas cannot share one, and players go through it.
    assert "ports" not in services["app"]
    assert [p["target"] for p in services["nginx"]["ports"]] == [80]
    app_env = services["app"]["environment"]
    assert app_env["LAUNDERMAT_REDIS_URL"] == "redis://redis:6379/0"
    assert app_env["LAUNDERMAT_CLUSTER_SECRET"]
    assert app_env["DATABASE_URL"].startswith("postgresql+asyncpg://")
    assert "172.16.0.0/12" in app_env["LAUNDERMAT_FORWARDED_ALLOW_IPS"]
    # Prometheus reads each replica's /metrics inside the network; nginx passes none on.
    assert "172.16.0.0/12" in app_env["LAUNDERMAT_METRICS_ALLOW_IPS"]
    edge = (ROOT / "deploy" / "nginx" / "compose.conf").read_text()
    assert re.search(r"location = /metrics \{\s*return 404;\s*\}", edge)
    # Prometheus and Grafana listen on the host's loopback only (docker-compose v1 renders a
    # port as "127.0.0.1:9090:9090/tcp", v2 as a mapping).
    for name in ("prometheus", "grafana"):
        for port in services[name]["ports"]:
            host = port.split(":")[0] if isinstance(port, str) else port["host_ip"]
            assert host == "127.0.0.1", (name, port)
    assert services["app"]["depends_on"]["redis"]["condition"] == "service_healthy"
    assert services["app"]["stop_grace_period"] == "30s"  # room for the SIGTERM drain
    assert services["nginx"]["depends_on"]["app"]["condition"] == "service_healthy"
    # Redis keeps nothing on disk: safety rests on PostgreSQL's fencing tokens.
    assert "--save" in services["redis"]["command"]
    # docker-compose 1.x renders a mount as "source:target:mode", 2.x as a mapping.
    sources = [
        v["source"] if isinstance(v, dict) else v.split(":")[0]
        for v in services["nginx"]["volumes"]
    ]
    mounts = {Path(source).relative_to(ROOT).as_posix() for source in sources}
    assert mounts == {"deploy/nginx/compose.conf", "deploy/nginx"}


def test_the_single_instance_setup_is_unchanged_by_the_scaled_one() -> None:
    rendered = yaml.safe_load(compose("config").stdout)
    assert sorted(rendered["services"]) == ["app", "db"]
    assert [p["published"] for p in rendered["services"]["app"]["ports"]] in ([8000], ["8000"])
    assert "LAUNDERMAT_REDIS_URL" not in rendered["services"]["app"]["environment"]


def test_the_scaled_setup_refuses_to_start_without_a_cluster_secret(tmp_path: Path) -> None:
    env_file = tmp_path / "no-secret.env"
    env_file.write_text(
        "\n".join(
            line
            for line in (ROOT / ".env.example").read_text().splitlines()
            if not line.startswith("LAUNDERMAT_CLUSTER_SECRET=")
        )
    )
    tool = shutil.which("docker-compose")
    assert tool
    done = subprocess.run(
        [tool, "-f", SCALED[0], "-f", SCALED[1], "--env-file", str(env_file), "config", "-q"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0
    assert "LAUNDERMAT_CLUSTER_SECRET" in done.stderr


def test_the_nginx_templates_pass_nginx_t(tmp_path: Path) -> None:
    for template in ("hash.conf", "round-robin.conf"):
        nginx = Nginx(tmp_path, template, ["127.0.0.1:9101", "127.0.0.1:9102", "127.0.0.1:9103"])
        checked = nginx.check()
        assert checked.returncode == 0, checked.stderr
        rendered = (nginx.prefix / "conf" / "nginx.conf").read_text()
        assert rendered.count("server 127.0.0.1:91") == 3
        assert not [line for line in rendered.splitlines() if "@" in line.split("#")[0]]
        assert ("hash $room_code consistent;" in rendered) == (template == "hash.conf")


def test_the_compose_nginx_config_passes_nginx_t(tmp_path: Path) -> None:
    """Debian's nginx (1.22) predates `resolve` in an upstream (1.27.3, the image's): the
    check drops that one word and points `app` at an address; everything else is as shipped."""
    text = (NGINX_DIR / "compose.conf").read_text()
    assert re.search(r"^\s*server app:8000 resolve ", text, re.MULTILINE)
    assert "resolver 127.0.0.11" in text
    conf = tmp_path / "conf"
    shutil.copytree(NGINX_DIR, conf / "laundermat")
    local = text.replace("server app:8000 resolve ", "server 127.0.0.1:8000 ")
    local = local.replace("listen 80;", "listen 127.0.0.1:8080;")
    (conf / "nginx.conf").write_text(local)
    checked = subprocess.run(
        [
            binary("nginx"),
            "-t",
            "-p",
            str(tmp_path),
            "-c",
            str(conf / "nginx.conf"),
            "-e",
            str(tmp_path / "error.log"),
        ],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert checked.returncode == 0, checked.stderr


def test_the_room_code_routes_every_request_of_a_room_alike() -> None:
    """The map in maps.conf: the socket, the room's API and its pages hash on the code."""
    maps = (NGINX_DIR / "maps.conf").read_text()
    patterns = re.findall(r"^\s*~(\S+)\s+\$(\w+);", maps, re.MULTILINE)
    assert len(patterns) == 3

    def code_of(path: str) -> str | None:
        for pattern, _ in patterns:
            match = re.match(pattern.replace("(?<", "(?P<"), path)
            if match:
                return match.group(1)
        return None

    for path in ("/ws/ABCDE", "/api/rooms/ABCDE", "/api/rooms/ABCDE/join", "/r/ABCDE/qr.svg"):
        assert code_of(path) == "ABCDE", path
    for path in ("/", "/api/rooms", "/api/history", "/static/js/app.js", "/replay/3"):
        assert code_of(path) is None, path
