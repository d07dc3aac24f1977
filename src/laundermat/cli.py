"""`laundermat serve | simulate | bots | crash | verify | admin`."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from . import console


def _simulate(args: argparse.Namespace) -> int:
    from .bots.simulate import simulate

    check = "none" if args.no_check else args.check
    policies = [p.strip() for p in args.policies.split(",")] if args.policies else []
    counts = args.players
    reports: dict[str, Any] = {}
    failed = False
    try:
        for players in counts:
            report = simulate(
                players,
                args.games,
                args.seed,
                check,
                args.game,
                args.workers,
                policies,
                args.clean,
            )
            reports[str(players)] = report.to_dict()
            failed |= report.errors != 0 or report.invariant_violations != 0
    except ValueError as exc:
        print(f"laundermat simulate: {exc}", file=sys.stderr)
        return 2
    # One count prints its report as before; a range prints the reports by player count.
    output = reports[str(counts[0])] if len(counts) == 1 else {"by_players": reports}
    print(json.dumps(output, indent=1 if args.pretty else None))
    return 1 if failed else 0


def player_counts(text: str) -> list[int]:
    """`--players 4` or a range `--players 2..5` (each count in turn)."""
    low, dots, high = text.partition("..")
    try:
        counts = list(range(int(low), int(high) + 1)) if dots else [int(text)]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: a count (4) or a range (2..5)") from None
    if not counts:
        raise argparse.ArgumentTypeError(f"{text!r}: an empty range")
    return counts


# Flags override the environment (LAUNDERMAT_*, DATABASE_URL); unset flags leave it alone.
SERVE_FLAGS: list[tuple[str, type, str]] = [
    ("host", str, "address to bind (0.0.0.0 to let phones on the network join)"),
    ("port", int, "port to listen on"),
    ("database_url", str, "SQLAlchemy URL (default sqlite file ./laundermat.db)"),
    ("database_schema", str, "PostgreSQL schema to use"),
    ("allowed_origins", str, "comma-separated origins allowed to connect"),
    ("public_url", str, "base URL for join links and QR codes (default: the request's)"),
    ("allowed_hosts", str, "host names served besides addresses, local names, public_url's"),
    ("forwarded_allow_ips", str, "proxies trusted for X-Forwarded-For (comma-separated)"),
    ("metrics_allow_ips", str, "addresses or networks that may read /metrics (comma-separated)"),
    ("max_message_bytes", int, "largest accepted socket message"),
    ("messages_per_second", float, "per-connection message rate"),
    ("room_creations_per_minute", int, "per client address"),
    ("join_attempts_per_minute", int, "per client address"),
    ("sockets_per_address", int, "open sockets per client address"),
    ("connections_per_address", int, "open connections per peer address (not proxies)"),
    ("spectators_per_room", int, "spectators one room takes"),
    ("spectators_per_address", int, "spectators of one room from one client address"),
    ("sockets_per_minute_per_address", int, "new sockets per client address per minute"),
    ("messages_per_second_per_address", float, "message rate shared by an address's sockets"),
    ("message_burst_per_address", int, "burst shared by an address's sockets"),
    ("hello_timeout_seconds", float, "seconds a socket has to say hello or spectate"),
    ("http_request_timeout_seconds", float, "seconds an HTTP request has to arrive whole"),
    ("sqlite_synchronous", str, "SQLite: normal (survives a crash) or full (a power loss too)"),
    ("store_lock_retry_seconds", float, "how long a write waits out a locked SQLite database"),
    ("snapshot_every", int, "commands between game-state snapshots"),
    ("finished_game_retention_days", float, "days a finished game's record is kept"),
    ("max_body_bytes", int, "largest accepted HTTP request body"),
    ("room_lookups_per_minute", int, "GET /api/rooms/{code} per client address"),
    ("room_lookup_misses_per_minute", int, "lookups of unknown codes per client address"),
    ("qr_codes_per_minute", int, "QR codes per client address"),
    ("replays_per_minute", int, "replay requests per client address"),
    ("gc_freeze_seconds", float, "freeze the garbage collector's survivors this often (0: off)"),
    ("room_idle_close_seconds", float, "close a room idle this long"),
    ("room_finished_close_seconds", float, "close a finished room after this long"),
    ("away_after_seconds", float, "GEN-4: seconds without a connection before away"),
    ("restart_grace_seconds", float, "minimum time left for a window after a restart"),
    ("time_scale", float, "TEST ONLY: multiply every window's duration"),
    ("log_level", str, "debug, info, warning, error"),
]


SECRETS = {"admin_token", "cluster_secret"}  # never printed, not even when refused


def _serve(args: argparse.Namespace) -> int:
    from pydantic import ValidationError

    from .web.serve import serve
    from .web.settings import ServerSettings

    overrides: dict[str, Any] = {
        name: getattr(args, name) for name, _, _ in SERVE_FLAGS if getattr(args, name) is not None
    }
    try:
        settings = ServerSettings(**overrides)
    except ValidationError as exc:  # one line per setting an operator can act on, no traceback
        for error in exc.errors():
            name = "_".join(str(part) for part in error["loc"]) or "settings"
            given = str(error.get("input"))[:80] if name not in SECRETS else "(hidden)"
            print(
                f"laundermat serve: LAUNDERMAT_{name.upper()}={given}: {error['msg']}",
                file=sys.stderr,
            )
        return 2
    serve(settings)
    return 0


def _bots(args: argparse.Namespace) -> int:
    from . import games
    from .bots.ws_bot import run_bots

    settings = dict(args.setting)
    problem = _room_problem(args.game, args.players, settings)
    if problem:
        print(f"laundermat bots: {problem}", file=sys.stderr)
        return 2
    definition = games.require(args.game)
    players = args.players or min(max(4, definition.min_players), definition.max_players)
    report = run_bots(
        args.url, args.rooms, players, args.think, args.seed, args.timeout, args.game, settings
    )
    print(json.dumps(report))
    return 0 if report["errors"] == 0 and report["rooms_completed"] == args.rooms else 1


def _room_problem(game: str, players: int | None, settings: dict[str, int]) -> str | None:
    """What is wrong with a room of `game` for `players` (None: the game's own count)."""
    from . import games

    definition = games.get(game)
    if definition is None:
        names = ", ".join(g.name for g in games.catalog().games)
        return f"no game {game!r} (one of: {names})"
    if players is not None and not definition.min_players <= players <= definition.max_players:
        return (
            f"{definition.title} takes {definition.min_players} to "
            f"{definition.max_players} players, not {players}"
        )
    errors = games.settings_errors(definition, settings)
    return "; ".join(errors) or None


def setting(text: str) -> tuple[str, int]:
    """`--setting decision_timer=15` (every setting is a whole number: games/protocol.py)."""
    key, _, value = text.partition("=")
    try:
        number = int(value)
    except ValueError:
        number = None
    if not key or number is None:
        raise argparse.ArgumentTypeError(f"{text!r} is not KEY=NUMBER")
    return key, number


def _backup(args: argparse.Namespace) -> int:
    from pathlib import Path

    from .store.backup import BackupError, backup_sqlite
    from .web.settings import ServerSettings

    url = args.database_url or ServerSettings().database_url
    try:
        pages = backup_sqlite(url, Path(args.file))
    except BackupError as exc:
        print(f"laundermat backup: {exc}", file=sys.stderr)
        return 2
    print(f"backed up {pages} pages to {args.file}")
    return 0


def _crash(args: argparse.Namespace) -> int:
    import asyncio
    import tempfile
    from pathlib import Path

    from .bots.crash import soak

    workdir = Path(args.workdir or tempfile.mkdtemp(prefix="laundermat-crash-"))
    workdir.mkdir(parents=True, exist_ok=True)
    url = args.database_url or f"sqlite+aiosqlite:///{workdir / 'crash.db'}"
    report = asyncio.run(
        soak(
            url,
            args.database_schema,
            workdir,
            args.kills,
            args.rooms,
            args.players,
            args.seed,
            game=args.game,
        )
    )
    report["server_log"] = str(workdir / "crash-server.log")
    print(json.dumps(report))
    broken = sum(
        report[k]
        for k in (
            "lost",
            "doubled",
            "over_but_unfinished",
            "rooms_without_seats",
            "unexpected_errors",
            "unfinished_bots",
            "acked_replay_not_recognised",
            "server_errors",
        )
    )
    return 0 if broken == 0 else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="laundermat", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser(
        "simulate", help="play games in-process with bots; win and balance figures"
    )
    sim.add_argument(
        "--players", type=player_counts, default=[4], help="a count (4) or a range (2..5)"
    )
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument(
        "--check",
        choices=("full", "lite", "none"),
        default="full",
        help="invariants after every command: full (default), lite (no redaction or JSON "
        "round trip per command), none",
    )
    sim.add_argument("--no-check", action="store_true", help="same as --check none")
    sim.add_argument("--game", default="laundermat", help="which game (GET /api/catalog)")
    sim.add_argument(
        "--workers", type=int, default=None, help="processes (default: the core count)"
    )
    sim.add_argument(
        "--policies",
        default="",
        help="one bot strategy per player, comma-separated, e.g. heuristic,random,random,random"
        " (default: all random)",
    )
    sim.add_argument("--clean", action="store_true", help="no deliberate waits or presence changes")
    sim.add_argument("--pretty", action="store_true", help="indent the JSON report")
    srv = sub.add_parser("serve", help="run the game server")
    for name, kind, text in SERVE_FLAGS:
        srv.add_argument("--" + name.replace("_", "-"), dest=name, type=kind, help=text)
    bots = sub.add_parser("bots", help="play whole games against a server over WebSockets")
    bots.add_argument("--url", default="http://127.0.0.1:8000")
    bots.add_argument("--game", default="laundermat", help="which game (GET /api/catalog)")
    bots.add_argument("--rooms", type=int, default=1)
    bots.add_argument(
        "--players", type=int, default=None, help="per room (default: 4, within the game's range)"
    )
    bots.add_argument(
        "--setting",
        type=setting,
        action="append",
        default=[],
        metavar="KEY=NUMBER",
        help="a host setting of the game, e.g. decision_timer=15 (repeatable)",
    )
    bots.add_argument(
        "--think", type=float, default=0.0, help="wait up to this many seconds before each command"
    )
    bots.add_argument("--seed", type=int, default=None)
    bots.add_argument("--timeout", type=float, default=600.0, help="give up after this long")
    crash = sub.add_parser("crash", help="kill -9 a server at random instants while bots play")
    crash.add_argument("--kills", type=int, default=20)
    crash.add_argument("--rooms", type=int, default=3)
    crash.add_argument("--players", type=int, default=3)
    crash.add_argument("--seed", type=int, default=1)
    crash.add_argument("--game", default=None, help="which game (GET /api/catalog)")
    crash.add_argument("--database-url", default=None, help="default: a new SQLite file")
    crash.add_argument("--database-schema", default=None, help="PostgreSQL: a fresh schema")
    crash.add_argument("--workdir", default=None, help="where the server log goes")
    backup = sub.add_parser("backup", help="copy the live SQLite database to a new file")
    backup.add_argument("file", help="the copy (a new file)")
    backup.add_argument("--database-url", default=None, help="default: the server's setting")
    check = sub.add_parser("verify", help="check a finished game's record (a file or URL)")
    check.add_argument("record", help="a JSON file, or http(s)://.../api/games/ID/replay")
    console.add_parser(sub)
    args = parser.parse_args(argv)
    if args.command == "admin":
        return console.run(args)
    if args.command == "simulate":
        return _simulate(args)
    if args.command == "serve":
        return _serve(args)
    if args.command == "bots":
        return _bots(args)
    if args.command == "crash":
        return _crash(args)
    if args.command == "backup":
        return _backup(args)
    if args.command == "verify":
        from .verify import main as verify

        return verify(args.record)
    return 2


if __name__ == "__main__":
    sys.exit(main())
