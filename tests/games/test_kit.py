"""The kit (games/kit/): chance and the phase walk apart from any game; windows, commands
and the invariant harness on the smallest game written with it (tests/web/pickgame.py)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pytest

from laundermat.games import RuleError
from laundermat.games.kit import chance, commands, phases, windows
from laundermat.games.kit import invariants as harness


@dataclass
class Holder:
    rng: int


def test_the_stream_is_splitmix64() -> None:
    # SplitMix64's reference outputs for seed 0: stored records replay only if these hold.
    holder = Holder(0)
    words = [chance.next_word(holder) for _ in range(3)]
    assert words == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_seeded_chance_and_the_holder_draw_the_same_stream() -> None:
    holder, field = Holder(42), Holder(42)
    seeded = chance.SeededChance(lambda: field.rng, lambda v: setattr(field, "rng", v))
    assert [chance.below(holder, 7) for _ in range(50)] == [
        seeded.below("any", 7) for _ in range(50)
    ]
    assert holder.rng == field.rng


def test_a_script_answers_its_purpose_and_the_rest_stays_seeded() -> None:
    field = Holder(5)
    seeded = chance.SeededChance(lambda: field.rng, lambda v: setattr(field, "rng", v))
    script = chance.ScriptedChance(indices={"deck": [2]}, values={"card": ["c"]})
    script.bind(seeded)
    assert script.below("deck", 3) == 2
    assert script.choose("card", ["a", "b", "c"]) == "c"
    assert script.below("deck", 1000) == chance.below(Holder(5), 1000)
    with pytest.raises(ValueError):
        chance.ScriptedChance(indices={"deck": [3]}).below("deck", 3)


def test_walk_follows_automatic_steps_until_a_window_opens() -> None:
    opened: list[str] = []

    @dataclass(frozen=True)
    class Open:
        kind: str

    automatic = {"a": lambda log: "b", "b": lambda log: Open("pick")}
    phases.walk(opened, "a", Open, lambda log, step: log.append(step.kind), automatic)
    assert opened == ["pick"]


def test_check_refuses_before_the_handler_runs() -> None:
    ran: list[str] = []
    handler: phases.Handler[None, None, None] = phases.Handler(
        lambda s, c: ran.append("check"), lambda s, c: None
    )
    spec: phases.PhaseSpec[None, None, str, None] = phases.PhaseSpec(
        {int: handler}, acted=None, close=lambda s: None
    )
    with pytest.raises(phases.NotAccepted):
        phases.check(spec, None, "not an int", 0, [0])
    with pytest.raises(phases.NotAnActor):
        phases.check(spec, None, 1, 1, [0])
    assert ran == []
    assert phases.check(spec, None, 1, 0, [0]) is handler
    assert ran == ["check"]
    assert phases.pending(spec, [0, 2], ["x", "y", "z"]) == [0, 2]


# ---------------------------------------------------------------- windows and the harness
# on the smallest game written with the kit (tests/web/pickgame.py)


def _pick_match(seed: int = 3, players: int = 3) -> Any:
    from tests.web.pickgame import GAME

    return GAME.new(seed, [f"p{i}" for i in range(players)], {"pick_timer": 20})


def _refused(match: Any, wire: dict[str, Any]) -> str:
    before = match.snapshot()
    with pytest.raises(RuleError) as refusal:
        match.apply(match.parse(wire))
    assert match.snapshot() == before  # a refusal changes nothing
    return refusal.value.code


def test_a_window_opens_with_a_fresh_id_and_the_room_times_it() -> None:
    match = _pick_match()
    first = match.window()
    assert first == windows.Window(1, "pick", (0, 1, 2), 20) and match.pending() == [0, 1, 2]
    assert _refused(match, {"type": "timeout", "window": 2}) == "stale_window"
    match.apply(match.parse({"type": "timeout", "window": 1}))  # the deadline passed
    assert match.window() == windows.Window(2, "pick", (0, 1, 2), 20)
    assert _refused(match, {"type": "timeout", "window": 1}) == "stale_window"  # never reused


def test_a_window_never_waits_for_an_away_seat_and_presence_is_checked() -> None:
    """LaunderMat's GEN-4 / Goblin's GGEN-4, as the kit implements them for every game."""
    match = _pick_match()
    match.apply(match.parse({"type": "pick", "seat": 0, "number": 4}))
    match.apply(match.parse({"type": "set_away", "seat": 1, "away": True}))
    assert match.pending() == [1, 2] and match.state.round == 1  # 1 is away: not waited for
    assert _refused(match, {"type": "set_away", "seat": 1, "away": True}) == "presence_unchanged"
    assert _refused(match, {"type": "set_away", "seat": 7, "away": True}) == "malformed"
    match.apply(match.parse({"type": "set_away", "seat": 2, "away": True}))
    assert match.state.round == 2 and match.window().id == 2  # closed: nobody present waits
    assert match.state.events[-1]["scorer"] == 0


def test_a_changed_choice_would_not_count_and_a_second_pick_is_refused() -> None:
    match = _pick_match()
    version = match.state.version
    match.apply(match.parse({"type": "pick", "seat": 1, "number": 2}))
    assert match.state.version == version + 1
    assert _refused(match, {"type": "pick", "seat": 1, "number": 3}) == "already_acted"
    assert _refused(match, {"type": "pick", "seat": 1}) == "malformed"
    assert _refused(match, {"type": "guess", "seat": 1}) == "malformed"


def test_parse_by_forms_refuses_what_is_not_exactly_a_command() -> None:
    forms: commands.Forms = {"go": (windows.Timeout, {"window": int})}

    def refuse(code: str, message: str) -> Exception:
        return ValueError(code, message)

    assert commands.parse({"type": "go", "window": 3}, forms, refuse) == windows.Timeout(3)
    bad_ones: list[Any] = [[], {"type": "go"}, {"type": "go", "window": True}]
    bad_ones.append({"type": "go", "window": 1, "x": 0})
    for bad in bad_ones:
        with pytest.raises(ValueError):
            commands.parse(bad, forms, refuse)
    assert windows.SetAway(2, True).to_dict() == {"type": "set_away", "seat": 2, "away": True}


@pytest.mark.parametrize("seed", range(6))
def test_random_games_on_the_kit_keep_their_invariants_and_replay(seed: int) -> None:
    """The harness's playout: bots, timeouts, presence changes and random commands, each
    applied or refused without effect; the game's invariants after every command."""
    from tests.web.pickgame import GAME

    rng = random.Random(seed)
    names = ["a", "b", "c", "d"][: 2 + seed % 3]
    match = GAME.new(seed, names, {"pick_timer": 10})

    def check(match: Any, wire: dict[str, Any]) -> None:
        assert GAME.invariants(match, rng) == [], wire

    def fuzz(match: Any, rng: random.Random) -> dict[str, Any]:
        kind = rng.choice(["pick", "timeout", "set_away", "nothing"])
        return {"type": kind, "seat": rng.randrange(-1, 5), "number": rng.randrange(0, 7)}

    bots = [GAME.bot(random.Random(seed + i), 0.3) for i in range(len(names))]
    log = harness.playout(
        GAME,
        match,
        rng,
        bots,
        check=check,
        away_chance=0.1,
        fuzz=fuzz,
        fuzz_chance=0.3,
        refusal=RuleError,
    )
    assert match.over() and match.window() is None and match.pending() == []
    assert harness.replays(GAME, seed, names, {"pick_timer": 10}, log, match) == []


