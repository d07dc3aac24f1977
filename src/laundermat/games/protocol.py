"""The game protocol: what the platform (rooms, store, web, bots) asks of a game.

Read this first when adding a game. The platform knows no game by name: a room records which
game it plays (`GameDefinition.name`) and speaks to it only through these two interfaces.

    definition = games.get("laundermat")
    match = definition.new(seed, ["p1", "p2", "p3"], {"round_timer": 30, "bribe_timer": 15})
    match.apply(match.parse({"type": "select", "seat": 0, "card": 12}))  # or RuleError
    match.window()             # the open window: id, kind, actors, duration in seconds
    match.view(seat)           # what that seat may see (None: a spectator); JSON
    match.snapshot()           # JSON; definition.restore(snapshot) is the same match

The contract, which the platform relies on and tests/web/test_game_seam.py checks with a
second, tiny game:
- **Pure and replayable.** `new(seed, ...)` plus the same commands gives the same match; the
  platform persists only the seed, the settings and each command's `to_dict()`.
- **Windows.** At most one window is open; the platform arms a deadline of `duration`
  seconds (scaled in tests) and, when it passes, applies the command
  `definition.timeout(match, window_id)` builds. A window's id never repeats within a match.
  `pending()` names the seats the window still waits for.
- **Presence.** The platform applies `definition.set_away(match, seat, away)` when a seat is
  away (GEN-4 in LaunderMat's rules); a game may refuse it with a RuleError when nothing
  changes.
- **Errors.** An illegal or malformed command raises `RuleError` (a stable `code` and a
  sentence) and changes nothing.
- **One redaction path.** `view(viewer)` is everything that viewer may see, log included
  (entries from `log_from` on); the platform sends nothing else about the match.
- **Views split once per change (optional, view_parts.py).** A game may add
  `public_view(log_from)` (what every viewer sees: the spectator's view) and
  `private_view(seat, log_from)` (what only that seat sees, as JSON Pointers into its view and
  their values); laid over each other they must equal `view(seat, log_from)` exactly. The
  platform then computes the public part once per change and sends each viewer a patch of
  it (docs/protocol.md, "Deltas"). Without them it derives the private part from `view()`.
- **What changed (optional, kit/touched.py).** With views split as above, a game may add
  `public_sections(names, log_from)` (those top-level keys of `public_view`) and `touched()`
  (what changed in the views since the last call: the public sections and the seats whose
  private part changed, None for everything; `touched(keep=True)` tells the same and leaves
  it for the next call). The platform then rebuilds and diffs only those. The kit writes
  `touched()` from a `touches` declared per handler of the phase table; a game without it
  gets every view rebuilt after every change, as before.
- **Beats (optional).** `beat_ms(log_from)`: how long, in ms before the time scale, the
  table needs to take in the entries logged from `log_from` on (a moment the game marks as
  dramatic: a laundry's end, a Vault raid's die); the platform's bots wait that long before
  their next move, so a person can see it. Without it (`beat_ms` below): never.
- **Seats.** `seats()` maps each player id given to `new` to its seat (0-based).
- **Standings (optional, standings.py).** `result()` has `winners` and, to place everyone in
  the history, `players` with each `seat` and `total` (and a `rank` if ties are broken by
  another measure); a game that places players by a rule of its own adds
  `standings(result)` to its definition.
- **Coach (optional).** `hint(view)`: a hint for a learner (docs/new-game.md, "The coach"),
  from one seat's view only (the same dict that seat's client gets, never the match), so it
  cannot say what that seat may not see: `{"text", "rules", "command"}` (a sentence, the
  rule ids it rests on, and the suggested command as a client sends it, without `seat`, or
  None when there is only waiting), or None when that seat has no decision. The platform
  sends it to learners only (`hint` below; without it: no hints).
- **Reactions (optional, kit/reactions.py).** `reactions`: the small fixed set of reactions a
  player may tap (the kit's emoji and a few phrases of the game's own); without it, none. A
  bot's policy may add `react(view, log_from)`: a reaction id to say about the entries logged
  from `log_from` on (a failed laundry, an Alarm), or None; see `bot_reaction`.
- **Bots.** `bot(rng, wait_chance, strategy)` is a player that decides from one seat's view
  only (`match.view(seat)`, the same dict a client gets); `bot_strategies` names the
  strategies a game offers, "random" (random-legal, the default) first.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Protocol

from .kit.reactions import Reaction as Reaction  # a game declares its set with it
from .kit.windows import Window as Window  # the open window's value: the kit's

JSON = dict[str, Any]


class RuleError(Exception):
    """A command the game refuses: nothing changed. `code` is stable (clients translate it)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class Setting:
    """One choice the host makes in the lobby, e.g. a timer."""

    key: str
    label: str
    choices: tuple[int, ...]
    default: int
    unit: str = "seconds"

    def to_dict(self) -> JSON:
        return {
            "key": self.key,
            "label": self.label,
            "choices": list(self.choices),
            "default": self.default,
            "unit": self.unit,
        }


