"""Reactions: the small fixed set of things a player can tap to say (issue 33 §2), and bots
that say one now and then.

A game declares its set as data (`GameDefinition.reactions`, games/protocol.py): the kit's
emoji and a few short phrases of its own. Nothing is free text, so nothing needs moderating.
A reaction is never a command: the platform passes it to the table and forgets it (no log, no
replay, no store: rooms/reactions.py).

A bot's `react(view, log_from)` is its policy's optional say on the entries logged from
`log_from` on: `Reactor` does the "now and then", each game names its moments (a failed
laundry, an Alarm) and the reactions that fit them.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Entry = dict[str, Any]


@dataclass(frozen=True)
class Reaction:
    """One reaction: `id` is what the protocol carries (stable; lowercase letters, digits and
    `_`), `text` what a screen shows (an emoji or a phrase of a few words), `label` what a
    screen reader says for it."""

    id: str
    text: str
    label: str

    def to_dict(self) -> dict[str, str]:
        return {"id": self.id, "text": self.text, "label": self.label}


# Every game's emoji (all from Unicode's Emoticons block, which every phone's emoji font and
# most fallback fonts draw); a game adds its phrases after them.
EMOJI: tuple[Reaction, ...] = (
    Reaction("laugh", "😂", "Laughing"),
    Reaction("wow", "😮", "Wow"),
    Reaction("scream", "😱", "Shocked"),
    Reaction("cry", "😭", "Crying"),
    Reaction("cool", "😎", "Cool"),
)

CHANCE = 0.4  # how often a bot reacts to a moment it sees
MAX_ID = 32  # characters: the protocol refuses longer ids before anyone looks them up
MAX_TEXT = 24  # a phrase of a few words, never a message


def reaction_set(*phrases: Reaction) -> tuple[Reaction, ...]:
    """The kit's emoji, then the game's own phrases; ids unique and well formed."""
    out = (*EMOJI, *phrases)
    ids = [r.id for r in out]
    if len(set(ids)) != len(ids):
        raise ValueError(f"reaction ids repeat: {ids}")
    for r in out:
        ok = 0 < len(r.id) <= MAX_ID and all(c.islower() or c.isdigit() or c == "_" for c in r.id)
        if not ok or not 0 < len(r.text) <= MAX_TEXT or not r.label:
            raise ValueError(f"reaction {r.id!r}: an id of [a-z0-9_], a short text, a label")
    return out


def new_entries(view: dict[str, Any], log_from: int) -> list[Entry]:
    """The entries of `view`'s log from the whole log's index `log_from` on."""
    log: list[Entry] = view.get("log") or []
    return log[max(0, log_from - int(view.get("log_from", 0))) :]


# A game's moments: the reactions that fit a log entry, as seen from a seat (None: a
# spectator's view); empty when the entry is no moment.
Moments = Callable[[Entry, "int | None"], tuple[str, ...]]


class Reactor:
    """Reacts to a moment `chance` of the time, with one of the reactions that fit it. Its own
    generator: a bot's moves draw the same numbers whether or not it reacts."""

    def __init__(self, rng: random.Random, moments: Moments, chance: float | None = None) -> None:
        self.rng = rng
        self.moments = moments
        self.chance = CHANCE if chance is None else chance

    def react(self, view: dict[str, Any], log_from: int) -> str | None:
        seat = view.get("viewer")
        for entry in new_entries(view, log_from):
            fits = self.moments(entry, seat)
            if fits and self.rng.random() < self.chance:
                return self.rng.choice(fits)
        return None


class ReactsToMoments:
    """A bot policy's `react` (games/protocol.py, `bot_reaction`): a game's bots inherit it and
    name their moments. The Reactor is made on the first call, from the policy's generator:
    a bot that is never asked (in `simulate`) draws exactly the numbers it drew before."""

    rng: random.Random
    _reactor: Reactor | None = None

    def moments(self, entry: Entry, seat: int | None) -> tuple[str, ...]:
        return ()

    def react(self, view: dict[str, Any], log_from: int) -> str | None:
        if self._reactor is None:
            self._reactor = Reactor(random.Random(self.rng.getrandbits(64)), self.moments)
        return self._reactor.react(view, log_from)
