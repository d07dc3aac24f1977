"""The collector's pauses are reported, and the report can be taken back."""

from __future__ import annotations

import gc

from laundermat.web.gcpolicy import watch_pauses


def test_each_collection_reports_its_generation_and_pause() -> None:
    seen: list[tuple[int, float]] = []
    undo = watch_pauses(lambda generation, seconds: seen.append((generation, seconds)))
    try:
        gc.collect(1)
        gc.collect(2)
    finally:
        undo()
    assert {1, 2} <= {generation for generation, _ in seen}
    assert all(seconds >= 0 for _, seconds in seen)
    count = len(seen)
    gc.collect()
    assert len(seen) == count  # undone: no longer called
