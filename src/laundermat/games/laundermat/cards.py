"""The game's fixed material: bills, additions, weapons and their tables (SETUP-4, SETUP-6)."""

from __future__ import annotations

from enum import StrEnum
from typing import Final


class Addition(StrEnum):
    """The five standard addition types (SETUP-6)."""

    CLEARANCE_RACK = "clearance_rack"
    VENDING_MACHINES = "vending_machines"
    CHARGING_STATIONS = "charging_stations"
    PAWN_SHOP = "pawn_shop"
    SLOT_MACHINE = "slot_machine"


class Weapon(StrEnum):
    """The ten Secret Weapons (section 6 of the rules)."""

    LOST_AND_FOUND = "lost_and_found"  # LOSTFOUND-1..3
    ANONYMOUS_EMAIL = "anonymous_email"  # EMAIL-1..2
    TWO_FOR_ONE = "two_for_one"  # TWOFORONE-1..2
    JACKPOT = "jackpot"  # JACKPOT-1..2
    SENIORITY = "seniority"  # SENIORITY-1..3
    RUBBER_GLOVES = "rubber_gloves"  # GLOVES-1
    FIVE_STAR_REVIEW = "five_star_review"  # REVIEW-1
    GREEN_TSHIRT = "green_tshirt"  # TSHIRT-1
    BUDGET_APP = "budget_app"  # BUDGET-1
    BROKEN_MACHINE = "broken_machine"  # BROKEN-1


ADDITIONS: Final = tuple(Addition)
WEAPONS: Final = tuple(Weapon)

COST: Final[dict[Addition, int]] = {
    Addition.CLEARANCE_RACK: 20_000,
    Addition.VENDING_MACHINES: 30_000,
    Addition.CHARGING_STATIONS: 50_000,
    Addition.PAWN_SHOP: 80_000,
    Addition.SLOT_MACHINE: 150_000,
}
POINTS: Final[dict[Addition, int]] = {
    Addition.CLEARANCE_RACK: 20_000,
    Addition.VENDING_MACHINES: 40_000,
    Addition.CHARGING_STATIONS: 80_000,
    Addition.PAWN_SHOP: 130_000,
    Addition.SLOT_MACHINE: 250_000,
}
COPIES_PER_TYPE: Final = 5
MARKET_TOTAL: Final = COPIES_PER_TYPE * len(ADDITIONS)

# SETUP-4: denomination -> copies. Card ids 0..59 are assigned in this order.
DECK_COMPOSITION: Final = (
    (10_000, 8),
    (20_000, 10),
    (30_000, 10),
    (40_000, 8),
    (50_000, 8),
    (60_000, 6),
    (70_000, 4),
    (80_000, 4),
    (100_000, 2),
)
BILL_VALUE: Final[tuple[int, ...]] = tuple(
    value for value, copies in DECK_COMPOSITION for _ in range(copies)
)
BILL_COUNT: Final = len(BILL_VALUE)  # 60

ROUNDS: Final = 8  # SETUP-5
MIN_PLAYERS: Final = 3  # SETUP-1
MAX_PLAYERS: Final = 6

ROUND_TIMERS: Final = (15, 30, 45, 60, 180, 300, 600)  # SETUP-3, seconds
BRIBE_TIMERS: Final = (15, 30, 45)
DEFAULT_ROUND_TIMER: Final = 30
DEFAULT_BRIBE_TIMER: Final = 15

# BUY-8: the k-th weapon bought in the game costs WEAPON_PRICES[k - 1].
WEAPON_PRICES: Final = (100_000, 80_000, 60_000, 40_000, 20_000, 0)

ALWAYS_ALARM_FROM: Final = 70_000  # VAULT-4


def alarm_risk(value: int) -> int:
    """VAULT-4: the highest roll that sounds an Alarm for a bill under $70,000."""
    if value <= 20_000:
        return 1
    if value <= 40_000:
        return 2
    if value <= 50_000:
        return 3
    return 4


def sounds_alarm(value: int, roll: int) -> bool:
    """VAULT-4: `roll` already includes Rubber Gloves and its cap."""
    return value >= ALWAYS_ALARM_FROM or roll <= alarm_risk(value)


PROTECTION_MINIMUM: Final = 50_000  # BRIBE-3
ENTRY_PRICE: Final = 20_000  # BRIBE-5
EXACT_BONUS: Final = 5_000  # BUY-4
BUDGET_EXACT_BONUS: Final = 10_000  # BUDGET-1
GLOVES_BONUS: Final = 2  # GLOVES-1
DIE_FACES: Final = 6

# REVIEW-1: distinct surviving types -> bonus.
REVIEW_BONUS: Final = (0, 10_000, 30_000, 60_000, 100_000, 150_000)
