"""The coach: a hint for a learner at each of their decisions, from their own view only.

`hint(view)` takes the dict `view(state, seat)` a seat's client gets, never the state, so it
cannot say anything that seat may not see (PRIVATE-1, PRIVATE-2); the redaction property
tests check it beside the views (invariants.check_redaction). The suggestion is the
heuristic bot's choice for that view (heuristic.py, with a generator seeded from the view,
so the same view gets the same hint); the sentence says why, from the seat's wallet, the
public board and the rules, with the rule ids it rests on.

A hint is `{"text", "key", "vars", "rules", "command"}`: `command` is the suggested command as
a client sends it (without `seat`), or None when the learner has only to wait (a selection
made, DRAFT-3). `text` is the sentence in English; `key` and `vars` say the same for a client
that words it in its player's language: `key` is a message of the game's client catalog
(static/js/games/laundermat/locales/, "coach.draft.pick"), `vars` its facts as ids and numbers
(money in dollars, an addition's or a weapon's id), which the client words in that language.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from .heuristic import HeuristicPolicy

View = dict[str, Any]
Cmd = dict[str, Any]
Hint = dict[str, Any]
# What an explanation returns: the English sentence, and {"key", "vars", "rules"}.
Said = tuple[str, dict[str, Any]]


def _said(text: str, key: str, rules: list[str], **facts: Any) -> Said:
    return text, {"key": f"coach.{key}", "vars": facts, "rules": rules}


def money(value: int | float) -> str:
    """$90k, as the client writes money."""
    return f"${round(value / 1000):,}k"


def named(kind: str) -> str:
    """An addition's or a weapon's name: "charging_stations" -> "Charging Stations"."""
    return kind.replace("_", " ").title()


def hint(view: View) -> Hint | None:
    """The learner's hint in this view, or None when they have no decision (not an actor,
    the game over, or already decided in this window)."""
    me = view.get("me")
    if not me or not me["options"].get("can_act"):
        return None
    seed = view["state_version"] * 8 + me["seat"]  # the same view, the same hint
    command = HeuristicPolicy(random.Random(seed)).decide(view)
    if command is not None:
        command.pop("seat", None)
    phase = view["phase"]
    explain = EXPLAIN.get("bribe" if phase.startswith("bribe") else phase)
    if explain is None or (command is None and me.get("selection") is None):
        return None
    text, said = explain(view, command)
    return {"text": text, **said, "command": command}


def _bills(view: View, cards: list[int]) -> int:
    values = {b["card"]: b["value"] for b in view["me"]["wallet"]}
    return sum(values.get(c, 0) for c in cards)


def _draft(view: View, command: Cmd | None) -> Said:
    me = view["me"]
    vault = view["vault_size"]
    risk = (
        " If someone else picks it too, it goes to the Vault (DRAFT-4)."
        if vault == 0
        else f" If someone picks it too, you raid the Vault ({vault} bills) instead, where a "
        "big bill may sound an Alarm (DRAFT-4, VAULT-4)."
    )
    if command is None:
        return _chosen(view, me["selection"])
    kind = command["type"]
    if kind == "lost_and_found":
        return _said(
            "The display's bills are small: draw one from the deck with Lost and Found "
            "instead; nobody can collide with you on it (LOSTFOUND-1).",
            "draft.lost_and_found",
            ["LOSTFOUND-1"],
        )
    if kind == "broken_machine":
        return _said(
            "Every bill on display is $20k or less: your Broken Machine deals a new display "
            "(BROKEN-1).",
            "draft.broken_machine",
            ["BROKEN-1"],
        )
    value = _display_value(view, command["card"])
    return _said(
        f"Pick the {money(value)} bill: if nobody else picks it, it is yours and lets you buy "
        f"an addition this round (DRAFT-5, BUY-1).{risk}",
        "draft.pick" if vault else "draft.pick_empty_vault",
        ["DRAFT-5", "BUY-1", "DRAFT-4", "VAULT-4"],
        value=value,
        vault=vault,
    )


def _chosen(view: View, selection: Any) -> Said:
    """The learner's own selection (theirs to see, DRAFT-2): a display bill or the deck's."""
    if isinstance(selection, int):
        value = _display_value(view, selection)
        chosen, key, facts = f"{money(value)} bill", "draft.chosen_bill", {"value": value}
    else:
        chosen, key, facts = "draw from the deck", "draft.chosen_deck", {}
    return _said(
        f"You have chosen the {chosen}. The draft locks once everyone has picked; you may "
        "still change your mind until then (DRAFT-2, DRAFT-3).",
        key,
        ["DRAFT-2", "DRAFT-3"],
        **facts,
    )


def _display_value(view: View, card: int) -> int:
    for bill in view["display"]:
        if bill["card"] == card:
            return int(bill["value"])
    return 0


def _seniority(view: View, command: Cmd | None) -> Said:
    seat = view["me"]["seat"]
    value = next((c["value"] for c in view["collisions"] if seat in c["seats"]), 0)
    if command is not None and command.get("claim"):
        return _said(
            f"Claim Seniority: you collect the {money(value)} bill you collided on, and the "
            "others go to the Vault (SENIORITY-2). You can use it once per game.",
            "seniority.claim",
            ["SENIORITY-1", "SENIORITY-2"],
            value=value,
        )
    return _said(
        f"Keep Seniority for a bigger bill: the {money(value)} one is not worth your one use "
        "(SENIORITY-3).",
        "seniority.keep",
        ["SENIORITY-1", "SENIORITY-3"],
        value=value,
    )


def _alarm(view: View, command: Cmd | None) -> Said:
    alarm = view["alarm"]
    rules = ["VAULT-6", "VAULT-7", "SCORE-2"]
    if command is not None and command["type"] == "alarm_purchase":
        return _said(
            f"Alarm! Spend the {money(alarm['value'])} Alarm bill on a flagged "
            f"{named(command['addition'])} rather than lose it (VAULT-7). A flagged copy is "
            "shut down if its type is investigated (SCORE-2).",
            "alarm.buy",
            rules,
            value=alarm["value"],
            addition=command["addition"],
        )
    return _said(
        f"Alarm! The {money(alarm['value'])} Alarm bill buys nothing worth the risk of a "
        "flagged copy (SCORE-2): discard it (VAULT-6).",
        "alarm.discard",
        rules,
        value=alarm["value"],
    )


def _purchase(view: View, command: Cmd | None) -> Said:
    wallet = sum(b["value"] for b in view["me"]["wallet"])
    if command is None or command["type"] == "skip":
        return _said(
            f"Keep your {money(wallet)}: nothing you can buy now repays it (BUY-1). Cash "
            "left at the end scores nothing, so spend it in later rounds (SCORE-4).",
            "purchase.skip",
            ["BUY-1", "SCORE-4"],
            wallet=wallet,
        )
    paid = _bills(view, command["bills"])
    if command["type"] == "buy_weapon":
        return _said(
            f"Buy the {named(command['weapon'])} for {money(paid)}: a Secret Weapon uses "
            "your purchase this round (BUY-8, BUY-9).",
            "purchase.weapon",
            ["BUY-8", "BUY-9"],
            weapon=command["weapon"],
            paid=paid,
        )
    kind = command["addition"]
    cost = view["rules"]["addition_cost"][kind]
    points = view["rules"]["addition_points"][kind]
    exact = " Paid exactly: a bonus (BUY-4)." if paid == cost else ""
    return _said(
        f"Buy a {named(kind)} ({money(cost)}, worth {money(points)} at the end) with "
        f"{money(paid)} of your {money(wallet)}.{exact} Cash scores nothing at the end "
        "(SCORE-4).",
        "purchase.addition_exact" if exact else "purchase.addition",
        ["BUY-3", "BUY-4", "SCORE-1", "SCORE-4"],
        addition=kind,
        cost=cost,
        points=points,
        paid=paid,
        wallet=wallet,
    )


def _bribe(view: View, command: Cmd | None) -> Said:
    kind = "done" if command is None else command["type"]
    if kind == "protect":
        return _said(
            "Protect your flagged copy: $50k or more keeps it from being shut down if its "
            "type is investigated (BRIBE-3, SCORE-2).",
            "bribe.protect",
            ["BRIBE-3", "SCORE-2"],
        )
    if kind == "counter":
        return _said(
            "Counter a rival's protection: pay at least its amount and their flagged copy "
            "can be caught again (BRIBE-4, SCORE-3).",
            "bribe.counter",
            ["BRIBE-4", "SCORE-3"],
        )
    if kind == "entries":
        target = next(iter(command["split"])) if command and command["split"] else ""
        return _said(
            f"Cash scores nothing now: buy investigation entries for {named(target)}, the type "
            "that hurts you least if drawn (BRIBE-5, INVEST-1).",
            "bribe.entries",
            ["BRIBE-5", "INVEST-1"],
            addition=target,
        )
    return _said(
        "Nothing here is worth your cash: say you are done with this stage (BRIBE-1).",
        "bribe.done",
        ["BRIBE-1"],
    )


EXPLAIN: dict[str, Callable[[View, Cmd | None], Said]] = {
    "draft": _draft,
    "seniority": _seniority,
    "alarm": _alarm,
    "purchase": _purchase,
    "bribe": _bribe,
}
