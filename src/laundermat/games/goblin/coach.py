"""The coach: a hint for a learner at each of their decisions, from their own view only.

`hint(view)` takes the dict `view(state, seat)` a seat's client gets, never the state, so it
cannot say what that seat may not see (GPRIVATE-1, GPRIVATE-2; the redaction property tests
compare hints of twin games that differ in a hidden fact). The suggestion is the heuristic
bot's choice for that view (bots.py, its generator seeded from the view: the same view, the
same hint); the sentence says why, in the seat's own stains, limits and odds.

A hint is `{"text", "key", "vars", "rules", "command"}`: `command` is the suggested command as
a client sends it (without `seat`), or None when the learner has only to wait (a card picked,
GFILL-2). `text` is the sentence in English; `key` and `vars` say the same for a client that
words it in its player's language: `key` is a message of the game's client catalog
(static/js/games/goblin/locales/, "coach.pick"), `vars` its facts as ids and numbers (a card
"C12", a Program "P8", a stain "slime"), which the client names in that language.
"""

from __future__ import annotations

import random
from typing import Any

from .bots import HeuristicBot
from .cards import CLOTHING, MAJORITIES, PROGRAMS, STAINS

View = dict[str, Any]
Hint = dict[str, Any]


def card_name(card_id: str) -> str:
    """ "C12" -> "Mermaids Underwear", as the rules name a card (GCARD-4)."""
    card = CLOTHING[card_id]
    return f"{card.species.title()} {card.type.title()}"


def _limits(program_id: str) -> str:
    spec = PROGRAMS[program_id]
    parts = [
        f"{stain.title()} {limit}"
        for stain, limit in zip(STAINS, spec.limits, strict=True)
        if limit is not None
    ]
    return ", ".join(parts)


def hint(view: View) -> Hint | None:
    """The learner's hint in this view, or None when they have no decision."""
    me = view.get("me")
    if not me or not me["options"].get("can_act"):
        return None
    bot = HeuristicBot(random.Random(view["state_version"] * 8 + me["seat"]))
    command = bot.decide(view)
    if command is not None:
        command.pop("seat", None)
    if command is None:
        if me.get("picked") is None:
            return None
        return {
            "text": f"You put the {card_name(me['picked'])} into your Basket. Once everyone "
            "has picked, the rest of your hand passes on; until then you may change your "
            "mind (GFILL-2, GFILL-3).",
            "key": "coach.picked",
            "vars": {"card": me["picked"]},
            "rules": ["GFILL-2", "GFILL-3"],
            "command": None,
        }
    kind = command["type"]
    if kind == "pick":
        text, said = _pick(view, command["card"])
    elif kind == "keep":
        text, said = _keep(command["card"])
    else:
        text, said = _laundry(view, bot, kind)
    return {"text": text, **said, "command": command}


# What a hint says besides its English text: {"key", "vars", "rules"}.
Said = dict[str, Any]


def _said(key: str, rules: list[str], **facts: Any) -> Said:
    return {"key": key, "vars": facts, "rules": rules}


def _pick(view: View, card_id: str) -> tuple[str, Said]:
    me = view["me"]
    round_ = max(view["round"], 1)
    program = me["programs"][round_ - 1]["id"]
    spec = PROGRAMS[program]
    card = CLOTHING[card_id]
    known = [CLOTHING[c] for c in me["basket_known"]] + [card]
    parts = []
    for i, (stain, limit) in enumerate(zip(STAINS, spec.limits, strict=True)):
        if limit is None:
            continue
        total = sum(c.stains[i] for c in known)
        parts.append((total - limit, f"{stain.title()} {total} of {limit}", (stain, total, limit)))
    worth = "its species is your Basket's (GSCORE-1)" if card.species == _species(view) else ""
    why = "; ".join(x for x in (worth, _scores(card.type, card.coins)) if x)
    tightest = max(parts)[1] if parts else "no stain you must watch"
    over = max(parts)[0] > 0 if parts else False
    warning = (
        ": a laundry that draws all of them fails (GWASH-5), so stop in time"
        if over
        else ": one more card of that stain would fail your laundry (GWASH-5)"
        if parts and max(parts)[0] == 0
        else ""
    )
    tight = max(parts)[2] if parts else None
    return (
        f"Pick the {card_name(card_id)}{f': {why}' if why else ''}. With it, the cards you "
        f"know in your Basket carry {tightest} for Program {program} "
        f"(limits {_limits(program) or 'none'}){warning}.",
        _said(
            "coach.pick",
            ["GFILL-2", "GWASH-3", "GWASH-5"],
            card=card_id,
            program=program,
            own_species=bool(worth),
            stain=tight[0] if tight else None,
            total=tight[1] if tight else None,
            limit=tight[2] if tight else None,
        ),
    )


