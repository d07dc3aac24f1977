"""Browser tests: a real `laundermat serve` and the system's headless Chromium.

The server runs as a process of its own (forked: tests/forkserver.py) on a free port with a
temporary SQLite database and the test-only LAUNDERMAT_TIME_SCALE, so a 30 s window lasts a
few seconds. Playwright drives Debian's `chromium` (Playwright's own browser download does
not work here).

Every page made through `open_page` records console errors, uncaught exceptions and
Content-Security-Policy violations; a test fails if any occurred (`console_errors` is checked
in each test's teardown).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

import httpx
import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    Page,
    Playwright,
    ViewportSize,
    sync_playwright,
)

from laundermat.bots.server_process import free_port

from .. import forkserver
from ..waits import until

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "tests" / "artifacts"
TIME_SCALE = 0.25  # 30 s windows last 7.5 s: long enough for three pages driven in turn
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
CHROMIUM = os.environ.get("E2E_CHROMIUM", "chromium-headless-shell")  # docs/testing.md, "Browsers"
PHONE: ViewportSize = {"width": 390, "height": 844}
NARROW_PHONE: ViewportSize = {"width": 360, "height": 740}
# For page.wait_for_function: the page stayed where it was for two frames. A scroll the last
# render began is over (a smooth one moves the page every frame), or none was made.
SCROLL_STILL_JS = """() => new Promise((resolve) => { const y = scrollY;
  requestAnimationFrame(() => requestAnimationFrame(() => resolve(scrollY === y))); })"""
LAPTOP: ViewportSize = {"width": 1366, "height": 768}  # the most common laptop screen
SMALL_PHONE: ViewportSize = {"width": 360, "height": 640}

# Each part on the first screen: below the sticky status bar, above the screen's bottom edge,
# and the thing a tap at its centre reaches (nothing sticky over it).
ON_FIRST_SCREEN_JS = """(ids) => {
  const bar = document.querySelector('[data-testid=phase-bar]').getBoundingClientRect();
  return ids.map((id) => {
    const el = document.querySelector(`[data-testid=${id}]`);
    if (!el) return `${id}: missing`;
    const r = el.getBoundingClientRect();
    const at = `${Math.round(r.top)}..${Math.round(r.bottom)} of ${innerHeight} (y ${scrollY})`;
    if (r.top < bar.bottom - 1 || r.bottom > innerHeight + 0.5) return `${id}: at ${at}`;
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit === el || el.contains(hit) ? null : `${id}: under ${hit?.outerHTML.slice(0, 50)}`;
  }).filter(Boolean);
}"""


@pytest.fixture(scope="session")
def server_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    base = os.environ.get("E2E_BASE_URL")  # run against a server someone already started
    if base:
        yield base.rstrip("/")
        return
    tmp = tmp_path_factory.mktemp("e2e-server")
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("LAUNDERMAT_")}
    env.pop("DATABASE_URL", None)
    env.update(
        LAUNDERMAT_DATABASE_URL=f"sqlite+aiosqlite:///{tmp / 'e2e.db'}",
        LAUNDERMAT_TIME_SCALE=str(TIME_SCALE),
        LAUNDERMAT_JSON_LOGS="false",
        # Three pages and a few refreshes from one address: keep the limits out of the way.
        LAUNDERMAT_JOIN_ATTEMPTS_PER_MINUTE="1000",
        LAUNDERMAT_ROOM_CREATIONS_PER_MINUTE="1000",
    )
    log_path = tmp / "server.log"
    proc = forkserver.popen(["serve", "--port", str(port)], env, log_path)
    url = f"http://127.0.0.1:{port}"

    def healthy() -> bool:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited:\n{log_path.read_text()[-3000:]}")
        try:
            return httpx.get(url + "/healthz", timeout=1).status_code == 200
        except httpx.HTTPError:
            return False

    try:
        until(healthy, lambda: f"server did not start:\n{log_path.read_text()[-3000:]}")
        yield url
        # Issue 13: every game the browser suite finished verifies from its public record.
        from laundermat.verify import problems

        finished = httpx.get(url + "/api/history", params={"limit": 200}).json()
        checked = {
            g["game_id"]: problems(httpx.get(f"{url}/api/games/{g['game_id']}/replay").json())
            for g in finished
        }
        assert not any(checked.values()), checked
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


# Under `make test` (pytest-xdist, --dist loadgroup) the browser files run in two groups, each
# on one worker: two Chromiums and two servers at a time instead of one per worker, since four
# at once on two cores slowed each whole game fivefold. Balanced by their times alone.
BROWSER_GROUPS = {
    "browser-a": {
        *("test_browser", "test_bots", "test_table_ux", "test_accessibility"),
        *("test_csp", "test_catalog", "test_join_retry", "test_timer", "test_tv"),
        *("test_admin", "test_laundermat_decisions"),
    },
    "browser-b": {
        *("test_goblin_game", "test_goblin_bots", "test_replay", "test_goblin_screens"),
        *("test_client_states", "test_moments", "test_https", "test_coach"),
        *("test_worker", "test_tv_crowd"),
    },
}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if item.path.parent != here:
            continue
        group = next((g for g, files in BROWSER_GROUPS.items() if item.path.stem in files), None)
        if group is None:
            raise pytest.UsageError(f"{item.path.name}: add it to a group in BROWSER_GROUPS")
        item.add_marker(pytest.mark.xdist_group(group))


# Package scope, not session: Playwright's sync API keeps an event loop running while it is
# open, which would break every later test that calls asyncio.run().
@pytest.fixture(scope="package")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as p:
        yield p


def launch(playwright: Playwright, name: str) -> Browser:
    executable = shutil.which(name)
    if executable is None:
        pytest.fail(f"No {name}: install it with `apt-get install -y {name}`.")
    return playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)


# Debian's headless shell (Chromium's old headless mode, without the browser's own UI and
# services) is the same engine as `chromium` at about 80 % of its CPU in a whole game. It has
# no notifications: a test of them is marked `whole_chromium`. E2E_CHROMIUM=chromium runs
# every test on the whole browser.
@pytest.fixture(scope="package")
def browser(playwright: Playwright) -> Iterator[Browser]:
    instance = launch(playwright, CHROMIUM)
    yield instance
    instance.close()


@pytest.fixture(scope="package")
def whole_chromium(playwright: Playwright) -> Iterator[Browser]:
    instance = launch(playwright, "chromium")
    yield instance
    instance.close()


# The server sends a strict Content-Security-Policy. Chromium logs what it blocks as a
# console error, but not every block is logged the same way (or at all, in some versions), so
# each page also reports every `securitypolicyviolation` event as a console error itself.
REPORT_CSP_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", (e) => console.error(
  `CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || "inline"}` +
  ` (${e.sourceFile || "?"}:${e.lineNumber})`));
"""


