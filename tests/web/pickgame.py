"""Pick: a tiny third game written on games/kit, the proof that a game plugs in with one folder
(docs/new-game.md walks through it).

Two rounds. In each, every seat secretly picks a number from 1 to 5 within the pick timer;
once all present seats have picked (or the timer runs out) the picks are revealed and the
highest number nobody else picked scores its value. Highest total wins (ties share).

It is registered only by the tests (LAUNDERMAT_EXTRA_GAMES=tests.web.pickgame:GAME) and plays
through the same rooms, store, sockets, timers, restore and replay as LaunderMat.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import asdict, dataclass, field
from typing import Any

from laundermat.games import JSON, RuleError, Setting
from laundermat.games.kit import chance, commands, phases
from laundermat.games.kit import invariants as harness
from laundermat.games.kit.definition import Definition
from laundermat.games.kit.windows import ROOM_FORMS, Open, WindowedMatch, Windows

ROUNDS = 2


@dataclass(frozen=True)
class Pick(commands.Command):
    seat: int
    number: int
    type = "pick"


@dataclass
class Seat:
    seat: int
    name: str
    away: bool = False
    pick: int | None = None
    score: int = 0


@dataclass
class PickState:  # plain data: the snapshot is the state
    rng: int
    pick_timer: int
    players: list[Seat]
    round: int = 1
    over: bool = False
    window_id: int = 0  # the kit's Windows keep the open window in these three
    window_kind: str | None = None
    window_actors: list[int] = field(default_factory=list)
    events: list[JSON] = field(default_factory=list)  # the rounds' reveals
    version: int = 0

    @classmethod
    def from_dict(cls, data: JSON) -> PickState:
        return cls(**{**data, "players": [Seat(**p) for p in data["players"]]})


def check_pick(state: PickState, command: Pick) -> None:
    if not 1 <= command.number <= 5:
        raise RuleError("malformed", "Pick a number from 1 to 5.")
    if state.players[command.seat].pick is not None:
        raise RuleError("already_acted", "You already picked this round.")


def pick(state: PickState, command: Pick) -> None:
    state.players[command.seat].pick = command.number  # the window waits for the others


def reveal(state: PickState) -> Open[str] | None:
    """The window closes: the highest number nobody else picked scores; then the next round."""
    picks = [p.pick for p in state.players]
    unique = [n for n, count in Counter(picks).items() if n is not None and count == 1]
    scorer = picks.index(max(unique)) if unique else None
    if scorer is not None:
        state.players[scorer].score += max(unique)
    state.events.append({"kind": "round", "round": state.round, "picks": picks, "scorer": scorer})
    for p in state.players:
        p.pick = None
    state.round += 1
    if state.round > ROUNDS:
        state.over, state.window_kind = True, None
        return None
    return Open("pick", tuple(range(len(picks))))


def picked(seat: Seat) -> bool:
    return seat.pick is not None


FLOW: Windows[PickState, PickState, Seat, Any, str] = Windows(
    {"pick": phases.PhaseSpec({Pick: phases.Handler(check_pick, pick)}, picked, reveal)},
    {},  # no automatic steps between windows
    duration=lambda state, timer: state.pick_timer,
    refuse=RuleError,  # the log tells only the reveals (no `log_key`)
)
FORMS: commands.Forms = {"pick": (Pick, {"seat": int, "number": int}), **ROOM_FORMS}


def view(
    state: PickState,
    viewer: int | None,
    log_from: int = 0,
    flow: Any = FLOW,
    name: str = "pickgame",
) -> JSON:
    """The one redaction path (`flow` and `name`: a variant's, benchmarks/peers/pick6.py)."""
    window = flow.window(state)
    return {
        "game": name,
        "round": state.round,
        "over": state.over,
        "window": window.__dict__ if window else None,
        "players": [{"seat": p.seat, "score": p.score, "picked": picked(p)} for p in state.players],
        # Only the viewer's own pick: the others' stay secret until the round resolves.
        "me": None if viewer is None else {"seat": viewer, "pick": state.players[viewer].pick},
        "log": state.events[log_from:],
        "log_from": log_from,
    }


class PickMatch(WindowedMatch):  # apply, window, pending, over, away, seats...: the kit's
    __slots__ = ("state",)
    windows = FLOW
    name = "pickgame"

    def __init__(self, state: PickState) -> None:
        self.state = state

    def parse(self, data: JSON) -> Any:
        return commands.parse(data, FORMS, RuleError)

    def view(self, viewer: int | None, log_from: int = 0) -> JSON:
        return view(self.state, viewer, log_from, self.windows, self.name)

    def result(self) -> JSON:
        scores = [p.score for p in self.state.players]
        return {"winners": [i for i, v in enumerate(scores) if v == max(scores)], "scores": scores}

    def snapshot(self) -> JSON:
        return asdict(self.state)


def other_pick(state: PickState, viewer: int | None) -> bool:
    """The invariants' hidden fact: another seat's pick, before the reveal."""
    for p in state.players:
        if p.seat != viewer and p.pick is not None:
            p.pick = p.pick % 5 + 1
            return True
    return False


class PickBot:
    def __init__(self, rng: random.Random, wait_chance: float) -> None:
        self.rng, self.wait_chance = rng, wait_chance

    def decide(self, view: JSON) -> JSON | None:
        me = view.get("me")
        if view["over"] or me is None or me["pick"] is not None:
            return None
        if self.rng.random() < self.wait_chance:
            return None
        return {"type": "pick", "seat": me["seat"], "number": self.rng.randint(1, 5)}


class PickGame(Definition):  # timeout, set_away, room_commands, bot: the kit's
    name = "pickgame"
    title = "Pick"
    min_players = 2
    max_players = 4
    settings = (Setting("pick_timer", "Pick timer", (10, 20), 10),)
    player_commands = frozenset({"pick"})
    rules: JSON = {"rounds": ROUNDS, "numbers": [1, 5]}
    bot_makers = {"random": PickBot}
    bot_strategies = ("random",)

    def new(self, seed: int, player_ids: list[str], settings: JSON) -> PickMatch:
        state = PickState(seed & chance.MASK, settings.get("pick_timer", 10), [])
        names = list(player_ids)
        chance.shuffle(state, names)  # seats drawn from the seed
        state.players = [Seat(seat, name) for seat, name in enumerate(names)]
        FLOW.proceed(state, Open("pick", tuple(range(len(names)))))
        return PickMatch(state)

    def restore(self, snapshot: JSON) -> PickMatch:
        return PickMatch(PickState.from_dict(snapshot))

    def invariants(self, match: Any, rng: random.Random, lite: bool = False) -> list[str]:
        """Possible scores; (full) a JSON round trip, and no view shows another's pick."""
        state: PickState = match.state
        total = sum(p.score for p in state.players)
        problems = [] if 0 <= total <= 5 * ROUNDS else [f"impossible total {total}"]
        if not lite:
            problems += harness.round_trip(state, asdict, PickState.from_dict)
            for seat in [None, *range(len(state.players))]:
                twins = harness.twins(
                    state, seat, lambda s: PickState.from_dict(asdict(s)), [other_pick]
                )
                problems += harness.non_interference(view(state, seat), seat, view, twins)
        return problems

    def command_schema(self) -> JSON:
        return {"type": "object", "properties": {"type": {"const": "pick"}}}


GAME = PickGame()
