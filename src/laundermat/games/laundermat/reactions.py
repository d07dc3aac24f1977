"""What LaunderMat's players can tap to say (issue 33 §2), and when its bots say it: now and
then at an Alarm (VAULT-4) or a collision in the draft (DRAFT-4)."""

from __future__ import annotations

from typing import Any

from ..kit.reactions import Reaction, ReactsToMoments, reaction_set

REACTIONS = reaction_set(
    Reaction("nooo", "Nooo!", "Nooo!"),
    Reaction("risky", "Risky…", "Risky"),
    Reaction("busted", "Busted!", "Busted!"),
    Reaction("mine", "That's mine!", "That's mine!"),
)


def moments(entry: dict[str, Any], seat: int | None) -> tuple[str, ...]:
    """An Alarm: its raider despairs, the others gloat. A collision: those in it protest."""
    kind = entry.get("kind")
    if kind == "vault_raid" and entry.get("alarm"):
        return ("nooo", "cry") if entry.get("seat") == seat else ("busted", "laugh", "wow")
    if kind == "draft_locked":
        collided = [c for c in entry.get("collisions") or [] if seat in c.get("seats", ())]
        if collided:
            return ("mine", "nooo")
        if entry.get("collisions"):
            return ("laugh", "wow")
    return ()


class Reacts(ReactsToMoments):
    """This game's bots: `react` at its moments (kit/reactions.py)."""

    def moments(self, entry: dict[str, Any], seat: int | None) -> tuple[str, ...]:
        return moments(entry, seat)
