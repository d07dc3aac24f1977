"""A changed pick is its owner's alone (GFILL-2, GPUBLIC-1): others see only *whether* a seat
has chosen, never how often it changed its mind; re-picking the chosen card is refused."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from laundermat.games import RuleError
from laundermat.games.goblin import GAME, GoblinMatch, fill, flow
from laundermat.games.goblin.commands import Pick
from laundermat.games.goblin.flow import Handler, WindowSpec
from laundermat.games.goblin.invariants import card_ids, leaked_hand_cards
from laundermat.games.goblin.state import PICK, GameState

from .builders import act, new


def _picked_entries(match: GoblinMatch, viewer: int | None) -> list[dict[str, object]]:
    return [e for e in match.view(viewer)["log"] if e["kind"] == "picked"]


def test_gfill_2_gpublic_1_only_the_first_choice_of_a_step_is_logged() -> None:
    """GFILL-2."""
    match = new(3, seed=2)
    hand = list(match.state.players[0].hand)
    act(match, type="pick", seat=0, card=hand[0])
    size, version = match.log_length(), match.state.version
    spectator = match.view(None)
    act(match, type="pick", seat=0, card=hand[1])  # a changed mind
    act(match, type="pick", seat=0, card=hand[2])  # and again
    assert match.log_length() == size and match.state.version == version
    assert match.view(None) == spectator  # the same view, state_version included
    assert _picked_entries(match, 1) == [{"kind": "picked", "seat": 0}]
    assert _picked_entries(match, 0) == [{"kind": "picked", "seat": 0, "card": hand[0]}]
    assert match.view(0)["me"]["picked"] == hand[2]  # the owner sees the change
    act(match, type="pick", seat=1, card=match.state.players[1].hand[0])
    act(match, type="pick", seat=2, card=match.state.players[2].hand[0])
    into = next(e for e in match.view(0)["log"] if e["kind"] == "into_basket" and e["seat"] == 0)
    assert into["card"] == hand[2]  # the last choice is what locks
    # The next step's first choice is logged again.
    act(match, type="pick", seat=0, card=match.state.players[0].hand[0])
    assert len(_picked_entries(match, 1)) == 4


def test_gfill_2_re_picking_the_chosen_card_is_refused_and_changes_nothing() -> None:
    """GFILL-2."""
    match = new(4, seed=3)
    card = match.state.players[2].hand[1]
    act(match, type="pick", seat=2, card=card)
    before = match.snapshot()
    with pytest.raises(RuleError) as refused:
        act(match, type="pick", seat=2, card=card)
    assert refused.value.code == "pick_unchanged" and refused.value.message
    assert match.snapshot() == before
    assert card not in match.view(2)["me"]["options"]["pick"]  # not offered either


def _lockstep_with_changes(seed: int, players: int, changes: random.Random) -> tuple[int, int]:
    """Game `a`: bots play, seat 0 never changes its pick. Game `b`: the same commands, and
    before each of them seat 0, if it has chosen in an open pick step, changes its choice 0-3
    times (ending on `a`'s choice, so both lock the same card). Returns (views compared,
    changes made)."""
    names = [f"p{i}" for i in range(players)]
    a, b = GAME.new(seed, names, {}), GAME.new(seed, names, {})
    rng = random.Random(seed)
    bots = [GAME.bot(random.Random(seed + s), 0.05) for s in range(players)]
    compared = changed = 0
    while not a.over():
        window = a.window()
        assert window is not None
        me_a, me_b = a.state.players[0], b.state.players[0]
        if window.kind == "pick" and me_a.pick is not None:
            for _ in range(changes.randrange(4)):
                others = [c for c in me_b.hand if c != me_b.pick]
                act(b, type="pick", seat=0, card=changes.choice(others))
                changed += 1
            if me_b.pick != me_a.pick:
                act(b, type="pick", seat=0, card=me_a.pick)
                changed += 1
        seat = rng.choice(a.pending() or list(window.actors))
        wire = bots[seat].decide(a.view(seat)) or GAME.timeout(a, window.id).to_dict()
        a.apply(a.parse(wire))
        b.apply(b.parse(wire))
        for viewer in (None, *range(1, players)):
            assert a.view(viewer) == b.view(viewer), f"{viewer} sees seat 0's changes"
            compared += 1
    assert a.snapshot() == b.snapshot()  # the changes left no trace at all
    return compared, changed


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(3, 5), changes=st.integers(0, 2**32))
def test_gfill_2_gpublic_1_twins_differing_in_how_often_seat_0_changed_its_pick(
    seed: int, players: int, changes: int
) -> None:
    """GFILL-2: Other seats and spectators get identical views, log and state_version included."""
    compared, changed = _lockstep_with_changes(seed, players, random.Random(changes))
    assert compared > 0 and changed > 0


def test_the_twin_check_sees_a_logged_change(monkeypatch: pytest.MonkeyPatch) -> None:
    """The property can fail: with every pick logged publicly again (the audited bug), it does."""

    def logs_every_pick(state: GameState, command: Pick) -> None:
        state.players[command.seat].pick = command.card
        state.emit("picked", {"card": command.card}, [command.seat], seat=command.seat)

    spec = flow.WINDOWS[PICK]
    leaky = Handler(fill.check_pick, logs_every_pick)
    monkeypatch.setitem(flow.WINDOWS, PICK, WindowSpec({Pick: leaky}, spec.acted, spec.close))
    with pytest.raises(AssertionError, match="sees seat 0's changes"):
        for seed in range(20):
            _lockstep_with_changes(seed, 3, random.Random(seed))


def test_gfill_2_a_changed_first_pick_passed_on_is_not_reported_as_a_leak() -> None:
    """GFILL-2, GPRIVATE-1: the first choice stays in its owner's log after a change; once the
    hand passes, that card is in a neighbour's hand. The owner held it, so the invariants'
    leak check must not flag it (an independent audit found it did), and still flags a card
    of another hand the owner never held."""
    match = new(3, seed=5)
    first, last = match.state.players[0].hand[:2]
    act(match, type="pick", seat=0, card=first)
    act(match, type="pick", seat=0, card=last)  # a changed mind: `first` is passed on
    for seat in (1, 2):
        act(match, type="pick", seat=seat, card=match.state.players[seat].hand[0])
    holder = next(p for p in match.state.players if first in p.hand)
    assert holder.seat != 0
    seen = match.view(0)
    assert first in card_ids(seen)  # the owner's log still names it
    assert leaked_hand_cards(match.state, 0, seen) == set()
    never_held = next(c for c in holder.hand if c != first)
    seen["log"].append({"kind": "note", "seat": holder.seat, "card": never_held})
    assert leaked_hand_cards(match.state, 0, seen) == {never_held}