@dataclass
class ConsoleLog:
    errors: list[str] = field(default_factory=list)

    def watch(self, page: Page, label: str) -> None:
        page.add_init_script(REPORT_CSP_VIOLATIONS)
        page.on(
            "console",
            lambda msg: (
                self.errors.append(f"{label}: console.{msg.type}: {msg.text}")
                if msg.type == "error" or "Content Security Policy" in msg.text
                else None
            ),
        )
        page.on("pageerror", lambda exc: self.errors.append(f"{label}: pageerror: {exc}"))


@pytest.fixture
def console_errors() -> Iterator[ConsoleLog]:
    log = ConsoleLog()
    yield log
    assert log.errors == [], "console errors:\n" + "\n".join(log.errors)


OpenPage = Callable[..., Page]


@pytest.fixture
def open_page(
    browser: Browser, console_errors: ConsoleLog, request: pytest.FixtureRequest
) -> Iterator[OpenPage]:
    """A new page in its own context (its own localStorage: a separate phone). In a test
    marked `calm`, every page asks for reduced motion, as some players' phones do; in one
    marked `whole_chromium`, the pages are the whole browser's.

    The client's service worker (static/sw.js) runs only in a context made with worker=True
    (test_worker.py): elsewhere each new context would first download the whole client for
    it, on a suite whose time is precious, and a test's own routes (page.route) would not see
    what the worker answers."""
    if request.node.get_closest_marker("whole_chromium"):
        browser = request.getfixturevalue("whole_chromium")
    contexts = []
    motion: Literal["reduce", "no-preference"] = (
        "reduce" if request.node.get_closest_marker("calm") else "no-preference"
    )

    def make(
        label: str,
        viewport: ViewportSize = PHONE,
        setup: Callable[[BrowserContext], None] | None = None,
        touch: bool = False,  # a phone's touch screen: no hover, a coarse pointer
        locale: str | None = None,  # the browser's language (navigator.languages, Accept-Language)
        worker: bool = False,  # the client's service worker allowed (see above)
    ) -> Page:
        context = browser.new_context(
            viewport=viewport,
            device_scale_factor=1,
            has_touch=touch,
            is_mobile=touch,
            reduced_motion=motion,
            locale=locale,
            service_workers="allow" if worker else "block",
        )
        context.set_default_timeout(15_000)
        contexts.append(context)
        if setup is not None:
            setup(context)
        page = context.new_page()
        console_errors.watch(page, label)
        kinds = FRAMES.setdefault(id(page), Counter())
        page.on("websocket", lambda ws: ws.on("framereceived", lambda f: _count(kinds, f)))
        return page

    yield make
    for context in contexts:
        context.close()


# The message types each page received on its sockets, by id(page): the game flow tests check
# that they played on deltas (docs/protocol.md, "Deltas").
FRAMES: dict[int, Counter[str]] = {}


def _count(kinds: Counter[str], frame: str | bytes) -> None:
    text = frame if isinstance(frame, str) else frame.decode()
    kinds[text[9:24].split('"')[0]] += 1  # {"type":"KIND",...
    if ',"ack":"' in text[-80:]:  # a view or patch carrying its sender's ack (protocol.md, "Acks")
        kinds["inline_ack"] += 1


def frames(page: Page) -> Counter[str]:
    return FRAMES.get(id(page), Counter())


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
