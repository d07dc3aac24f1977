"""benchmarks/first_paint.py's own arithmetic, without a browser (the benchmark itself runs in
tests/test_benchmarks_run.py)."""

from __future__ import annotations

import pytest
from benchmarks.first_paint import STALL_RETRIES, Stalled, summary, visited

FIGURES = {"first_paint": 300.0, "interactive": 1200.0, "requests": 30.0, "kib": 80.0}


def test_a_stalled_visit_is_counted_and_made_again() -> None:
    outcomes: list[Exception | None] = [Stalled("never interactive"), None]
    stalled = {"this tree, h2": 0}

    def once() -> dict[str, float]:
        outcome = outcomes.pop(0)
        if outcome:
            raise outcome
        return FIGURES

    assert visited(once, "this tree, h2", stalled) == FIGURES
    assert stalled == {"this tree, h2": 1} and outcomes == []
    assert summary([FIGURES], stalled["this tree, h2"])["stalled"] == 1


def test_a_tree_that_keeps_stalling_ends_the_run_naming_it() -> None:
    calls = 0

    def once() -> dict[str, float]:
        nonlocal calls
        calls += 1
        raise Stalled("https://127.0.0.1:1: never interactive")

    with pytest.raises(RuntimeError, match=r"^main, h2: https://127\.0\.0\.1:1: never"):
        visited(once, "main, h2", {"main, h2": 0})
    assert calls == STALL_RETRIES + 1


def test_an_error_that_is_no_stall_is_not_made_again() -> None:
    def once() -> dict[str, float]:
        raise ValueError("a page error")

    stalled = {"main": 0}
    with pytest.raises(ValueError):
        visited(once, "main", stalled)
    assert stalled == {"main": 0}
