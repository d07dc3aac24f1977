"""Pick: a tiny second game that proves the platform knows no game by name.

Two rounds. In each, every seat secretly picks a number from 1 to 5 within the pick timer;
once all present seats have picked (or the timer runs out) the picks are revealed and the
highest number nobody else picked scores its value. Highest total wins (ties share).

It is registered only by the tests (LAUNDERMAT_EXTRA_GAMES=tests.web.pickgame:GAME) and plays
through the same rooms, store, sockets, timers, restore and replay as LaunderMat.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from laundermat.games import JSON, RuleError, Setting, Window

ROUNDS = 2


@dataclass(frozen=True)
class PickCommand:
    type: str
    seat: int
    number: int = 0  # pick
    window: int = 0  # timeout
    away: bool = False  # set_away

    def to_dict(self) -> JSON:
        if self.type == "pick":
            return {"type": "pick", "seat": self.seat, "number": self.number}
        if self.type == "timeout":
            return {"type": "timeout", "window": self.window}
        return {"type": "set_away", "seat": self.seat, "away": self.away}


class PickMatch:
    def __init__(self, state: JSON) -> None:
        self.state = state

    # -------------------------------------------------------------- commands

    def parse(self, data: JSON) -> PickCommand:
        kind = data.get("type")
        seat = data.get("seat", -1)
        if kind == "timeout" and type(data.get("window")) is int:
            return PickCommand("timeout", -1, window=data["window"])
        if type(seat) is not int or not 0 <= seat < len(self.state["names"]):
            raise RuleError("malformed", "No such seat.")
        if kind == "pick" and type(data.get("number")) is int and 1 <= data["number"] <= 5:
            return PickCommand("pick", seat, number=data["number"])
        if kind == "set_away" and type(data.get("away")) is bool:
            return PickCommand("set_away", seat, away=data["away"])
        raise RuleError("malformed", "Send {type: pick, number: 1..5}.")

    def apply(self, command: Any) -> None:
        s = self.state
        if s["round"] > ROUNDS:
            raise RuleError("game_over", "The game is over.")
        if command.type == "timeout":
            if command.window != s["round"]:
                raise RuleError("stale_window", "That window is no longer open.")
            self._resolve(timed_out=True)
            return
        if command.type == "set_away":
            if s["away"][command.seat] == command.away:
                raise RuleError("presence_unchanged", "Nothing changed.")
            s["away"][command.seat] = command.away
        elif s["picks"][command.seat] is not None:
            raise RuleError("already_acted", "You already picked this round.")
        else:
            s["picks"][command.seat] = command.number
        if not self.pending():
            self._resolve(timed_out=False)

    def _resolve(self, timed_out: bool) -> None:
        s = self.state
        picks = s["picks"]
        counts = {n: picks.count(n) for n in picks if n is not None}
        unique = [n for n, c in counts.items() if c == 1]
        scorer = picks.index(max(unique)) if unique else None
        if scorer is not None:
            s["scores"][scorer] += picks[scorer]
        s["log"].append(
            {"kind": "round", "round": s["round"], "picks": list(picks), "scorer": scorer}
        )
        s["round"] += 1
        s["picks"] = [None] * len(picks)

    # -------------------------------------------------------------- questions

    def window(self) -> Window | None:
        s = self.state
        if s["round"] > ROUNDS:
            return None
        actors = tuple(range(len(s["names"])))
        return Window(s["round"], "pick", actors, s["settings"]["pick_timer"])

    def window_id(self) -> int | None:
        return None if self.over() else int(self.state["round"])

    def pending(self) -> list[int]:
        s = self.state
        if self.over():
            return []
        return [i for i, p in enumerate(s["picks"]) if p is None and not s["away"][i]]

    def over(self) -> bool:
        return bool(self.state["round"] > ROUNDS)

    def away(self, seat: int) -> bool:
        return bool(self.state["away"][seat])

    def seats(self) -> dict[str, int]:
        return {name: seat for seat, name in enumerate(self.state["names"])}

    def log_length(self) -> int:
        return len(self.state["log"])

    def view(self, viewer: int | None, log_from: int = 0) -> JSON:
        s = self.state
        return {
            "game": "pickgame",
            "round": s["round"],
            "over": self.over(),
            "window": self.window().__dict__ if self.window() else None,
            "players": [
                {"seat": i, "score": s["scores"][i], "picked": p is not None}
                for i, p in enumerate(s["picks"])
            ],
            # Only the viewer's own pick: the others' stay secret until the round resolves.
            "me": None if viewer is None else {"seat": viewer, "pick": s["picks"][viewer]},
            "log": s["log"][log_from:],
            "log_from": log_from,
        }

    def result(self) -> JSON:
        scores = self.state["scores"]
        best = max(scores)
        return {"winners": [i for i, v in enumerate(scores) if v == best], "scores": scores}

    def snapshot(self) -> JSON:
        return {**self.state, "picks": list(self.state["picks"])}


class PickGame:
    name = "pickgame"
    title = "Pick"
    min_players = 2
    max_players = 4
    settings = (Setting("pick_timer", "Pick timer", (10, 20), 10),)
    player_commands = frozenset({"pick"})
    room_commands = frozenset({"timeout", "set_away"})
    rules: JSON = {"rounds": ROUNDS, "numbers": [1, 5]}

    def new(self, seed: int, player_ids: list[str], settings: JSON) -> PickMatch:
        names = list(player_ids)
        random.Random(seed).shuffle(names)  # seats drawn from the seed
        n = len(names)
        return PickMatch(
            {
                "names": names,
                "settings": {"pick_timer": settings.get("pick_timer", 10)},
                "round": 1,
                "picks": [None] * n,
                "scores": [0] * n,
                "away": [False] * n,
                "log": [],
            }
        )

    def restore(self, snapshot: JSON) -> PickMatch:
        return PickMatch(
            {**snapshot, "picks": list(snapshot["picks"]), "away": list(snapshot["away"])}
        )

    def timeout(self, match: Any, window_id: int) -> PickCommand:
        return PickCommand("timeout", -1, window=window_id)

    def set_away(self, match: Any, seat: int, away: bool) -> PickCommand:
        return PickCommand("set_away", seat, away=away)

    bot_strategies = ("random",)

    def bot(
        self, rng: random.Random, wait_chance: float = 0.0, strategy: str = "random"
    ) -> PickBot:
        if strategy != "random":
            raise ValueError(f"unknown bot strategy {strategy!r}")
        return PickBot(rng, wait_chance)

    def invariants(self, match: Any, rng: random.Random, lite: bool = False) -> list[str]:
        total = sum(match.state["scores"])
        return [] if 0 <= total <= 5 * ROUNDS else [f"impossible total {total}"]

    def command_schema(self) -> JSON:
        return {"type": "object", "properties": {"type": {"const": "pick"}}}


class PickBot:
    def __init__(self, rng: random.Random, wait_chance: float) -> None:
        self.rng, self.wait_chance = rng, wait_chance

    def decide(self, view: JSON) -> JSON | None:
        me = view.get("me")
        if view["over"] or me is None or me["pick"] is not None:
            return None
        if self.rng.random() < self.wait_chance:
            return None
        return {"type": "pick", "seat": me["seat"], "number": self.rng.randint(1, 5)}


GAME = PickGame()