def test_the_harness_catches_a_leak_and_a_refusal_with_an_effect(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tests.web import pickgame

    match = _pick_match()
    match.apply(match.parse({"type": "pick", "seat": 0, "number": 5}))
    real = pickgame.view

    def leaky(state: Any, viewer: int | None, log_from: int = 0) -> dict[str, Any]:
        return {**real(state, viewer, log_from), "picks": [p.pick for p in state.players]}

    monkeypatch.setattr(pickgame, "view", leaky)
    found = pickgame.GAME.invariants(match, random.Random(1))
    assert "the view of 1 depends on other_pick" in found and len(found) == 3  # None, 1, 2

    def sloppy(state: Any, command: Any) -> None:
        state.version += 1  # changes the state, then refuses
        raise RuleError("already_acted", "sloppy")

    monkeypatch.setitem(
        pickgame.FLOW.table,
        "pick",
        phases.PhaseSpec(
            {pickgame.Pick: phases.Handler(sloppy, pickgame.pick)},
            pickgame.picked,
            pickgame.reveal,
        ),
    )
    with pytest.raises(AssertionError, match="a refused command changed the game"):
        harness.playout(
            pickgame.GAME,
            match,
            random.Random(2),
            [],
            fuzz_chance=1.0,
            refusal=RuleError,
            fuzz=lambda m, r: {"type": "pick", "seat": 1, "number": 2},
        )


def test_ids_in_skips_the_rules_block() -> None:
    view = {"rules": {"cards": ["C1"]}, "me": {"hand": ["C2", "x"]}, "log": [{"card": "C3"}]}
    assert harness.ids_in(view, lambda s: s.startswith("C")) == {"C2", "C3"}
