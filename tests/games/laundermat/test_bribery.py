"""The three bribery stages: BRIBE-1..5."""

from __future__ import annotations

from typing import Any

import pytest

from laundermat.games.laundermat.engine import (
    BuyEntries,
    Counter,
    Done,
    Game,
    Phase,
    Protect,
    Settings,
    Skip,
    Timeout,
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
    timeout,
    total,
)

# Copy 0 belongs to seat 0, copy 1 to seat 1, copy 2 (flagged) to seat 2.
COPIES = [
    {"kind": RACK, "owner": 0},
    {"kind": VENDING, "owner": 1},
    {"kind": PAWN, "owner": 2, "alarm_flag": True},
]
RICH = {
    0: [bill(50_000, 0), bill(50_000, 1), bill(10_000, 0), bill(30_000, 0)],
    1: [bill(50_000, 2), bill(60_000, 0), bill(40_000, 0), bill(20_000, 0)],
    2: [bill(100_000, 0), bill(10_000, 1), bill(20_000, 1)],
}


def bribery(phase: Phase = Phase.BRIBE_PROTECT, **kwargs: Any) -> Game:
    kwargs.setdefault("copies", COPIES)
    kwargs.setdefault("wallets", RICH)
    return build(3, phase=phase, round=8, **kwargs)


def test_the_game_reaches_bribery_after_round_eight() -> None:
    """ROUND-1 / BRIBE-1: after round 8's purchase window, stage 1 opens for everyone."""
    game = build(3, phase=Phase.PURCHASE, round=8, collected=[0])
    play(game, Skip(0))
    window = game.window()
    assert window is not None
    assert (window.kind, window.actors, window.duration) == (Phase.BRIBE_PROTECT, (0, 1, 2), 15)


def test_stages_in_order_each_with_the_bribe_timer() -> None:
    """BRIBE-1: protection, counterbribes, entries, each for the bribery stage timer."""
    game = bribery(settings=Settings(round_timer=60, bribe_timer=45))
    seen = []
    while game.state.phase is not Phase.OVER:
        window = game.window()
        assert window is not None
        seen.append((window.kind, window.duration))
        timeout(game)
    assert seen == [
        (Phase.BRIBE_PROTECT, 45),
        (Phase.BRIBE_COUNTER, 45),
        (Phase.BRIBE_ENTRIES, 45),
    ]


def test_a_stage_closes_when_everyone_is_done_and_done_is_final() -> None:
    """BRIBE-1: early close once every player has declared done; done is final."""
    game = bribery()
    play(game, Done(0))
    assert_rejected(game, Protect(0, 0, (bill(50_000, 0),)), "stage_done")
    assert_rejected(game, Done(0), "stage_done")
    play(game, Done(1))
    assert game.state.phase is Phase.BRIBE_PROTECT
    play(game, Done(2))
    assert game.state.phase is Phase.BRIBE_COUNTER
    assert not any(p.done for p in game.state.players)  # a fresh stage


def test_no_late_action_and_the_clock_does_not_restart() -> None:
    """BRIBE-1: a payment does not restart the stage clock; after close, no late action."""
    game = bribery()
    window = game.state.window_id
    play(game, Protect(0, 0, (bill(50_000, 0),)))
    assert game.state.window_id == window  # same window, same deadline
    play(game, Protect(0, 0, (bill(10_000, 0),)))  # several actions in one stage
    timeout(game)
    assert game.state.phase is Phase.BRIBE_COUNTER
    assert_rejected(game, Protect(1, 1, (bill(50_000, 2),)), "wrong_phase")
    assert_rejected(game, Timeout(window), "stale_window")


def test_bribes_are_public_and_paid_at_printed_value() -> None:
    """BRIBE-2: printed value (no Green T-Shirt), all spent, no change, public."""
    game = bribery(weapons={1: "green_tshirt"})
    events = play(game, Protect(1, 1, (bill(60_000, 0),)))
    assert game.state.copies[1].protection == 60_000  # the whole commit, no change
    assert bill(60_000, 0) in game.state.spent
    event = first(events, "protect")
    assert event.secret is None
    assert event.public == {"seat": 1, "copy": 1, "amount": 60_000, "protection": 60_000}
    assert_rejected(game, Protect(1, 1, ()), "no_bills")
    for viewer in (None, 0, 2):
        assert view(game.state, viewer)["copies"][1]["protection"] == 60_000


@pytest.mark.parametrize(
    ("seat", "copy", "bills", "code"),
    [
        pytest.param(0, 0, [bill(50_000, 0)], None, id="BRIBE-3 $50k protects"),
        pytest.param(
            0,
            0,
            [bill(30_000, 0), bill(10_000, 0)],
            "protection_too_small",
            id="BRIBE-3 $40k is too small",
        ),
        pytest.param(0, 0, [bill(50_000, 0), bill(10_000, 0)], None, id="BRIBE-3 more is fine"),
        pytest.param(0, 1, [bill(50_000, 0)], "copy_not_owned", id="BRIBE-3 only your own copy"),
        pytest.param(0, 9, [bill(50_000, 0)], "copy_not_found", id="BRIBE-3 no such copy"),
        pytest.param(0, 0, [bill(50_000, 2)], "bill_not_held", id="BRIBE-2 only held bills"),
        pytest.param(
            0, 0, [bill(50_000, 0), bill(50_000, 0)], "duplicate_bill", id="BRIBE-2 a bill once"
        ),
    ],
)
def test_protection(seat: int, copy: int, bills: list[int], code: str | None) -> None:
    game = bribery()
    command = Protect(seat, copy, tuple(bills))
    if code:
        assert_rejected(game, command, code)
        return
    play(game, command)
    assert game.state.copies[copy].protection == total(bills)


