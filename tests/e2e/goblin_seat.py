"""Playing Goblin Laundromat through the browser UI only: taps on data-testid elements.

`GoblinSeat.step()` looks at what the page offers right now and does one thing a player would
do (pick a card, take one from the market, draw, draw with the Potion, stop, keep), or
nothing. The server's timers close any window a seat leaves alone, so the game moves on.
The choices vary on purpose, so a game meets every screen: some picks change their mind
(GFILL-2), a laundry is pushed while the odds are low, the Potion is used once, and a failed
laundry keeps a card chosen by tap.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from .driver import sel, wait_for_news
from .screen_audit import ScreenAuditor

STATUS_JS = """() => {
  const game = document.querySelector('[data-testid=game][data-game=goblin]');
  if (!game) return null;
  return {
    phase: game.dataset.phase,
    round: Number(game.dataset.round),
    window: game.dataset.window,
    kind: game.dataset.kind,
    canAct: game.dataset.canAct === 'true',
    pending: game.dataset.pending === 'true',
  };
}"""


# "picked" once the card shows as this seat's pick, "moved on" once the window has closed.
PICK_SHOWN_JS = """([testid, window]) => {
  const game = document.querySelector('[data-testid=game][data-game=goblin]');
  if (game?.dataset.window !== window) return "moved on";
  const card = document.querySelector(`[data-testid=${testid}]`);
  return card?.getAttribute('aria-pressed') === 'true' && "picked";
}"""


@dataclass
class GoblinSeat:
    page: Page
    name: str
    index: int
    shots: Path | None = None  # where to save screenshots (None: none)
    risk: float = 0.3  # draw while the shown chance to fail is below this
    acted_windows: set[str] = field(default_factory=set)
    kinds: set[str] = field(default_factory=set)  # window kinds this seat acted in
    taken: set[str] = field(default_factory=set)
    log: list[str] = field(default_factory=list)

    def status(self) -> dict[str, object] | None:
        result: dict[str, object] | None = self.page.evaluate(STATUS_JS)
        return result

    def screenshot(self, stage: str) -> None:
        if self.shots is None or stage in self.taken:
            return
        self.taken.add(stage)
        self.page.evaluate("() => window.scrollTo(0, 0)")
        self.page.screenshot(
            path=str(self.shots / f"goblin-{stage}-{self.name}.png"), full_page=True
        )

    def click(self, selector: str) -> bool:
        loc = self.page.locator(selector).first
        try:
            if loc.count() == 0 or not loc.is_enabled():
                return False
            loc.click(timeout=3000)
            return True
        except PlaywrightError:
            return False

    def settle(self) -> None:
        with contextlib.suppress(PlaywrightError):
            self.page.wait_for_function(
                "() => document.querySelector('[data-testid=game]')?.dataset.pending !== 'true'",
                timeout=5000,
            )

    def step(self) -> bool:
        status = self.status()
        if status is None or status["pending"] or not status["canAct"]:
            return False
        window = str(status["window"])
        kind = str(status["kind"])
        if window in self.acted_windows:
            return False
        acted = False
        if kind == "pick":
            acted = self.pick(window, int(str(status["round"])))
        elif kind == "market":
            acted = self.market()
        elif kind == "laundry":
            acted = self.laundry()
        elif kind == "keep":
            acted = self.keep()
        if acted:
            self.kinds.add(kind)
            self.acted_windows.add(window)
            self.settle()
        return acted

    def pick(self, window: str, round_: int) -> bool:
        cards = self.page.locator("[data-testid^=hand-]:enabled")
        count = cards.count()
        if count == 0:
            return False
        self.screenshot("pick")
        target = cards.nth(min(self.index, count - 1)).get_attribute("data-testid") or ""
        if round_ == 1 and self.index == 0 and count > 1:
            # Pick one card, then change your mind (GFILL-2): the second replaces the first.
            other = cards.nth(count - 1).get_attribute("data-testid") or ""
            if self.click(sel(other)):
                if not self.shown_picked(other, window):
                    return True  # the step locked meanwhile (the last pick, or its timer)
                self.log.append(f"picked {other} first")
        if self.click(sel(target)):
            self.log.append(f"round {round_}: picked {target}")
            return True
        return False

    def shown_picked(self, testid: str, window: str) -> bool:
        """Whether the hand shows `testid` as this seat's pick (True), or the step moved on
        first (False): a pick may be the last one in, which locks the step, and the view of
        the lock can come just after the view of the pick."""
        shown = self.page.wait_for_function(PICK_SHOWN_JS, arg=[testid, window], timeout=5000)
        return bool(shown.json_value() == "picked")

    def market(self) -> bool:
        cards = self.page.locator("[data-testid^=market-C]:enabled")
        if cards.count() == 0:
            return False
        self.screenshot("market")
        testid = cards.nth(self.index % cards.count()).get_attribute("data-testid") or ""
        if self.click(sel(testid)):
            self.log.append(f"market: {testid}")
            return True
        return False

    def fail_chance(self) -> float | None:
        loc = self.page.locator(sel("decision-odds"))  # the washer's, beside Draw
        if loc.count() == 0:
            return None
        # The number behind the words, which read "fails: 33%" or "falla: 33 %".
        fail = loc.get_attribute("data-fail")
        return float(fail) if fail else None

    def laundry(self) -> bool:
        self.screenshot("laundry")
        chance = self.fail_chance()
        if chance is not None and chance >= self.risk and self.click(sel("draw-potion")):
            self.log.append(f"potion at {chance}")
            return True
        if chance is not None and chance < self.risk and self.click(sel("draw")):
            self.log.append(f"draw at {chance}")
            return True
        if self.click(sel("stop")):
            self.log.append(f"stop at {chance}")
            return True
        return False

    def keep(self) -> bool:
        cards = self.page.locator("[data-testid^=keep-C]:enabled")
        if cards.count() == 0:
            return False
        self.screenshot("keep")
        testid = cards.last.get_attribute("data-testid") or ""
        if self.click(sel(testid)):
            self.log.append(f"kept {testid}")
            return True
        return False


def play_to_the_end(
    seats: list[GoblinSeat], rounds: int = 20000, auditor: ScreenAuditor | None = None
) -> None:
    for _ in range(rounds):
        if auditor is not None:
            auditor.check(force=False)
        statuses = [seat.status() for seat in seats]
        if all(s is not None and s["phase"] == "over" for s in statuses):
            return
        acted = False
        for seat in seats:
            acted = seat.step() or acted
        if not acted:
            wait_for_news(seats[0].page)
    raise AssertionError(f"the game did not finish: {[s.status() for s in seats]}")
