"""Balance measures of one finished game, for `simulate`'s figures (docs/balance.md).

`GoblinMatch.balance()` returns, for each measure, its integer samples from this game (one per
player, per laundry or per game); `simulate` adds them up over a run and reports each one's
mean, sd and percentiles. Read from the final state, where everything is public (GPUBLIC-1).
"""

from __future__ import annotations

from .cards import PROGRAMS
from .scoring import result
from .state import GameState

PARTS = ("species", "programs", "socks", "majorities", "printed", "potion")


def balance(state: GameState) -> dict[str, list[int]]:
    final = result(state)
    totals = sorted((p["total"] for p in final["players"]), reverse=True)
    out: dict[str, list[int]] = {
        "score": [p["total"] for p in final["players"]],
        "winning_score": [totals[0]],
        "margin_winner_minus_runner_up": [totals[0] - totals[1]],
        "top_tie": [int(totals[0] == totals[1])],
        "shared_win": [int(len(final["winners"]) > 1)],
        "windows": [state.window_id],
        "potion_used": [int(p.potion_used) for p in state.players],
        "sock_pairs": [p["socks"] // 10 for p in final["players"]],
    }
    for seat in range(state.n):  # by seat, 0 = first in seat order (ties counted whole)
        out[f"win_seat_{seat}"] = [int(seat in final["winners"])]
        out[f"score_seat_{seat}"] = [final["players"][seat]["total"]]
    for part in PARTS:
        out[f"part_{part}"] = [p[part] for p in final["players"]]
    for e in state.events:  # each laundry's outcome, by Program type (GWASH-4..6)
        if e.kind in ("completed", "stopped", "kept"):
            kind = PROGRAMS[e.public["program"]].type
            for outcome in ("completed", "stopped", "kept"):
                name = "failed" if outcome == "kept" else outcome
                out.setdefault(f"laundry_{kind}_{name}", []).append(int(e.kind == outcome))
    return out
