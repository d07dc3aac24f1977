"""Bills and helpers shared by the test_weapon_* modules."""

from __future__ import annotations

from .builders import bill

A = bill(50_000, 0)
B = bill(10_000, 0)
C = bill(10_000, 1)
D = bill(20_000, 0)
DISPLAY = [A, B, C, D]
HIDDEN = bill(60_000, 5)  # the Lost and Found draw in these tests


def cards_shown(tree: object) -> list[int]:
    """Every bill id a view shows, at any depth: each `card` value and each `select` option."""
    found: list[int] = []
    if isinstance(tree, dict):
        for key, value in tree.items():
            if key == "card" and isinstance(value, int):
                found.append(value)
            elif key == "select" and isinstance(value, list):
                found.extend(v for v in value if isinstance(v, int))
            else:
                found.extend(cards_shown(value))
    elif isinstance(tree, list):
        for item in tree:
            found.extend(cards_shown(item))
    return found
