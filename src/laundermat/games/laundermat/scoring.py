"""Investigation and scoring: INVEST-1..2, SCORE-1..5, REVIEW-1, BUDGET-1."""

from __future__ import annotations

from dataclasses import dataclass

from .additions import email_protected, exact_bonus, is_flagged
from .cards import ADDITIONS, POINTS, REVIEW_BONUS, Addition, Weapon
from .chance import Purpose, weighted
from .context import Context, Step
from .state import JSON, Copy, GameState, Phase


def investigate(game: Context) -> Step:
    """INVEST-2: one type, drawn by its entries; the result is fixed before any reveal.
    The game is over: no window follows."""
    state = game.state
    kinds = [str(a) for a in ADDITIONS]
    state.investigated = weighted(
        game.chance, Purpose.INVESTIGATION, kinds, [state.entries[k] for k in kinds]
    )
    state.phase = Phase.OVER
    state.window_actors = []
    outcome = result(state)
    game.emit(
        "investigation",
        addition=state.investigated,
        entries=dict(state.entries),
        winners=outcome.winners,
        scores=[p.total for p in outcome.players],
        disqualified=[p.seat for p in outcome.players if p.disqualified],
    )
    return None


@dataclass(frozen=True)
class CopyScore:
    copy: int
    kind: str
    points: int
    bonus: int
    shut_down: bool
    score: int


@dataclass(frozen=True)
class PlayerScore:
    seat: int
    copies: tuple[CopyScore, ...]
    review_bonus: int
    total: int
    disqualified: bool


@dataclass(frozen=True)
class Result:
    investigated: str
    players: tuple[PlayerScore, ...]
    winners: list[int]  # SCORE-5: empty when everybody was caught

    def to_dict(self) -> dict[str, JSON]:
        return {
            "investigated": self.investigated,
            "winners": list(self.winners),
            "players": [
                {
                    "seat": p.seat,
                    "copies": [vars(c) for c in p.copies],
                    "review_bonus": p.review_bonus,
                    "total": p.total,
                    "disqualified": p.disqualified,
                }
                for p in self.players
            ],
        }


def _protected(state: GameState, copy: Copy) -> bool:
    """SCORE-3: an uncountered paid protection, or Anonymous Email's."""
    return (copy.protection > 0 and not copy.countered) or email_protected(state, copy)


def result(state: GameState) -> Result:
    investigated = state.investigated
    assert investigated is not None, "the game has not been scored yet"
    players = []
    for player in state.players:
        scores = []
        caught = False
        for copy in state.copies:
            if copy.owner != player.seat:
                continue
            flagged = is_flagged(state, copy)
            shut = flagged and copy.kind == investigated  # SCORE-2
            points = POINTS[Addition(copy.kind)]
            bonus = exact_bonus(state, copy)
            scores.append(
                CopyScore(copy.id, copy.kind, points, bonus, shut, 0 if shut else points + bonus)
            )
            if shut and not _protected(state, copy):
                caught = True
        review = 0
        if player.weapon == Weapon.FIVE_STAR_REVIEW:  # REVIEW-1
            review = REVIEW_BONUS[len({s.kind for s in scores if not s.shut_down})]
        total = sum(s.score for s in scores) + review  # SCORE-4
        players.append(PlayerScore(player.seat, tuple(scores), review, total, caught))
    eligible = [p for p in players if not p.disqualified]
    best = max((p.total for p in eligible), default=None)
    winners = [p.seat for p in eligible if p.total == best]
    return Result(investigated, tuple(players), winners)
