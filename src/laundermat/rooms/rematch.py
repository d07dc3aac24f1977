"""After a game: who plays the next one (issue 30).

Each person at the table answers "Play again?" (`ready`, saved with the room record). The
next game starts by itself once every present person is ready (present: not away, GEN-4,
and not gone with `leave`), or when the host starts it with those who are (`rematch`). Only
the ready play: nobody is dragged into a game they did not ask for.

- The bots the host added play again (they are always ready), as many as fit beside the
  ready people. Empty seats get new bots only if the host asks (`rematch` with `on: true`):
  up to the finished game's table size (at least the game's minimum).
- Too few players for the game: the host is told `not_enough_players`, and a table that is
  all ready waits (for the host's bots, or for someone to come back).
- A person who said `leave` after the game leaves the room when the next one starts (until
  then the end screen still names them). Anyone else who is not ready stays in the room
  without a seat: they watch the game, and may say they are ready once it is over.

These are plain changes to the Lobby (nothing here waits or writes); hosting.py makes them
durable with the game they start, or puts them back.
"""

from __future__ import annotations

from .errors import RoomError
from .lobby import Lobby, RoomStatus
from .members import Member


def present(m: Member) -> bool:
    """A person who would hold up the next game by not answering."""
    return not m.bot and not m.left and not m.away


def set_ready(lobby: Lobby, member: Member, on: bool) -> None:
    if lobby.status is not RoomStatus.FINISHED:
        raise RoomError("not_finished", "Ready is said after a game, for the next one.")
    member.ready = on


def everyone_ready(lobby: Lobby) -> bool:
    """Every present person is ready (one at least), and the game takes that many players."""
    if lobby.status is not RoomStatus.FINISHED:
        return False
    people = [m for m in lobby.members if present(m)]
    return bool(people) and all(m.ready for m in people) and _short(lobby, fill=False) == 0


def _plan(lobby: Lobby, fill: bool) -> tuple[list[Member], list[Member], int]:
    """(the ready people, the bots that fit beside them, how many new bots `fill` brings:
    up to the finished game's table size, and at least the game's minimum)."""
    d = lobby.definition
    people = [m for m in lobby.members if m.ready and not m.bot and not m.left]
    bots = [m for m in lobby.members if m.bot][: d.max_players - len(people)]
    new = 0
    if fill:
        last = sum(1 for m in lobby.members if m.seat is not None)
        new = max(0, min(d.max_players, max(d.min_players, last)) - len(people) - len(bots))
    return people, bots, new


def _short(lobby: Lobby, fill: bool) -> int:
    """How many players the next game lacks (a game needs one ready person at least)."""
    people, bots, new = _plan(lobby, fill)
    lacking = lobby.definition.min_players - len(people) - len(bots) - new
    return max(0, lacking) if people else lobby.definition.min_players


def line_up(lobby: Lobby, fill: bool, now_ms: int) -> list[str]:
    """The next game's players (player_ids), and the room made ready for it: those who left
    go, bots beyond the seats go, new bots come if `fill`. Raises `not_enough_players`
    before changing anything."""
    d = lobby.definition
    people, bots, new = _plan(lobby, fill)
    if _short(lobby, fill):
        raise RoomError(
            "not_enough_players",
            f"A game of {d.title} needs {d.min_players} to {d.max_players} players: "
            f"{len(people)} {'is' if len(people) == 1 else 'are'} ready.",
        )
    playing = {m.player_id for m in [*people, *bots]}
    lobby.members = [m for m in lobby.members if m.player_id in playing or not (m.bot or m.left)]
    playing |= {lobby.new_bot(now_ms).player_id for _ in range(new)}
    if lobby.host not in playing:  # the host plays, or passes it on
        lobby.host = sorted(people, key=lambda m: not m.connected)[0].player_id
    return [m.player_id for m in lobby.members if m.player_id in playing]
