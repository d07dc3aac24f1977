"""The LaunderMat rules engine's public names (the rules modules beside this one): pure,
seeded, replayable.

    game = Game.new(seed, names, Settings(round_timer=30, bribe_timer=15))
    events = game.apply(Select(seat=0, card=12))     # or raises an EngineError
    game.window()                                     # the open window: id, kind, actors, duration
    view(game.state, viewer=0)                        # one seat's redacted view (None: spectator)

No rules module imports asyncio, a database, the network, a clock or the global `random`
(tests/games/test_purity.py), nor a module that imports it back (import-linter's
acyclic contract, and tests/games/laundermat/test_imports.py for the arrows between phases).

Words, each with one meaning here:

- **phase**: what kind of step the game is in, a `Phase` (draft, seniority, alarm, purchase,
  the three bribery phases, over) and a row of the phase table `flow.PHASES`: the commands it
  accepts (each a check and an apply), who has acted, which timer it uses, what closing it
  leads to. `state.phase`.
- **window**: one opening of a phase for its actors, with an id, the actors and a duration
  (`Window`, `Game.window()`). The room times a window, not a phase: `Timeout(window)` names
  the id. A phase may open several windows (Broken Machine reopens the draft with a full timer;
  each Alarm is a window of its own). `Window.kind` is the phase it opens.
- **stage**: the rules' word (BRIBE-1) for the three bribery phases, and used only for them.
- **step**: what phase code answers a command or a close with (`context.Step`): a window to
  open, an automatic step with no decision (`context.Then`: to the Vault, raids, purchases,
  end of round, scoring), or nothing (the window stays open). Only `flow` acts on steps.
"""

from ..kit.redaction import redact_event
from .cards import (
    ADDITIONS,
    BRIBE_TIMERS,
    DEFAULT_BRIBE_TIMER,
    DEFAULT_ROUND_TIMER,
    MAX_PLAYERS,
    MIN_PLAYERS,
    ROUND_TIMERS,
    WEAPONS,
    Addition,
    Weapon,
)
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
from .game import Game
from .legal import options
from .replay import public_commands, replay
from .scoring import Result, result
from .state import Event, GameState, Phase, Settings, Window
from .views import private_view, public_rules, public_sections, public_view, view

__all__ = [
    "ADDITIONS",
    "BRIBE_TIMERS",
    "COMMAND_TYPES",
    "DEFAULT_BRIBE_TIMER",
    "DEFAULT_ROUND_TIMER",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "PLAYER_COMMANDS",
    "ROUND_TIMERS",
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
    "private_view",
    "public_commands",
    "public_rules",
    "public_sections",
    "public_view",
    "redact_event",
    "replay",
    "result",
    "view",
]