class Command(Protocol):
    def to_dict(self) -> JSON: ...


class Policy(Protocol):
    """A bot: chooses from one seat's view only (a command as JSON, or None to wait)."""

    def decide(self, view: JSON) -> JSON | None: ...


class Match(Protocol):
    """One game being played."""

    def parse(self, data: JSON) -> Command:
        """A command from its JSON form (with `seat`); RuleError `malformed` otherwise. A
        logged entry may also carry the platform's `client_id` (a retry id): ignore it."""
        ...

    def apply(self, command: Command) -> None: ...

    def window(self) -> Window | None: ...

    def window_id(self) -> int | None:
        """The open window's id (cheaper than window() for a staleness check)."""
        ...

    def pending(self) -> list[int]: ...

    def over(self) -> bool: ...

    def away(self, seat: int) -> bool: ...

    def seats(self) -> dict[str, int]: ...

    def log_length(self) -> int:
        """How many log entries the match has: views carry the log from a mark on."""
        ...

    def view(self, viewer: int | None, log_from: int = 0) -> JSON: ...

    def result(self) -> JSON:
        """The final standings (once over): at least `winners`, a list of seats."""
        ...

    def snapshot(self) -> JSON: ...


class GameDefinition(Protocol):
    """A game the platform can host. Register one with `laundermat.games.register`."""

    name: str  # stable: stored with every room and game
    title: str
    min_players: int
    max_players: int
    settings: tuple[Setting, ...]
    player_commands: frozenset[str]  # command types a client may send
    room_commands: frozenset[str]  # command types only the platform applies (timeouts...)
    rules: JSON  # the game's public constants (prices, counts...) for clients: one source

    def new(self, seed: int, player_ids: list[str], settings: JSON) -> Match: ...

    def restore(self, snapshot: JSON) -> Match: ...

    def timeout(self, match: Match, window_id: int) -> Command: ...

    def set_away(self, match: Match, seat: int, away: bool) -> Command: ...

    bot_strategies: tuple[str, ...]  # the strategies `bot` accepts, "random" first

    def bot(self, rng: random.Random, wait_chance: float = 0.0, strategy: str = "random") -> Policy:
        """A player of that strategy (ValueError for one not in `bot_strategies`); "random"
        chooses uniformly among legal commands. `wait_chance` of the time it lets the window
        run out."""
        ...

    def invariants(self, match: Match, rng: random.Random, lite: bool = False) -> list[str]:
        """What is wrong with the match's state (`simulate` checks after every command);
        `lite`: only the cheap checks, for long runs (`simulate --check lite`)."""
        ...

    def command_schema(self) -> JSON:
        """JSON Schema of the commands a client sends in `act.command` (without `seat`)."""
        ...


def settings_errors(definition: GameDefinition, settings: JSON) -> list[str]:
    """What is wrong with a host's settings for this game (empty: nothing)."""
    known = {s.key: s for s in definition.settings}
    problems = [
        f"{key}: not a setting of {definition.title}" for key in settings if key not in known
    ]
    for key, value in settings.items():
        spec = known.get(key)
        if spec is not None and (type(value) is not int or value not in spec.choices):
            problems.append(f"{key}: must be one of {list(spec.choices)}")
    return problems


def beat_ms(match: Match, log_from: int) -> int:
    """The game's beat after the entries from `log_from` on (0 for a game without beats)."""
    beat = getattr(match, "beat_ms", None)
    return int(beat(log_from)) if beat is not None else 0


def hint(definition: GameDefinition, view: JSON) -> JSON | None:
    """The game's coach hint for the seat whose view this is (None for a game without one)."""
    coach = getattr(definition, "hint", None)
    return None if coach is None else coach(view)


def reactions(definition: GameDefinition) -> tuple[Reaction, ...]:
    """The reactions a game's players may send (none for a game that declares none)."""
    declared: tuple[Reaction, ...] = getattr(definition, "reactions", ())
    return declared


def bot_reaction(policy: Policy, view: JSON, log_from: int) -> str | None:
    """A bot's reaction to the entries of its seat's `view` logged from `log_from` on (None
    for a policy that never reacts, and most of the time for one that does)."""
    react = getattr(policy, "react", None)
    return None if react is None else react(view, log_from)


def default_settings(definition: GameDefinition) -> dict[str, int]:
    return {s.key: s.default for s in definition.settings}


@dataclass
class Catalog:
    """The games a server hosts, as the client and /api/catalog see them."""

    games: list[GameDefinition] = field(default_factory=list)

    def to_dict(self) -> JSON:
        return {
            "games": [
                {
                    "name": g.name,
                    "title": g.title,
                    "min_players": g.min_players,
                    "max_players": g.max_players,
                    "settings": [s.to_dict() for s in g.settings],
                    "rules": g.rules,
                    "reactions": [r.to_dict() for r in reactions(g)],
                }
                for g in self.games
            ]
        }
