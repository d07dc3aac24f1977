"""What the heuristic bot (heuristic.py) reads off one seat's view: values, odds, risks.

Everything here comes from the view dict alone: the rules block (`view["rules"]`: costs,
points, the deck's composition), the public board and log, and the seat's own `me`.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

DECK_AVERAGE = 41_000  # SETUP-4: $2,460,000 over 60 bills
GLOVES = 2  # GLOVES-1


def money_rate(b: Board) -> float:
    """Points a dollar kept is worth: it buys additions (at 1 to 1.67 points a dollar) only
    while purchase windows remain; at the end it is worth nothing (SCORE-4) beyond bribes."""
    left = b.rounds_left + (1 if b.view["phase"] == "draft" else 0)
    if b.view["phase"].startswith("bribe") or left <= 0:
        return 0.25
    return {1: 1.0, 2: 1.2}.get(left, 1.4)


def min_payment(wallet: list[dict[str, int]], need: int) -> list[int] | None:
    """The bills whose total reaches `need` with the least overpayment (then the fewest
    bills), or None when the wallet is short. Bills are multiples of $10,000."""
    if need <= 0:
        return []
    best: dict[int, list[int]] = {0: []}
    for bill in wallet:
        for total, cards in list(best.items()):
            new = total + bill["value"]
            if new not in best or len(best[new]) > len(cards) + 1:
                best[new] = [*cards, bill["card"]]
    reach = [t for t in best if t >= need]
    return best[min(reach)] if reach else None


def alarm_chance(value: int, gloves: bool) -> float:
    """VAULT-4: the chance that a Vault bill of `value` sounds an Alarm."""
    if value >= 70_000:
        return 1.0
    risk = 1 if value <= 20_000 else 2 if value <= 40_000 else 3 if value <= 50_000 else 4
    return max(0, risk - (GLOVES if gloves else 0)) / 6


def protected(copy: dict[str, Any]) -> bool:
    """SCORE-3: an uncountered paid protection, or Anonymous Email's."""
    return bool((copy["protection"] > 0 and not copy["countered"]) or copy["email_protected"])


