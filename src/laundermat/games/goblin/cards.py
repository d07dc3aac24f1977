"""The components (GCARD-1..4) and the game's constants, as data built once at import.

Clothing ids are "C1".."C90" in the rules' table order (row by row; within a row by species in
column order; copies consecutively) and Programs "P1".."P20", so an id means the same card in
the rules, the engine and every client.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

SPECIES = ("elves", "mermaids", "dwarves", "orcs", "vampires")  # GCARD-1, column order
STAINS = ("dirt", "magic", "slime")
PROGRAM_TYPES = ("I", "II", "III", "IV")
ROUNDS = 4  # GSETUP-5
MIN_PLAYERS = 2  # GSETUP-1
MAX_PLAYERS = 5
DECISION_TIMERS = (15, 30, 45, 60, 180, 300, 600)  # GSETUP-3
DEFAULT_DECISION_TIMER = 30
SPECIES_COINS = 2  # GSCORE-1
SOCK_PAIR_COINS = 10  # GSCORE-3
POTION_COINS = 3  # GCARD-2, GSCORE-5
MAJORITIES = {"underwear": (8, 4), "pants": (10, 5), "cape": (12, 6)}  # GSCORE-4
CLOCKWISE = "cw"
COUNTERCLOCKWISE = "ccw"

_LETTER = {"D": "dirt", "M": "magic", "S": "slime"}


@dataclass(frozen=True)
class Clothing:
    id: str
    type: str
    species: str
    stains: tuple[int, int, int]  # dirt, magic, slime symbols
    coins: int | None  # printed Coins (GSCORE-5); None for Socks and majority cards

    @property
    def symbols(self) -> int:
        return sum(self.stains)

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": self.type,
            "species": self.species,
            "stains": dict(zip(STAINS, self.stains, strict=True)),
            "coins": self.coins,
        }


@dataclass(frozen=True)
class Program:
    id: str
    type: str
    cycle: int
    coins: int
    temperature: int
    direction: str
    limits: tuple[int | None, int | None, int | None]  # None: the type is ignored

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": self.type,
            "cycle": self.cycle,
            "coins": self.coins,
            "temperature": self.temperature,
            "direction": self.direction,
            "limits": dict(zip(STAINS, self.limits, strict=True)),
        }


# GCARD-4: (type, printed Coins, copies per species, stains by species in SPECIES order).
_CLOTHING_ROWS: tuple[tuple[str, int | None, int, tuple[str, ...]], ...] = (
    ("socks", None, 4, ("M", "S", "D", "S", "M")),
    ("underwear", None, 1, ("", "", "", "", "")),
    ("underwear", None, 1, ("D", "M", "S", "D", "S")),
    ("pants", None, 1, ("M", "S", "D", "S", "M")),
    ("pants", None, 1, ("S", "D", "M", "M", "D")),
    ("cape", None, 1, ("D", "M", "S", "D", "S")),
    ("cape", None, 1, ("MS", "DS", "DM", "MS", "DM")),
    ("scarf", 1, 2, ("", "", "", "", "")),
    ("shirt", 2, 1, ("S", "D", "M", "M", "D")),
    ("shirt", 2, 1, ("D", "M", "S", "D", "S")),
    ("shirt", 5, 1, ("MS", "DS", "DM", "MS", "DM")),
    ("hat", 3, 1, ("M", "S", "D", "S", "M")),
    ("hat", 5, 1, ("DM", "MS", "DS", "DS", "MS")),
    ("robe", 8, 1, ("DMM", "MSS", "DDS", "DSS", "MMS")),
)

# GCARD-3: id order; (type, Temperature, direction, Dirt, Magic, Slime limits).
_CYCLE = {"I": (3, 1), "II": (4, 3), "III": (5, 6), "IV": (6, 12)}
_PROGRAM_ROWS: tuple[tuple[str, int, str, int | None, int | None, int | None], ...] = (
    ("I", 105, "cw", 2, 2, 2),
    ("I", 80, "ccw", 1, 3, 3),
    ("I", 60, "cw", 1, 3, None),
    ("I", 35, "ccw", 1, None, 3),
    ("I", 25, "cw", None, 1, 3),
    ("II", 110, "ccw", None, 2, 2),
    ("II", 75, "cw", 1, 3, None),
    ("II", 55, "cw", 3, 2, 2),
    ("II", 40, "ccw", 1, None, 3),
    ("II", 20, "ccw", 2, 3, 2),
    ("III", 115, "cw", 2, 2, None),
    ("III", 90, "cw", None, 2, 2),
    ("III", 65, "cw", 2, 3, 2),
    ("III", 45, "ccw", 2, None, 2),
    ("III", 30, "ccw", 2, 2, 3),
    ("IV", 100, "ccw", 3, 2, 3),
    ("IV", 95, "ccw", None, 2, 3),
    ("IV", 85, "ccw", 2, 2, None),
    ("IV", 70, "cw", 2, None, 2),
    ("IV", 50, "cw", 3, 3, 2),
)


def _stains(letters: str) -> tuple[int, int, int]:
    return (letters.count("D"), letters.count("M"), letters.count("S"))


def _build_clothing() -> dict[str, Clothing]:
    cards: dict[str, Clothing] = {}
    for kind, coins, copies, stains in _CLOTHING_ROWS:
        for species, letters in zip(SPECIES, stains, strict=True):
            for _ in range(copies):
                card_id = f"C{len(cards) + 1}"
                cards[card_id] = Clothing(card_id, kind, species, _stains(letters), coins)
    return cards


def _build_programs() -> dict[str, Program]:
    programs: dict[str, Program] = {}
    for i, (kind, temperature, direction, dirt, magic, slime) in enumerate(_PROGRAM_ROWS):
        cycle, coins = _CYCLE[kind]
        program_id = f"P{i + 1}"
        programs[program_id] = Program(
            program_id, kind, cycle, coins, temperature, direction, (dirt, magic, slime)
        )
    return programs


CLOTHING: dict[str, Clothing] = _build_clothing()
PROGRAMS: dict[str, Program] = _build_programs()
CLOTHING_IDS: tuple[str, ...] = tuple(CLOTHING)
PROGRAM_IDS: tuple[str, ...] = tuple(PROGRAMS)


def programs_of_type(kind: str) -> list[str]:
    return [p.id for p in PROGRAMS.values() if p.type == kind]


def hand_size(players: int, round_number: int) -> int:
    """GFILL-1: the Cycle of the round's Program type, but 5 in a 5-player round 4."""
    if players == 5 and round_number == 4:
        return 5
    return _CYCLE[PROGRAM_TYPES[round_number - 1]][0]


def cycle_of_round(round_number: int) -> int:
    return _CYCLE[PROGRAM_TYPES[round_number - 1]][0]


def public_rules() -> dict[str, Any]:
    """The constants a client reads instead of repeating them (the same in every view)."""
    return {
        "rounds": ROUNDS,
        "min_players": MIN_PLAYERS,
        "max_players": MAX_PLAYERS,
        "decision_timers": list(DECISION_TIMERS),
        "default_decision_timer": DEFAULT_DECISION_TIMER,
        "species": list(SPECIES),
        "stains": list(STAINS),
        "program_types": list(PROGRAM_TYPES),
        "hand_sizes": {
            str(n): None if n == 2 else [hand_size(n, r) for r in range(1, ROUNDS + 1)]
            for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)
        },
        "species_coins": SPECIES_COINS,
        "sock_pair_coins": SOCK_PAIR_COINS,
        "potion_coins": POTION_COINS,
        "majorities": {k: list(v) for k, v in MAJORITIES.items()},
        "clothing": {c.id: c.to_dict() for c in CLOTHING.values()},
        "programs": {p.id: p.to_dict() for p in PROGRAMS.values()},
    }
