"""The command log keeps the room's own `client_id` beside each command (a retry after a
restart is recognised by it). Restoring a room, a replay and `verify` hand the game only the
game's JSON form (`games.logged_command`), so a game whose `parse` refuses unknown keys, as
Goblin Laundromat's does (GGEN-1: malformed), restores and replays like any other."""

from __future__ import annotations

import pytest

from laundermat import games


def test_logged_command_drops_only_the_platform_keys() -> None:
    entry = {"type": "pick", "seat": 1, "card": "C7", "client_id": "a1"}
    assert games.logged_command(entry) == {"type": "pick", "seat": 1, "card": "C7"}
    assert entry["client_id"] == "a1"  # the log entry itself is left alone


def test_a_strict_game_replays_its_logged_commands() -> None:
    goblin = games.require("goblin")
    match = goblin.new(7, ["p1", "p2", "p3"], {"decision_timer": 30})
    again = goblin.new(7, ["p1", "p2", "p3"], {"decision_timer": 30})
    for seat in range(3):
        card = match.view(seat)["me"]["options"]["pick"][0]
        entry = {"type": "pick", "seat": seat, "card": card, "client_id": f"c{seat}"}
        with pytest.raises(games.RuleError):
            again.parse(entry)  # the game itself refuses the platform's key
        match.apply(match.parse(games.logged_command(entry)))
        again.apply(again.parse(games.logged_command(entry)))
    assert match.view(None) == again.view(None)
    assert match.view(None)["state_version"] == 3
