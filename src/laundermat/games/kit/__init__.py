"""What every game reuses: seeded chance (chance.py), the phase table and its check-then-apply
walk (phases.py) and log redaction (redaction.py). The kit imports no game and no platform
module ([tool.importlinter] in pyproject.toml); docs/new-game.md shows a game written on it."""
