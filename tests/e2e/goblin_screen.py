"""What a Goblin Laundromat screen states, checked against its view (docs/goblin.md): the hand
and the pick, the viewer's known Basket cards, every player's Programs in order (the
viewer's own face-down ones by id), Basket and hand sizes, whose turn it is, each Score Zone,
the laundry's stain counts and limits, the next draw's odds (worked out here from the rules,
as the rules define them, not by the client's odds.js), the drawn cards and the final totals.
Used by screen_audit.py.
"""

from __future__ import annotations

import re
from typing import Any

from .screen_audit import Screen, mismatch

TYPES = ["I", "II", "III", "IV"]
STAINS = ("dirt", "magic", "slime")
STAIN_NAMES = {"dirt": "Dirt", "magic": "Magic", "slime": "Slime"}


def goblin_problems(screen: Screen) -> list[str]:
    return [
        *programs(screen),
        *hand(screen),
        *basket(screen),
        *boards(screen),
        *laundry(screen),
        *odds(screen),
        *lead(screen),
        *totals(screen),
    ]


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def expected_row(screen: Screen, seat: int) -> list[tuple[str, str | None]]:
    """A player's Programs row as its owner may see it: face up by id, and the viewer's own
    face-down ones by id too (me.programs, matched by type: the row loses a Program a round)."""
    me = screen.me
    own = {p["type"]: p["id"] for p in me["programs"]} if me and me["seat"] == seat else {}
    row = screen.game["players"][seat]["programs"]
    return [(p["type"], p["id"] or own.get(p["type"])) for p in row]


def programs(screen: Screen) -> list[str]:
    game, out = screen.game, []
    active_type = TYPES[game["round"] - 1] if 1 <= game["round"] <= 4 else None
    for board in screen.facts["boards"]:
        seat, name = board["seat"], screen.name_of(board["seat"])
        shown = [(p["type"], p["id"]) for p in board["programs"]]
        expected = expected_row(screen, seat)
        if shown != expected:
            out.append(mismatch(f"{name}'s Programs (type, id)", shown, expected))
            continue
        public = {p["type"]: p["id"] for p in game["players"][seat]["programs"]}
        for tile in board["programs"]:
            out += program_tile(screen, name, tile, public, active_type)
    return out


def program_tile(
    screen: Screen, name: str, tile: dict[str, Any], public: dict[str, Any], active: str | None
) -> list[str]:
    out, text, pid = [], tile["text"], tile["id"]
    if pid is None:
        shows = "face down" in text
        return [] if shows else [mismatch(f"{name}'s face-down tile", text, "face down")]
    spec = screen.rules["programs"][pid]
    limits = [
        f"{STAIN_NAMES[t]} {'—' if spec['limits'][t] is None else '≤ ' + str(spec['limits'][t])}"
        for t in STAINS
    ]
    for part in [pid, f"Cycle {spec['cycle']}", *limits]:
        if part not in text:
            out.append(mismatch(f"{name}'s Program {pid}", text, part))
    now = screen.game["phase"] != "over" and tile["type"] == active
    if ("this round" in text) != now:
        out.append(mismatch(f"{name}'s {pid} marked 'this round'", "this round" in text, now))
    secret = public[tile["type"]] is None
    if ("only you see it" in text) != secret:
        out.append(mismatch(f"{name}'s {pid} marked face down", "only you see it" in text, secret))
    return out


def hand(screen: Screen) -> list[str]:
    me, shown = screen.me, screen.facts["hand"]
    if me is None or screen.game["phase"] != "fill":
        return [mismatch("a hand", shown, None)] if shown and me is None else []
    out = []
    if [card for card, _ in shown] != me["hand"]:
        out.append(mismatch("your hand", [card for card, _ in shown], me["hand"]))
    chosen = [card for card, pressed in shown if pressed == "true"]
    if chosen != ([me["picked"]] if me["picked"] else []):
        out.append(mismatch("your pick", chosen, me["picked"]))
    return out


