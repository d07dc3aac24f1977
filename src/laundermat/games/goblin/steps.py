"""What a rule step leads to: a window to open, an automatic step, or nothing.

Phase modules return these instead of calling each other, so flow.py is the only module that
walks from one window to the next (and no phase module imports another).
"""

from __future__ import annotations

from ..kit.windows import Open

__all__ = ["NEXT_LAUNDRY", "NEXT_ROUND", "Open", "Step"]  # Open's kind: PICK, MARKET, ...

NEXT_LAUNDRY = "next_laundry"  # GWASH-1: the next player's laundry, or the round's end
NEXT_ROUND = "next_round"  # GROUND-1: the next round, or scoring after round 4

# None: nothing follows (the open window stays open, or the game is over).
Step = Open[str] | str | None
