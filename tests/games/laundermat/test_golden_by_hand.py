"""Golden game 01 scored by hand from the rules, not from the engine's output.

The commands (golden/game_01.json beside this file) say who picked and paid with which
bill; a bill's value follows from its id (SETUP-4: ids 0-7 are $10,000, 8-17 $20,000, 18-27 $30,000,
28-35 $40,000, 36-43 $50,000, 44-49 $60,000, 50-53 $70,000, 54-57 $80,000, 58-59 $100,000).
What chance decided is not in the commands, so it is stated here as the game's facts and
checked against the public log: the Alarm bills the Vault dealt, and the investigated type.
Turn order in round r starts at seat (r - 1) mod 3 (SETUP-2).

Round by round (CR Clearance Rack $20k/20 pts, VM Vending Machines $30k/40 pts,
CS Charging Stations $50k/80 pts; SETUP-6):

1. Seat 2 alone picks bill 50 ($70k); seats 0 and 1 collide on bill 1 and raid quietly.
   Seat 2 buys CS with bill 50: $70k for $50k, not exact (BUY-4).          → seat 2: CS clean
2. Seat 1 alone picks bill 8; seats 0 and 2 collide on bill 14. Raids in order 1, 2, 0:
   seat 2's Alarm bill is 25 ($30k); it Alarm-buys CR: $30k, not exact.   → seat 2: CR flagged
   Seat 1 buys CR with bill 12 ($20k): exact, $5k bonus.                     → seat 1: CR +5k
3. Seat 1 alone picks bill 6; seats 0 and 2 collide on bill 52. Raids in order 2, 0:
   seat 2's Alarm bill is 9 ($20k): CR for exactly $20k, flagged, +5k.     → seat 2: CR fl +5k
   seat 0's Alarm bill is 52 ($70k): CS, not exact, flagged.                → seat 0: CS flagged
   Seat 1 buys CR with bills 6 + 8 ($10k + $20k = $30k), not exact.         → seat 1: CR clean
4. No collision. Seat 1: VM with bill 28 ($40k), not exact.                 → seat 1: VM clean
   Seat 0: CR with bill 14 ($20k), exact.                                  → seat 0: CR +5k
   Seat 2: VM with bill 43 ($50k), not exact.                               → seat 2: VM clean
5. Seats 0 and 1 collide on bill 51; raids in order 1, 0: seat 0's Alarm bill is 55 ($80k):
   VM, not exact, flagged.                                                  → seat 0: VM flagged
   Seat 2, who picked bill 53 alone, lets the purchase window time out (BUY-2: skipped).
6. Seat 0 alone picks bill 5; VM with bills 1 + 5 + 7 (3 * $10k), exact.   → seat 0: VM +5k
7. All three collide on bill 20; nobody collected, so no purchase window (BUY-1).
   Raids in order 0, 1, 2: seat 0's Alarm bill 20 ($30k): VM exactly, +5k.  → seat 0: VM fl +5k
   seat 1's Alarm bill 11 ($20k) + bills 10 ($20k) + 0 ($10k) = $50k: CS exactly, +5k.
                                                                            → seat 1: CS fl +5k
   seat 2's Alarm bill 31 ($40k) + bill 53 ($70k) = $110k: CS, not exact.   → seat 2: CS flagged
8. Seat 1 skips; nobody bribes (every stage ends with all done, BRIBE-1).

INVEST-1: CR 1 + 3 paid (rounds 2, 3, 4) + 2 * 2 Alarm = 8; VM 1 + 3 + 2 * 2 = 8;
CS 1 + 1 + 3 * 2 = 8; Pawn Shop 1; Slot Machine 1. Charging Stations was drawn (INVEST-2).
"""

from __future__ import annotations

import json
from pathlib import Path

from laundermat.games.laundermat.engine import Phase, Settings, replay, view
from laundermat.games.laundermat.scoring import result

GAME = Path(__file__).resolve().parent / "golden" / "game_01.json"
CR, VM, CS = "clearance_rack", "vending_machines", "charging_stations"

# (seat, Alarm bill, its value) in the order the Vault dealt them (VAULT-3, VAULT-6).
ALARMS = [(2, 25, 30_000), (2, 9, 20_000), (0, 52, 70_000), (0, 55, 80_000)]
ALARMS += [(0, 20, 30_000), (1, 11, 20_000), (2, 31, 40_000)]

# Each seat's copies in the order bought: (type, flagged, exact-payment bonus, score).
# SCORE-1: points + bonus. SCORE-2: a flagged CS (the investigated type) scores 0, bonus
# included; a clean CS is cleared and scores in full; flagged CR and VM score in full.
BY_HAND = {
    0: [
        (CS, True, 0, 0),  # round 3 Alarm: shut down
        (CR, False, 5_000, 25_000),  # round 4: 20,000 + 5,000
        (VM, True, 0, 40_000),  # round 5 Alarm
        (VM, False, 5_000, 45_000),  # round 6: 40,000 + 5,000
        (VM, True, 5_000, 45_000),  # round 7 Alarm, exact
    ],
    1: [
        (CR, False, 5_000, 25_000),  # round 2
        (CR, False, 0, 20_000),  # round 3
        (VM, False, 0, 40_000),  # round 4
        (CS, True, 5_000, 0),  # round 7 Alarm: shut down, its bonus too
    ],
    2: [
        (CS, False, 0, 80_000),  # round 1: clean, cleared
        (CR, True, 0, 20_000),  # round 2 Alarm
        (CR, True, 5_000, 25_000),  # round 3 Alarm, exact
        (VM, False, 0, 40_000),  # round 4
        (CS, True, 0, 0),  # round 7 Alarm: shut down
    ],
}
# SCORE-4: seat 0: 0 + 25,000 + 40,000 + 45,000 + 45,000 = 155,000
#          seat 1: 25,000 + 20,000 + 40,000 + 0 = 85,000
#          seat 2: 80,000 + 20,000 + 25,000 + 40,000 + 0 = 165,000
TOTALS = [155_000, 85_000, 165_000]
# SCORE-3: each seat owns an unprotected flagged CS, so each is disqualified, and SCORE-5:
# with everyone disqualified nobody wins.
DISQUALIFIED = [0, 1, 2]


def test_golden_game_01_scored_by_hand() -> None:
    data = json.loads(GAME.read_text())
    game = replay(data["seed"], data["players"], Settings(**data["settings"]), data["commands"])
    state = game.state
    assert state.phase is Phase.OVER
    # The facts of chance, from the public log.
    dealt = [
        (e.public["seat"], e.public["card"], e.public["value"])
        for e in state.events
        if e.kind == "vault_raid" and e.public["alarm"]
    ]
    assert dealt == ALARMS
    assert state.investigated == CS
    assert state.entries == {CR: 8, VM: 8, CS: 8, "pawn_shop": 1, "slot_machine": 1}
    # The hand scoring, copy by copy, then the totals and the outcome.
    final = view(state, None)
    outcome = result(state)
    for seat, copies in BY_HAND.items():
        shown = [
            (c["kind"], c["flagged"], c["bonus"]) for c in final["copies"] if c["owner"] == seat
        ]
        assert shown == [(kind, flagged, bonus) for kind, flagged, bonus, _ in copies]
        assert [c.score for c in outcome.players[seat].copies] == [s for *_, s in copies]
        assert sum(s for *_, s in copies) == TOTALS[seat]
    assert [p.total for p in outcome.players] == TOTALS
    assert [p.seat for p in outcome.players if p.disqualified] == DISQUALIFIED
    assert outcome.winners == []
