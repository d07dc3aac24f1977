"""The documents that restate engine facts agree with the engine."""

from __future__ import annotations

import re
from pathlib import Path

from laundermat.games.laundermat.engine import IllegalCode

DOCS = Path(__file__).resolve().parents[3] / "docs"


def test_the_protocol_lists_exactly_the_illegal_codes() -> None:
    """docs/protocol.md names every `IllegalCode` a client may meet (GEN-1), and no other."""
    doc = (DOCS / "protocol.md").read_text()
    row = next(line for line in doc.splitlines() if line.startswith("| `already_acted`"))
    listed = set(re.findall(r"`([a-z_]+)`", row.split("|")[1]))
    assert listed == {str(c) for c in IllegalCode}
