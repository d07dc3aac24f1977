"""Play complete games in-process with bots and check the invariants, on every core.

Game `i` of a run with seed `s` is played from its own seed, `s * 1_000_003 + i`, with its own
random generator, so a game's course depends on nothing but that seed: the games are split
into chunks over `workers` processes, and the merged report is the same whatever the number
of workers (tests/bots/test_simulate.py).

Checks (`check`):
- "full": the game's invariants after every command (for LaunderMat,
  games/laundermat/invariants.py check_all, whose redaction check re-renders every seat's view
  on a perturbed state) and a replay from the seed at the end. The default, for CI-sized runs.
- "lite": only the cheap invariants after every command (`invariants(..., lite=True)`: for
  LaunderMat bills and market, without the JSON round trip and the redaction check), the full
  invariants once the game is over, and the replay. For runs of 100,000 games.
- "none": no checks; illegal commands are still counted as errors.

`clean` games have no deliberate waits and no presence changes: what balance and win-rate
figures are measured on. Otherwise (the default) bots sometimes let a window run out and
seats go away and come back, to exercise those rules.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from .. import games
from ..games import JSON, GameDefinition, Match, Policy, RuleError
from .figures import Figures

CHECKS = ("full", "lite", "none")
Wrap = Callable[[Policy, int, Match], Policy]


@dataclass
class SimulationReport:
    games: int = 0
    commands: int = 0
    timeouts: int = 0
    invariant_violations: int = 0
    errors: int = 0
    seconds: float = 0.0
    problems: list[str] = field(default_factory=list)
    policies: list[str] = field(default_factory=list)
    figures: Figures = field(default_factory=Figures)

    def merge(self, other: SimulationReport) -> None:
        self.games += other.games
        self.commands += other.commands
        self.timeouts += other.timeouts
        self.invariant_violations += other.invariant_violations
        self.errors += other.errors
        self.problems += other.problems
        self.figures.merge(other.figures)

    def results(self) -> dict[str, Any]:
        """Everything but the timing: what must not depend on the number of workers."""
        return {
            "games": self.games,
            "commands": self.commands,
            "timeouts": self.timeouts,
            "invariant_violations": self.invariant_violations,
            "errors": self.errors,
            "problems": self.problems[:10],
            **self.figures.to_dict(self.policies),
        }

    def to_dict(self) -> dict[str, Any]:
        out = self.results()
        out["seconds"] = round(self.seconds, 2)
        out["games_per_second"] = round(self.games / self.seconds, 2) if self.seconds else None
        return out


def game_seed(seed: int, index: int) -> int:
    return seed * 1_000_003 + index


def play_game(
    seed: int,
    players: int,
    report: SimulationReport,
    check: str = "full",
    definition: GameDefinition | None = None,
    policies: Sequence[str] = (),
    clean: bool = False,
    wrap: Wrap | None = None,
    names: Sequence[str] = (),
    log: list[dict[str, Any]] | None = None,
) -> Match:
    """One whole game through the game protocol, from its own seed. Player `i` (`names[i]`,
    default `bot{i}`, seated at random by the game) is played by `policies[i]` (default: the
    random bot); `wrap` lets a test stand between a policy and the views it is given; `log`,
    if given, receives every command applied, as on the wire."""
    definition = definition or games.require(games.DEFAULT_GAME)
    rng = random.Random(seed)
    settings = {s.key: rng.choice(s.choices) for s in definition.settings}
    names = list(names) or [f"bot{i}" for i in range(players)]
    match = definition.new(seed, names, settings)
    seat_of = match.seats()
    strategies = list(policies) or ["random"] * players
    bots = _seat_bots(definition, match, names, strategies, rng, clean, wrap)
    log = [] if log is None else log
    while not match.over():
        wire = _next_wire(match, definition, bots, rng, players, clean, report)
        if wire is None:
            continue
        try:
            match.apply(match.parse(wire))
        except RuleError as exc:
            report.errors += 1
            report.problems.append(f"seed {seed}: {wire} -> {exc.code}: {exc.message}")
            continue
        log.append(wire)
        report.commands += 1
        _check_invariants(match, definition, rng, check, seed, report)
    if check != "none":
        again = definition.new(seed, names, settings)
        for wire in log:
            again.apply(again.parse(wire))
        if again.snapshot() != match.snapshot():
            report.invariant_violations += 1
            report.problems.append(f"seed {seed}: replay differs")
    report.games += 1
    report.figures.add_game(definition.name, match, [seat_of[n] for n in names], strategies)
    return match


def _seat_bots(
    definition: GameDefinition,
    match: Match,
    names: list[str],
    strategies: list[str],
    rng: random.Random,
    clean: bool,
    wrap: Wrap | None,
) -> dict[int, Policy]:
    """Each seat's bot, in the order of `names` (each draws its own generator from `rng`)."""
    seat_of = match.seats()
    wait = 0.0 if clean else 0.03
    bots: dict[int, Policy] = {}
    for i, name in enumerate(names):
        seat = seat_of[name]
        policy = definition.bot(random.Random(rng.getrandbits(64)), wait, strategies[i])
        bots[seat] = wrap(policy, seat, match) if wrap else policy
    return bots


