"""The LaunderMat rules engine: pure, seeded, replayable.

    game = Game.new(seed, names, Settings(round_timer=30, bribe_timer=15))
    events = game.apply(Select(seat=0, card=12))     # or raises an EngineError
    game.window()                                     # the open window: id, kind, actors, duration
    view(game.state, viewer=0)                        # one seat's redacted view (None: spectator)

It imports no asyncio, database, network, clock or global `random` (tests/engine/test_purity).
"""

from .cards import ADDITIONS, WEAPONS, Addition, Weapon
from .chance import Chance, ScriptedChance, SeededChance
from .commands import (
    COMMAND_TYPES,
    PLAYER_COMMANDS,
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
    parse_command,
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
from .flow import pending_actors
from .game import Game, Window
from .legal import options
from .replay import replay
from .scoring import Result, result
from .state import Event, GameState, Phase, Settings
from .views import redact_event, view

__all__ = [
    "ADDITIONS",
    "COMMAND_TYPES",
    "PLAYER_COMMANDS",
    "WEAPONS",
    "Addition",
    "AlarmDiscard",
    "AlarmPurchase",
    "BreakMachine",
    "BuyAddition",
    "BuyEntries",
    "BuyWeapon",
    "Chance",
    "ClearSelection",
    "Command",
    "Counter",
    "Done",
    "DrawLostFound",
    "EngineError",
    "Event",
    "Game",
    "GameOver",
    "GameState",
    "IllegalCode",
    "IllegalMove",
    "MalformedCommand",
    "NotYourWindow",
    "Phase",
    "Protect",
    "Result",
    "ScriptedChance",
    "SeatCommand",
    "SeededChance",
    "Select",
    "Seniority",
    "SetAway",
    "Settings",
    "Skip",
    "StaleWindow",
    "Timeout",
    "Weapon",
    "Window",
    "WrongPhase",
    "options",
    "parse_command",
    "pending_actors",
    "redact_event",
    "replay",
    "result",
    "view",
]
