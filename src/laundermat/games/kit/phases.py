"""The phase table and its check-then-apply walk, generic over a game's state and context.

A game declares its decisions as data: one `PhaseSpec` per window kind, naming the commands
it accepts (each a `Handler`: a `check` that raises and changes nothing, then an `apply` that
answers with the next step), whether it waits for every actor, and what closing it leads to.
Rule code answers every command and every close with a step; `walk` follows the automatic
steps until a window opens, so the game's flow module is the only place that opens one.
Nothing here reads a clock: the room turns a window's duration into a deadline.

Type parameters: S the state a check reads, C what an apply changes (the state itself, or a
context around it), P a player, R the game's step type.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

S = TypeVar("S")
C = TypeVar("C")
P = TypeVar("P")
R = TypeVar("R")
Opens = TypeVar("Opens")


@dataclass(frozen=True, slots=True)
class Touches:
    """What a command changes in the views while its window stays open (kit/touched.py): the
    public part's sections, and the private part of every seat or only the actor's."""

    public: frozenset[str]
    every_seat: bool = False


@dataclass(frozen=True)
class Handler(Generic[S, C, R]):
    """One accepted command: `check` raises its refusal and changes nothing; `apply` runs only
    after the check passed and returns what follows."""

    # Each pair takes its own command type; the table pairs them with it, hence `Any`.
    check: Callable[[S, Any], None]
    apply: Callable[[C, Any], R]
    touches: Touches | None = None  # None: the platform rebuilds every view


@dataclass(frozen=True)
class PhaseSpec(Generic[S, C, P, R]):
    accepts: Mapping[type, Handler[S, C, R]]
    # Whether a seat has acted, for a window that waits for all its actors; None for a
    # one-actor decision, which its own command closes.
    acted: Callable[[P], bool] | None
    close: Callable[[C], R]  # on its timeout, or early when it waits for nobody present
    timer: str = "decision"  # which of the game's timers the window runs on


class NotAccepted(Exception):
    """The open phase takes no command of this type (the game says so in its own words)."""


class NotAnActor(Exception):
    """The seat has no decision in the open window."""


def check(
    spec: PhaseSpec[S, C, P, R], state: S, command: Any, seat: int, actors: Sequence[int]
) -> Handler[S, C, R]:
    """Everything a command must pass before anything changes; returns the handler to apply."""
    handler = spec.accepts.get(type(command))
    if handler is None:
        raise NotAccepted
    if seat not in actors:
        raise NotAnActor
    handler.check(state, command)
    return handler


def pending(spec: PhaseSpec[S, C, P, R], actors: Sequence[int], players: Sequence[P]) -> list[int]:
    """The window's actors who have not acted yet."""
    acted = spec.acted
    if acted is None:
        return list(actors)
    return [seat for seat in actors if not acted(players[seat])]


def changes_a_choice(spec: PhaseSpec[S, C, P, R], player: P) -> bool:
    """In a window that waits for all its actors, whether this player has acted already (so
    acting again changes a choice that is its owner's alone)."""
    acted = spec.acted
    return acted is not None and acted(player)


def walk(
    context: C,
    step: R | Opens,
    opens: type[Opens],
    open_window: Callable[[C, Opens], None],
    automatic: Mapping[Any, Callable[[C], R | Opens]],
) -> None:
    """Follow automatic steps until a step of type `opens` opens a window (or None: nothing)."""
    while step is not None:
        if isinstance(step, opens):
            open_window(context, step)
            return
        step = automatic[step](context)
