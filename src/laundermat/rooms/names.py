"""Player names: what the table sees is what was typed, and no two players look alike.

A name is NFKC-normalised (fullwidth letters become plain ones, a ligature its letters, odd
spaces plain spaces), trimmed, and runs of spaces become one. Characters that are invisible or that
reorder or hide text are refused rather than dropped, so nobody is surprised by the name
they are shown: control characters (Cc), format characters such as bidirectional overrides
and zero-width spaces (Cf), line and paragraph separators (Zl, Zp), and surrogates, private-use
and unassigned code points (Cs, Co, Cn). Two names clash when their case-folded NFKC forms
are equal. Look-alikes across scripts (a Cyrillic "a" for a Latin one) are not caught.
"""

from __future__ import annotations

import unicodedata

from .errors import RoomError

MAX_NAME_LENGTH = 24  # the protocol's limit, checked again after normalising (NFKC can grow)
_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def normalize_name(raw: str) -> str:
    """The name as it will be stored and shown, or `RoomError("bad_name", ...)`."""
    name = " ".join(unicodedata.normalize("NFKC", raw).split())
    # Checked on the input and the result: normalising must not smuggle one in either.
    if any(unicodedata.category(c) in _REFUSED_CATEGORIES for c in raw + name):
        raise RoomError(
            "bad_name", "Names cannot contain control, invisible or formatting characters."
        )
    if not name:
        raise RoomError("bad_name", "A name needs at least one visible character.")
    if len(name) > MAX_NAME_LENGTH:
        raise RoomError("bad_name", f"Names can be at most {MAX_NAME_LENGTH} characters long.")
    return name


def name_key(name: str) -> str:
    """What two names are compared by: NFKC, case-folded, spaces collapsed. Also right for
    names stored before names were normalised."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return " ".join(folded.split())
