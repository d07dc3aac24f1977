"""The engine's refusals, each a `RuleError` with a stable code (GGEN-1: nothing changes).

code                 meaning
malformed            not a well-formed command (unknown type, field missing or wrong)
not_your_turn        the seat is not an actor of the open window
wrong_phase          the open window does not take this command
stale_window         a timeout names a window that is no longer open
game_over            the game has ended
card_not_in_hand     pick: the card is not in the seat's hand (GFILL-2)
pick_unchanged       pick: the card is already the seat's choice in this step (GFILL-2)
card_not_in_market   pick: the card is not face up in the market (GMARKET-2)
card_not_drawn       keep: the card is not face up in this laundry (GWASH-5)
potion_used          draw_with_potion: the seat's Potion is used (GPOTION-1)
presence_unchanged   set_away: the seat already has that presence (GGEN-4)
"""

from __future__ import annotations

from ..protocol import RuleError

MALFORMED = "malformed"
NOT_YOUR_TURN = "not_your_turn"
WRONG_PHASE = "wrong_phase"
STALE_WINDOW = "stale_window"
GAME_OVER = "game_over"
CARD_NOT_IN_HAND = "card_not_in_hand"
PICK_UNCHANGED = "pick_unchanged"
CARD_NOT_IN_MARKET = "card_not_in_market"
CARD_NOT_DRAWN = "card_not_drawn"
POTION_USED = "potion_used"
PRESENCE_UNCHANGED = "presence_unchanged"


def refuse(code: str, message: str) -> RuleError:
    return RuleError(code, message)
