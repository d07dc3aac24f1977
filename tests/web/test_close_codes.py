"""Every close code the server uses is named once (rooms/close_codes.py), published with its
meaning (GET /api/protocol.json) and listed in docs/protocol.md's table, and no other."""

from __future__ import annotations

import re
from pathlib import Path

from laundermat.rooms.close_codes import CloseCode
from laundermat.web.protocol import json_schema

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_each_close_code_is_published_with_its_meaning() -> None:
    published = json_schema()["close_codes"]
    assert sorted(published) == sorted(str(int(code)) for code in CloseCode)
    assert all(published.values())


def test_the_protocol_docs_list_each_close_code() -> None:
    doc = (DOCS / "protocol.md").read_text()
    table = doc.split("### Close codes", 1)[1].split("\n\n", 2)[1]
    listed = {int(code) for code in re.findall(r"^\| (\d{4}) \|", table, re.MULTILINE)}
    assert listed == {int(code) for code in CloseCode}
