"""The kit's chance and phase walk, apart from any game (games/kit/)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from laundermat.games.kit import chance, phases


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
