"""`laundermat admin rooms | close | drain | block --url URL`: the operator's console
(web/admin.py) from the command line. The token comes from LAUNDERMAT_ADMIN_TOKEN, never
from an argument (arguments show in `ps` and in shell history), and travels in the
Authorization header. Your name for the audit log: --as, else $USER.

Exit status: 0 done, 1 the server refused (its error code is printed), 2 a usage problem.
"""

from __future__ import annotations

import argparse
import getpass
import json
import os
import sys
from typing import Any
from urllib.parse import quote

TOKEN_VARIABLE = "LAUNDERMAT_ADMIN_TOKEN"


def add_parser(sub: Any) -> None:
    admin = sub.add_parser(
        "admin", help="the operator's console: rooms, close, drain, block (token from env)"
    )
    actions = admin.add_subparsers(dest="action", required=True)

    def action(name: str, text: str) -> argparse.ArgumentParser:
        parser: argparse.ArgumentParser = actions.add_parser(name, help=text)
        parser.add_argument("--url", default="http://127.0.0.1:8000", help="the server")
        parser.add_argument("--as", dest="name", default=None, help="your name for the log")
        parser.add_argument("--json", action="store_true", help="print the server's answer")
        return parser

    action("rooms", "live rooms, replicas and their load")
    close = action("close", "close a room; its players are told MESSAGE")
    close.add_argument("code")
    close.add_argument("message")
    drain = action("drain", "drain a replica (default: the one --url reaches)")
    drain.add_argument("replica", nargs="?", default="self")
    block = action("block", "block an address for a while (0 minutes lifts it)")
    block.add_argument("address")
    block.add_argument("--minutes", type=int, default=60)
    block.add_argument("--reason", default="")


def run(args: argparse.Namespace) -> int:
    token = os.environ.get(TOKEN_VARIABLE, "")
    if not token:
        print(f"laundermat admin: set {TOKEN_VARIABLE} to the server's token", file=sys.stderr)
        return 2
    name = args.name or os.environ.get("USER") or getpass.getuser()
    headers = {"authorization": f"Bearer {token}", "x-operator": name}
    method, path, body = _request(args)
    import httpx  # here: `laundermat serve` and the rest never need it

    try:
        answer = httpx.request(
            method, args.url.rstrip("/") + path, headers=headers, json=body, timeout=15
        )
        data = answer.json()
    except (httpx.HTTPError, ValueError) as exc:
        print(f"laundermat admin: {args.url}: {exc}", file=sys.stderr)
        return 1
    if answer.status_code != 200:
        print(f"laundermat admin: {data.get('code')}: {data.get('message')}", file=sys.stderr)
        return 1
    print(json.dumps(data, indent=1) if args.json else _text(args.action, data))
    return 0


def _request(args: argparse.Namespace) -> tuple[str, str, Any]:
    if args.action == "rooms":
        return "GET", "/api/admin/overview", None
    if args.action == "close":
        return (
            "POST",
            f"/api/admin/rooms/{quote(args.code, safe='')}/close",
            {"message": args.message},
        )
    if args.action == "drain":
        return "POST", f"/api/admin/replicas/{quote(args.replica, safe='')}/drain", None
    body = {"address": args.address, "minutes": args.minutes, "reason": args.reason}
    return "POST", "/api/admin/blocks", body


def _text(action: str, data: dict[str, Any]) -> str:
    if action == "close":
        return f"closed {data['closed']} (on {data['replica']}); its players were told"
    if action == "drain":
        return f"drained {data['drained']}: it takes no new rooms"
    if action == "block":
        told = ", ".join(data.get("replicas", []))
        if data["minutes"] == 0:
            return f"unblocked {data['address']} on {told}"
        return f"blocked {data['address']} for {data['minutes']} min on {told}"
    return _overview(data)


def _overview(data: dict[str, Any]) -> str:
    lines = ["replica                        rooms playing sockets  cpu%  draining"]
    for r in data["replicas"]:
        if r.get("unreachable"):
            lines.append(f"{r['id']:<30} not answering")
            continue
        cpu = "-" if r["cpu_percent"] is None else r["cpu_percent"]
        lines.append(
            f"{r['id']:<30} {r['rooms']:>5} {r['playing']:>7} {r['sockets']:>7} {cpu:>5}"
            f"  {'yes' if r['draining'] else 'no'}"
        )
    lines.append("")
    lines.append("code   game         status    phase          age     replica   players")
    for room in data["rooms"]:
        people = ", ".join(
            p["name"] + (" (bot)" if p["bot"] else "") + ("" if p["connected"] else " (offline)")
            for p in room["players"]
        )
        lines.append(
            f"{room['code']:<6} {room['game']:<12} {room['status']:<9} "
            f"{room['phase'] or '-':<14} {room['age_s']:>5} s  {room['replica']:<9} {people}"
        )
    if not data["rooms"]:
        lines.append("(no live rooms)")
    return "\n".join(lines)
