"""Playing LaunderMat through the browser UI only: clicks and keys on data-testid elements.

`Seat` wraps one page. `Seat.step()` looks at what the page offers right now and does one
thing a player would do (pick a bill, buy something, bribe, press done), or nothing. The
server's timers close any window a seat leaves alone, so the game always moves on.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

STATUS_JS = """() => {
  const game = document.querySelector('[data-testid=game]');
  if (!game) return null;
  return {
    phase: game.dataset.phase,
    round: Number(game.dataset.round),
    window: game.dataset.window,
    canAct: game.dataset.canAct === 'true',
    pending: game.dataset.pending === 'true',
  };
}"""

ADDITIONS_BY_COST = [
    "slot_machine",
    "pawn_shop",
    "charging_stations",
    "vending_machines",
    "clearance_rack",
]


UNNAMED_CONTROLS_JS = """() => [...document.querySelectorAll('button, input, select, a[href]')]
  .filter((el) => el.offsetParent !== null)
  .filter((el) => !(el.textContent.trim() || el.getAttribute('aria-label') || el.labels?.length))
  .map((el) => el.outerHTML.slice(0, 120))"""


def unnamed_controls(page: Page) -> list[str]:
    """Visible controls a screen reader could not name."""
    result: list[str] = page.evaluate(UNNAMED_CONTROLS_JS)
    return result


def sel(testid: str) -> str:
    return f"[data-testid={testid}]"


# Resolves when the game screen's data-* (phase, round, window, who can act, a move pending)
# differ from what they were when it was called, or after `bound` ms without such a change.
def news_js(snapshot: str) -> str:
    """A function of `bound` (ms) that resolves true once the JS expression `snapshot` differs
    from what it was when called, or false after `bound` ms without such a change."""
    return f"""(bound) => new Promise((resolve) => {{
  const now = () => JSON.stringify({snapshot});
  const before = now();
  const done = (changed) => {{ observer.disconnect(); clearTimeout(timer); resolve(changed); }};
  const observer = new MutationObserver(() => {{ if (now() !== before) done(true); }});
  observer.observe(document.body, {{ subtree: true, childList: true, attributes: true }});
  const timer = setTimeout(() => done(false), bound);
}})"""


NEWS_JS = news_js("document.querySelector('[data-testid=game]')?.dataset ?? null")


def wait_for_news(page: Page, bound_ms: int = 1000) -> bool:
    """What a loop that drives seats waits on when none of them could do anything: the next
    change of `page`'s game screen (a window opens or closes, a move lands). Every window is
    public, so the host's screen changes when another seat's turn comes; `bound_ms` only
    covers what changes on another page alone. Whether it changed."""
    changed: bool = page.evaluate(NEWS_JS, bound_ms)
    return changed


@dataclass
class Seat:
    page: Page
    name: str
    index: int  # 0 is the host
    shots: Path | None = None  # where to save screenshots (None: this seat takes none)
    shot_label: str = ""
    shot_stages: frozenset[str] | None = None  # None: every stage
    done_windows: set[str] = field(default_factory=set)
    bribed_windows: set[str] = field(default_factory=set)
    taken: set[str] = field(default_factory=set)
    phases: set[str] = field(default_factory=set)
    log: list[str] = field(default_factory=list)

    # ------------------------------------------------------------ helpers

    def status(self) -> dict[str, object] | None:
        result: dict[str, object] | None = self.page.evaluate(STATUS_JS)
        return result

    def screenshot(self, stage: str) -> None:
        if self.shots is None or stage in self.taken:
            return
        if self.shot_stages is not None and stage not in self.shot_stages:
            return
        self.taken.add(stage)
        # From the top: a sticky bar is drawn where the page was scrolled to otherwise.
        self.page.evaluate("() => window.scrollTo(0, 0)")
        self.page.screenshot(
            path=str(self.shots / f"{stage}-{self.shot_label}.png"), full_page=True
        )

    def enabled(self, selector: str) -> bool:
        loc = self.page.locator(selector)
        return loc.count() > 0 and loc.first.is_enabled()

    def click(self, selector: str) -> bool:
        """Click if the control is there and enabled; False when the moment has passed."""
        loc = self.page.locator(selector).first
        try:
            if loc.count() == 0 or not loc.is_enabled():
                return False
            loc.click(timeout=3000)
            return True
        except PlaywrightError:
            return False

    def press(self, selector: str, key: str = "Enter") -> bool:
        """The keyboard way: focus the control and press a key."""
        loc = self.page.locator(selector).first
        try:
            if loc.count() == 0 or not loc.is_enabled():
                return False
            loc.focus(timeout=3000)
            self.page.keyboard.press(key)
            return True
        except PlaywrightError:
            return False

    def settle(self) -> None:
        """Wait until the last command is answered (ack or error)."""
        with contextlib.suppress(PlaywrightError):
            self.page.wait_for_function(
                "() => document.querySelector('[data-testid=game]')?.dataset.pending !== 'true'",
                timeout=5000,
            )

    def note(self, text: str) -> None:
        self.log.append(text)

    # ------------------------------------------------------------ one step

    def step(self) -> bool:
        dice = "[data-testid=round-report] [data-testid=die]"
        if self.shots and "reveal" not in self.taken and self.page.locator(dice).count():
            self.screenshot("reveal")  # a Vault raid with its die
        status = self.status()
        if status is None or status["pending"]:
            return False
        phase = str(status["phase"])
        self.phases.add(phase)
        if phase == "over":
            return False
        if not status["canAct"]:
            return False
        window = str(status["window"])
        round_ = int(str(status["round"]))
        acted = False
        if phase == "draft":
            acted = self.draft(window, round_)
        elif phase == "seniority":
            acted = self.click(sel("seniority-claim"))
        elif phase == "alarm":
            acted = self.alarm()
        elif phase == "purchase":
            acted = self.purchase(window, round_)
        elif phase.startswith("bribe"):
            acted = self.bribe(phase, window)
        if acted:
            self.settle()
        return acted

    # ------------------------------------------------------------ the draft

    def draft(self, window: str, round_: int) -> bool:
        page = self.page
        if window in self.done_windows:
            return False
        if page.locator("[data-testid^=draft-bill-][aria-pressed=true]").count():
            self.done_windows.add(window)
            return False
        bills = page.locator("[data-testid^=draft-bill-]:enabled")
        count = bills.count()
        if count == 0:
            return False
        self.screenshot("draft")
        if round_ >= 6 and self.click(sel("lost-and-found")):
            self.done_windows.add(window)
            self.note(f"round {round_}: Lost and Found")
            return True
        # One tap on Broken Machine only asks (it redeals for everyone); the confirm acts.
        if (
            round_ == 7
            and self.click(sel("broken-machine"))
            and self.click(sel("broken-machine-confirm"))
        ):
            self.note(f"round {round_}: Broken Machine")  # a new window opens: pick again
            return True
        if round_ in (2, 5) and self.index in (1, 2):
            target = 0  # two players collide on purpose: Vault raids, dice, maybe Alarms
        elif round_ in (2, 5):
            target = count - 1
        else:
            target = min(self.index, count - 1)
        testid = bills.nth(target).get_attribute("data-testid") or ""
        if round_ == 1 and self.index == 0 and count > 1:
            # Pick one bill, then change your mind (DRAFT-2).
            other = bills.nth(1).get_attribute("data-testid") or ""
            self.click(sel(other))
            self.settle()
            self.note(f"round {round_}: picked {other} first")
        if self.index == 1:
            ok = self.press(sel(testid), "Enter")  # by keyboard
        elif self.index == 2 and round_ % 2:
            ok = self.press(sel(testid), " ")
        else:
            ok = self.click(sel(testid))
        if ok:
            self.done_windows.add(window)
            self.note(f"round {round_}: picked {testid}")
        return ok

    # ------------------------------------------------------------ Alarm

    def alarm(self) -> bool:
        page = self.page
        types = page.locator("[data-testid^=alarm-type-]")
        if types.count():
            types.first.click()
            self.click(sel("pay-auto"))
            if self.enabled(sel("alarm-buy")):
                self.note("alarm purchase")
                return self.click(sel("alarm-buy"))
        self.note("alarm discard")
        return self.click(sel("alarm-discard"))

    # ------------------------------------------------------------ purchases

    def purchase(self, window: str, round_: int) -> bool:
        if window in self.done_windows:
            return False
        page = self.page
        if page.locator(sel("purchase-panel")).count() == 0:
            return False
        self.screenshot("purchase")
        self.done_windows.add(window)
        if self.index == 0 and self.weapon_choice():
            return True
        saving = (self.index == 0 and round_ <= 3) or (self.index == 1 and round_ == 8)
        if saving or (self.index == 2 and round_ == 3):
            self.note(f"round {round_}: skip")
            return self.press(sel("skip-purchase"))
        for kind in ADDITIONS_BY_COST:
            if self.enabled(sel(f"choose-{kind}")):
                self.click(sel(f"choose-{kind}"))
                self.click(sel("pay-auto"))
                if self.click(sel("confirm-purchase")):
                    self.note(f"round {round_}: bought {kind}")
                    return True
                break
        self.note(f"round {round_}: skip")
        return self.click(sel("skip-purchase"))

    def weapon_choice(self) -> bool:
        page = self.page
        offers = page.locator("[data-testid^=choose-]:enabled")
        for i in range(offers.count()):
            testid = offers.nth(i).get_attribute("data-testid") or ""
            weapon = testid.removeprefix("choose-")
            if weapon in ADDITIONS_BY_COST:
                continue
            self.click(sel(testid))
            for prefix in ("email-type-", "jackpot-target-"):
                targets = page.locator(f"[data-testid^={prefix}]")
                if targets.count():
                    targets.first.click()
            self.click(sel("pay-auto"))
            if self.click(sel("confirm-purchase")):
                self.note(f"bought weapon {weapon}")
                return True
            self.click(sel("back-to-shop"))
            return False
        return False

    # ------------------------------------------------------------ bribery

    def bribe(self, phase: str, window: str) -> bool:
        page = self.page
        if page.locator(sel("bribery-panel")).count() == 0:
            return False
        self.screenshot(phase)
        if window not in self.bribed_windows:
            self.bribed_windows.add(window)
            if phase == "bribe_protect" and self.protect():
                return True
            if phase == "bribe_counter" and self.counter():
                return True
            if phase == "bribe_entries" and self.entries():
                return True
        if self.click(sel("bribe-done")):
            self.note(f"{phase}: done")
            return True
        return False

    def protect(self) -> bool:
        buttons = self.page.locator("[data-testid^=protect-]:enabled")
        if buttons.count() == 0:
            return False
        buttons.first.click()
        self.click(sel("pay-auto"))
        if self.click(sel("confirm-protect")):
            self.note("protected a copy")
            return True
        return False

    def counter(self) -> bool:
        buttons = self.page.locator("[data-testid^=counter-]:enabled")
        if buttons.count() == 0:
            return False
        buttons.first.click()
        self.click(sel("pay-auto"))
        if self.click(sel("confirm-counter")):
            self.note("countered a protection")
            return True
        return False

    def entries(self) -> bool:
        page = self.page
        if page.locator(sel("entries-checkout")).count() == 0:
            return False
        if not self.click(sel("pay-auto")):
            return False
        kinds = ADDITIONS_BY_COST[self.index % len(ADDITIONS_BY_COST) :] + ADDITIONS_BY_COST
        for _ in range(10):
            if self.enabled(sel("confirm-entries")):
                break
            for kind in kinds:
                if self.click(sel(f"split-inc-{kind}")):
                    break
        if self.click(sel("confirm-entries")):
            self.note("bought entries")
            return True
        return False
