"""Each room error code has one sentence, written once (rooms/errors.py), and the web layer
publishes those sentences rather than copies."""

from __future__ import annotations

from laundermat.rooms.errors import MESSAGES, RoomCode, RoomError
from laundermat.web.protocol import SERVER_ERROR_CODES


def test_every_room_error_code_has_its_sentence_once() -> None:
    assert set(MESSAGES) == set(RoomCode)
    assert RoomError("room_full").message == MESSAGES[RoomCode.ROOM_FULL]
    assert all(SERVER_ERROR_CODES[code] == MESSAGES[code] for code in RoomCode)