def _scores(kind: str, coins: int | None) -> str:
    """How a card of `kind` scores, in the rules' words (GSCORE-3..5)."""
    if kind == "socks":
        return "two Socks of one species are a pair, 10 Coins (GSCORE-3)"
    if kind in MAJORITIES:
        first, second = MAJORITIES[kind]
        plural = "Capes" if kind == "cape" else kind.title()
        return f"the most {plural} score {first}, the second most {second} (GSCORE-4)"
    return f"{coins} Coin{'' if coins == 1 else 's'} printed (GSCORE-5)" if coins else ""


def _species(view: View) -> str:
    return str(view["players"][view["me"]["seat"]]["species"])


def _keep(card_id: str) -> tuple[str, Said]:
    return (
        f"Your laundry failed: keep the {card_name(card_id)}, the card worth most to you; "
        "the rest go back (GWASH-5).",
        _said("coach.keep", ["GWASH-5"], card=card_id),
    )


def _laundry(view: View, bot: HeuristicBot, kind: str) -> tuple[str, Said]:
    wash = view["laundry"]
    program = wash["program"]
    counts = wash["counts"]
    limits = wash["limits"]
    stains = ", ".join(
        f"{s.title()} {counts.get(s) or 0} of {limits[s]}" for s in STAINS if limits[s] is not None
    )
    fail = _fail_chance(view, bot)
    odds = (
        "The next draw is very unlikely to fail."
        if fail < 0.005
        else f"The next draw fails about {round(100 * fail)}% of the time (from the cards "
        "you know and those you have not seen)."
    )
    # The running counts of the limited stains ("dirt": 1, "dirt_limit": 3), and the odds as a
    # whole percentage (None: very unlikely, under half a percent).
    facts: dict[str, Any] = {
        "program": program,
        "fail": None if fail < 0.005 else round(100 * fail),
    }
    for s in STAINS:
        if limits[s] is not None:
            facts[s], facts[f"{s}_limit"] = counts.get(s) or 0, limits[s]
    if kind == "draw_with_potion":
        return (
            f"{stains} on Program {program}. {odds} Use your Stain Potion: this draw cannot "
            "fail (GPOTION-1).",
            _said("coach.potion", ["GWASH-3", "GPOTION-1"], **facts),
        )
    if kind == "draw":
        return (
            f"{stains} on Program {program}. {odds} Worth it: draw (GWASH-6).",
            _said("coach.draw", ["GWASH-3", "GWASH-6"], **facts),
        )
    return (
        f"{stains} on Program {program}. {odds} Too risky: stop and keep what you washed "
        "(GWASH-6).",
        _said("coach.stop", ["GWASH-3", "GWASH-6"], **facts),
    )


def _fail_chance(view: View, bot: HeuristicBot) -> float:
    """The next draw's failure odds, from what this seat knows (bots.HeuristicBot's estimate)."""
    wash = view["laundry"]
    program = PROGRAMS[wash["program"]]
    counts = wash["counts"]
    fail = 0.0
    for card_id, p in bot.next_cards(view):
        card = CLOTHING[card_id]
        if any(
            limit is not None and (counts[s] or 0) + card.stains[i] > limit
            for i, (s, limit) in enumerate(zip(STAINS, program.limits, strict=True))
        ):
            fail += p
    return fail
