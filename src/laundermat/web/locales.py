"""The words of the first screens the server draws (web/pages.py), from the client's own
catalogs: static/locales/<lang>.json for the shell, static/js/games/<game>/locales/<lang>.json
for each game (mounted under the game's name, as static/js/i18n-load.js mounts them). One
source for both sides, so the first paint and the client's first render say the same thing.

The format is i18next's JSON v4 (static/js/i18n.js): nested keys and `{{name}}`
placeholders. The server needs no plurals: its screens have none. Which language a request
gets: the `laundermat_lang` cookie the client writes when the person picks one on the home
page (static/js/i18n-load.js), else the browser's Accept-Language, else English.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import Any

FALLBACK = "en"
COOKIE = "laundermat_lang"
PLACEHOLDER = re.compile(r"\{\{\s*([\w.]+)\s*\}\}")
# An element whose text is a catalog's: data-i18n="key" (or "key|other": the first key a
# catalog has), its text after any leading icon (<svg>…</svg>) up to the next tag.
TEXT = re.compile(r'(<[a-z0-9]+\b[^>]*\sdata-i18n="([\w.|]+)"[^>]*>(?:<svg\b.*?</svg>)?)[^<]*')
# An attribute whose value is a catalog's: data-i18n-placeholder="key" sets placeholder="…".
TAG = re.compile(r"<[a-z0-9]+\b[^>]*\sdata-i18n-[a-z-]+=\"[^>]*>")
ATTRIBUTE = re.compile(r'\sdata-i18n-([a-z-]+)="([\w.|]+)"')
LANG = re.compile(r'<html lang="[^"]*"')
# Every catalog of a language in one answer (static/js/i18n-load.js fetches it under the
# tree's version): one request instead of one per catalog, on a slow link each a share of a
# round trip before the first render.
BUNDLE = "locales/{language}.all.json"


@dataclass
class Catalogs:
    """Every language's messages, nested as in the JSON files."""

    messages: dict[str, dict[str, Any]] = field(default_factory=dict)

    @classmethod
    def load(cls, static: Path) -> Catalogs:
        catalogs = cls()
        for path in sorted((static / "locales").glob("*.json")):
            catalogs.messages[path.stem] = _read(path)
        for path in sorted(static.glob("js/games/*/locales/*.json")):
            game = path.parent.parent.name
            catalogs.messages.setdefault(path.stem, {})[game] = _read(path)
        return catalogs

    @property
    def languages(self) -> list[str]:
        """The languages with a shell catalog, English first."""
        found = sorted(lang for lang, m in self.messages.items() if "language" in m)
        return sorted(found or [FALLBACK], key=lambda lang: lang != FALLBACK)

    def has(self, language: str, key: str) -> bool:
        return isinstance(_at(self.messages.get(language, {}), key), str)

    def t(self, language: str, key: str, **values: str) -> str:
        """The message at `key` ("home.lead", or "a|b": the first a catalog has) in
        `language`, else English, else the key itself; placeholders filled from `values`."""
        for one in key.split("|"):
            for lang in (language, FALLBACK):
                found = _at(self.messages.get(lang, {}), one)
                if isinstance(found, str):
                    return PLACEHOLDER.sub(lambda m: values.get(m[1], m[0]), found)
        return key

    def choose(self, cookie: str | None, accept_language: str | None) -> str:
        """The language for a request: the person's choice, else their browser's first that
        a catalog has, else English."""
        offered = self.languages
        if cookie in offered:
            return cookie
        for tag in _by_preference(accept_language or ""):
            base = tag.split("-")[0]
            if base in offered:
                return base
        return FALLBACK

    def translate(self, html: str, language: str) -> str:
        """`html` with every data-i18n text and attribute in `language`, and <html lang>."""
        html = LANG.sub(f'<html lang="{language}"', html, count=1)

        def text(m: re.Match[str]) -> str:
            return m[1] + escape(self.t(language, m[2]), quote=False)

        def attributes(m: re.Match[str]) -> str:
            tag = m[0]
            for name, key in ATTRIBUTE.findall(tag):
                value = escape(self.t(language, key)).replace("\\", "\\\\")
                tag = re.sub(rf'(\s{name}=)"[^"]*"', rf'\g<1>"{value}"', tag, count=1)
            return tag

        return TAG.sub(attributes, TEXT.sub(text, html))


def _read(path: Path) -> dict[str, Any]:
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise ValueError(f"{path}: a catalog is a JSON object")
    return data


def _at(messages: dict[str, Any], key: str) -> Any:
    node: Any = messages
    for part in key.split("."):
        if not isinstance(node, dict) or part not in node:
            return None
        node = node[part]
    return node


def _by_preference(header: str) -> list[str]:
    """Accept-Language's tags, lowercased, most wanted first (q=0 ones left out)."""
    ranked: list[tuple[float, int, str]] = []
    for index, item in enumerate(header.split(",")[:20]):
        tag, _, params = item.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                continue
        if tag and quality > 0:
            ranked.append((-quality, index, tag.strip().lower()))
    return [tag for _, _, tag in sorted(ranked)]


def bundles(static: Path) -> dict[str, bytes]:
    """BUNDLE for each language with a shell catalog: {"<catalog's folder in the tree>":
    its messages} ("locales", "js/games/goblin/locales", ...), the files' own JSON."""
    found: dict[str, dict[str, Any]] = {}
    for path in sorted([*static.glob("locales/*.json"), *static.glob("js/games/*/locales/*.json")]):
        folder = path.parent.relative_to(static).as_posix()
        found.setdefault(path.stem, {})[folder] = _read(path)
    return {
        BUNDLE.format(language=language): json.dumps(catalogs, ensure_ascii=False).encode()
        for language, catalogs in found.items()
        if "locales" in catalogs
    }
