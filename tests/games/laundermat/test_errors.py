"""Every illegal command: its stable code, and no effect at all (GEN-1, GEN-2)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from laundermat.games.laundermat.engine import (
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
    EngineError,
    Game,
    IllegalCode,
    MalformedCommand,
    Phase,
    Protect,
    Select,
    Seniority,
    SetAway,
    Skip,
    Timeout,
    parse_command,
)

from .builders import CHARGING, RACK, SLOT, VENDING, assert_rejected, bill, build, play
from .scoring_helpers import scored

A = bill(50_000, 0)
B = bill(10_000, 0)
DISPLAY = [A, B, bill(20_000, 0), bill(30_000, 0)]
TEN, TWENTY, FIFTY, HUNDRED = bill(10_000, 5), bill(20_000, 5), bill(50_000, 5), bill(100_000, 1)


def draft() -> Game:
    return build(
        3,
        display=DISPLAY,
        weapons={0: "lost_and_found", 1: "broken_machine"},
        players={1: {"broken_used": True}},
    )


def purchase() -> Game:
    return build(
        3,
        phase=Phase.PURCHASE,
        collected=[0, 1],
        purchased=[1],
        wallets={0: [TEN, TWENTY, FIFTY], 1: [HUNDRED]},
        weapons={1: "budget_app"},
        weapon_market=["rubber_gloves", "anonymous_email", "jackpot"],
        weapons_bought=1,
        copies=[{"kind": CHARGING, "owner": 2} for _ in range(5)]
        + [{"kind": VENDING, "owner": 2, "alarm_flag": True}],
    )


def alarm() -> Game:
    return build(
        3,
        phase=Phase.ALARM,
        alarm=(0, bill(70_000, 0)),
        wallets={0: [TEN]},
        copies=[{"kind": RACK, "owner": 0, "alarm_flag": True}],
    )


def seniority() -> Game:
    return build(
        3,
        phase=Phase.SENIORITY,
        actors=[1],
        display=[A],
        collisions=[(A, [0, 1])],
        weapons={1: "seniority"},
    )


def protect() -> Game:
    return build(
        3,
        phase=Phase.BRIBE_PROTECT,
        round=8,
        done=[2],
        wallets={0: [TEN, TWENTY, FIFTY], 1: [HUNDRED]},
        weapons={1: "anonymous_email"},
        email_type=SLOT,
        copies=[{"kind": RACK, "owner": 0}, {"kind": SLOT, "owner": 1}],
    )


def counter() -> Game:
    return build(
        3,
        phase=Phase.BRIBE_COUNTER,
        round=8,
        wallets={0: [TEN, TWENTY, FIFTY], 1: [HUNDRED]},
        copies=[
            {"kind": RACK, "owner": 0, "protection": 60_000},
            {"kind": VENDING, "owner": 1, "protection": 50_000, "countered": True},
            {"kind": SLOT, "owner": 1},
        ],
    )


def entries() -> Game:
    return build(3, phase=Phase.BRIBE_ENTRIES, round=8, wallets={0: [TEN, FIFTY]})


def over() -> Game:
    return scored(RACK)[0]


Row = tuple[Callable[[], Game], Command | Callable[[Game], Command], str]

ILLEGAL: list[Any] = [
    # --- timing: the open window does not take this command
    pytest.param(draft, BuyAddition(0, RACK, (TEN,)), "wrong_phase", id="GEN-1 buy in draft"),
    pytest.param(purchase, Select(0, A), "wrong_phase", id="GEN-1 select in purchase"),
    pytest.param(alarm, Skip(0), "wrong_phase", id="GEN-1 skip in an Alarm window"),
    pytest.param(seniority, AlarmDiscard(1), "wrong_phase", id="GEN-1 discard in Seniority"),
    pytest.param(protect, Counter(0, 1, (FIFTY,)), "wrong_phase", id="GEN-1 counter in stage 1"),
    pytest.param(
        counter, BuyEntries(0, (FIFTY,), {RACK: 2}), "wrong_phase", id="GEN-1 entries in stage 2"
    ),
    pytest.param(entries, Protect(0, 0, (FIFTY,)), "wrong_phase", id="GEN-1 protect in stage 3"),
    pytest.param(purchase, Skip(2), "not_your_turn", id="GEN-1 BUY-1 ineligible seat"),
    pytest.param(alarm, AlarmDiscard(1), "not_your_turn", id="GEN-1 another seat's Alarm"),
    pytest.param(seniority, Seniority(0, True), "not_your_turn", id="GEN-1 not the owner"),
    pytest.param(
        draft, lambda g: Timeout(g.state.window_id - 1), "stale_window", id="GEN-1 a stale timeout"
    ),
    pytest.param(
        draft, lambda g: Timeout(g.state.window_id + 1), "stale_window", id="GEN-1 a future timeout"
    ),
    pytest.param(over, Done(0), "game_over", id="GEN-1 after the end"),
    pytest.param(over, Timeout(0), "game_over", id="GEN-1 a timeout after the end"),
    # --- malformed (GEN-2)
    pytest.param(draft, Select(3, A), "malformed", id="GEN-2 no such seat"),
    pytest.param(draft, Select(-1, A), "malformed", id="GEN-2 negative seat"),
    pytest.param(draft, SetAway(9, True), "malformed", id="GEN-2 away for no such seat"),
    pytest.param(
        purchase,
        BuyWeapon(0, "anonymous_email", (FIFTY, TWENTY, TEN)),
        "malformed",
        id="GEN-2 Email without its type",
    ),
    # --- draft
    pytest.param(draft, Select(0, 59), "card_not_on_display", id="GEN-1 DRAFT-2 not displayed"),
    pytest.param(draft, ClearSelection(0), "nothing_selected", id="GEN-1 DRAFT-2 nothing to clear"),
    pytest.param(draft, DrawLostFound(1), "weapon_not_owned", id="GEN-1 LOSTFOUND-1 not owned"),
    pytest.param(draft, BreakMachine(1), "ability_used", id="GEN-1 BROKEN-1 once per game"),
    pytest.param(draft, SetAway(0, False), "presence_unchanged", id="GEN-1 GEN-4 no change"),
    # --- paying
    pytest.param(
        purchase,
        BuyAddition(0, RACK, (HUNDRED,)),
        "bill_not_held",
        id="GEN-1 BUY-3 a bill not held",
    ),
    pytest.param(
        purchase,
        BuyAddition(0, RACK, (TEN, TEN)),
        "duplicate_bill",
        id="GEN-1 BUY-3 one bill twice",
    ),
    pytest.param(purchase, BuyAddition(0, RACK, ()), "no_bills", id="GEN-1 BUY-3 no bills"),
    pytest.param(purchase, BuyAddition(0, RACK, (TEN,)), "payment_short", id="GEN-1 BUY-3 short"),
    pytest.param(
        purchase, BuyAddition(0, CHARGING, (FIFTY,)), "sold_out", id="GEN-1 BUY-5 sold out"
    ),
    pytest.param(
        purchase,
        BuyAddition(0, RACK, (TEN, TWENTY), TEN),
        "bad_reference",
        id="GEN-1 TSHIRT-1 no T-Shirt",
    ),
    pytest.param(
        purchase,
        BuyAddition(1, RACK, (HUNDRED,)),
        "already_acted",
        id="GEN-1 BUY-2 already skipped",
    ),
    pytest.param(
        purchase,
        BuyWeapon(0, "budget_app", (FIFTY, TWENTY, TEN)),
        "weapon_not_offered",
        id="GEN-1 BUY-8 not offered",
    ),
    pytest.param(
        purchase,
        BuyWeapon(0, "rubber_gloves", (FIFTY, TWENTY)),
        "payment_short",
        id="GEN-1 BUY-8 $70k for an $80k weapon",
    ),
    pytest.param(
        purchase,
        BuyWeapon(0, "anonymous_email", (FIFTY,), email_type=VENDING),
        "illegal_target",
        id="GEN-1 EMAIL-1 a flagged type",
    ),
    pytest.param(
        purchase,
        BuyWeapon(0, "jackpot", (FIFTY,), jackpot_target=1),
        "no_legal_target",
        id="GEN-1 JACKPOT-2 nobody to hit",
    ),
    pytest.param(
        lambda: build(
            3,
            phase=Phase.PURCHASE,
            collected=[0],
            weapons={0: "seniority"},
            weapon_market=["budget_app"],
            wallets={0: [HUNDRED]},
        ),
        BuyWeapon(0, "budget_app", (HUNDRED,)),
        "weapon_limit",
        id="GEN-1 SETUP-7 one weapon each",
    ),
    # --- Alarm
    pytest.param(
        alarm,
        AlarmPurchase(0, RACK),
        "flagged_type_restricted",
        id="GEN-1 VAULT-8 flagged type while another is available",
    ),
    pytest.param(alarm, AlarmPurchase(0, SLOT, (TEN,)), "payment_short", id="GEN-1 VAULT-7 short"),
    pytest.param(
        alarm,
        AlarmPurchase(0, VENDING, (bill(70_000, 0),)),
        "bill_not_held",
        id="GEN-1 VAULT-7 the Alarm bill is committed already",
    ),
    # --- bribery
    pytest.param(protect, Protect(2, 0, (FIFTY,)), "stage_done", id="GEN-1 BRIBE-1 done"),
    pytest.param(protect, Protect(0, 1, (FIFTY,)), "copy_not_owned", id="GEN-1 BRIBE-3 not own"),
    pytest.param(protect, Protect(0, 5, (FIFTY,)), "copy_not_found", id="GEN-1 BRIBE-3 no copy"),
    pytest.param(
        protect, Protect(0, 0, (TEN, TWENTY)), "protection_too_small", id="GEN-1 BRIBE-3 under $50k"
    ),
    pytest.param(
        protect, Protect(1, 1, (HUNDRED,)), "email_protected", id="GEN-1 BRIBE-3 Email protects it"
    ),
    pytest.param(
        counter, Counter(0, 0, (FIFTY, TEN)), "own_protection", id="GEN-1 BRIBE-4 own protection"
    ),
    pytest.param(
        counter, Counter(0, 2, (FIFTY,)), "not_protected", id="GEN-1 BRIBE-4 nothing to counter"
    ),
    pytest.param(
        counter, Counter(0, 1, (FIFTY,)), "already_countered", id="GEN-1 BRIBE-4 countered once"
    ),
    pytest.param(counter, Counter(1, 0, (FIFTY,)), "bill_not_held", id="GEN-1 BRIBE-2 bills held"),
    pytest.param(entries, BuyEntries(0, (TEN,), {}), "payment_short", id="GEN-1 BRIBE-5 < $20k"),
    pytest.param(
        entries, BuyEntries(0, (FIFTY,), {RACK: 1}), "bad_split", id="GEN-1 BRIBE-5 unplaced entry"
    ),
]


@pytest.mark.parametrize(("situation", "command", "code"), ILLEGAL)
def test_illegal_command_changes_nothing(
    situation: Callable[[], Game], command: Command | Callable[[Game], Command], code: str
) -> None:
    """GEN-1: rejected with its code; nothing spent or used up; the window stays open."""
    game = situation()
    if not isinstance(command, Command):
        command = command(game)
    version = game.state.version
    assert_rejected(game, command, code)
    assert game.state.version == version


def test_every_illegal_code_is_exercised() -> None:
    """Every `IllegalCode` has a row above, so none is dead (BUY-1 eligibility is the purchase
    window's actor list, so it reports not_your_turn and needs no code of its own)."""
    covered = {p.values[2] for p in ILLEGAL}
    raised = {str(c) for c in IllegalCode} - {"deck_empty"}
    # deck_empty is covered in test_weapon_lost_found (LOSTFOUND-1), it needs a built empty deck.
    assert raised <= covered, sorted(raised - covered)


def test_a_rejected_command_leaves_the_window_usable() -> None:
    """GEN-1: after a rejection the same player may still act in the same window."""
    game = purchase()
    assert_rejected(game, BuyAddition(0, RACK, (TEN,)), "payment_short")
    play(game, BuyAddition(0, RACK, (TEN, TWENTY)))
    assert game.state.copies[-1].owner == 0


@pytest.mark.parametrize(
    "wire",
    [
        pytest.param([], id="GEN-2 not an object"),
        pytest.param({"type": "teleport", "seat": 0}, id="GEN-2 unknown type"),
        pytest.param({"type": "select", "card": 3}, id="GEN-2 no seat"),
        pytest.param({"type": "select", "seat": 0}, id="GEN-2 no card"),
        pytest.param({"type": "select", "seat": "0", "card": 3}, id="GEN-2 seat as text"),
        pytest.param({"type": "select", "seat": True, "card": 3}, id="GEN-2 seat as bool"),
        pytest.param({"type": "seniority", "seat": 0}, id="GEN-2 claim missing"),
        pytest.param({"type": "buy_addition", "seat": 0, "addition": RACK}, id="GEN-2 no bills"),
        pytest.param({"type": "buy_addition", "seat": 0, "bills": [1]}, id="GEN-2 no addition"),
        pytest.param(
            {"type": "buy_addition", "seat": 0, "addition": RACK, "bills": "1"},
            id="GEN-2 bills not a list",
        ),
        pytest.param(
            {"type": "buy_addition", "seat": 0, "addition": RACK, "bills": [1.5]},
            id="GEN-2 bill not an id",
        ),
        pytest.param(
            {"type": "buy_addition", "seat": 0, "addition": RACK, "bills": list(range(61))},
            id="GEN-2 more bills than exist",
        ),
        pytest.param({"type": "buy_weapon", "seat": 0, "weapon": "laser"}, id="GEN-2 bad weapon"),
        pytest.param(
            {"type": "buy_weapon", "seat": 0, "weapon": "jackpot", "jackpot_target": "1"},
            id="GEN-2 target not a seat",
        ),
        pytest.param({"type": "entries", "seat": 0, "bills": [1]}, id="GEN-2 no split"),
        pytest.param(
            {"type": "entries", "seat": 0, "bills": [1], "split": {RACK: 1.0}},
            id="GEN-2 split not whole",
        ),
        pytest.param({"type": "protect", "seat": 0, "bills": [1]}, id="GEN-2 no copy"),
        pytest.param({"type": "timeout"}, id="GEN-2 timeout without window"),
        pytest.param({"type": "set_away", "seat": 0, "away": 1}, id="GEN-2 away not a bool"),
    ],
)
def test_incomplete_commands_are_rejected(wire: Any) -> None:
    """GEN-2: every choice is part of the one command; an incomplete one never applies."""
    with pytest.raises(MalformedCommand) as caught:
        parse_command(wire)
    assert caught.value.code == "malformed"
    assert isinstance(caught.value, EngineError)


@pytest.mark.parametrize(
    "build",
    [
        pytest.param(lambda: BuyAddition(0, "laundromat", (TEN,)), id="GEN-2 no such addition"),
        pytest.param(
            lambda: BuyEntries(0, (FIFTY,), {"casino": 2}), id="GEN-2 entries on no such type"
        ),
        pytest.param(lambda: Select(0, "12"), id="GEN-2 a card id that is not a number"),  # type: ignore[arg-type]
        pytest.param(lambda: Protect(0, 1, [FIFTY, "x"]), id="GEN-2 a bill that is not an id"),  # type: ignore[arg-type]
    ],
)
def test_a_malformed_command_cannot_even_be_built_in_code(build: Any) -> None:
    """GEN-1/GEN-2: commands built in code are checked like parsed ones, so the engine never
    meets a bad field halfway through applying a command."""
    with pytest.raises(MalformedCommand) as caught:
        build()
    assert caught.value.code == "malformed"


def test_wire_round_trip() -> None:
    """GEN-2: a command's JSON form parses back to the same command."""
    commands: list[Command] = [
        Select(0, 5),
        ClearSelection(1),
        DrawLostFound(0),
        BreakMachine(2),
        Seniority(1, False),
        AlarmPurchase(0, RACK, (1, 2), 1),
        AlarmDiscard(0),
        BuyAddition(0, SLOT, (58, 59)),
        BuyWeapon(1, "jackpot", (3,), jackpot_target=2),
        BuyWeapon(1, "anonymous_email", (), email_type=VENDING),
        Skip(0),
        Protect(0, 3, (40,)),
        Counter(1, 3, (41,)),
        BuyEntries(2, (8, 9), {RACK: 1}),
        Done(0),
        Timeout(4),
        SetAway(1, True),
    ]
    for command in commands:
        assert parse_command(command.to_dict()) == command
