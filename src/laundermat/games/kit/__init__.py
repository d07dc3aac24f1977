"""What every game reuses: seeded chance, the phase table and its walker, windows, redaction
helpers and the invariant harness. The kit imports no game and no platform module
([tool.importlinter] in pyproject.toml); docs/new-game.md shows a game written on it."""
