"""A bot worth playing against: it values every legal choice by expected points.

Like RandomPolicy (bots.py) it reads one seat's view and nothing else (the dict
`view(state, seat)` a client gets: `me.options`, `me.wallet`, the public board, the rules
block, the public log), and returns a command as JSON, or None to wait. Its estimates
(estimates.py):

- **Money** is worth points only through purchases, so a dollar kept is worth `money_rate`
  points (about 1.4 early, falling to 0.25 in the last round: bills left at the end score
  nothing, SCORE-4). Every option is scored as its points minus the money it spends.
- **Draft** (DRAFT-*): each display bill is worth its value (and the purchase it unlocks,
  BUY-1) when no one else takes it, and a Vault raid when it collides (VAULT-*: the Vault's
  bills as the public log shows them, alarm odds by VAULT-4); the chance of a collision
  assumes each other player picks half at random and half by value. It draws among the
  best with a little noise, so that several of it do not all collide.
- **Purchases** (BUY-*, VAULT-7): the addition whose points, exact-payment bonus and
  2 for 1 copy best repay the money, paid with the least overpayment (Green T-Shirt
  references tried); a flagged copy is discounted by its type's investigation odds and the
  risk of being disqualified (SCORE-2, SCORE-3). An Alarm bill is bought with only when
  that is worth it; otherwise it is discarded.
- **Weapons** (section 6): a rough value of each by the rounds left, bought when it beats
  the best addition at the current price (BUY-8).
- **Bribery** (section 7): protects flagged copies whose type may well be drawn, counters a
  rival's protection when that may disqualify them, and spends what is left on entries for
  the type it owns least of (where it loses least and rivals lose most).
"""

from __future__ import annotations

import math
import random
from typing import Any

from .estimates import Board, min_payment, money_rate
from .reactions import Reacts

View = dict[str, Any]
Cmd = dict[str, Any]
Bills = list[dict[str, int]]

# Rough worth of each Secret Weapon per round still to play (section 6), before its price.
WEAPON_PER_ROUND = {
    "rubber_gloves": 3_000,
    "green_tshirt": 4_000,
    "broken_machine": 1_000,
}
UNLOCK = 15_000  # what the purchase a collected bill unlocks is worth (BUY-1)


