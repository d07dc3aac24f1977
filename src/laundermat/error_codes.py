"""The stable error codes the platform sends, besides each game's own refusals, with the
sentence for each: the web layer's, then the rooms' (rooms/errors.py).

The server publishes them (web/protocol.py, `GET /api/protocol.json`) and its clients read
them (bots/ws_bot.py tells a platform error from a game's refusal by them), so they live
below both: a client that speaks the protocol need not import the server.
"""

from __future__ import annotations

from .rooms.errors import MESSAGES as ROOM_MESSAGES

SERVER_ERROR_CODES = {
    # The web layer's own.
    "bad_json": "The message is not valid JSON.",
    "too_big": "The message is larger than the server accepts.",
    "rate_limited": "Too many messages; the connection will close.",
    "hello_first": "Send hello (or spectate) before anything else.",
    "hello_timeout": "No hello or spectate soon enough after connecting; the socket closes.",
    "spectator": "Spectators cannot act.",
    "origin_not_allowed": "This origin may not connect.",
    "bad_host": "This server does not serve the host name the request was sent to.",
    "too_many_requests": "Too many requests from this address; try again shortly.",
    "not_found": "No such game.",
    "forbidden": "This address may not read this resource.",
    "bad_request": "The HTTP request is not one this route accepts (e.g. the wrong method).",
    "internal": "Something went wrong on the server.",
    # The operator's console (web/admin.py) and what it does.
    "unauthorized": "The operator's token is missing or wrong.",
    "blocked": "This address is blocked for a while.",
    "draining": "This server is draining: it takes no new rooms. Try again in a moment.",
    # The rooms' (rooms/errors.py), each sentence written once, there.
    **{str(code): text for code, text in ROOM_MESSAGES.items()},
}
