"""Players that decide from one seat's view only (the dict a client gets), in-process in
`simulate` and in rooms alike. The card tables they read are the public rules (GCARD-*).

- `RandomBot`: uniform among the legal commands `me.options` offers (a pick once per step).
- `HeuristicBot`: picks by value minus a stain penalty weighted by its own Programs' limits;
  in a laundry it estimates the next draw's failure odds from what it knows of its Basket (its
  own picks still in it, the rest drawn from the cards it has not seen) and draws while the
  expected gain beats the failure odds times what a failure costs; the Potion goes on a draw
  that would complete a Program or that is risky in a big round.
"""

from __future__ import annotations

import random
from typing import Any

from .cards import CLOTHING, MAJORITIES, POTION_COINS, PROGRAMS, STAINS
from .reactions import Reacts

View = dict[str, Any]


def _legal(view: View) -> list[dict[str, Any]]:
    opts = view["me"]["options"]
    out: list[dict[str, Any]] = [{"type": "pick", "card": c} for c in opts["pick"]]
    out += [{"type": "keep", "card": c} for c in opts["keep"]]
    out += [{"type": t} for t in ("draw", "draw_with_potion", "stop") if opts[t]]
    return out


def _waits(view: View) -> bool:
    """Nothing to decide: not an actor, or already picked in a simultaneous pick."""
    me = view.get("me")
    if not me or not me["options"]["can_act"]:
        return True
    window = view["window"]
    return window is not None and window["kind"] == "pick" and me["picked"] is not None


class RandomBot(Reacts):
    def __init__(self, rng: random.Random, wait_chance: float = 0.0) -> None:
        self.rng = rng
        self.wait_chance = wait_chance

    def decide(self, view: View) -> dict[str, Any] | None:
        if _waits(view) or self.rng.random() < self.wait_chance:
            return None
        legal = _legal(view)
        return {**self.rng.choice(legal), "seat": view["me"]["seat"]} if legal else None


class HeuristicBot(Reacts):
    def __init__(self, rng: random.Random, wait_chance: float = 0.0) -> None:
        self.rng = rng
        self.wait_chance = wait_chance

    def decide(self, view: View) -> dict[str, Any] | None:
        if _waits(view) or self.rng.random() < self.wait_chance:
            return None
        command = self._choose(view)
        return {**command, "seat": view["me"]["seat"]} if command else None

    def _choose(self, view: View) -> dict[str, Any] | None:
        opts = view["me"]["options"]
        if opts["pick"]:
            best = max(opts["pick"], key=lambda c: (self._pick_score(view, c), self.rng.random()))
            return {"type": "pick", "card": best}
        if opts["keep"]:
            best = max(opts["keep"], key=lambda c: (self._value(view, c), c))
            return {"type": "keep", "card": best}
        if opts["stop"]:
            return self._laundry(view)
        return None

    # ------------------------------------------------------------ values

    def _me(self, view: View) -> dict[str, Any]:
        seat: int = view["me"]["seat"]
        player: dict[str, Any] = view["players"][seat]
        return player

    def _value(self, view: View, card_id: str) -> float:
        """Coins a card is likely to bring in this seat's Score Zone."""
        me = self._me(view)
        card = CLOTHING[card_id]
        value = 2.0 if card.species == me["species"] else 0.0
        zone = [CLOTHING[c] for c in me["score_zone"]["cards"]]
        if card.type == "socks":
            same = sum(c.type == "socks" and c.species == card.species for c in zone)
            value += 10.0 if same % 2 == 1 else 4.0
        elif card.type in MAJORITIES:
            first, second = MAJORITIES[card.type]
            value += (first + second) / 4
        else:
            value += card.coins or 0
        return value

    def _weights(self, view: View) -> list[float]:
        """How much each stain type hurts: tight limits in this seat's coming Programs."""
        weights = [0.0, 0.0, 0.0]
        coming = [p["id"] for p in view["me"]["programs"][max(view["round"], 1) - 1 :]]
        for program in coming:
            for i, limit in enumerate(PROGRAMS[program].limits):
                if limit is not None:
                    weights[i] += 3.0 / (limit + 1) / len(coming)
        return weights

    def _pick_score(self, view: View, card_id: str) -> float:
        weights = self._weights(view)
        card = CLOTHING[card_id]
        return self._value(view, card_id) - sum(
            w * n for w, n in zip(weights, card.stains, strict=True)
        )

    # ------------------------------------------------------------ laundry

    def next_cards(self, view: View) -> list[tuple[str, float]]:
        """Each card the next draw may be, with its probability, from this seat's knowledge."""
        me_view = view["me"]
        me = self._me(view)
        known = list(me_view["basket_known"])
        size = me["basket_size"]
        unknown = max(0, size - len(known))
        seen = set(known) | set(me_view["hand"]) | set(me_view["gave"])
        for p in view["players"]:
            seen |= set(p["score_zone"]["cards"]) | set(p.get("market_picks") or [])
        seen |= set(view["removed"]["cards"])
        if view["laundry"]:
            seen |= set(view["laundry"]["drawn"])
        if view["market"]:
            seen |= set(view["market"]["face_up"])
        pool = [c for c in CLOTHING if c not in seen]
        out = [(c, 1 / size) for c in known] if size else []
        if unknown and pool:
            share = unknown / size / len(pool)
            out += [(c, share) for c in pool]
        return out

    def _laundry(self, view: View) -> dict[str, Any]:
        wash = view["laundry"]
        drawn = wash["drawn"]
        program = PROGRAMS[wash["program"]]
        counts = wash["counts"]
        fail = 0.0
        safe_value = 0.0  # expected Coins of the next card, counting only safe draws
        any_value = 0.0  # the same under the Potion, where every draw is safe
        for card_id, p in self.next_cards(view):
            card = CLOTHING[card_id]
            value = p * self._value(view, card_id)
            any_value += value
            breaks = any(
                limit is not None and (counts[s] or 0) + card.stains[i] > limit
                for i, (s, limit) in enumerate(zip(STAINS, program.limits, strict=True))
            )
            if breaks:
                fail += p
            else:
                safe_value += value
        values = [self._value(view, c) for c in drawn]
        at_stake = sum(values) - max(values)  # a failure keeps the best card
        completes = len(drawn) + 1 == program.cycle
        progress = program.coins if completes else program.coins / 3
        gain = safe_value + (1 - fail) * progress
        risk = fail * at_stake
        potion = view["players"][view["me"]["seat"]]["potion"] == "unused"
        # The Potion makes this draw safe but gives up its 3 Coins at the end.
        worth_it = any_value + progress - POTION_COINS > max(0.0, gain - risk)
        if potion and fail > 0.4 and (completes or view["round"] >= 3) and worth_it:
            return {"type": "draw_with_potion"}
        return {"type": "draw"} if gain > risk else {"type": "stop"}