class HeuristicPolicy(Reacts):
    draft_temperature = 6_000.0  # points: how much noise in the draft pick

    def __init__(self, rng: random.Random, wait_chance: float = 0.0) -> None:
        self.rng = rng
        self.wait_chance = wait_chance

    def decide(self, view: View) -> Cmd | None:
        me = view.get("me")
        if not me or not me["options"].get("can_act"):
            return None
        if self.wait_chance and self.rng.random() < self.wait_chance:
            return None
        board = Board(view)
        phase = view["phase"]
        if phase == "draft":
            command = self._draft(board)
        elif phase == "seniority":
            command = self._seniority(board)
        elif phase == "alarm":
            command = self._alarm(board)
        elif phase == "purchase":
            command = self._purchase(board)
        elif phase.startswith("bribe"):
            command = self._bribe(board)
        else:
            command = None
        if command is not None:
            command["seat"] = board.seat
        return command

    # ------------------------------------------------------------ draft

    def _draft(self, b: Board) -> Cmd | None:
        opts = b.options
        if b.me["selection"] is not None:
            return None  # keep it: changing only reveals nothing and gains nothing
        display = b.view["display"]
        if not display:
            return None
        rate = money_rate(b)
        others = b.n - 1
        total = sum(c["value"] for c in display)
        vault = b.vault_raid_value()
        scored = []
        for bill in display:
            pick_chance = 0.5 / len(display) + 0.5 * bill["value"] / total
            unique = (1 - pick_chance) ** others
            value = unique * (bill["value"] * rate + UNLOCK) + (1 - unique) * vault
            scored.append((value, bill["card"]))
        best = max(v for v, _ in scored)
        if opts.get("lost_and_found") and best < 0.8 * (b.deck_average() * rate + UNLOCK):
            return {"type": "lost_and_found"}
        if opts.get("broken_machine") and max(c["value"] for c in display) <= 20_000:
            return {"type": "broken_machine"}
        allowed = set(opts.get("select", []))
        weights = [
            (math.exp((v - best) / self.draft_temperature), card)
            for v, card in scored
            if card in allowed
        ]
        if not weights:
            return None
        pick = self.rng.random() * sum(w for w, _ in weights)
        for weight, card in weights:
            pick -= weight
            if pick <= 0:
                return {"type": "select", "card": card}
        return {"type": "select", "card": weights[-1][1]}

    def _seniority(self, b: Board) -> Cmd:
        value = next((c["value"] for c in b.view["collisions"] if b.seat in c["seats"]), 0)
        claim = value >= 40_000 or b.rounds_left <= 1
        return {"type": "seniority", "claim": claim}

    # ------------------------------------------------------------ purchases

    def _alarm(self, b: Board) -> Cmd:
        alarm = b.view["alarm"]
        forced = {"card": alarm["card"], "value": alarm["value"]}
        best: tuple[float, Cmd] = (0.0, {"type": "alarm_discard"})
        for kind in b.options.get("alarm_types", []):
            offer = self._addition(b, kind, forced, flagged=True)
            if offer is not None and offer[0] > best[0]:
                best = (offer[0], {"type": "alarm_purchase", **offer[1]})
        return best[1]

    def _purchase(self, b: Board) -> Cmd:
        best: tuple[float, Cmd] = (0.0, {"type": "skip"})
        for kind in b.options.get("additions", []):
            flagged = b.view["email_type"] == kind
            offer = self._addition(b, kind, None, flagged)
            if offer is not None and offer[0] > best[0]:
                best = (offer[0], {"type": "buy_addition", **offer[1]})
        for offer in b.options.get("weapons", []):
            weapon = self._weapon(b, offer)
            if weapon is not None and weapon[0] > best[0]:
                best = weapon
        return best[1]

    def _addition(
        self, b: Board, kind: str, forced: dict[str, int] | None, flagged: bool
    ) -> tuple[float, Cmd] | None:
        """The best way to buy one `kind` and what it is worth, net of the money spent."""
        cost = b.cost[kind]
        rate = money_rate(b)
        copy_value = b.copy_value(kind, flagged, extra_entries=2 if forced else 1)
        copies = 2 if b.my_player["two_for_one_pending"] and b.stock(kind) >= 2 else 1
        best: tuple[float, Cmd] | None = None
        for bills, reference, exact in self._payments(b, cost, forced):
            spent = sum(b.value_of[c] for c in bills)
            bonus = b.exact_bonus if exact else 0
            value = copies * copy_value + (bonus if not flagged else bonus / 2) - rate * spent
            if best is None or value > best[0]:
                best = (value, {"addition": kind, "bills": bills, "reference": reference})
        return best

    def _payments(
        self, b: Board, cost: int, forced: dict[str, int] | None
    ) -> list[tuple[list[int], int | None, bool]]:
        """Candidate payments for an addition: (wallet bills, reference, exact)."""
        wallet: Bills = b.me["wallet"]
        base = forced["value"] if forced else 0
        out: list[tuple[list[int], int | None, bool]] = []
        plain = min_payment(wallet, cost - base)
        if plain is not None and (plain or forced):
            total = base + sum(b.value_of[c] for c in plain)
            out.append((plain, None, total == cost))
        if b.my_player["weapon"] != "green_tshirt":
            return out
        pool = wallet + ([forced] if forced else [])
        for ref in {bill["value"]: bill for bill in pool}.values():
            need = math.ceil(cost / ref["value"])
            fixed = [ref] + ([forced] if forced and forced is not ref else [])
            others = sorted((x for x in wallet if x is not ref), key=lambda x: x["value"])
            extra = max(0, need - len(fixed))
            if extra > len(others):
                continue
            committed = fixed + others[:extra]
            bills = [x["card"] for x in committed if x is not forced]
            if not bills and not forced:
                continue
            out.append((bills, ref["card"], len(committed) * ref["value"] == cost))
        return out

    def _weapon(self, b: Board, offer: dict[str, Any]) -> tuple[float, Cmd] | None:
        if not offer["buyable"]:
            return None
        name = offer["weapon"]
        command: Cmd = {"type": "buy_weapon", "weapon": name}
        worth = self._weapon_worth(b, name)
        if name == "anonymous_email":
            target = max(offer["targets"], key=lambda t: b.email_gain(t))
            worth = b.email_gain(target)
            command["email_type"] = target
        elif name == "jackpot":
            command["jackpot_target"] = max(offer["targets"], key=b.public_score)
        bills = min_payment(b.me["wallet"], offer["price"])
        if bills is None:
            return None
        command["bills"] = bills
        spent = sum(b.value_of[c] for c in bills)
        return worth - money_rate(b) * spent, command

    def _weapon_worth(self, b: Board, name: str) -> float:
        left = b.rounds_left
        rate = money_rate(b)
        if name in WEAPON_PER_ROUND:
            return WEAPON_PER_ROUND[name] * left
        if name == "two_for_one":
            return 60_000 if left >= 1 else 0
        if name == "five_star_review":
            kinds = len(b.my_kinds())
            return 0.8 * b.review_bonus[min(5, kinds + left // 2)]
        if name == "budget_app":
            return 5_000 * (b.my_exact_copies() + 0.5 * left)
        if name == "seniority":
            return 20_000 if left >= 2 else 0
        if name == "lost_and_found":
            return b.deck_average() * 0.6 * rate if left >= 1 else 0
        if name == "jackpot":
            return 35_000 * rate
        return 0

    # ------------------------------------------------------------ bribery

    def _bribe(self, b: Board) -> Cmd:
        phase = b.view["phase"]
        wallet: Bills = b.me["wallet"]
        if phase == "bribe_protect":
            for copy in b.copies_to_protect():
                bills = min_payment(wallet, b.protection_minimum)
                if bills and copy["id"] in b.options.get("protect", []):
                    return {"type": "protect", "copy": copy["id"], "bills": bills}
        elif phase == "bribe_counter":
            for target in b.counters_worth_it():
                bills = min_payment(wallet, target["amount"])
                if bills:
                    return {"type": "counter", "copy": target["copy"], "bills": bills}
        elif b.options.get("entries"):
            total = sum(x["value"] for x in wallet)
            kind = b.entries_target()
            return {
                "type": "entries",
                "bills": [x["card"] for x in wallet],
                "split": {kind: total // b.entry_price},
            }
        return {"type": "done"}
