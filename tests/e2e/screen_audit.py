"""The screen auditor (issue 30, item 15): every fact a game screen states, checked against the
view it was drawn from, at every render of the whole games the suite already plays.

`ScreenAuditor.watch(page, label)` (before the page's first `goto`) installs
screen_audit.js, which records after each render what the DOM says (by data-testid) beside
the viewer's own view JSON. `check()` collects those records from every watched page in one
`page.evaluate` each and compares: the facts of each game (goblin_screen.py,
laundermat_screen.py) and, for both, who each log line names. The first screen that states
something its view does not fails the test, naming the page, the moment and the fact.

Who a log line names: every seat an entry is about (NAMED below) is named in its line, by
name, or as "you"/"your" when it is the viewer's own seat on the live screen; a line says
"you" only then. A spectator and a replay (whatever seat it watches as) have no "you".
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

COLLECTOR = Path(__file__).with_name("screen_audit.js")
TAKE_JS = "() => window.__screenAudit ? window.__screenAudit.take() : []"
PAGE_MS_JS = "() => window.__screenAudit ? window.__screenAudit.ms : 0"

# The entry fields holding the seats a log line is about, for both games. LaunderMat's
# investigation carries the winners too, but its line tells only which type was drawn.
NAMED = ("seat", "lead", "from", "to", "owner", "target", "defaulted", "losers", "timed_out")
NAMED_BY_KIND = {"over": ("winners",)}
YOU = re.compile(r"\byou(r|rs|'ve|'re)?\b", re.IGNORECASE)


@dataclass
class Screen:
    """One rendered screen: the view it was drawn from and what the DOM said."""

    label: str
    game: dict[str, Any]
    facts: dict[str, Any]
    game_name: str
    rules: dict[str, Any]
    names: dict[str, str]  # player_id -> the name people typed
    replay: dict[str, Any] | None
    version: int | None
    lines: list[list[Any]] = field(default_factory=list)

    @property
    def viewer(self) -> int | None:
        """The seat called "you" on this screen: none for a spectator or in a replay."""
        seat = self.game.get("viewer")
        return None if self.replay is not None else seat

    @property
    def me(self) -> dict[str, Any] | None:
        me: dict[str, Any] | None = self.game.get("me")
        return me

    def name_of(self, seat: int) -> str:
        player_id = self.game["players"][seat]["name"]
        return self.names.get(player_id, player_id)

    def where(self) -> str:
        g = self.game
        when = f"round {g.get('round')}, {g.get('phase')}"
        if self.replay is not None:
            step, viewer = self.replay["step"], self.replay["viewer"]
            return f"{self.label}, replay step {step} as {viewer} ({when})"
        return f"{self.label} ({when}, view {self.version})"


def mismatch(fact: str, shown: object, expected: object) -> str:
    return f"{fact}: the screen shows {shown!r}, the view says {expected!r}"


def seats_named(entry: dict[str, Any]) -> list[int]:
    """The seats a log entry is about, in the order its fields hold them."""
    found: list[int] = []
    for key in NAMED + NAMED_BY_KIND.get(entry["kind"], ()):
        value = entry.get(key)
        values = value if isinstance(value, list) else [value]
        found += [v for v in values if isinstance(v, int)]
    for part in entry.get("collected") or []:  # LaunderMat's draft: who collected, who collided
        found.append(part["seat"])
    for part in entry.get("collisions") or []:
        found += part["seats"]
    return list(dict.fromkeys(s for s in found if not isinstance(s, bool)))


def log_line_problems(screen: Screen) -> list[str]:
    problems = []
    for index, text, entry in screen.lines:
        if entry is None:
            problems.append(f"log line {index} {text!r} has no entry in the view's log")
            continue
        seats = seats_named(entry)
        says_you = bool(YOU.search(text))
        for seat in seats:
            if seat == screen.viewer and not says_you:
                problems.append(f"log line {text!r} ({entry['kind']}) never calls the viewer 'you'")
            elif seat != screen.viewer and screen.name_of(seat) not in text:
                problems.append(
                    f"log line {text!r} ({entry['kind']}) does not name {screen.name_of(seat)} "
                    f"(seat {seat}); entry {entry}"
                )
        if says_you and screen.viewer not in seats:
            whom = "a spectator" if screen.viewer is None else screen.name_of(screen.viewer)
            problems.append(
                f"log line {text!r} ({entry['kind']}) says 'you' to {whom}, about seats "
                f"{[screen.name_of(s) for s in seats]}; entry {entry}"
            )
    return problems


def screen_problems(screen: Screen) -> list[str]:
    from .goblin_screen import goblin_problems
    from .laundermat_screen import laundermat_problems

    facts = goblin_problems if screen.game_name == "goblin" else laundermat_problems
    return facts(screen) + log_line_problems(screen)


@dataclass
class ScreenAuditor:
    """Watches pages and fails on the first screen that states what its view does not."""

    every: float = 0.3  # seconds between collections in a play loop; nothing is missed
    pages: list[tuple[Page, str]] = field(default_factory=list)
    rules: dict[int, dict[str, Any]] = field(default_factory=dict)
    screens: int = 0  # how many screens were checked (a test asserts it audited something)
    lines: int = 0  # how many log lines were checked
    seconds: float = 0.0  # spent in check(): what the auditor costs the test, beside page_ms
    last: float = 0.0

    def watch(self, page: Page, label: str) -> Page:
        """Audit `page` (call before its first goto: the collector is an init script)."""
        page.add_init_script(path=str(COLLECTOR))
        self.pages.append((page, label))
        return page

    def check(self, force: bool = True) -> None:
        if not force and time.monotonic() - self.last < self.every:
            return
        self.last = started = time.monotonic()
        try:
            for page, label in self.pages:
                if not page.is_closed():
                    for snapshot in page.evaluate(TAKE_JS):
                        self.check_one(page, label, snapshot)
        finally:
            self.seconds += time.monotonic() - started

    def cost(self) -> str:
        """What the audit cost: its time here, and the open pages' recording their screens."""
        ms = sum(page.evaluate(PAGE_MS_JS) for page, _ in self.pages if not page.is_closed())
        return (
            f"screen audit: {self.screens} screens, {self.lines} log lines checked in "
            f"{self.seconds:.1f} s; the pages spent {ms / 1000:.1f} s recording them"
        )

    def check_one(self, page: Page, label: str, snapshot: dict[str, Any]) -> None:
        if snapshot["rules"] is not None:
            self.rules[id(page)] = snapshot["rules"]
        body = json.loads(snapshot["body"])
        screen = Screen(
            label=label,
            game=body["game"],
            facts=body["facts"],
            game_name=body["name"],
            rules=self.rules.get(id(page), {}),
            names=dict(body["names"]),
            replay=body["replay"],
            version=body["version"],
            lines=snapshot["lines"],
        )
        self.screens += 1
        self.lines += len(screen.lines)
        problems = screen_problems(screen)
        if problems:
            more = f"\n  ... and {len(problems) - 12} more" if len(problems) > 12 else ""
            raise AssertionError(f"{screen.where()}:\n  " + "\n  ".join(problems[:12]) + more)
