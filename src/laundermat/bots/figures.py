"""What `simulate` counts over finished games: who won, by bot strategy, for every game; and
for LaunderMat the balance figures of docs/balance.md, read from the final spectator view
(everything is revealed once the game is over, PUBLIC-1)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..games import Match

# LaunderMat's addition types, cheapest first (SETUP-6): ties in "most owned" go to the dearer.
ADDITION_ORDER = (
    "clearance_rack",
    "vending_machines",
    "charging_stations",
    "pawn_shop",
    "slot_machine",
)


def percentile(values: Sequence[int], q: float) -> int | None:
    """Nearest-rank percentile (q in 0..100)."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * q // 100))
    return ordered[int(rank) - 1]


def _summary(counts: Counter[int]) -> dict[str, float | int | None]:
    """Mean, sd and percentiles of integer samples kept as a histogram."""
    n = sum(counts.values())
    mean = sum(v * c for v, c in counts.items()) / n
    var = sum(c * (v - mean) ** 2 for v, c in counts.items()) / n
    values = sorted(counts.elements())
    return {
        "n": n,
        "mean": round(mean, 3),
        "sd": round(var**0.5, 3),
        "p10": percentile(values, 10),
        "p50": percentile(values, 50),
        "p90": percentile(values, 90),
    }


