"""Pure ASGI middleware: security headers on every HTTP response, and a cap on request bodies.

Pure ASGI (not Starlette's BaseHTTPMiddleware) so neither buffers a body or a response, and
WebSocket scopes pass straight through (the socket has its own limits: max_message_bytes).
"""

from __future__ import annotations

import contextlib

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .protocol import ErrorBody


# The client is same-origin ES modules and stylesheets: nothing third-party, nothing inline
# but the page's own stylesheets, each allowed by the hash of its text (web/pages.py inlines
# the shell's so that the first paint waits for no second request).
# connect-src 'self' covers ws:/wss: to the page's own host (CSP Level 3, which Chromium,
# Firefox and Safari follow). img-src needs data: for nothing today; it is left out on purpose.
def content_security_policy(style_hashes: tuple[str, ...] = ()) -> str:
    """The policy, with `'sha256-...'` style sources for inline sheets of exactly those texts."""
    styles = " ".join(["'self'", *(f"'sha256-{digest}'" for digest in style_hashes)])
    return "; ".join(
        [
            "default-src 'self'",
            "script-src 'self'",
            f"style-src {styles}",
            "img-src 'self'",
            "connect-src 'self'",
            "object-src 'none'",
            "base-uri 'none'",
            "form-action 'self'",
            "frame-ancestors 'none'",
        ]
    )


CONTENT_SECURITY_POLICY = content_security_policy()

SECURITY_HEADERS: list[tuple[bytes, bytes]] = [
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),  # join links carry room codes
    (b"x-frame-options", b"DENY"),  # frame-ancestors for browsers that predate it
    (b"cross-origin-opener-policy", b"same-origin"),
]


# Sent only when the public URL is https (the TLS proxy's): a browser then never tries the
# game over plain HTTP again, where a seat token in a body could be read on the way.
HSTS = (b"strict-transport-security", b"max-age=31536000")


class SecurityHeaders:
    """Adds SECURITY_HEADERS to every HTTP response, errors and static files included, and
    HSTS when the players' URL is https."""

    def __init__(self, app: ASGIApp, https: bool = False) -> None:
        self.app = app
        self.headers = [*SECURITY_HEADERS, HSTS] if https else SECURITY_HEADERS

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {name.lower() for name, _ in message.get("headers", [])}
                extra = [(n, v) for n, v in self.headers if n not in names]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, send_with_headers)


class BodyTooBig(Exception):
    """Raised into the app when a streamed body passes the cap (the app's reply is dropped)."""


class BodyLimit:
    """Answers 413 `too_big` to a body larger than `max_bytes`: at once when Content-Length
    says so (the body is never read), and as soon as a streamed or chunked body passes the
    cap. Either way the connection is closed, so the rest of the body is not read either."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _content_length(scope)
        if declared is not None and declared > self.max_bytes:
            await self._refuse(send)
            return

        received = 0
        too_big = False
        started = False

        async def counting_receive() -> Message:
            nonlocal received, too_big
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_bytes:
                    too_big = True
                    raise BodyTooBig
            return message

        async def guarded_send(message: Message) -> None:
            nonlocal started
            if too_big:  # the app's own answer to the aborted read (a 400 or a 500) is dropped
                return
            started = started or message["type"] == "http.response.start"
            await send(message)

        with contextlib.suppress(BodyTooBig):  # whatever the app made of it, 413 answers
            await self.app(scope, counting_receive, guarded_send)
        if too_big and not started:
            await self._refuse(send)

    async def _refuse(self, send: Send) -> None:
        body = ErrorBody(
            code="too_big",
            message=f"The request body is larger than the server accepts ({self.max_bytes} bytes).",
        ).model_dump_json()
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    (b"connection", b"close"),  # do not read the rest of the body to keep alive
                ],
            }
        )
        await send({"type": "http.response.body", "body": body.encode()})


def _content_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", []):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None  # uvicorn refuses a malformed Content-Length before we see it
    return None