class Board:
    """One seat's view, with the figures the heuristic needs computed once."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.me = view["me"]
        self.seat: int = self.me["seat"]
        self.options = self.me["options"]
        self.n = len(view["players"])
        self.my_player = view["players"][self.seat]
        rules = view["rules"]
        self.cost: dict[str, int] = rules["addition_cost"]
        self.points: dict[str, int] = rules["addition_points"]
        self.review_bonus: list[int] = rules["review_bonus"]
        self.protection_minimum: int = rules["protection_minimum"]
        self.entry_price: int = rules["entry_price"]
        budget = self.my_player["weapon"] == "budget_app"
        self.exact_bonus: int = rules["budget_exact_bonus" if budget else "exact_bonus"]
        self.value_of: dict[int, int] = {}
        for value, count in rules["deck"]:  # SETUP-4: card ids in the table's order
            for _ in range(count):
                self.value_of[len(self.value_of)] = value
        self.rounds_left: int = view["rounds"] - view["round"]
        self.entries: dict[str, int] = view["entries"]
        self.copies: list[dict[str, Any]] = view["copies"]

    # ------------------------------------------------------------ public figures

    def stock(self, kind: str) -> int:
        return next(int(m["stock"]) for m in self.view["market"] if m["kind"] == kind)

    def public_score(self, seat: int) -> int:
        return sum(self.points[c["kind"]] for c in self.copies if c["owner"] == seat)

    def my_score(self) -> int:
        mine = [c for c in self.copies if c["owner"] == self.seat]
        return sum(self.points[c["kind"]] + c.get("bonus", 0) for c in mine)

    def my_kinds(self) -> set[str]:
        return {c["kind"] for c in self.copies if c["owner"] == self.seat}

    def my_exact_copies(self) -> int:
        return sum(1 for c in self.copies if c["owner"] == self.seat and c.get("bonus"))

    def investigated_chance(self, kind: str, extra: int = 0) -> float:
        """INVEST-2, with the entries still to come spread evenly over the five types."""
        future = 0.0 if self.view["phase"] == "bribe_entries" else self.rounds_left * self.n
        future += 0 if self.view["phase"] == "bribe_entries" else 3
        total = sum(self.entries.values()) + extra + future
        return (self.entries[kind] + extra + future / 5) / total

    def exposed(self, seat: int, kind: str) -> bool:
        """Whether `seat` would be disqualified if `kind` were drawn now (SCORE-3)."""
        return any(
            c["owner"] == seat and c["kind"] == kind and c["flagged"] and not protected(c)
            for c in self.copies
        )

    def copy_value(self, kind: str, flagged: bool, extra_entries: int) -> float:
        """Expected points of one more copy: a flagged one scores only if its type is not
        drawn (SCORE-2), and may disqualify its owner (SCORE-3) unless protected later."""
        points = self.points[kind]
        if not flagged:
            return points
        chance = self.investigated_chance(kind, extra_entries)
        value = points * (1 - chance)
        email = self.view["email_type"] == kind and self.my_player["weapon"] == "anonymous_email"
        if email or self.exposed(self.seat, kind):
            return value  # no new risk of being disqualified
        final = self.my_score() + 60_000 * self.rounds_left
        return value - chance * final * 0.5 - 10_000

    # ------------------------------------------------------------ the Vault and the deck

    def vault_raid_value(self) -> float:
        """What a Vault action is worth, from the bills the public log shows going in and
        coming out (VAULT-3, VAULT-4); bills dealt in private are taken out pro rata."""
        size = self.view["vault_size"]
        if size == 0:
            return 0.0
        held: dict[int, float] = {}
        for entry in self.view["log"]:
            kind = entry["kind"]
            if kind == "to_vault":
                for card in entry["cards"]:
                    value = self.value_of[card]
                    held[value] = held.get(value, 0.0) + 1
            elif kind == "vault_raid" and "value" in entry:
                held[entry["value"]] = max(0.0, held.get(entry["value"], 0.0) - 1)
            elif kind == "vault_raid":
                count = sum(held.values())
                if count > 0:
                    held = {v: w * max(0.0, count - 1) / count for v, w in held.items()}
        count = sum(held.values())
        if count <= 0:
            return 0.0
        gloves = self.my_player["weapon"] == "rubber_gloves"
        rate = money_rate(self)
        worth = 0.0
        for value, weight in held.items():
            alarm = alarm_chance(value, gloves)
            worth += weight * ((1 - alarm) * value * rate + alarm * 0.3 * value)
        return worth / count

    def deck_average(self) -> float:
        return DECK_AVERAGE

    # ------------------------------------------------------------ weapons and bribery

    def email_gain(self, kind: str) -> float:
        """EMAIL-1: rivals' copies of `kind` become flagged; ours too, but protected."""
        chance = self.investigated_chance(kind, 1)
        mine = sum(self.points[c["kind"]] for c in self.copies if c["owner"] == self.seat)
        theirs = sum(
            self.points[c["kind"]] + 0.3 * self.public_score(c["owner"])
            for c in self.copies
            if c["owner"] != self.seat and c["kind"] == kind
        )
        own_kind = sum(
            self.points[kind] for c in self.copies if c["owner"] == self.seat and c["kind"] == kind
        )
        return chance * (theirs / max(1, self.n - 1) - own_kind) - 0.01 * mine

    def copies_to_protect(self) -> list[dict[str, Any]]:
        """BRIBE-3: our flagged, unprotected copies, likeliest type first, of the types whose
        every exposed copy the wallet can protect."""
        wallet = sum(b["value"] for b in self.me["wallet"])
        exposed = [
            c for c in self.copies if c["owner"] == self.seat and c["flagged"] and not protected(c)
        ]
        by_kind = Counter(c["kind"] for c in exposed)
        chosen = []
        for kind in sorted(by_kind, key=lambda k: -self.entries[k]):
            need = by_kind[kind] * self.protection_minimum
            if need <= wallet and self.investigated_chance(kind) >= 0.04:
                chosen += [c for c in exposed if c["kind"] == kind]
                wallet -= need
        return chosen

    def counters_worth_it(self) -> list[dict[str, Any]]:
        """BRIBE-4: a rival's protection whose loss may disqualify them."""
        copies = {c["id"]: c for c in self.copies}
        mine = self.public_score(self.seat)
        worth = []
        for target in self.options.get("counter", []):
            copy = copies[target["copy"]]
            rival = self.public_score(copy["owner"])
            chance = self.investigated_chance(copy["kind"])
            if rival >= 0.8 * mine and chance >= 0.1:
                worth.append((chance * rival, target))
        worth.sort(key=lambda t: -t[0])
        return [t for _, t in worth]

    def entries_target(self) -> str:
        """BRIBE-5: the type where we lose least and the leading rival loses most; among
        equals, the type we own least of."""
        rivals = [s for s in range(self.n) if s != self.seat]
        leader = max(rivals, key=self.public_score) if rivals else self.seat
        mine_total = self.my_score()

        def loss(seat: int, kind: str, total: int) -> float:
            shut = sum(
                self.points[c["kind"]]
                for c in self.copies
                if c["owner"] == seat and c["kind"] == kind and c["flagged"]
            )
            return shut + (total if self.exposed(seat, kind) else 0)

        def score(kind: str) -> tuple[float, int]:
            owned = sum(1 for c in self.copies if c["owner"] == self.seat and c["kind"] == kind)
            gain = loss(leader, kind, self.public_score(leader)) - loss(self.seat, kind, mine_total)
            return gain, -owned

        return max(self.cost, key=score)
