"""What a client sends over HTTP: the bodies of creating and joining a room, and the base
models every client message shares (protocol.py has the socket's).

Their schema says what the server enforces, so no schema-valid request is refused: `game`
lists the games this server hosts and each one's settings, `join_key`'s pattern is the whole
rule, and a name's rule, which Unicode categories decide and no JSON Schema keyword can
state, is named by its `format`.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

from .. import games
from ..games import DEFAULT_GAME, GameDefinition
from ..rooms.lobby_actions import GameSettings


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Input(Strict):
    """What a client sends: each value of its JSON type, never converted (`"60"` is not a
    timer, `1.0` and `true` are not window 1, `"no"` is not false); else `bad_message`."""

    model_config = ConfigDict(strict=True)  # merged with Strict's


NAME_FORMAT = "display-name"
Name = Annotated[
    str,
    Field(
        min_length=1,
        max_length=24,
        description="1 to 24 visible characters once trimmed and NFKC-normalised; no control, "
        "format, invisible or unassigned characters (docs/protocol.md, HTTP): else bad_name.",
        json_schema_extra={"format": NAME_FORMAT},
    ),
]

GameName = Annotated[str, Field(min_length=1, max_length=32, pattern=r"^[a-z][a-z0-9_]*$")]


def _settings_schema(game: GameDefinition) -> dict[str, Any]:
    choices = {s.key: {"enum": list(s.choices)} for s in game.settings}
    return {"type": "object", "properties": choices, "additionalProperties": False}


def _hosted_games(schema: dict[str, Any]) -> None:
    """The games registered when the schema is made, which is after the app loaded the
    operator's (LAUNDERMAT_EXTRA_GAMES), and each one's settings: one branch per game, the
    default game's taking a body without `game`. The server answers anything else 400
    (`unknown_game`, `bad_message`), so the document says so."""
    hosted = games.catalog().games
    schema["properties"]["game"]["enum"] = [g.name for g in hosted]
    schema["anyOf"] = [
        {
            "properties": {"game": {"const": g.name}, "settings": _settings_schema(g)},
            **({} if g.name == DEFAULT_GAME else {"required": ["game"]}),
        }
        for g in hosted
    ]


# This browser's id (128 random bits, URL-safe base64), the same for every room it joins:
# a host's bar on a player holds the browser they joined from (rooms/bars.py). The room
# keeps only its hash with the room's code. Optional: a client without one is barred by name.
Device = Annotated[str, Field(min_length=22, max_length=64, pattern=r"^[A-Za-z0-9_-]{22,64}$")]


class CreateRoom(Input):
    model_config = ConfigDict(json_schema_extra=_hosted_games)

    name: Name
    game: GameName = DEFAULT_GAME
    settings: GameSettings = Field(default_factory=dict)
    device: Device | None = None
    # Learn to play: the game starts at once with bots at relaxed timers, and hints for the
    # creator (rooms/coach.py); `settings` are the lesson's own then.
    learn: bool = False


# A secret the client makes for one join: at least 128 random bits, URL-safe base64. One of
# fewer than 8 distinct characters is no random key (22 random ones have ~19) and would let
# anyone who guesses the pattern take the seat. The pattern is the whole rule, so the schema
# states it: the first look-ahead bounds the length before any counting (`(?![\s\S])` is the
# string's end in ECMA-262 and Python alike, where `$` would let a trailing newline through);
# then eight times a character that does not occur again, i.e. the last occurrences of eight
# different characters.
JOIN_KEY_SYMBOLS = 8
JOIN_KEY_PATTERN = (
    r"^(?=[A-Za-z0-9_-]{22,64}(?![\s\S]))"
    r"(?:[A-Za-z0-9_-]*?([A-Za-z0-9_-])(?![A-Za-z0-9_-]*\1))" + f"{{{JOIN_KEY_SYMBOLS}}}"
)
JoinKey = Annotated[str, Field(min_length=22, max_length=64, pattern=JOIN_KEY_PATTERN)]


class JoinRoom(Input):
    # Python's re for JOIN_KEY_PATTERN: the default engine has no look-ahead or back-reference.
    model_config = ConfigDict(regex_engine="python-re")

    name: Name
    # Optional. Sent again with a join whose answer was lost, it gets the same seat back
    # with a new token instead of `name_taken` (docs/protocol.md, "Joining").
    join_key: JoinKey | None = None
    device: Device | None = None
