"""What every game reuses: seeded chance (chance.py), the phase table and its check-then-apply
walk (phases.py), log redaction (redaction.py) and reactions (reactions.py: the emoji every
game offers, and bots that react now and then to a game's moments). The kit imports no game
and no platform module ([tool.importlinter] in pyproject.toml); docs/new-game.md shows a game
written on it."""
