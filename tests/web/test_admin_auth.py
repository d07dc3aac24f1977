"""The console's credentials, in-process (web/admin_auth.py; the server-side story is in
test_admin.py): the signed session cookie holds only a name and an expiry, and any change
to it, an expired one, or one signed under another token is no session; names are cleaned
before they reach a cookie or the audit log; blocks lift themselves (web/blocks.py)."""

from __future__ import annotations

import asyncio

from laundermat.web.admin_auth import OperatorAuth, Refused, operator_name
from laundermat.web.blocks import Blocklist
from laundermat.web.limits import LocalLimiter

TOKEN = "a-token-for-the-unit-tests-0123456789"


def auth(token: str = TOKEN, attempts: int = 3) -> OperatorAuth:
    return OperatorAuth(token, session_s=3600, failures=LocalLimiter(attempts))


def test_a_cookie_is_a_session_until_it_expires_and_only_unchanged() -> None:
    cookie = auth().cookie("Ada", now=1_000_000)
    assert TOKEN not in cookie
    assert auth().cookie_name(cookie, now=1_000_000 + 3599) == "Ada"
    assert auth().cookie_name(cookie, now=1_000_000 + 3601) is None  # expired
    expires, name, mac = cookie.split(".")
    longer = f"{int(expires) + 86_400}.{name}.{mac}"  # a later expiry, the same signature
    assert auth().cookie_name(longer, now=1_000_000) is None
    assert auth(token="another-token-entirely-0123456789").cookie_name(cookie, now=1) is None
    for broken in ("", "x", "..", f"{expires}.{name}.", cookie + "0"):
        assert auth().cookie_name(broken, now=1_000_000) is None


def test_names_are_cleaned_for_the_log() -> None:
    assert operator_name("Ada Lovelace") == "Ada Lovelace"
    for given in (None, "", "   ", 'x"}', "new\nline", "ö" * 3, "a" * 41):
        assert operator_name(given) == "operator"


def test_refusals_are_counted_and_then_refuse_the_right_token_too() -> None:
    async def go() -> list[str]:
        checker, codes = auth(attempts=2), []
        for given in ("wrong-1", "wrong-2", TOKEN):
            try:
                await checker.check_token(given, "203.0.113.5")
                codes.append("ok")
            except Refused as exc:
                codes.append(exc.code)
        await checker.check_token(TOKEN, "198.51.100.1")  # another address is not held back
        return codes

    assert asyncio.run(go()) == ["unauthorized", "unauthorized", "too_many_requests"]


def test_a_block_covers_an_ipv6_64_and_lifts_when_asked() -> None:
    blocks = Blocklist()
    assert blocks.add("2001:db8:1:2::5", 60) is not None
    assert blocks.holds("2001:db8:1:2:ffff::1")  # the same /64
    assert not blocks.holds("2001:db8:1:3::5")
    assert blocks.add("2001:db8:1:2::9", 0) is None  # 0 lifts it
    assert not blocks.holds("2001:db8:1:2::5") and blocks.current() == []
    blocks.add("192.0.2.1", -1)
    assert not blocks.holds("192.0.2.1")
