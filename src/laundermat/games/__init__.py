"""The games this platform hosts, by name. See protocol.py for what a game provides.

Built-in games are registered on first use; more can be added by an operator (or a test)
with `LAUNDERMAT_EXTRA_GAMES=package.module:GAME`, each attribute a `GameDefinition`.
"""

from __future__ import annotations

import importlib

from .protocol import (
    JSON,
    Catalog,
    Command,
    GameDefinition,
    Match,
    Policy,
    Reaction,
    RuleError,
    Setting,
    Window,
    beat_ms,
    bot_reaction,
    default_settings,
    hint,
    reactions,
    settings_errors,
)

DEFAULT_GAME = "laundermat"
BUILT_IN = ("laundermat.games.laundermat:GAME", "laundermat.games.goblin:GAME")

_registry: dict[str, GameDefinition] = {}
_built_in: list[GameDefinition] = []  # loaded on first use, listed first


def register(definition: GameDefinition) -> GameDefinition:
    _registry[definition.name] = definition
    return definition


def load(spec: str) -> GameDefinition:
    """A definition from "package.module:ATTRIBUTE", registered."""
    module, _, attribute = spec.partition(":")
    definition: GameDefinition = getattr(importlib.import_module(module), attribute or "GAME")
    return register(definition)


def _ensure_built_in() -> None:
    if not _built_in:
        extra = dict(_registry)
        _registry.clear()
        _built_in.extend(load(spec) for spec in BUILT_IN)
        _registry.update(extra)


def get(name: str) -> GameDefinition | None:
    _ensure_built_in()
    return _registry.get(name)


def require(name: str) -> GameDefinition:
    definition = get(name)
    if definition is None:
        raise KeyError(f"no game named {name!r} is registered")
    return definition


def catalog() -> Catalog:
    _ensure_built_in()
    return Catalog(list(_registry.values()))


__all__ = [
    "DEFAULT_GAME",
    "JSON",
    "Catalog",
    "Command",
    "GameDefinition",
    "Match",
    "Policy",
    "Reaction",
    "RuleError",
    "Setting",
    "Window",
    "beat_ms",
    "bot_reaction",
    "catalog",
    "default_settings",
    "get",
    "hint",
    "load",
    "reactions",
    "register",
    "require",
    "settings_errors",
]
