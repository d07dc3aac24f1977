"""The scoring weapons: Budget App (BUDGET-1) and 5 Star Review (REVIEW-1)."""

from __future__ import annotations

import pytest

from .builders import (
    CHARGING,
    PAWN,
    RACK,
    SLOT,
    VENDING,
)
from .scoring_helpers import scored


@pytest.mark.parametrize(
    ("weapon", "bonus"),
    [
        pytest.param(None, 5_000, id="BUDGET-1 BUY-4 without Budget App $5k"),
        pytest.param("budget_app", 10_000, id="BUDGET-1 with Budget App $10k, earlier too"),
    ],
)
def test_budget_app(weapon: str | None, bonus: int) -> None:
    copies = [{"kind": RACK, "owner": 0, "exact": True, "round": 1}]
    _, res = scored(SLOT, copies=copies, weapons={0: weapon} if weapon else {})
    assert res.players[0].copies[0].bonus == bonus
    assert res.players[0].total == 20_000 + bonus


REVIEW_ROWS = [
    pytest.param([], None, 0, id="REVIEW-1 no types: nothing"),
    pytest.param([RACK], None, 10_000, id="REVIEW-1 1 type $10k"),
    pytest.param([RACK, RACK, VENDING], None, 30_000, id="REVIEW-1 2 types $30k"),
    pytest.param([RACK, VENDING, CHARGING], None, 60_000, id="REVIEW-1 3 types $60k"),
    pytest.param([RACK, VENDING, CHARGING, PAWN], None, 100_000, id="REVIEW-1 4 types $100k"),
    pytest.param([RACK, VENDING, CHARGING, PAWN, SLOT], None, 150_000, id="REVIEW-1 5 types"),
    pytest.param([RACK, VENDING], RACK, 10_000, id="REVIEW-1 a shut-down type does not count"),
]


@pytest.mark.parametrize(("kinds", "flagged", "bonus"), REVIEW_ROWS)
def test_five_star_review(kinds: list[str], flagged: str | None, bonus: int) -> None:
    copies = [
        {"kind": k, "owner": 0, "alarm_flag": k == flagged, "protection": 50_000} for k in kinds
    ]
    _, res = scored(flagged or SLOT, copies=copies, weapons={0: "five_star_review"})
    assert res.players[0].review_bonus == bonus
    assert res.players[0].total == sum(c.score for c in res.players[0].copies) + bonus