def basket(screen: Screen) -> list[str]:
    shown, me = screen.facts["basket"], screen.me
    mine = me is not None and screen.replay is None
    if shown is None or not mine:
        return [] if (shown is None) == (not mine) else [mismatch("your Basket", shown, mine)]
    assert me is not None
    known, size = me["basket_known"], screen.game["players"][me["seat"]]["basket_size"]
    out = []
    if shown["cards"] != known:
        out.append(mismatch("the cards you know in your Basket", shown["cards"], known))
    said = f"{plural(size, 'card')} face down. You know {len(known)} of them"
    if not shown["text"].startswith(said):
        out.append(mismatch("your Basket's sizes", shown["text"], said))
    return out


def status_word(game: dict[str, Any], seat: int) -> str | None:
    """Whose turn, as each player's area says it (table.js's status)."""
    window, player = game["window"], game["players"][seat]
    if game["phase"] == "fill" and window and window["kind"] == "pick":
        return "picked" if player["picked"] else "choosing"
    if window and seat in window["actors"]:
        return "picking" if window["kind"] == "market" else "deciding"
    if (game["laundry"] or {}).get("seat") == seat:
        return "washing"
    return None


def boards(screen: Screen) -> list[str]:
    game, out = screen.game, []
    seats = sorted(b["seat"] for b in screen.facts["boards"])
    # At the end the table screen's scores take the screen: the areas are the phones'.
    scores_only = screen.facts.get("tv") and game["phase"] == "over"
    if scores_only and seats:
        out.append(mismatch("the players' areas at the table screen's end", seats, "none"))
    elif not scores_only and seats != list(range(len(game["players"]))):
        out.append(mismatch("the players' areas", seats, "one each"))
    for board in screen.facts["boards"]:
        seat = board["seat"]
        player, name = game["players"][seat], screen.name_of(seat)
        you = " (you)" if seat == screen.viewer else ""
        if board["name"] != name + you:
            out.append(mismatch(f"seat {seat}'s name", board["name"], name + you))
        word = status_word(game, seat)
        if board["status"] != word:
            out.append(mismatch(f"{name}'s status (whose turn)", board["status"], word))
        sizes = [f"Basket {player['basket_size']}"]
        sizes += [f"Hand {player['hand_size']}"] if game["phase"] == "fill" else []
        if not all(s in board["facts"] for s in sizes):
            out.append(mismatch(f"{name}'s Basket and hand", board["facts"], sizes))
        out += zone(name, board["zone"], player["score_zone"])
    return out


def zone(name: str, shown: dict[str, Any], expected: dict[str, Any]) -> list[str]:
    out = []
    cards, expected_cards = sorted(shown["cards"]), sorted(expected["cards"])
    if cards != expected_cards:
        out.append(mismatch(f"{name}'s Score Zone", cards, expected_cards))
    count = f"Score Zone · {plural(len(expected['cards']), 'card')}"
    if not shown["text"].startswith(count):
        out.append(mismatch(f"{name}'s Score Zone count", shown["text"][:40], count))
    for pid in expected["programs"]:
        if f"{pid} (" not in shown["text"]:
            out.append(mismatch(f"{name}'s completed Programs", shown["text"], pid))
    return out


def laundry(screen: Screen) -> list[str]:
    run, facts = screen.game["laundry"], screen.facts
    if run is None:
        return [mismatch("a stain meter", facts["meter"], None)] if facts["meter"] else []
    expected = [
        [t, STAIN_NAMES[t][0] + " " + STAIN_NAMES[t], *number_cells(run, t)] for t in STAINS
    ]
    out = []
    shown = [row[:4] for row in facts["meter"]]
    if shown != expected:
        out.append(mismatch("the stain counts and limits", shown, expected))
    if (facts["drawn"] or []) != run["drawn"]:
        out.append(mismatch("the cards drawn", facts["drawn"], run["drawn"]))
    count = f"{len(run['drawn'])} of {run['cycle']} cards drawn"
    if not (facts["drawnCount"] or "").startswith(count):
        out.append(mismatch("the cards drawn of the Cycle", facts["drawnCount"], count))
    washer = run["seat"]
    whose = "Your" if washer == screen.viewer else f"{capital(screen.name_of(washer))}'s"
    title = f"{whose} laundry"
    if facts["laundryTitle"] != title:
        out.append(mismatch("whose laundry", facts["laundryTitle"], title))
    return out


