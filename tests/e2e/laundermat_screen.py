"""What a LaunderMat screen states, checked against its view (docs/protocol.md, `view.game`):
the round, each board's name and whose turn it is, the viewer's wallet (its total and its
bills), the draft's bills and the viewer's pick, and the final scores. Used by screen_audit.py.
"""

from __future__ import annotations

from typing import Any

from .screen_audit import Screen, mismatch


def laundermat_problems(screen: Screen) -> list[str]:
    return [*round_line(screen), *boards(screen), *wallets(screen), *draft(screen), *totals(screen)]


def money(value: int) -> str:
    if value == 0:
        return "$0"
    return f"${value // 1000:,}k" if value % 1000 == 0 else f"${value:,}"


def points(value: int) -> str:
    thousands = f"{value / 1000:,.3f}".rstrip("0").rstrip(".")
    return f"{thousands}k pts"


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def round_line(screen: Screen) -> list[str]:
    game, shown = screen.game, screen.facts["round"]
    if shown is None:
        return []
    if game["phase"] == "over":
        said = "Final"
    elif game["phase"].startswith("bribe"):
        said = f"After round {game['rounds']}"
    else:
        said = f"Round {game['round']} of {game['rounds']}"
    return [] if shown == said else [mismatch("the round", shown, said)]


def status_word(game: dict[str, Any], seat: int) -> str | None:
    """Whose turn, as each board says it (board.js's roundStatus)."""
    player, window = game["players"][seat], game["window"]
    acting = bool(window) and seat in window["actors"]
    phase = game["phase"]
    if phase == "draft":
        return "picked" if player["has_selected"] else "choosing"
    if phase == "purchase":
        return ("done" if player["purchased"] else "shopping") if acting else "can't buy"
    if phase.startswith("bribe"):
        return "done" if player["done"] else "deciding"
    if phase in ("seniority", "alarm"):
        return "deciding" if acting else None
    return None


def boards(screen: Screen) -> list[str]:
    game, out = screen.game, []
    me = screen.me
    for board in screen.facts["boards"]:
        seat, name = board["seat"], screen.name_of(board["seat"])
        mark = ""
        if me and me["seat"] == seat:
            mark = " (watching)" if screen.replay is not None else " (you)"
        if board["name"] != name + mark:
            out.append(mismatch(f"seat {seat}'s name", board["name"], name + mark))
        word = status_word(game, seat)
        if board["status"] != word:
            out.append(mismatch(f"{name}'s status (whose turn)", board["status"], word))
    shown = sorted(b["seat"] for b in screen.facts["boards"])
    if shown != list(range(len(game["players"]))):
        out.append(mismatch("the boards", shown, "one per seat"))
    return out


def secret_parts(screen: Screen) -> dict[int, dict[str, Any]]:
    """The seats whose wallets this screen shows, with their own part of the view: the
    viewer's (not at the end), or in a replay the seat watched as, or every seat's."""
    game, me = screen.game, screen.me
    if screen.replay is not None:
        parts = game.get("all_seats") or ([me] if me else [])
        return {part["seat"]: part for part in parts}
    return {me["seat"]: me} if me and game["phase"] != "over" else {}


def wallets(screen: Screen) -> list[str]:
    parts = secret_parts(screen)
    shown = {w["seat"]: w for w in screen.facts["wallets"]}
    if sorted(shown) != sorted(parts):
        return [mismatch("whose wallets", sorted(shown), sorted(parts))]
    out = []
    for seat, part in parts.items():
        bills = [money(v) for v in sorted(bill["value"] for bill in part["wallet"])]
        total = f"{money(part['wallet_total'])} · {plural(len(bills), 'bill')}"
        name = screen.name_of(seat)
        if shown[seat]["total"] != total:
            out.append(mismatch(f"{name}'s wallet total", shown[seat]["total"], total))
        if shown[seat]["bills"] != bills:
            out.append(mismatch(f"{name}'s bills", shown[seat]["bills"], bills))
    return out


def draft(screen: Screen) -> list[str]:
    game, shown = screen.game, screen.facts["draft"]
    if not shown:
        return []
    out = []
    display = [d["card"] if isinstance(d, dict) else d for d in game["display"]]
    if sorted(card for card, _ in shown) != sorted(display):
        out.append(mismatch("the bills on the table", [card for card, _ in shown], display))
    selection = (screen.me or {}).get("selection")
    chosen = [card for card, pressed in shown if pressed == "true"]
    if chosen != ([selection] if isinstance(selection, int) else []):
        out.append(mismatch("your pick", chosen, selection))
    return out


def totals(screen: Screen) -> list[str]:
    result = screen.game.get("result")
    shown = dict(screen.facts["totals"])
    expected = {p["seat"]: points(p["total"]) for p in result["players"]} if result else {}
    return [] if shown == expected else [mismatch("the scores", shown, expected)]
