"""`Game`: the engine's one entry point. state + command → changed state + events.

`apply` validates a command completely before anything changes (GEN-1), so an illegal command
leaves the state exactly as it was. Flow between windows is in `flow`; each phase's rules are in
their own module. The engine does no I/O and reads no clock: the room sends `Timeout(window)`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from . import bribery, draft, flow, purchase, vault
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
from .chance import Chance, Purpose, ScriptedChance, SeededChance, shuffle
from .commands import (
    AlarmDiscard,
    AlarmPurchase,
    BreakMachine,
    BuyAddition,
    BuyEntries,
    BuyWeapon,
    ClearSelection,
    Command,
    Counter,
    Done,
    DrawLostFound,
    Protect,
    SeatCommand,
    Select,
    Seniority,
    SetAway,
    Skip,
    Timeout,
)
from .errors import (
    EngineError,
    GameOver,
    IllegalCode,
    IllegalMove,
    MalformedCommand,
    NotYourWindow,
    StaleWindow,
    WrongPhase,
)
from .state import JSON, Event, GameState, Phase, Player, Settings

_MASK = (1 << 64) - 1


@dataclass(frozen=True)
class Window:
    """An open decision window: the room arms a deadline of `duration` seconds for it."""

    id: int
    kind: Phase
    actors: tuple[int, ...]
    duration: int

    def to_dict(self) -> dict[str, JSON]:
        return {
            "id": self.id,
            "kind": str(self.kind),
            "actors": list(self.actors),
            "duration": self.duration,
        }


# Each handler takes its own command type; the table below pairs them.
Handler = Callable[["Game", Any], None]

# Which commands each window accepts (phases as data; see flow.PHASES for the rest).
ACCEPTS: dict[Phase, dict[type[Command], Handler]] = {
    Phase.DRAFT: {
        Select: draft.select,
        ClearSelection: draft.clear,
        DrawLostFound: draft.draw_lost_found,
        BreakMachine: draft.break_machine,
    },
    Phase.SENIORITY: {Seniority: draft.seniority},
    Phase.ALARM: {
        AlarmPurchase: vault.alarm_purchase,
        AlarmDiscard: vault.alarm_discard,
    },
    Phase.PURCHASE: {
        BuyAddition: purchase.buy_addition,
        BuyWeapon: purchase.buy_weapon,
        Skip: purchase.skip,
    },
    Phase.BRIBE_PROTECT: {Protect: bribery.protect, Done: bribery.done},
    Phase.BRIBE_COUNTER: {Counter: bribery.counter, Done: bribery.done},
    Phase.BRIBE_ENTRIES: {BuyEntries: bribery.entries, Done: bribery.done},
    Phase.OVER: {},
}


class Game:
    __slots__ = ("chance", "state")

    def __init__(self, state: GameState, chance: Chance | None = None) -> None:
        self.state = state
        self.chance: Chance = chance if chance is not None else self.seeded_chance()
        if isinstance(chance, ScriptedChance) and chance.fallback is None:
            chance.fallback = self.seeded_chance()  # unscripted draws stay seeded and replayable

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
        flow.start_round(game)
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
        if isinstance(command, Timeout):
            if command.window != state.window_id:
                raise StaleWindow(f"Window {command.window} is no longer open.")
            flow.close_window(self, timed_out=True)
        elif isinstance(command, SetAway):
            self._check_seat(command.seat)
            flow.set_away(self, command.seat, command.away)
        elif isinstance(command, SeatCommand):
            self._check_seat(command.seat)
            handler = ACCEPTS[state.phase].get(type(command))
            if handler is None:
                raise WrongPhase(f"'{command.type}' is not accepted during {state.phase}.")
            if command.seat not in state.window_actors:
                raise NotYourWindow("You have no decision in this window.")
            handler(self, command)
        else:
            raise MalformedCommand(f"Unknown command {command!r}.")
        flow.advance(self)
        state.version += 1
        return state.events[first:]

    def _check_seat(self, seat: int) -> None:
        if not 0 <= seat < self.state.n:
            raise MalformedCommand(f"There is no seat {seat}.")

    # ---------------------------------------------------------------- helpers

    def emit(
        self,
        kind: str,
        secret: dict[str, JSON] | None = None,
        to: Sequence[int] = (),
        **public: JSON,
    ) -> None:
        self.state.events.append(Event(kind, public, secret, list(to)))

    def player(self, seat: int) -> Player:
        return self.state.players[seat]

    def window(self) -> Window | None:
        return flow.current_window(self.state)

    def windows(self) -> list[Window]:
        """The open windows (at most one at a time in this ruleset)."""
        window = self.window()
        return [window] if window is not None else []


def illegal(code: IllegalCode, message: str) -> IllegalMove:
    return IllegalMove(code, message)


__all__ = ["EngineError", "Game", "Window"]