def test_a_further_commit_adds_to_the_protection() -> None:
    """BRIBE-3: at most one paid protection per copy; a further commit adds to it."""
    game = bribery()
    play(game, Protect(0, 0, (bill(50_000, 0),)), Protect(0, 0, (bill(10_000, 0),)))
    assert game.state.copies[0].protection == 60_000


def test_email_protected_copy_takes_no_paid_protection() -> None:
    """BRIBE-3: a copy protected by Anonymous Email cannot be given a paid one."""
    game = bribery(weapons={0: "anonymous_email"}, email_type=RACK)
    assert_rejected(game, Protect(0, 0, (bill(50_000, 0),)), "email_protected")


def countering(**kwargs: Any) -> Game:
    """Stage 2 with seat 0's copy 0 protected for $60k."""
    copies = [dict(COPIES[0], protection=60_000), *COPIES[1:]]
    return bribery(Phase.BRIBE_COUNTER, copies=copies, **kwargs)


@pytest.mark.parametrize(
    ("seat", "copy", "bills", "code"),
    [
        pytest.param(1, 0, [bill(60_000, 0)], None, id="BRIBE-4 equal amount cancels"),
        pytest.param(1, 0, [bill(50_000, 2), bill(40_000, 0)], None, id="BRIBE-4 more cancels"),
        pytest.param(1, 0, [bill(50_000, 2)], "payment_short", id="BRIBE-4 less is short"),
        pytest.param(
            0, 0, [bill(50_000, 0), bill(30_000, 0)], "own_protection", id="BRIBE-4 not your own"
        ),
        pytest.param(0, 1, [bill(50_000, 0)], "not_protected", id="BRIBE-4 needs a protection"),
    ],
)
def test_counterbribe(seat: int, copy: int, bills: list[int], code: str | None) -> None:
    game = countering()
    command = Counter(seat, copy, tuple(bills))
    if code:
        assert_rejected(game, command, code)
        return
    events = play(game, command)
    assert game.state.copies[copy].countered
    assert set(bills) <= set(game.state.spent)  # both payments stay spent
    assert first(events, "counter").public == {
        "seat": seat,
        "copy": copy,
        "amount": total(bills),
        "owner": 0,
    }


def test_a_protection_can_be_countered_once() -> None:
    """BRIBE-4: each protection can be countered once."""
    game = countering()
    play(game, Counter(1, 0, (bill(60_000, 0),)))
    assert_rejected(game, Counter(2, 0, (bill(100_000, 0),)), "already_countered")


@pytest.mark.parametrize(
    ("bills", "split", "code"),
    [
        pytest.param([bill(20_000, 0)], {RACK: 1}, None, id="BRIBE-5 $20k buys 1 entry"),
        pytest.param(
            [bill(50_000, 2), bill(60_000, 0)],
            {RACK: 3, SLOT: 2},
            None,
            id="BRIBE-5 $110k buys floor 5 entries, split",
        ),
        pytest.param([bill(50_000, 2)], {CHARGING: 2}, None, id="BRIBE-5 $50k buys 2"),
        pytest.param(
            [bill(50_000, 2)], {CHARGING: 1}, "bad_split", id="BRIBE-5 all entries must be placed"
        ),
        pytest.param(
            [bill(50_000, 2)], {CHARGING: 3}, "bad_split", id="BRIBE-5 no more than bought"
        ),
        pytest.param(
            [bill(50_000, 2)],
            {CHARGING: 3, RACK: -1},
            "bad_split",
            id="BRIBE-5 whole non-negative entries",
        ),
        pytest.param([], {RACK: 1}, "no_bills", id="BRIBE-5 bills are needed"),
    ],
)
def test_entries(bills: list[int], split: dict[str, int], code: str | None) -> None:
    game = bribery(Phase.BRIBE_ENTRIES)
    command = BuyEntries(1, tuple(bills), split)
    if code:
        assert_rejected(game, command, code)
        return
    before = dict(game.state.entries)
    events = play(game, command)
    for kind, count in split.items():
        assert game.state.entries[kind] == before[kind] + count
    assert set(bills) <= set(game.state.spent)
    assert first(events, "entries").public["split"] == split


def test_entries_below_twenty_thousand_are_short() -> None:
    """BRIBE-5: at least $20,000."""
    game = bribery(Phase.BRIBE_ENTRIES)
    assert_rejected(game, BuyEntries(0, (bill(10_000, 0),), {}), "payment_short")
