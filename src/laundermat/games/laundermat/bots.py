"""A player that chooses uniformly among the legal commands its own view offers.

It reads only what a seat's view shows (`me.options`, `me.wallet`, the public board), so the
same policy plays in-process and over a socket. It returns a command as JSON, or None to let
the window run out.
"""

from __future__ import annotations

import math
import random
from typing import Any

from .cards import COST, ENTRY_PRICE, PROTECTION_MINIMUM, Addition
from .reactions import Reacts

View = dict[str, Any]
Cmd = dict[str, Any]


class RandomPolicy(Reacts):
    def __init__(self, rng: random.Random, wait_chance: float = 0.03) -> None:
        self.rng = rng
        self.wait_chance = wait_chance

    # ------------------------------------------------------------ payments

    def pay_at_least(self, wallet: list[dict[str, int]], target: int) -> list[int] | None:
        """Some bills reaching `target` at printed value (sometimes exactly), or None."""
        if target <= 0:
            return []
        if sum(b["value"] for b in wallet) < target:
            return None
        if self.rng.random() < 0.5:
            exact = _exact_subset(wallet, target)
            if exact is not None:
                return exact
        bills = list(wallet)
        self.rng.shuffle(bills)
        chosen: list[int] = []
        total = 0
        for bill in bills:
            chosen.append(bill["card"])
            total += bill["value"]
            if total >= target:
                return chosen
        return None

    def pay_addition(
        self, wallet: list[dict[str, int]], cost: int, tshirt: bool, forced: dict[str, int] | None
    ) -> tuple[list[int], int | None] | None:
        """Bills (besides `forced`, the Alarm bill) and a Green T-Shirt reference for `cost`."""
        pool = list(wallet) + ([forced] if forced else [])
        if tshirt and self.rng.random() < 0.5:
            ref = self.rng.choice(pool)
            need = math.ceil(cost / ref["value"])
            others = [b for b in pool if b is not ref and b is not forced]
            self.rng.shuffle(others)
            committed = [ref] + ([forced] if forced and forced is not ref else [])
            for bill in others:
                if len(committed) >= need:
                    break
                committed.append(bill)
            if len(committed) >= need:
                return [b["card"] for b in committed if b is not forced], ref["card"]
        already = forced["value"] if forced else 0
        bills = self.pay_at_least(wallet, cost - already)
        if bills is None or (not forced and not bills):
            return None
        return bills, None

    # ------------------------------------------------------------ decisions

    def decide(self, view: View) -> Cmd | None:
        me = view.get("me")
        if not me or not me["options"].get("can_act"):
            return None
        if self.rng.random() < self.wait_chance:
            return None
        seat = me["seat"]
        opts = me["options"]
        phase = view["phase"]
        choices: list[Cmd] = []
        if phase == "draft":
            choices += [{"type": "select", "card": c} for c in opts["select"]]
            if opts["clear"]:
                choices.append({"type": "clear_selection"})
            if opts["lost_and_found"]:
                choices.append({"type": "lost_and_found"})
            if opts["broken_machine"] and self.rng.random() < 0.2:
                choices.append({"type": "broken_machine"})
        elif phase == "seniority":
            choices += [{"type": "seniority", "claim": True}, {"type": "seniority", "claim": False}]
        elif phase == "alarm":
            choices.append({"type": "alarm_discard"})
            choices += self._alarm_purchases(view)
        elif phase == "purchase":
            choices.append({"type": "skip"})
            choices += self._additions(view)
            choices += self._weapons(view)
        elif phase.startswith("bribe"):
            choices.append({"type": "done"})
            choices += self._bribes(view)
        if not choices:
            return None
        command = self.rng.choice(choices)
        command["seat"] = seat
        return command

    def _tshirt(self, view: View) -> bool:
        return bool(view["players"][view["me"]["seat"]]["weapon"] == "green_tshirt")

    def _alarm_purchases(self, view: View) -> list[Cmd]:
        alarm = view["alarm"]
        forced = {"card": alarm["card"], "value": alarm["value"]}
        out = []
        for kind in view["me"]["options"]["alarm_types"]:
            paid = self.pay_addition(
                view["me"]["wallet"], COST[Addition(kind)], self._tshirt(view), forced
            )
            if paid is not None:
                bills, ref = paid
                out.append(
                    {"type": "alarm_purchase", "addition": kind, "bills": bills, "reference": ref}
                )
        return out

    def _additions(self, view: View) -> list[Cmd]:
        out = []
        for kind in view["me"]["options"]["additions"]:
            paid = self.pay_addition(
                view["me"]["wallet"], COST[Addition(kind)], self._tshirt(view), None
            )
            if paid is not None:
                bills, ref = paid
                out.append(
                    {"type": "buy_addition", "addition": kind, "bills": bills, "reference": ref}
                )
        return out

    def _weapons(self, view: View) -> list[Cmd]:
        out = []
        for offer in view["me"]["options"]["weapons"]:
            if not offer["buyable"]:
                continue
            bills = self.pay_at_least(view["me"]["wallet"], offer["price"])
            if bills is None:
                continue
            command: Cmd = {"type": "buy_weapon", "weapon": offer["weapon"], "bills": bills}
            if offer["weapon"] == "anonymous_email":
                command["email_type"] = self.rng.choice(offer["targets"])
            if offer["weapon"] == "jackpot":
                command["jackpot_target"] = self.rng.choice(offer["targets"])
            out.append(command)
        return out

    def _bribes(self, view: View) -> list[Cmd]:
        opts = view["me"]["options"]
        wallet = view["me"]["wallet"]
        copies = {c["id"]: c for c in view["copies"]}
        out: list[Cmd] = []
        for copy_id in opts.get("protect", []):
            need = PROTECTION_MINIMUM if copies[copy_id]["protection"] == 0 else 1
            bills = self.pay_at_least(wallet, need)
            if bills:
                out.append({"type": "protect", "copy": copy_id, "bills": bills})
        for target in opts.get("counter", []):
            bills = self.pay_at_least(wallet, target["amount"])
            if bills:
                out.append({"type": "counter", "copy": target["copy"], "bills": bills})
        if opts.get("entries"):
            bills = self.pay_at_least(wallet, ENTRY_PRICE * self.rng.randint(1, opts["entries"]))
            if bills:
                total = sum(b["value"] for b in wallet if b["card"] in bills)
                split: dict[str, int] = {}
                for _ in range(total // ENTRY_PRICE):
                    kind = self.rng.choice(list(Addition)).value
                    split[kind] = split.get(kind, 0) + 1
                out.append({"type": "entries", "bills": bills, "split": split})
        return out


def _exact_subset(wallet: list[dict[str, int]], target: int) -> list[int] | None:
    """A subset of bills summing exactly to `target` (bills are multiples of $10,000)."""
    reachable: dict[int, list[int]] = {0: []}
    for bill in wallet:
        for total, cards in list(reachable.items()):
            new = total + bill["value"]
            if new <= target and new not in reachable:
                reachable[new] = [*cards, bill["card"]]
    return reachable.get(target) or None
