"""The peers benchmark's tiny game on this server: tests/web/pickgame.py made to match the game
every peer plays (node/pick_rules.mjs), registered with
`LAUNDERMAT_EXTRA_GAMES=benchmarks.peers.pick6:GAME`.

It differs from pickgame in three ways, each so that all servers play the same game: six seats
(pickgame takes 2-4), rounds without end (pickgame stops after two), and a pick is any number
from 1 to 999,999 scoring one point when it is the highest nobody else picked (pickgame: 1-5,
scoring its value), so that the load generator can pick six numbers no other frame carries and
look for them in every frame (the secret check). Everything else is pickgame's: the kit's
windows, a pick timer (an hour here), a log of the reveals, every seat's own pick in its view alone.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from tests.web.pickgame import Pick, PickMatch, PickState, Seat, picked

from laundermat.games import JSON, RuleError, Setting
from laundermat.games.kit import chance, phases
from laundermat.games.kit.definition import Definition
from laundermat.games.kit.windows import Open, Windows

HIGHEST = 999_999


def check_pick(state: PickState, command: Pick) -> None:
    if not 1 <= command.number <= HIGHEST:
        raise RuleError("malformed", f"Pick a number from 1 to {HIGHEST}.")
    if state.players[command.seat].pick is not None:
        raise RuleError("already_acted", "You already picked this round.")


def pick(state: PickState, command: Pick) -> None:
    state.players[command.seat].pick = command.number


def reveal(state: PickState) -> Open[str]:
    """The window closes: the highest number nobody else picked scores a point; next round."""
    picks = [p.pick for p in state.players]
    unique = [n for n, count in Counter(picks).items() if n is not None and count == 1]
    scorer = picks.index(max(unique)) if unique else None
    if scorer is not None:
        state.players[scorer].score += 1
    state.events.append({"kind": "round", "round": state.round, "picks": picks, "scorer": scorer})
    for p in state.players:
        p.pick = None
    state.round += 1
    return Open("pick", tuple(range(len(picks))))


FLOW: Windows[PickState, PickState, Seat, Any, str] = Windows(
    {"pick": phases.PhaseSpec({Pick: phases.Handler(check_pick, pick)}, picked, reveal)},
    {},
    duration=lambda state, timer: state.pick_timer,
    refuse=RuleError,
)


class Pick6Match(PickMatch):
    """Pickgame's match, view and commands, on this game's flow."""

    __slots__ = ()
    windows = FLOW
    name = "pick6"


class Pick6Bot:
    def __init__(self, rng: random.Random, wait_chance: float) -> None:
        self.rng = rng

    def decide(self, view: JSON) -> JSON | None:
        me = view.get("me")
        if me is None or me["pick"] is not None:
            return None
        return {"type": "pick", "seat": me["seat"], "number": self.rng.randint(1, HIGHEST)}


class Pick6Game(Definition):
    name = "pick6"
    title = "Pick (six seats)"
    min_players = 2
    max_players = 6
    # An hour: the peers have no timer, and a round the timer ended would reveal picks the
    # load generator still counts as hidden (a loaded machine can take 20 s for six picks).
    settings = (Setting("pick_timer", "Pick timer", (10, 3600), 3600),)
    player_commands = frozenset({"pick"})
    rules: JSON = {"rounds": None, "numbers": [1, HIGHEST]}
    bot_makers = {"random": Pick6Bot}
    bot_strategies = ("random",)

    def new(self, seed: int, player_ids: list[str], settings: JSON) -> Pick6Match:
        state = PickState(seed & chance.MASK, settings.get("pick_timer", 3600), [])
        names = list(player_ids)
        chance.shuffle(state, names)
        state.players = [Seat(seat, name) for seat, name in enumerate(names)]
        FLOW.proceed(state, Open("pick", tuple(range(len(names)))))
        return Pick6Match(state)

    def restore(self, snapshot: JSON) -> Pick6Match:
        return Pick6Match(PickState.from_dict(snapshot))

    def invariants(self, match: Any, rng: random.Random, lite: bool = False) -> list[str]:
        return []

    def command_schema(self) -> JSON:
        return {"type": "object", "properties": {"type": {"const": "pick"}}}


GAME = Pick6Game()
