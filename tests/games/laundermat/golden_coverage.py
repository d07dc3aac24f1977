"""What a golden game shows, read from its event log (shared by the test and make_golden)."""

from __future__ import annotations

from collections.abc import Iterable

from laundermat.games.laundermat.engine import WEAPONS, Event

# The golden set, taken together, must show all of these.
REQUIRED = frozenset(
    {
        "collision",  # DRAFT-4
        "seniority_claim",  # SENIORITY-2
        "alarm_purchase",  # VAULT-7
        "alarm_discard",  # VAULT-6
        "protect",  # BRIBE-3
        "counter",  # BRIBE-4
        "entries",  # BRIBE-5
        "disqualified",  # SCORE-3
        "everyone_caught",  # SCORE-5
        *(f"weapon:{w}" for w in WEAPONS),  # BUY-8, every one of the ten bought
    }
)


def features(events: Iterable[Event]) -> set[str]:
    found: set[str] = set()
    for event in events:
        kind = event.kind
        if kind == "draft_locked" and event.public["collisions"]:
            found.add("collision")
        elif kind in ("seniority_claim", "alarm_purchase", "protect", "counter", "entries"):
            found.add(kind)
        elif kind == "alarm_discard":
            found.add("alarm_discard")
        elif kind == "weapon":
            found.add(f"weapon:{event.public['weapon']}")
        elif kind == "investigation":
            if event.public["disqualified"]:
                found.add("disqualified")
            if not event.public["winners"]:
                found.add("everyone_caught")
    return found
