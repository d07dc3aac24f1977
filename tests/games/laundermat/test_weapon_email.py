"""Anonymous Email: EMAIL-1, EMAIL-2 and BUY-10."""

from __future__ import annotations

from typing import Any

import pytest

from laundermat.games.laundermat.engine import (
    BuyAddition,
    BuyWeapon,
    Game,
    MalformedCommand,
    Phase,
    Protect,
    view,
)

from .builders import (
    CHARGING,
    PAWN,
    RACK,
    SLOT,
    VENDING,
    assert_rejected,
    bill,
    build,
    first,
    play,
)
from .scoring_helpers import scored


def email_shop(**kwargs: Any) -> Game:
    return build(
        3,
        phase=Phase.PURCHASE,
        collected=[0, 1],
        weapon_market=["anonymous_email"],
        **kwargs,
    )


def test_email_flags_a_type_for_everyone() -> None:
    """EMAIL-1: every current and future copy of the type is flagged; +1 entry; the buyer's
    copies of it are protected for $0 and that protection cannot be countered."""
    game = email_shop(
        copies=[{"kind": VENDING, "owner": 0}, {"kind": VENDING, "owner": 2}],
        wallets={0: [bill(100_000)], 1: [bill(30_000)]},
    )
    events = play(game, BuyWeapon(0, "anonymous_email", (bill(100_000),), email_type=VENDING))
    assert first(events, "email").public == {"seat": 0, "addition": VENDING}
    assert game.state.entries[VENDING] == 2
    play(game, BuyAddition(1, VENDING, (bill(30_000),)))  # a future copy
    copies = view(game.state, 2)["copies"]
    assert [c["flagged"] for c in copies] == [True, True, True]
    assert [c["email_protected"] for c in copies] == [True, False, False]
    # The Email's protection is free and cannot be countered, nor replaced by a paid one.
    game.state.phase = Phase.BRIBE_PROTECT
    game.state.window_actors = [0, 1, 2]
    game.state.players[0].wallet = []
    assert_rejected(game, Protect(0, 0, ()), "email_protected")


@pytest.mark.parametrize(
    ("copies", "email_type", "code"),
    [
        pytest.param(
            [{"kind": RACK, "owner": 1, "alarm_flag": True}],
            RACK,
            "illegal_target",
            id="EMAIL-1 a type with a flagged copy cannot be chosen",
        ),
        pytest.param([], None, "malformed", id="EMAIL-1 GEN-2 the type must be named"),
    ],
)
def test_email_target_rules(
    copies: list[dict[str, object]], email_type: str | None, code: str
) -> None:
    game = email_shop(copies=copies, wallets={0: [bill(100_000)]})
    assert_rejected(
        game, BuyWeapon(0, "anonymous_email", (bill(100_000),), email_type=email_type), code
    )


def test_email_cannot_be_bought_when_every_type_is_flagged() -> None:
    """EMAIL-2."""
    flagged = [
        {"kind": k, "owner": 1, "alarm_flag": True} for k in (RACK, VENDING, CHARGING, PAWN, SLOT)
    ]
    game = email_shop(copies=flagged, wallets={0: [bill(100_000)]})
    assert_rejected(
        game, BuyWeapon(0, "anonymous_email", (bill(100_000),), email_type=RACK), "no_legal_target"
    )


def test_email_protection_is_not_counterable() -> None:
    """EMAIL-1: the Email's $0 protection cannot be counterbribed (it is no paid
    protection)."""
    from laundermat.games.laundermat.engine import Counter

    game = build(
        3,
        phase=Phase.BRIBE_COUNTER,
        round=8,
        weapons={0: "anonymous_email"},
        email_type=RACK,
        copies=[{"kind": RACK, "owner": 0}],
        wallets={1: [bill(100_000)]},
    )
    assert_rejected(game, Counter(1, 0, (bill(100_000),)), "not_protected")
    _, res = scored(
        RACK,
        weapons={0: "anonymous_email"},
        email_type=RACK,
        copies=[{"kind": RACK, "owner": 0}, {"kind": RACK, "owner": 1}],
    )
    assert not res.players[0].disqualified  # protected ...
    assert res.players[0].copies[0].shut_down  # ... but still shut down (SCORE-2)
    assert res.players[1].disqualified
    assert MalformedCommand.code == "malformed"


def test_email_protects_the_buyers_later_copies_too() -> None:
    """EMAIL-1: a copy of the emailed type the buyer gets later is flagged and protected."""
    game = build(
        3,
        phase=Phase.PURCHASE,
        collected=[0, 1],
        weapons={0: "anonymous_email"},
        email_type=VENDING,
        wallets={0: [bill(30_000)], 1: [bill(30_000, 1)]},
    )
    play(
        game, BuyAddition(0, VENDING, (bill(30_000),)), BuyAddition(1, VENDING, (bill(30_000, 1),))
    )
    seen = view(game.state, None)["copies"]
    assert [(c["owner"], c["flagged"], c["email_protected"]) for c in seen] == [
        (0, True, True),
        (1, True, False),
    ]
