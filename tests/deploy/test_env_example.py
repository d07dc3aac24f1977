""".env.example is the operator's list of settings. It names every field of ServerSettings
and nothing else but the few variables only the deployment reads; each line it leaves
uncommented reaches the app through the compose files; and docs/operations.md describes every
setting. A setting added to the model without its line here fails the first test."""

from __future__ import annotations

import re
from pathlib import Path

from pydantic import AliasChoices

from laundermat.web.settings import ServerSettings

ROOT = Path(__file__).resolve().parents[2]

# Read by the deployment, not by ServerSettings: the db service's account, the port compose
# publishes, and how long the image's start script waits for the database.
DEPLOYMENT_ONLY = {
    "POSTGRES_USER",
    "POSTGRES_PASSWORD",
    "POSTGRES_DB",
    "LAUNDERMAT_PUBLISH_PORT",
    "LAUNDERMAT_DB_WAIT",
    "GRAFANA_ADMIN_PASSWORD",
    "PROMETHEUS_PORT",
    "GRAFANA_PORT",
}
COMPOSE_FILES = ("docker-compose.yml", "docker-compose.override.yml", "docker-compose.scale.yml")


def example_lines() -> list[tuple[str, bool]]:
    """Each variable .env.example sets, and whether its line is uncommented."""
    text = (ROOT / ".env.example").read_text()
    return [
        (match[2], not match[1])
        for match in re.finditer(r"^(#\s*)?([A-Z][A-Z0-9_]*)=", text, re.MULTILINE)
    ]


def env_name(field: str) -> str:
    """The variable a field is read from: its own LAUNDERMAT_ alias if it has one."""
    alias = ServerSettings.model_fields[field].validation_alias
    if isinstance(alias, AliasChoices):
        return next(str(a) for a in alias.choices if str(a).startswith("LAUNDERMAT_"))
    return f"LAUNDERMAT_{field.upper()}"


def test_env_example_names_every_setting_once_and_nothing_else() -> None:
    names = [name for name, _ in example_lines()]
    assert len(names) == len(set(names)), "a variable is set twice"
    settings = {env_name(field) for field in ServerSettings.model_fields}
    assert set(names) - DEPLOYMENT_ONLY == settings


def test_every_uncommented_line_reaches_the_app_through_compose() -> None:
    compose = "".join((ROOT / name).read_text() for name in COMPOSE_FILES)
    passed = set(re.findall(r"\$\{([A-Z][A-Z0-9_]*)[:}]", compose))
    active = {name for name, uncommented in example_lines() if uncommented}
    assert active - passed == set(), "set in .env, these would never reach the app"
    assert passed >= DEPLOYMENT_ONLY


def test_operations_md_describes_every_setting() -> None:
    rows = [
        line.split("|")[1]
        for line in (ROOT / "docs" / "operations.md").read_text().splitlines()
        if line.startswith("| `")
    ]
    described = {name for cell in rows for name in re.findall(r"`([a-z_]+)`", cell)}
    assert set(ServerSettings.model_fields) - described == set()
