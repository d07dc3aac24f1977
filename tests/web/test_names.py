"""Player names (issue point 11): trimmed, NFKC-normalised, no control or invisible
formatting characters, and no two players in a room whose names look the same."""

from __future__ import annotations

import httpx
import pytest

from laundermat.rooms import RoomError
from laundermat.rooms.names import name_key, normalize_name

from .conftest import ServerProcess


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("Ann", "Ann"),
        ("  Ann  ", "Ann"),
        ("\uff21\uff4e\uff4e", "Ann"),  # fullwidth "Ann" (escaped: it looks plain)
        ("Mary  Jane", "Mary Jane"),  # a run of spaces is one space
        ("Zoë", "Zoë"),
        ("Zoe\u0308", "Zoë"),  # a combining diaeresis composes
        ("\u00a0Li\u3000Wei\u00a0", "Li Wei"),  # no-break and ideographic spaces are spaces
        ("ﬁona", "fiona"),  # the ligature is two letters
        ("🎲 Dice", "🎲 Dice"),
        ("\u2764\ufe0f Bo", "\u2764\ufe0f Bo"),  # an emoji's variation selector is kept
        # Emoji glued by the zero-width joiner (the phone audit: all were refused).
        ("\U0001f469\U0001f3fd\u200d\U0001f680 Zo", "\U0001f469\U0001f3fd\u200d\U0001f680 Zo"),
        ("\U0001f9d1\u200d\U0001f4bb Ana", "\U0001f9d1\u200d\U0001f4bb Ana"),
        ("\U0001f3f3\ufe0f\u200d\U0001f308", "\U0001f3f3\ufe0f\u200d\U0001f308"),
        (
            "\U0001f468\u200d\U0001f469\u200d\U0001f467",
            "\U0001f468\u200d\U0001f469\u200d\U0001f467",
        ),
    ],
)
def test_names_are_trimmed_and_normalised(raw: str, expected: str) -> None:
    assert normalize_name(raw) == expected


@pytest.mark.parametrize(
    "raw",
    [
        "",
        "   ",
        "\u3000",
        "Ann\n",  # Cc
        "A\tnn",  # Cc
        "\x00Ann",  # Cc
        "\u202eennA",  # Cf: right-to-left override
        "A\u200bnn",  # Cf: zero-width space
        "\u2066Ann\u2069",  # Cf: bidirectional isolates
        "\ufeffAnn",  # Cf: byte order mark
        "Ann\u2028",  # Zl
        "Ann\u2029",  # Zp
        "\ue000Ann",  # Co: private use
        "\ufdfa" * 2,  # NFKC expands each to 18 letters: too long once normalised
        "Ann\ufe0f",  # a variation selector after a letter: looks like "Ann"
        "An\u034fn",  # combining grapheme joiner (default-ignorable, Mn)
        "\u3164",  # Hangul filler (default-ignorable, Lo): shows as nothing
        "\u2800\u2800",  # Braille pattern blank
        "\u115fAnn",  # Hangul choseong filler
        "Ann\u200d",  # a zero-width joiner joining nothing
        "A\u200dnn",  # ... or letters: invisible there
        "\U0001f680\u200dAnn",  # ... or an emoji to a letter
        "\u200d\U0001f680",
    ],
)
def test_bad_names_are_refused_with_bad_name(raw: str) -> None:
    with pytest.raises(RoomError) as info:
        normalize_name(raw)
    assert info.value.code == "bad_name" and info.value.message


def test_names_that_look_the_same_have_the_same_key() -> None:
    assert name_key("Ann") == name_key("ann") == name_key("ANN") == name_key("\uff21\uff4e\uff4e")
    assert name_key("Strasse") == name_key("STRAßE")  # casefold, not lower
    assert name_key("Ann") != name_key("Anne")
    assert name_key("\u2764\ufe0f") == name_key("\u2764")  # the same heart, either style


def test_names_over_http(server: ServerProcess) -> None:
    with httpx.Client(base_url=server.url) as http:
        refused = http.post("/api/rooms", json={"name": "\u202eninA"})
        assert refused.status_code == 400
        assert refused.json()["code"] == "bad_name" and refused.json()["message"]
        created = http.post("/api/rooms", json={"name": "  Ann  "})
        assert created.status_code == 200, created.text
        code = created.json()["code"]
        for name in ("Ann", "ann", "ANN ", "\uff21\uff4e\uff4e", "\u00a0Ann"):
            taken = http.post(f"/api/rooms/{code}/join", json={"name": name})
            assert (taken.status_code, taken.json()["code"]) == (409, "name_taken"), name
        for name in ("Bo\u200bb", "   ", "Bob\n", "\u2066Bob\u2069"):
            bad = http.post(f"/api/rooms/{code}/join", json={"name": name})
            assert (bad.status_code, bad.json()["code"]) == (400, "bad_name"), name
        joined = http.post(f"/api/rooms/{code}/join", json={"name": "\uff22\uff4f\uff42"})
        assert joined.status_code == 200, joined.text
        names = [p["name"] for p in http.get(f"/api/rooms/{code}").json()["players"]]
        assert names == ["Ann", "Bob"]  # stored as shown: trimmed and normalised
