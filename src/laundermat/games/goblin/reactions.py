"""What Goblin Laundromat's players can tap to say (issue 33 §2), and when its bots say it:
now and then when a laundry fails (GLAUNDRY: a stain over its Program's limit).

The texts here are English, for tools and older clients; a client shows each phrase in its
player's language from its catalog by the reaction's id (static/js/games/goblin/locales/,
`reactions.<id>.text` and `.label`), as it does the catalog's title, tagline and settings."""

from __future__ import annotations

from typing import Any

from ..kit.reactions import Reaction, ReactsToMoments, reaction_set

REACTIONS = reaction_set(
    Reaction("nooo", "Nooo!", "Nooo!"),
    Reaction("risky", "Risky…", "Risky"),
    Reaction("push_on", "Push on!", "Push on!"),
    Reaction("so_clean", "So clean!", "So clean!"),
)


def moments(entry: dict[str, Any], seat: int | None) -> tuple[str, ...]:
    """A failed laundry: its owner despairs, the others laugh or gasp."""
    if entry.get("kind") != "failed":
        return ()
    return ("nooo", "cry") if entry.get("seat") == seat else ("laugh", "wow", "nooo")


class Reacts(ReactsToMoments):
    """This game's bots: `react` at its moments (kit/reactions.py)."""

    def moments(self, entry: dict[str, Any], seat: int | None) -> tuple[str, ...]:
        return moments(entry, seat)
