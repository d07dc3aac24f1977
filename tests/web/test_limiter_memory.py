"""A per-address limiter forgets the addresses whose events are all past its window, once a
window: it kept every address until it held 100,000 of them (an outside soak audit: ~880 B an
address, for good, in each of five limiters)."""

from __future__ import annotations

import pytest

from laundermat.web import limits


def test_addresses_past_the_window_are_forgotten(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [1000.0]
    monkeypatch.setattr("laundermat.web.limits.time.monotonic", lambda: now[0])
    limiter = limits.AddressLimiter(limit=2, window_s=60.0)
    for i in range(5000):
        assert limiter.allow(f"10.0.{i // 256}.{i % 256}")
    assert len(limiter.events) == 5000
    now[0] += 30
    assert limiter.allow("10.9.9.9") and len(limiter.events) == 5001  # not yet a window
    now[0] += 31  # the first 5,000 are a whole window old; the last one is not
    assert limiter.allow("10.9.9.9")
    assert set(limiter.events) == {"10.9.9.9"}
    assert not limiter.allow("10.9.9.9")  # its own budget is kept: 2 in the window