def _next_wire(
    match: Match,
    definition: GameDefinition,
    bots: dict[int, Policy],
    rng: random.Random,
    players: int,
    clean: bool,
    report: SimulationReport,
) -> JSON | None:
    """The next command to apply, as on the wire: a seat's choice, else the open window's
    timeout; now and then (unless `clean`) a change of presence instead. None: the seat
    drawn has acted and waits for the others."""
    pending = match.pending()
    window = match.window()
    actors = list(window.actors) if window is not None else []
    if pending and rng.random() < 0.9:
        seat = rng.choice(pending)
    elif actors:
        seat = rng.choice(actors)
    else:
        seat = -1
    wire = bots[seat].decide(match.view(seat)) if seat >= 0 else None
    window_id = match.window_id()
    if wire is None and seat >= 0 and seat not in pending and pending:
        return None  # it has acted and waits: the window closes once all have (DRAFT-3, BRIBE-1)
    if wire is None and window_id is not None:
        wire = definition.timeout(match, window_id).to_dict()
        report.timeouts += 1
    if not clean and rng.random() < 0.02:
        # Presence changes too: an away rule must never stall or break a game.
        target = rng.randrange(players)
        wire = definition.set_away(match, target, not match.away(target)).to_dict()
    assert wire is not None
    return wire


def _check_invariants(
    match: Match,
    definition: GameDefinition,
    rng: random.Random,
    check: str,
    seed: int,
    report: SimulationReport,
) -> None:
    """ "full": every invariant after every command; "lite": the cheap ones, and all of them
    once the game is over; "none": none."""
    problems: list[str] = []
    if check == "full" or (check == "lite" and match.over()):
        problems = definition.invariants(match, rng)
    elif check == "lite":
        problems = definition.invariants(match, rng, lite=True)
    report.invariant_violations += len(problems)
    report.problems += [f"seed {seed}: {p}" for p in problems]


@dataclass(frozen=True)
class Chunk:
    players: int
    seed: int
    first: int
    count: int
    check: str
    game: str
    policies: tuple[str, ...]
    clean: bool


def run_chunk(chunk: Chunk) -> SimulationReport:
    """Games `first` .. `first + count - 1` of a run (in a worker process, or in this one)."""
    definition = games.require(chunk.game)
    report = SimulationReport(policies=list(chunk.policies))
    for i in range(chunk.first, chunk.first + chunk.count):
        try:
            play_game(
                game_seed(chunk.seed, i),
                chunk.players,
                report,
                chunk.check,
                definition,
                chunk.policies,
                chunk.clean,
            )
        except Exception as exc:  # anything but a typed engine error is a bug to report
            report.errors += 1
            report.problems.append(f"game {i}: {type(exc).__name__}: {exc}")
    return report


def simulate(
    players: int,
    count: int,
    seed: int,
    check: str | bool = "full",
    game: str = games.DEFAULT_GAME,
    workers: int | None = None,
    policies: Sequence[str] = (),
    clean: bool = False,
) -> SimulationReport:
    """`count` games of `players` seats; `policies` names each player's bot (one per player,
    default all "random"); `workers` processes (default: the core count)."""
    if isinstance(check, bool):  # the old signature: check=True/False
        check = "full" if check else "none"
    if check not in CHECKS:
        raise ValueError(f"check must be one of {CHECKS}")
    definition = games.require(game)
    chosen = tuple(policies) or ("random",) * players
    if len(chosen) != players:
        raise ValueError(f"{len(chosen)} policies for {players} players")
    known = definition.bot_strategies
    if unknown := [p for p in chosen if p not in known]:
        raise ValueError(f"unknown bot strategy {unknown[0]!r}: {definition.name} has {known}")
    workers = max(1, workers or os.cpu_count() or 1)
    size = max(1, min(50, -(-count // (workers * 4))))
    chunks = [
        Chunk(players, seed, first, min(size, count - first), check, game, chosen, clean)
        for first in range(0, count, size)
    ]
    report = SimulationReport(policies=list(chosen))
    start = time.perf_counter()
    if workers == 1 or len(chunks) == 1:
        parts = [run_chunk(c) for c in chunks]
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            parts = list(pool.map(run_chunk, chunks))
    for part in parts:  # in game order, whoever played them
        report.merge(part)
    report.seconds = time.perf_counter() - start
    return report
