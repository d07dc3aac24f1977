"""Where each seat finished, for the history (games/standings.py): ties share a place, a
game's own rank is kept, and LaunderMat places the caught after everyone who was not."""

from __future__ import annotations

import pytest

from laundermat import games
from laundermat.games.standings import standings


def places(game: str | None, result: dict[str, object]) -> list[tuple[int, int, bool]]:
    definition = games.require(game) if game else object()
    return [(s.seat, s.place, s.winner) for s in standings(definition, result)]


@pytest.mark.parametrize(
    ("game", "result", "expected"),
    [
        # No rule of its own: winners first, then by total; a tie shares its place.
        (
            None,
            {
                "winners": [1],
                "players": [
                    {"seat": 0, "total": 5},
                    {"seat": 1, "total": 9},
                    {"seat": 2, "total": 5},
                    {"seat": 3, "total": 2},
                ],
            },
            [(1, 1, True), (0, 2, False), (2, 2, False), (3, 4, False)],
        ),
        # A result without players places nobody.
        (None, {"winners": [0]}, []),
        # Goblin Laundromat: its rank (GSCORE-7, ties on Coins broken by stains) is kept.
        (
            "goblin",
            {
                "winners": [2],
                "players": [
                    {"seat": 0, "total": 30, "rank": 2},
                    {"seat": 1, "total": 20, "rank": 3},
                    {"seat": 2, "total": 30, "rank": 1},
                ],
            },
            [(2, 1, True), (0, 2, False), (1, 3, False)],
        ),
        # LaunderMat (SCORE-5): the caught cannot win and come after the rest, whatever
        # their total, as on its end screen.
        (
            "laundermat",
            {
                "winners": [2],
                "players": [
                    {"seat": 0, "total": 400000, "disqualified": True},
                    {"seat": 1, "total": 100000, "disqualified": False},
                    {"seat": 2, "total": 300000, "disqualified": False},
                ],
            },
            [(2, 1, True), (1, 2, False), (0, 3, False)],
        ),
        # Everyone caught: nobody wins, and the totals still order them.
        (
            "laundermat",
            {
                "winners": [],
                "players": [
                    {"seat": 0, "total": 1, "disqualified": True},
                    {"seat": 1, "total": 2, "disqualified": True},
                ],
            },
            [(1, 1, False), (0, 2, False)],
        ),
    ],
)
def test_standings(game: str | None, result: dict[str, object], expected: list[object]) -> None:
    assert places(game, result) == expected
