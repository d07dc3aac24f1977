"""A room's lobby as a plain object: its status, settings, host and seats, and the rules for
changing them. Nothing here waits or writes: the room (room.py) runs these inside its queue,
saves the record, and puts things back with `memo()` when the save fails."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from .. import games
from ..games import GameDefinition, Match
from .bars import Bars
from .errors import RoomError
from .fairness import NONCE, Commitment, derive, with_server_nonce
from .members import Member, hash_token, new_token, next_host, token_matches
from .names import name_key, normalize_name
from .records import FinishedSeed, LiveGame, LiveRoom, RoomRecord

# Bots' names, in the order they take seats (a name already at the table is skipped).
BOT_NAMES = ("Bot Ada", "Bot Alan", "Bot Grace", "Bot Edsger", "Bot Barbara", "Bot Donald")


class RoomStatus(StrEnum):
    LOBBY = "lobby"  # seats are taken; the host may change settings, kick and start
    PLAYING = "playing"  # a game runs; seats are fixed (GEN-3)
    FINISHED = "finished"  # the game is over; who is ready plays the next (rematch.py)


LOBBY_ANSWERS_KEPT = 32  # a room's recent lobby action ids kept in its record


@dataclass
class Lobby:
    definition: GameDefinition
    created_ms: int
    status: RoomStatus = RoomStatus.LOBBY
    settings: dict[str, int] = field(default_factory=dict)
    host: str | None = None
    members: list[Member] = field(default_factory=list)
    game_number: int = 0
    updated_ms: int = 0
    finished_ms: int | None = None
    # Commit, then reveal (fairness.py): the commitment for the next game (or the running
    # one's), and what the last finished game's seed came from, once it is over.
    commitment: Commitment = field(default_factory=Commitment)
    revealed: dict[str, object] | None = None
    # The platform's setting (not the game's): a bot plays an away player's seat.
    stand_in: bool = True
    # A lesson (Learn to play, rooms/coach.py): its learner's player_id gets hints while in
    # `coached` (saved in the record's options, as the room is).
    learning: bool = False
    coached: set[str] = field(default_factory=set)
    # The players the host removed and has not let back in (bars.py), saved with the room.
    bars: Bars = field(default_factory=Bars)
    # The (player_id, id) of recent lobby actions, oldest first, saved with the record that
    # applied each: after a restart or a failover a resent one is answered, not re-applied.
    lobby_answers: list[tuple[str, str]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.settings = self.settings or games.default_settings(self.definition)
        self.updated_ms = self.updated_ms or self.created_ms

    # ------------------------------------------------------------ questions

    def member(self, player_id: str | None) -> Member | None:
        return next((m for m in self.members if m.player_id == player_id), None)

    def holder(self, sub: object) -> Member | None:
        """The member whose seat this connection holds, if any."""
        return next((m for m in self.members if m.sub is sub), None)

    def stood_in(self, m: Member) -> bool:
        """A bot plays this person's seat while they are away (GEN-4), if the host chose so."""
        playing = self.status is RoomStatus.PLAYING and m.seat is not None
        return playing and self.stand_in and m.away and not m.bot and not m.connected

    @property
    def people(self) -> list[Member]:
        return [m for m in self.members if not m.bot]

    @property
    def connected(self) -> int:
        return sum(1 for m in self.members if m.connected)

    def require_host(self, member: Member) -> None:
        if member.player_id != self.host:
            raise RoomError("not_host")

    def require_lobby(self) -> None:
        if self.status is not RoomStatus.LOBBY:
            raise RoomError("not_in_lobby")

    def describe_result(self, outcome: dict[str, Any]) -> dict[str, Any]:
        """The game's result plus display names (the history lists them)."""
        names = {m.seat: m.name for m in self.members}
        return {**outcome, "winner_names": [names.get(s, "?") for s in outcome["winners"]]}

    # ------------------------------------------------------------ changes

    def add(
        self, name: str, now_ms: int, join_key: str | None = None, device: str | None = None
    ) -> tuple[Member, str]:
        """A new seat: (member, secret token), `device` the browser's (members.device_hash).
        Raises before changing anything.

        A `join_key` that an earlier join of this room came with answers that seat again, with
        a new token (the client never had the first: its answer was lost), whatever the room's
        status and whatever `name`: a join retried after a dropped answer must not meet its
        own seat as `name_taken`. Only the client that made the key can send it."""
        if join_key is not None:
            again = [m for m in self.members if token_matches(join_key, m.join_key_hash or "")]
            if again:
                token = new_token()
                again[0].token_hash = hash_token(token)
                return again[0], token
        self.bars.check_join(name, device)  # barred: before the room's state is told
        if self.status is not RoomStatus.LOBBY:
            raise RoomError("game_started")
        if len(self.members) >= self.definition.max_players:
            raise RoomError("room_full", f"The room already has {len(self.members)} players.")
        name = normalize_name(name)  # bad_name: invisible or control characters, empty
        if any(name_key(m.name) == name_key(name) for m in self.members):
            raise RoomError("name_taken")
        token = new_token()
        player_id = "p" + secrets.token_hex(4)
        while self.member(player_id) is not None:
            player_id = "p" + secrets.token_hex(4)
        member = Member(player_id, name, hash_token(token), now_ms)
        member.join_key_hash = None if join_key is None else hash_token(join_key)
        member.device_hash = device
        self.members.append(member)
        if self.host is None:
            self.host = player_id
        return member, token

    def add_bot(self, now_ms: int) -> Member:
        """A bot in the next free seat (host, lobby): named "Bot Ada" and so on, no token."""
        self.require_lobby()
        if len(self.members) >= self.definition.max_players:
            raise RoomError("room_full", f"The room already has {len(self.members)} players.")
        return self.new_bot(now_ms)

    def new_bot(self, now_ms: int) -> Member:
        """A bot (no token) named "Bot Ada" and so on; a rematch's empty seats too."""
        taken = {name_key(m.name) for m in self.members}
        free = [n for n in BOT_NAMES if name_key(n) not in taken]
        name = free[0] if free else f"Bot {len(self.members) + 1}"
        player_id = "b" + secrets.token_hex(4)
        while self.member(player_id) is not None:
            player_id = "b" + secrets.token_hex(4)
        member = Member(player_id, name, "", now_ms, bot=True)  # "" matches no token
        self.members.append(member)
        return member

    def remove_bot(self, target: str) -> None:
        self.require_lobby()
        bot = self.member(target)
        if bot is None or not bot.bot:
            raise RoomError("bad_message", "remove_bot needs the player_id of a bot.")
        self.members.remove(bot)

    def set_stand_in(self, on: bool) -> None:
        self.require_lobby()
        self.stand_in = on

    def set_coach(self, member: Member, on: bool) -> None:
        """Hints on or off for `member`: on only for a lesson's learner (rooms/coach.py)."""
        if on and not (self.learning and not member.bot):
            raise RoomError("not_learning")
        mine = {member.player_id}
        self.coached = self.coached | mine if on else self.coached - mine

    def add_nonce(self, member: Member, nonce: str) -> None:
        """A player's own randomness for the next game's seed (before it starts)."""
        if self.status is RoomStatus.PLAYING:
            raise RoomError("not_in_lobby", "Randomness is added before a game starts.")
        if not NONCE.match(nonce):
            raise RoomError("bad_message", "nonce needs 32 to 64 lowercase hex characters.")
        self.commitment.nonces[member.player_id] = nonce

    def game_seed(self, ids: list[str] | None = None) -> int:
        """The next game's seed, from the server seed, the nonces of its players `ids` (by
        default the table: not someone who left the lobby, nor who sits this game out,
        rematch.py) and the server's own nonce."""
        seated = set(ids) if ids is not None else {m.player_id for m in self.members}
        players = {p: n for p, n in self.commitment.nonces.items() if p in seated}
        self.commitment.nonces = with_server_nonce(self.commitment.server_seed, players)
        return derive(self.commitment.server_seed, self.commitment.nonces)

    def reveal_last(self, last: FinishedSeed | None) -> None:
        """After a restart: the last finished game's reveal, shown until the next is over (a
        finished current game's own, set by `resume`, comes after and wins)."""
        if last is not None:
            self.revealed = Commitment(last.server_seed, dict(last.nonces)).reveal(last.game_id)

    def reveal(self, game_id: int) -> None:
        """The game is over: show what its seed came from, and commit to the next one's."""
        self.revealed = self.commitment.reveal(game_id)
        self.commitment = Commitment()

    def change_settings(self, settings: dict[str, int]) -> None:
        self.require_lobby()
        changed = {**self.settings, **settings}
        problems = games.settings_errors(self.definition, changed)
        if problems:
            raise RoomError("bad_message", "; ".join(problems))
        self.settings = changed

    def kick(self, by: Member, target: str) -> Member:
        """The seat goes, and its player stays out until the host lets them back (bars.py)."""
        self.require_lobby()
        victim = self.member(target)
        if victim is None or victim is by:
            raise RoomError("bad_message", "kick needs the player_id of another player.")
        self.members.remove(victim)
        self.bars.bar(victim, self.updated_ms)  # now: the room touched it
        return victim

    def unbar(self, target: str) -> None:
        self.require_lobby()
        self.bars.lift(target)

    def leave(self, member: Member) -> None:
        """In the lobby the seat is freed; during a game it stays and is scored (GEN-3)."""
        was_host = member.player_id == self.host
        if self.status is RoomStatus.LOBBY:
            self.members.remove(member)
        else:  # after a game, kept until the next starts: the end screen names them
            member.left, member.sub, member.ready = True, None, False
        if was_host:
            self.pass_host()

    def pass_host(self) -> None:
        self.host = next_host(self.members, self.host, by_seat=self.status != RoomStatus.LOBBY)

    def require_players(self) -> None:
        d = self.definition
        if not d.min_players <= len(self.members) <= d.max_players:
            raise RoomError(
                "not_enough_players",
                f"A game of {d.title} needs {d.min_players} to {d.max_players} players.",
            )

    def seat(self, seats: dict[str, int]) -> None:
        """A new game starts with these seats (player_id -> seat); a member without one sits
        it out and watches (rematch.py)."""
        self.game_number += 1
        self.status, self.finished_ms = RoomStatus.PLAYING, None
        for m in self.members:
            m.seat, m.ready = seats.get(m.player_id), False
            m.stood_in_moves = 0

    def finish(self, game_id: int, now_ms: int) -> bool:
        """The game is over: the room shows its end and commits to a rematch's seed. False if
        it already did."""
        if self.status is not RoomStatus.PLAYING:
            return False
        self.status, self.finished_ms = RoomStatus.FINISHED, now_ms
        self.reveal(game_id)
        return True

    @classmethod
    def restored(cls, live: LiveRoom, limit: int) -> Lobby:
        """After a restart: the record's lobby, every logged id answered again, the last
        finished game's seed shown; a playing room whose game is gone finished meanwhile."""
        lobby = cls.from_record(live.room)
        lobby.remember([*live.answered, *live.room.lobby_answers], limit)
        lobby.reveal_last(live.last_finished)
        if live.game is None and lobby.status is RoomStatus.PLAYING:
            lobby.status = RoomStatus.FINISHED  # finished before the record said so
        return lobby

    def remember(self, answered: list[tuple[str, str]], limit: int) -> None:
        """After a restart: every command id the log holds is answered again, never
        re-applied. The view version it was acked with is unknown: the ack says 0."""
        members = {m.player_id: m for m in self.members}
        for player_id, client_id in answered:
            member = members.get(player_id)
            if member is not None:
                member.remember(client_id, 0, limit)

    def resume(self, match: Match, live: LiveGame) -> None:
        """After a restart, with the match replayed: seats, presence and status from it. A
        seat the record lacks (a crash between the game's row and the room's, before they
        were written together) is taken from the match, which knows each player_id's."""
        seats = match.seats()
        for m in self.members:
            if m.seat is None and m.player_id in seats:
                m.seat = seats[m.player_id]
            m.away = m.seat is not None and match.away(m.seat)
        self.status = RoomStatus.FINISHED if match.over() else RoomStatus.PLAYING
        if match.over() and live.server_seed is not None:
            self.reveal_last(FinishedSeed(live.game_id, live.server_seed, dict(live.nonces or {})))
            if self.commitment.server_seed == live.server_seed:  # crashed before the next
                self.commitment = Commitment()

    def answered(self, player_id: str, command_id: str) -> None:
        """A lobby action about to be saved: its id goes into the same record."""
        self.lobby_answers.append((player_id, command_id))
        del self.lobby_answers[:-LOBBY_ANSWERS_KEPT]

    def memo(self) -> Callable[[], None]:
        """Everything a lobby change may touch, to put back if it cannot be made durable."""
        answers = list(self.lobby_answers)
        state = (dict(self.settings), list(self.members), self.host, self.stand_in)
        lesson = (self.learning, self.coached)
        status = (self.status, self.finished_ms, self.game_number)
        flags = [(m, m.left, m.sub, m.seat, m.token_hash, m.ready) for m in self.members]
        nonces = dict(self.commitment.nonces)
        barred = list(self.bars.barred)

        def undo() -> None:
            self.lobby_answers, self.bars.barred = answers, barred
            self.settings, self.members, self.host, self.stand_in = state
            self.learning, self.coached = lesson
            self.status, self.finished_ms, self.game_number = status
            self.commitment.nonces = nonces
            for m, left, sub, seat, token_hash, ready in flags:
                m.left, m.sub, m.seat, m.token_hash, m.ready = left, sub, seat, token_hash, ready

        return undo

    # ------------------------------------------------------------ records

    def record(self, code: str) -> RoomRecord:
        return RoomRecord(
            code=code,
            status=str(self.status),
            settings=dict(self.settings),
            host=self.host,
            players=[m.record() for m in self.members],
            game_number=self.game_number,
            created_ms=self.created_ms,
            updated_ms=self.updated_ms,
            game=self.definition.name,
            fairness={
                "server_seed": self.commitment.server_seed,
                "nonces": dict(self.commitment.nonces),
            },
            options=self.options(record=True),
            lobby_answers=list(self.lobby_answers),
            barred=list(self.bars.barred),
        )

    @classmethod
    def from_record(cls, record: RoomRecord) -> Lobby:
        return cls(
            definition=games.require(record.game),
            created_ms=record.created_ms,
            status=RoomStatus(record.status),
            settings=dict(record.settings),
            host=record.host,
            members=[Member.from_record(p) for p in record.players],
            game_number=record.game_number,
            updated_ms=record.updated_ms,
            commitment=Commitment(**record.fairness) if record.fairness else Commitment(),
            stand_in=bool((record.options or {}).get("stand_in", True)),
            learning=bool((record.options or {}).get("learning", False)),
            coached=set((record.options or {}).get("coached", [])),
            lobby_answers=list(record.lobby_answers),
            bars=Bars(list(record.barred)),
        )

    def options(self, record: bool = False) -> dict[str, Any]:
        """The platform's settings; a lesson's only in a lesson (older rooms read the same),
        and who has hints on only in the record (a person's own choice)."""
        lesson = {"learning": True, **({"coached": sorted(self.coached)} if record else {})}
        return {"stand_in": self.stand_in, **(lesson if self.learning else {})}

    def info(
        self, code: str, seated: bool, spectators: int, away_at: Callable[[str], int | None]
    ) -> dict[str, object]:
        """The public room summary (RoomInfo); `away_at`: a player's away clock (presence.py)."""
        return {
            "code": code,
            "game": self.definition.name,
            "status": str(self.status),
            "settings": dict(self.settings),
            "options": self.options(),
            "players": [
                m.public(m.player_id == self.host, seated, self.stood_in(m), away_at(m.player_id))
                for m in self.members
            ],
            "barred": self.bars.public(),
            "spectators": spectators,
            "game_number": self.game_number,
            "fairness": {**self.commitment.public(), "revealed": self.revealed},
        }
