"""`Game`: the engine's one entry point. state + command → changed state + events.

`apply` checks a command completely before anything changes (GEN-1): the open phase must
accept it, the seat must be one of the window's actors, and the phase table's check for it
must pass; only then does its apply step run. So an illegal command leaves the state exactly
as it was. The phase table and the walk between windows are in `flow`; each phase's rules are
in their own module. The engine does no I/O and reads no clock: the room sends
`Timeout(window)`.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import draft, flow
from .cards import (
    ADDITIONS,
    BILL_COUNT,
    BRIBE_TIMERS,
    COPIES_PER_TYPE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    ROUND_TIMERS,
    WEAPONS,
)
from .chance import Chance, Purpose, SeededChance, shuffle
from .commands import Command, SeatCommand, SetAway, Timeout
from .context import Context
from .errors import (
    EngineError,
    GameOver,
    MalformedCommand,
)
from .state import Event, GameState, Phase, Player, Settings, Window

_MASK = (1 << 64) - 1


class Game(Context):
    __slots__ = ()

    def __init__(self, state: GameState, chance: Chance | None = None) -> None:
        seeded = self.seeded_chance()  # reads self.state lazily, at each draw
        super().__init__(state, chance if chance is not None else seeded)
        self.chance.bind(seeded)  # a script's unscripted draws stay seeded and replayable

    def seeded_chance(self) -> SeededChance:
        def set_rng(value: int) -> None:
            self.state.rng = value

        return SeededChance(lambda: self.state.rng, set_rng)

    # ---------------------------------------------------------------- setup

    @classmethod
    def new(
        cls,
        seed: int,
        names: Sequence[str],
        settings: Settings | None = None,
        chance: Chance | None = None,
    ) -> Game:
        """SETUP-1..9: seat the players at random, shuffle, offer weapons, open round 1."""
        if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
            raise MalformedCommand(
                f"A game needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(names)}."
            )
        settings = settings or Settings()
        if settings.round_timer not in ROUND_TIMERS:
            raise MalformedCommand(f"The Max Round Timer must be one of {ROUND_TIMERS} seconds.")
        if settings.bribe_timer not in BRIBE_TIMERS:
            raise MalformedCommand(f"The bribery timer must be one of {BRIBE_TIMERS} seconds.")
        state = GameState(
            seed=seed,
            rng=seed & _MASK,
            settings=settings,
            players=[],
            deck=list(range(BILL_COUNT)),
            market={str(a): COPIES_PER_TYPE for a in ADDITIONS},
            entries={str(a): 1 for a in ADDITIONS},  # SETUP-8
        )
        game = cls(state, chance)
        order = list(range(len(names)))
        shuffle(game.chance, Purpose.SEATS, order)  # SETUP-2
        state.players = [Player(seat=i, name=names[j]) for i, j in enumerate(order)]
        shuffle(game.chance, Purpose.DECK, state.deck)  # SETUP-4
        offer = [str(w) for w in WEAPONS]
        shuffle(game.chance, Purpose.WEAPON_OFFER, offer)  # SETUP-7
        state.weapon_market = offer[: len(names)]
        game.emit(
            "setup",
            seats=[p.name for p in state.players],
            weapons=list(state.weapon_market),
            settings={"round_timer": settings.round_timer, "bribe_timer": settings.bribe_timer},
        )
        flow.start(game)
        return game

    # ---------------------------------------------------------------- commands

    def apply(self, command: Command) -> list[Event]:
        """Apply one command (GEN-1). Returns the events it produced; raises `EngineError`."""
        state = self.state
        if state.phase is Phase.OVER:
            raise GameOver("The game is over.")
        if not isinstance(command, Command):
            raise MalformedCommand(f"Unknown command {command!r}.")
        first = len(state.events)
        counted = not draft.changes_a_selection(state, command)
        if isinstance(command, Timeout):
            flow.time_out(self, command.window)
        elif isinstance(command, SetAway):
            flow.set_away(self, command.seat, command.away)
        elif isinstance(command, SeatCommand):
            flow.FLOW.check_seat(state, command.seat)
            handler = flow.FLOW.check(state, command)
            flow.proceed(self, handler.apply(self, command))
        else:
            raise MalformedCommand(f"Unknown command {command!r}.")
        flow.advance(self)
        if counted:  # a changed selection is its owner's alone, its count included
            state.version += 1
        return state.events[first:]

    # ---------------------------------------------------------------- windows

    def window(self) -> Window | None:
        return flow.current_window(self.state)

    def windows(self) -> list[Window]:
        """The open windows (at most one at a time in this ruleset)."""
        window = self.window()
        return [window] if window is not None else []


__all__ = ["EngineError", "Game", "Window"]
