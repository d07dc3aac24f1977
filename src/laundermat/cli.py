"""`laundermat serve | simulate | bots`."""

from __future__ import annotations

import argparse
import json
import sys


def _simulate(args: argparse.Namespace) -> int:
    from .bots.simulate import simulate

    report = simulate(args.players, args.games, args.seed, check=not args.no_check)
    print(json.dumps(report.to_dict()))
    return 0 if report.errors == 0 and report.invariant_violations == 0 else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="laundermat", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play games in-process with random-legal bots")
    sim.add_argument("--players", type=int, default=4)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--no-check", action="store_true", help="skip the invariant checks")
    args = parser.parse_args(argv)
    if args.command == "simulate":
        return _simulate(args)
    return 2


if __name__ == "__main__":
    sys.exit(main())
