"""The commitment shown in every view is SHA-256 of the current server seed, even though it
is hashed once per seed rather than once per view; and a game's seed is secret from those
who saw only the commitment, even when no player sent a nonce."""

from __future__ import annotations

import hashlib
from typing import Any

from laundermat import games
from laundermat.bots.simulate import SimulationReport, play_game
from laundermat.rooms.fairness import SERVER, Commitment, commitment, derive, server_nonce
from laundermat.rooms.lobby import Lobby
from laundermat.rooms.members import Member
from laundermat.rooms.records import GameRecord
from laundermat.verify import problems
from laundermat.web.replays import public_record


def test_the_commitment_follows_its_seed() -> None:
    c = Commitment(server_seed="00" * 32)
    assert c.digest == hashlib.sha256(bytes(32)).hexdigest()
    assert c.public()["commitment"] == c.digest
    c.server_seed = "ab" * 32  # a new seed for the next game
    assert c.digest == hashlib.sha256(bytes.fromhex("ab" * 32)).hexdigest()
    assert c == Commitment(server_seed="ab" * 32)  # the cache is not part of its value


def readable_from_commitment(digest: str) -> int:
    """What a game's seed would be if it hashed the server seed alone: the commitment's own
    first 8 bytes (the hole the server's nonce closes)."""
    return int(digest[:16], 16) >> 2


def lobby_of(players: int) -> Lobby:
    lobby = Lobby(definition=games.require("laundermat"), settings={}, created_ms=0)
    for i in range(players):
        lobby.members.append(Member(f"p{i:08x}", f"n{i}", f"t{i}", 0))
    return lobby


def test_a_game_no_player_sent_a_nonce_for_is_not_readable_from_its_commitment() -> None:
    for _ in range(20):
        lobby = lobby_of(3)
        committed = lobby.commitment.digest
        seed = lobby.game_seed()
        assert seed != readable_from_commitment(committed)
        assert seed != derive(lobby.commitment.server_seed, {})
        # The server's nonce is fixed by its seed, and revealed with the players'.
        assert lobby.commitment.nonces == {SERVER: server_nonce(lobby.commitment.server_seed)}
        assert lobby.commitment.public()["contributed"] == []


def test_the_players_nonces_and_the_servers_own_make_the_seed() -> None:
    lobby = lobby_of(3)
    lobby.add_nonce(lobby.members[0], "ab" * 16)
    lobby.add_nonce(lobby.members[1], "cd" * 16)
    gone = Member("p99999999", "gone", "t9", 0)
    lobby.add_nonce(gone, "ef" * 16)  # a nonce of someone who left is not used
    server_seed = lobby.commitment.server_seed
    seed = lobby.game_seed()
    players = {"p00000000": "ab" * 16, "p00000001": "cd" * 16}
    assert seed == derive(server_seed, {**players, SERVER: server_nonce(server_seed)})
    assert lobby.commitment.public()["contributed"] == sorted(players)
    assert lobby.commitment.public()["server_nonce"] is True
    assert lobby.commitment.reveal(7)["nonces"] == {**players, SERVER: server_nonce(server_seed)}


def record_of(server_seed: str, nonces: dict[str, str]) -> dict[str, Any]:
    """A whole game played in-process from the seed these give, as its public record."""
    ids = ["p00000000", "p00000001", "p00000002"]
    seed = derive(server_seed, nonces)
    log: list[dict[str, Any]] = []
    match = play_game(seed, 3, SimulationReport(), check="none", names=ids, log=log, clean=True)
    name_of = {pid: f"Player {i}" for i, pid in enumerate(ids)}
    at_seat = {seat: pid for pid, seat in match.seats().items()}
    winner_names = [name_of[at_seat[seat]] for seat in match.result()["winners"]]
    played = GameRecord(
        game_id=1,
        code="ABCD",
        seed=seed,
        player_ids=ids,
        names=list(name_of.values()),
        settings=match.snapshot()["settings"],
        commands=[],  # public_record is given them
        result={**match.result(), "winner_names": winner_names},
        finished=True,
        game="laundermat",
        server_seed=server_seed,
        nonces=nonces,
    )
    definition = games.require("laundermat")
    # As the server logs them: each command in its own form (a bot may leave out a field).
    logged = [match.parse(entry).to_dict() for entry in log]
    return public_record(played, definition, logged).model_dump(mode="json")


def test_records_with_and_without_the_servers_nonce_verify_and_a_forged_one_does_not() -> None:
    server_seed = "5a" * 32
    old = record_of(server_seed, {})  # before the server's nonce: the seed alone
    assert problems(old) == []
    new = record_of(server_seed, {SERVER: server_nonce(server_seed)})
    assert problems(new) == []
    # A server that picked its "own" nonce after seeing the players' could steer the seed.
    forged = {**new, "nonces": {SERVER: "00" * 32}}
    forged["seed"] = derive(server_seed, forged["nonces"])
    assert problems(forged) == ["the server's nonce is not the one its server seed gives"]


def test_verify_refuses_entries_the_server_was_free_to_choose() -> None:
    """An outside fairness review: a record with an extra key, a nonce that is not hex (one
    holding "|server:..." hashes as a forged server entry would), or a short server seed
    (readable from its commitment) verified all the same."""
    server_seed = "6b" * 32
    good = record_of(server_seed, {SERVER: server_nonce(server_seed)})
    player = good["player_ids"][0]

    def found(**change: Any) -> list[str]:
        forged = {**good, **change}
        forged["seed"] = derive(forged["server_seed"], forged["nonces"])
        return problems(forged)

    extra = found(nonces={**good["nonces"], "zz": "ab" * 16})
    assert extra == ["nonces: 'zz' is neither a player of this game nor the server"]
    smuggled = {player: "ab" * 16 + "|server:" + "00" * 32}
    assert found(nonces=smuggled) == [
        f"nonces: the nonce of {player!r} is not 32 to 64 lowercase hex characters"
    ]
    short = found(server_seed="ab", commitment=commitment("ab"), nonces={})
    assert short == ["the server seed is not 64 lowercase hexadecimal characters (32 bytes)"]
