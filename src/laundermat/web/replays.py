"""Finished games' records and a replay anyone can step through (docs/fairness.md).

A running game is never replayed: its log would show every hidden card. Each request
replays the record through the game protocol from its seed, in a worker thread (a whole
LaunderMat game takes ~26 ms: on the event loop, 23 requests a second stalled every table),
under a per-address budget (`replays_per_minute`).
A finished game's public command list is kept once built (`AppState.public_commands`).
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Path, Query, Request

from .. import games
from ..games import Match
from ..rooms.fairness import commitment
from ..rooms.records import GameRecord
from .protocol import ReplayBody, ReplayStep
from .routes import GAME_ID_MAX, ApiError, GameId, State, client_address, errors
from .state import AppState

PUBLIC_KEPT = 64  # finished games whose public command lists are kept

router = APIRouter()

Step = Annotated[int, Path(ge=0, le=GAME_ID_MAX, description="Commands applied so far.")]
Viewer = Annotated[
    int | Literal["all"] | None,
    Query(description="A seat (its own view), `all` (everything), or none (a spectator)."),
]


async def _finished(
    app: AppState, request: Request, game_id: int
) -> tuple[GameRecord, games.GameDefinition]:
    if not await app.replay_limiter.allow(client_address(request)):
        raise ApiError("too_many_requests", "Too many replay requests; wait a minute.")
    record = await app.store.game_record(game_id)
    if record is None:
        raise ApiError("not_found")
    if not record.finished:  # a running game's log would leak every hidden card
        raise ApiError("not_finished", "Replays are available once the game has finished.")
    definition = games.get(record.game)
    if definition is None:
        raise ApiError("not_found", "This server no longer hosts that game.")
    return record, definition


async def _kept_public_commands(
    app: AppState, record: GameRecord, definition: games.GameDefinition
) -> list[Any]:
    key = (record.game_id, record.seed, len(record.commands))  # an id SQLite may reuse
    kept = app.public_commands.get(key)
    if kept is None:
        kept = await asyncio.to_thread(public_commands, record, definition)
        if len(app.public_commands) >= PUBLIC_KEPT:
            del app.public_commands[next(iter(app.public_commands))]  # the oldest
        app.public_commands[key] = kept
    return kept


def public_commands(record: GameRecord, definition: games.GameDefinition) -> list[Any]:
    """The commands as anyone may read them: without the client's retry id (the browser's
    holds its clock), and as the game itself publishes them (a game may define
    `public_commands`: LaunderMat hides the bills a seat selected and then changed)."""
    commands = [{k: v for k, v in c.items() if k != "client_id"} for c in record.commands]
    publish = getattr(definition, "public_commands", None)
    if publish is None:
        return commands
    ids, settings = list(record.player_ids), dict(record.settings)
    public: list[Any] = publish(record.seed, ids, settings, commands)
    return public


def _round(match: Match) -> int | None:
    value = match.view(None).get("round")
    return value if isinstance(value, int) else None


def _play(
    record: GameRecord, definition: games.GameDefinition, commands: list[Any]
) -> tuple[Match, dict[str, int]]:
    """The whole game, and the step at which each round starts."""
    match = definition.new(record.seed, record.player_ids, dict(record.settings))
    round_starts: dict[str, int] = {}
    for step, entry in enumerate([*commands, None]):
        current = _round(match)
        if current is not None:
            round_starts.setdefault(str(current), step)
        if entry is not None:
            match.apply(match.parse(entry))
    return match, round_starts


@router.get(
    "/api/games/{game_id}/replay",
    response_model=ReplayBody,
    responses=errors(400, 404, 409, 429, 503),
)
async def game_replay(game_id: GameId, request: Request, app: State) -> ReplayBody:
    record, definition = await _finished(app, request, game_id)
    commands = await _kept_public_commands(app, record, definition)
    return await asyncio.to_thread(public_record, record, definition, commands)


def public_record(
    record: GameRecord, definition: games.GameDefinition, commands: list[Any]
) -> ReplayBody:
    """A finished game's public record, its `commands` as the game publishes them
    (`public_commands`): what the route returns and `laundermat verify` checks."""
    match, round_starts = _play(record, definition, commands)
    nonces = record.nonces
    return ReplayBody(
        game_id=record.game_id,
        code=None if record.room_open else record.code,  # as GET /api/history
        game=record.game,
        seed=record.seed,
        seed_text=str(record.seed),
        server_seed=record.server_seed,
        commitment=commitment(record.server_seed) if record.server_seed else None,
        nonces=dict(nonces) if nonces is not None else None,
        player_ids=list(record.player_ids),
        names=list(record.names),
        seats=[pid for pid, _ in sorted(match.seats().items(), key=lambda item: item[1])],
        settings=dict(record.settings),
        commands=commands,
        result=record.result,
        final=match.view(None),
        steps=len(commands),
        round_starts=round_starts,
        game_number=record.game_number,
    )


@router.get(
    "/api/games/{game_id}/replay/step/{step}",
    response_model=ReplayStep,
    responses=errors(400, 404, 409, 429, 503),
)
async def replay_step(
    game_id: GameId, step: Step, request: Request, app: State, viewer: Viewer = None
) -> ReplayStep:
    record, definition = await _finished(app, request, game_id)
    seats = len(record.player_ids)
    if isinstance(viewer, int) and not 0 <= viewer < seats:  # before any replaying
        raise ApiError("bad_message", f"viewer: a seat from 0 to {seats - 1}, or all.")
    commands = await _kept_public_commands(app, record, definition)
    if step > len(commands):
        raise ApiError("not_found", f"The game has {len(commands)} steps.")
    match = await asyncio.to_thread(_until, record, definition, commands[:step])
    view: dict[str, Any]
    if viewer == "all":
        view = {**match.view(None), "all_seats": [match.view(s).get("me") for s in range(seats)]}
    else:
        view = match.view(viewer if isinstance(viewer, int) else None)
    return ReplayStep(step=step, steps=len(commands), round=_round(match), view=view)


def _until(record: GameRecord, definition: games.GameDefinition, commands: list[Any]) -> Match:
    match = definition.new(record.seed, record.player_ids, dict(record.settings))
    for entry in commands:
        match.apply(match.parse(entry))
    return match