def number_cells(run: dict[str, Any], stain: str) -> list[str]:
    limit = run["limits"][stain]
    return ["—", "—"] if limit is None else [str(run["counts"][stain]), str(limit)]


def odds(screen: Screen) -> list[str]:
    run = screen.game["laundry"]
    if run is None or run["failed"]:
        return []
    chance = next_draw_fails(screen.game, screen.rules["clothing"], screen.me)
    said = None if chance is None else f"Chance the next draw fails: {percent(chance)}"
    # Deciding, the odds sit beside Draw in the decision bar; otherwise in the odds line.
    beside_draw = screen.facts["decisionOdds"]
    if beside_draw is not None:
        expected = f"Next draw fails: {'?' if chance is None else percent(chance)}"
        if beside_draw != expected:
            return [mismatch("the odds beside Draw", beside_draw, expected)]
        return []
    if screen.facts["odds"] != said:
        return [mismatch("the next draw's odds", screen.facts["odds"], said)]
    return []


def next_draw_fails(game: dict[str, Any], clothing: dict[str, Any], me: Any) -> float | None:
    """The chance the next card drawn takes a limited stain over its limit (GWASH-3), from what
    this viewer knows: the washer's known cards, the rest of the Basket each as likely to be
    any Clothing card this viewer has seen nowhere."""
    run = game["laundry"]
    washer = game["players"][run["seat"]]
    mine = me is not None and me["seat"] == run["seat"]
    known = (me["basket_known"] if mine else washer.get("market_picks")) or []
    unknown = max(0, washer["basket_size"] - len(known))
    if not known and not unknown:
        return None

    def fails(card: str) -> bool:
        stains = clothing[card]["stains"]
        limits, counts = run["limits"], run["counts"]
        return any(
            limits[t] is not None and counts[t] + stains.get(t, 0) > limits[t] for t in STAINS
        )

    pool = [c for c in clothing if c not in seen(game, me)]
    rate = sum(map(fails, pool)) / len(pool) if pool else 0.0
    return (sum(map(fails, known)) + unknown * rate) / (len(known) + unknown)


def seen(game: dict[str, Any], me: Any) -> set[str]:
    out: set[str] = set()
    for p in game["players"]:
        out |= set(p["score_zone"]["cards"]) | set(p.get("market_picks") or [])
    out |= set(game["removed"]["cards"]) | set(game["laundry"]["drawn"])
    out |= set((game.get("market") or {}).get("face_up") or [])
    if me:
        out |= set(me["hand"]) | set(me["basket_known"]) | set(me["gave"])
    return out


def percent(p: float | None) -> str:
    if p is None:
        return "—"
    if p <= 0:
        return "0%"
    if p >= 1:
        return "100%"
    if p < 0.005:
        return "<1%"
    if p > 0.995:
        return ">99%"
    return f"{int(p * 100 + 0.5)}%"  # JS Math.round: halves go up


def lead(screen: Screen) -> list[str]:
    game, shown = screen.game, screen.facts["lead"]
    if game["phase"] == "over" or game.get("lead") is None:
        return [] if shown is None else [mismatch("the lead", shown, None)]
    seat = game["lead"]
    said = "You lead" if seat == screen.viewer else f"{capital(screen.name_of(seat))} leads"
    return [] if (shown or "").startswith(said) else [mismatch("the lead", shown, said)]


def totals(screen: Screen) -> list[str]:
    result = screen.game.get("result")
    shown = dict(screen.facts["totals"])
    expected = {p["seat"]: p["total"] for p in result["players"]} if result else {}
    out = [] if sorted(shown) == sorted(expected) else [mismatch("the scores", shown, expected)]
    for seat, total in expected.items():
        if not re.fullmatch(rf"{total} Coins?", shown.get(seat) or ""):
            out.append(mismatch(f"{screen.name_of(seat)}'s score", shown.get(seat), total))
    return out