@dataclass
class Figures:
    games: int = 0
    win_share: list[float] = field(default_factory=list)  # per player index, ties shared
    won: list[int] = field(default_factory=list)  # per player index, ties counted whole
    nobody_won: int = 0
    # Any game whose Match has `balance()`: integer samples by measure, as histograms.
    measures: dict[str, Counter[int]] = field(default_factory=dict)
    # LaunderMat only
    laundermat_games: int = 0
    vault_raids: int = 0
    alarms: int = 0
    alarm_purchases: int = 0
    weapons: Counter[str] = field(default_factory=Counter)
    weapons_by_player: Counter[int] = field(default_factory=Counter)  # by player index
    winner_type: dict[str, float] = field(default_factory=dict)  # shared wins split
    disqualified: int = 0
    games_with_disqualified: int = 0
    player_games: int = 0
    spreads: list[int] = field(default_factory=list)  # winner minus runner-up
    winning_scores: list[int] = field(default_factory=list)

    def merge(self, other: Figures) -> None:
        if not self.win_share:
            self.win_share = [0.0] * len(other.win_share)
            self.won = [0] * len(other.won)
        for i, share in enumerate(other.win_share):
            self.win_share[i] += share
            self.won[i] += other.won[i]
        for name in (
            "games",
            "nobody_won",
            "laundermat_games",
            "vault_raids",
            "alarms",
            "alarm_purchases",
            "disqualified",
            "games_with_disqualified",
            "player_games",
        ):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.weapons.update(other.weapons)
        for key, counts in other.measures.items():
            self.measures.setdefault(key, Counter()).update(counts)
        self.weapons_by_player.update(other.weapons_by_player)
        for kind, share in other.winner_type.items():
            self.winner_type[kind] = self.winner_type.get(kind, 0.0) + share
        self.spreads += other.spreads
        self.winning_scores += other.winning_scores

    def add_game(self, game: str, match: Match, seats: list[int], policies: list[str]) -> None:
        """`seats[i]` is player i's seat."""
        if not self.win_share:
            self.win_share = [0.0] * len(seats)
            self.won = [0] * len(seats)
        self.games += 1
        winners: set[int] = set(match.result()["winners"])
        if not winners:
            self.nobody_won += 1
        for i, seat in enumerate(seats):
            if seat in winners:
                self.win_share[i] += 1 / len(winners)
                self.won[i] += 1
        balance = getattr(match, "balance", None)
        for key, samples in (balance() if callable(balance) else {}).items():
            self.measures.setdefault(key, Counter()).update(samples)
        if game == "laundermat":
            final = match.view(None)
            self._laundermat(final, winners)
            owners = {p["seat"] for p in final["players"] if p["weapon"]}
            self.weapons_by_player.update(i for i, seat in enumerate(seats) if seat in owners)

    def _laundermat(self, final: dict[str, Any], winners: set[int]) -> None:
        self.laundermat_games += 1
        for entry in final["log"]:
            if entry["kind"] == "vault_raid":
                self.vault_raids += 1
                self.alarms += bool(entry.get("alarm"))
            elif entry["kind"] == "alarm_purchase":
                self.alarm_purchases += 1
        self.weapons.update(p["weapon"] for p in final["players"] if p["weapon"])
        standings = final["result"]["players"]
        caught = sum(p["disqualified"] for p in standings)
        self.player_games += len(standings)
        self.disqualified += caught
        self.games_with_disqualified += caught > 0
        for seat in winners:
            owned = Counter(c["kind"] for c in final["copies"] if c["owner"] == seat)
            kind = max(ADDITION_ORDER, key=lambda k: (owned[k], ADDITION_ORDER.index(k)))
            key = kind if owned else "none"
            self.winner_type[key] = self.winner_type.get(key, 0.0) + 1 / len(winners)
        eligible = sorted((p["total"] for p in standings if not p["disqualified"]), reverse=True)
        if eligible:
            self.winning_scores.append(eligible[0])
        if len(eligible) >= 2:
            self.spreads.append(eligible[0] - eligible[1])

    def to_dict(self, policies: Sequence[str]) -> dict[str, Any]:
        games = self.games or 1
        players = [
            {
                "player": i,
                "policy": policies[i] if i < len(policies) else "random",
                "win_rate": round(self.win_share[i] / games, 4),
                "won_or_shared": round(self.won[i] / games, 4),
            }
            for i in range(len(self.win_share))
        ]
        by_policy: dict[str, float] = {}
        for i, share in enumerate(self.win_share):
            name = policies[i] if i < len(policies) else "random"
            by_policy[name] = by_policy.get(name, 0.0) + share / games
        by_policy = {k: round(v, 4) for k, v in by_policy.items()}
        out: dict[str, Any] = {
            "wins": {
                "players": players,
                "by_policy": by_policy,
                "nobody_won_rate": round(self.nobody_won / games, 4),
            }
        }
        if self.measures:
            out["measures"] = {k: _summary(v) for k, v in sorted(self.measures.items())}
        if self.laundermat_games:
            for i, entry in enumerate(players):
                entry["weapons_per_game"] = round(
                    self.weapons_by_player[i] / self.laundermat_games, 4
                )
            out["balance"] = self._balance()
        return out

    def _balance(self) -> dict[str, Any]:
        games = self.laundermat_games
        return {
            "games": games,
            "vault_raids_per_game": round(self.vault_raids / games, 3),
            "alarm_rate": round(self.alarms / self.vault_raids, 4) if self.vault_raids else None,
            "alarms_per_game": round(self.alarms / games, 3),
            "alarm_purchases_per_game": round(self.alarm_purchases / games, 3),
            "weapons_per_game": round(sum(self.weapons.values()) / games, 3),
            "weapons_per_game_by_type": {
                k: round(v / games, 4) for k, v in sorted(self.weapons.items())
            },
            "winner_most_owned_type_share": {
                k: round(v / games, 4) for k, v in sorted(self.winner_type.items())
            },
            "disqualification_rate_per_player": round(self.disqualified / self.player_games, 4),
            "games_with_a_disqualification": round(self.games_with_disqualified / games, 4),
            "nobody_wins_rate": round(self.nobody_won / self.games, 4),
            "winning_score_p50": percentile(self.winning_scores, 50),
            "spread_winner_minus_runner_up": {
                "p50": percentile(self.spreads, 50),
                "p90": percentile(self.spreads, 90),
                "mean": round(sum(self.spreads) / len(self.spreads)) if self.spreads else None,
            },
        }
