"""HTTPS through nginx (issue 35, part 5): deploy/nginx/tls.conf, rendered with a self-signed
pair, serves a Goblin Laundromat game that one person plays in Chromium with two bots, to the
end screen, whose fairness check runs in the browser. The same finished game's replay over
plain http:// from a name that is not this computer (as a phone reaches a laptop on the
Wi-Fi: http://192.168.x.x) has no SubtleCrypto, and says plainly that the check could not run
and why. Chromium maps the name to loopback (--host-resolver-rules); nothing else is faked."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from ..cluster.services import Nginx
from ..web.conftest import ServerProcess
from .conftest import CHROMIUM, CHROMIUM_ARGS, PHONE, TIME_SCALE
from .driver import sel
from .goblin_seat import GoblinSeat, play_to_the_end
from .test_goblin_bots import add_bot, finished_game_id
from .test_goblin_game import check_final, create_goblin_room

pytestmark = [pytest.mark.browser, pytest.mark.timeout(420)]

HOST = "laundermat.test"  # not this computer's name: only HTTPS makes its pages secure


def self_signed(into: Path) -> None:
    into.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        [
            *("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"),
            *("-subj", f"/CN={HOST}", "-addext", f"subjectAltName=DNS:{HOST}"),
            *("-keyout", str(into / "key.pem"), "-out", str(into / "cert.pem")),
        ],
        check=True,
        capture_output=True,
        timeout=60,
    )


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str, str]]:
    """(https:// through nginx, plain http:// to the app, both by the name HOST; the app's
    loopback address, for the test's own requests)."""
    tmp = tmp_path_factory.mktemp("https")
    app = ServerProcess(f"sqlite+aiosqlite:///{tmp / 'db.sqlite'}", tmp / "server.log")
    nginx = Nginx(tmp, "tls.conf", [f"127.0.0.1:{app.port}"])
    secure, plain = f"https://{HOST}:{nginx.port}", f"http://{HOST}:{app.port}"
    app.env |= {
        "LAUNDERMAT_TIME_SCALE": str(TIME_SCALE),
        "LAUNDERMAT_ALLOWED_ORIGINS": f"{secure},{plain}",
        "LAUNDERMAT_ALLOWED_HOSTS": HOST,
    }
    app.start()
    self_signed(nginx.prefix / "conf")
    try:
        nginx.start()
        yield secure, plain, app.url
    finally:
        nginx.stop()
        app.stop()


@pytest.fixture(scope="module")
def named_browser(browser: Browser) -> Iterator[Browser]:
    """Chromium that resolves HOST to this computer, as a LAN's DNS would resolve a laptop."""
    executable = shutil.which(CHROMIUM)
    assert executable
    rules = f"--host-resolver-rules=MAP {HOST} 127.0.0.1"
    other = browser.browser_type.launch(executable_path=executable, args=[*CHROMIUM_ARGS, rules])
    yield other
    other.close()


def phone(browser: Browser) -> Page:
    context = browser.new_context(  # reduced motion: the animations have tests of their own
        viewport=PHONE, ignore_https_errors=True, has_touch=True, reduced_motion="reduce"
    )
    return context.new_page()


def test_a_game_over_https_checks_its_fairness_and_plain_http_says_why_it_cannot(
    named_browser: Browser, site: tuple[str, str, str]
) -> None:
    secure, plain, api = site
    page = phone(named_browser)
    code = create_goblin_room(page, secure, "Ana", timer=15)
    assert page.evaluate("isSecureContext") is True
    add_bot(page, 2)
    add_bot(page, 3)
    page.click(sel("start-game"))
    play_to_the_end([GoblinSeat(page, "Ana", 0, risk=0.25)])
    check_final(page, ["Ana", "Bot Ada", "Bot Alan"])
    check = page.locator(sel("reveal-check"))
    expect(check).to_contain_text("Checked in your browser")

    game_id = finished_game_id(api, code)
    insecure = phone(named_browser)
    insecure.goto(f"{plain}/replay/{game_id}")
    expect(insecure.locator(sel("replay-board"))).to_be_visible()
    assert insecure.evaluate("isSecureContext") is False
    insecure.click(sel("replay-last"))
    line = insecure.locator(sel("reveal-check"))
    expect(line).to_contain_text("could not check the reveal here")
    expect(line).to_contain_text("served over HTTPS")
    # The same replay over HTTPS checks it.
    page.goto(f"{secure}/replay/{game_id}")
    page.click(sel("replay-last"))
    expect(page.locator(sel("reveal-check"))).to_contain_text("Checked in your browser")
