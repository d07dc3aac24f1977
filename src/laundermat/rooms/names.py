"""Player names: what the table sees is what was typed, and no two players look alike.

A name is NFKC-normalised (fullwidth letters become plain ones, a ligature its letters, odd
spaces plain spaces), trimmed, and runs of spaces become one. Characters that are invisible or that
reorder or hide text are refused rather than dropped, so nobody is surprised by the name
they are shown: control characters (Cc), format characters such as bidirectional overrides
and zero-width spaces (Cf), line and paragraph separators (Zl, Zp), and surrogates, private-use
and unassigned code points (Cs, Co, Cn); the other code points Unicode says to ignore when
rendering (Default_Ignorable_Code_Point: the Hangul fillers, the combining grapheme joiner,
Mongolian and Khmer invisible marks) and the Braille blank, which show as nothing; and a
variation selector anywhere but after a symbol (it picks an emoji's style; after a letter it
only makes "Ann" a different name that looks the same). The zero-width joiner, a format
character, is allowed between two emoji, where it joins them into one (👩🏽‍🚀, 🏳️‍🌈); anywhere
else it is as invisible as the others. Two names clash when their
case-folded NFKC forms, variation selectors left out, are equal. Look-alikes across scripts (a
Cyrillic "a" for a Latin one) are not caught.
"""

from __future__ import annotations

import unicodedata

from .errors import RoomError

MAX_NAME_LENGTH = 24  # the protocol's limit, checked again after normalising (NFKC can grow)
_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
# Default_Ignorable_Code_Point outside the categories above and the variation selectors
# (Unicode 15, DerivedCoreProperties.txt), and U+2800 BRAILLE PATTERN BLANK.
_INVISIBLE = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180f\u3164\uffa0\u2800")


def _variation_selector(c: str) -> bool:
    return "\ufe00" <= c <= "\ufe0f" or "\U000e0100" <= c <= "\U000e01ef"


_ZWJ = "\u200d"  # ZERO WIDTH JOINER: glues emoji into one (👩🏽‍🚀, 🏳️‍🌈, 👨‍👩‍👧)


def _emoji_end(text: str, i: int) -> bool:
    """Whether `text[i]` ends an emoji: a symbol, a skin tone after one, or a variation
    selector after either."""
    c = text[i]
    if _variation_selector(c) or "\U0001f3fb" <= c <= "\U0001f3ff":
        return i > 0 and _emoji_end(text, i - 1)
    return unicodedata.category(c) == "So"


def _hidden(text: str) -> bool:
    """Whether `text` holds a character that is refused (see the module's docstring)."""
    for i, c in enumerate(text):
        if c == _ZWJ:  # allowed between two emoji only, where it shows as their join
            joins = 0 < i < len(text) - 1 and _emoji_end(text, i - 1)
            if joins and unicodedata.category(text[i + 1]) == "So":
                continue
            return True
        if unicodedata.category(c) in _REFUSED_CATEGORIES or c in _INVISIBLE:
            return True
        if _variation_selector(c) and not (i and unicodedata.category(text[i - 1]) == "So"):
            return True
    return False


def normalize_name(raw: str) -> str:
    """The name as it will be stored and shown, or `RoomError("bad_name", ...)`."""
    name = " ".join(unicodedata.normalize("NFKC", raw).split())
    # Checked on the input and the result: normalising must not smuggle one in either.
    if _hidden(raw) or _hidden(name):
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
    return " ".join("".join(c for c in folded if not _variation_selector(c)).split())
