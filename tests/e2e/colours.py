"""WCAG 2.x relative luminance and contrast of CSS `rgb()`/`rgba()` colours."""

from __future__ import annotations


def luminance(rgb: str) -> float:
    parts = [float(x) for x in rgb[rgb.index("(") + 1 : -1].split(",")[:3]]
    lin = [
        (c / 255) / 12.92 if c / 255 <= 0.03928 else ((c / 255 + 0.055) / 1.055) ** 2.4
        for c in parts
    ]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)
