"""Who may use the operator's console (web/admin.py): the holder of LAUNDERMAT_ADMIN_TOKEN.

The token comes in an `Authorization: Bearer` header (the command line, `laundermat admin`)
or once through the login form, which answers with a session cookie. Never in a URL, so no
access log, proxy log or browser history holds it; and nothing here logs it.

- Compared in constant time: both sides are hashed first, so neither the token's bytes nor
  its length shows in the time a refusal takes (`hmac.compare_digest` over SHA-256 digests).
- Rate-limited: every refusal counts against the client's address
  (`admin_attempts_per_minute`, shared through Redis in a cluster); past the limit every
  attempt from it answers `too_many_requests`, the right token included, so guessing stops.
- The session cookie is signed, not stored: `expires.name.HMAC(key, expires.name)` with a
  key derived from the token. Every replica holding the same token accepts it, a changed
  token ends every session, and nothing is kept per session. HttpOnly, SameSite=Strict,
  Secure when the page came over https.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import logging
import re
import time
from dataclasses import dataclass

from fastapi import Request

from .limits import Limiter, limit_key

log = logging.getLogger("laundermat.admin")

COOKIE = "laundermat_admin"
# Printable, no separators: a name goes into the cookie and into the audit log.
NAME = re.compile(r"[A-Za-z0-9 ._@+-]{1,40}")
DEFAULT_NAME = "operator"


class Refused(Exception):
    """Not the operator: `code` is `unauthorized` or `too_many_requests`."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


@dataclass(frozen=True)
class Operator:
    """Who acts: the name they gave (or `operator`) and the address they came from."""

    name: str
    address: str

    @property
    def who(self) -> str:
        return f"{self.name}@{self.address}"


def operator_name(given: str | None) -> str:
    given = (given or "").strip()
    return given if NAME.fullmatch(given) else DEFAULT_NAME


def _digest(value: str) -> bytes:
    return hashlib.sha256(value.encode("utf-8", "surrogatepass")).digest()


class OperatorAuth:
    def __init__(self, token: str, session_s: float, failures: Limiter) -> None:
        self._token = _digest(token)
        self._key = hmac.new(token.encode(), b"laundermat admin session", "sha256").digest()
        self.session_s = session_s
        self.failures = failures

    def token_matches(self, given: str) -> bool:
        return hmac.compare_digest(_digest(given), self._token)

    def cookie(self, name: str, now: float | None = None) -> str:
        expires = int((now or time.time()) + self.session_s)
        encoded = base64.urlsafe_b64encode(name.encode()).decode().rstrip("=")
        payload = f"{expires}.{encoded}"
        return f"{payload}.{self._sign(payload)}"

    def cookie_name(self, cookie: str, now: float | None = None) -> str | None:
        """The operator's name in a valid, unexpired cookie, else None."""
        payload, _, mac = cookie.rpartition(".")
        if not payload or not hmac.compare_digest(self._sign(payload), mac):
            return None
        expires, _, encoded = payload.partition(".")
        if not expires.isdigit() or int(expires) < (now or time.time()):
            return None
        try:
            name = base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4)).decode()
        except ValueError:
            return None
        return operator_name(name)

    def _sign(self, payload: str) -> str:
        return hmac.new(self._key, payload.encode(), "sha256").hexdigest()

    async def check_token(self, given: str, address: str) -> None:
        """Raises Refused unless `given` is the token and `address` has attempts left."""
        key = limit_key(address)
        if await self.failures.blocked(key):
            raise Refused("too_many_requests")
        if not self.token_matches(given):
            await self.failures.allow(key)  # counts the failure
            log.warning("admin token refused", extra={"address": key})
            raise Refused("unauthorized")

    async def operator(self, request: Request) -> Operator:
        """The operator behind this request (header or cookie), or Refused."""
        address = request.client.host if request.client else "?"
        scheme, _, given = request.headers.get("authorization", "").partition(" ")
        if scheme.lower() == "bearer" and given:
            await self.check_token(given.strip(), address)
            return Operator(operator_name(request.headers.get("x-operator")), address)
        name = self.cookie_name(request.cookies.get(COOKIE, ""))
        if name is None:
            if await self.failures.blocked(limit_key(address)):
                raise Refused("too_many_requests")
            raise Refused("unauthorized")
        return Operator(name, address)
