"""The browser client's files (static/), served as they are, with no build step.

The whole tree gets one version, a hash of every file's path and bytes computed when the app
starts, and is served under `/static/v/<version>/` with a year's immutable cache: any change
to any file gives every file a new URL, so a browser never mixes a stale module with fresh
ones and never asks again for one it holds. The modules import each other by relative paths
("./dom.js"), which resolve inside the same versioned prefix, so none of them names the
version. The page (web/pages.py) names the prefix and preloads the module graph read here.

`/static/...` stays as it was, revalidated on every use: a page from before this scheme, or
a link to /static/favicon.svg, still works.
"""

from __future__ import annotations

import base64
import hashlib
import mimetypes
import posixpath
import re
from dataclasses import dataclass
from pathlib import Path

from starlette.datastructures import MutableHeaders
from starlette.staticfiles import StaticFiles
from starlette.types import Message, Receive, Scope, Send

from .locales import bundles
from .stored import StoredFiles

PREFIX = "/static/v"
IMMUTABLE = "public, max-age=31536000, immutable"
# Stored by the browser, but checked (If-None-Match, a 304 when unchanged) before each use.
REVALIDATE = "no-cache"
ENTRY = "js/main.js"

# Python's own table lacks it on some systems; browsers want this type for the manifest.
mimetypes.add_type("application/manifest+json", ".webmanifest")

# As tests/js/import_graph.mjs reads them: `import ... from "x"`, `export ... from "x"`
# (over several lines too) and `import "x"`. A game card's `import("./index.js")` is left out
# on purpose: a game's screens are fetched when first needed (static/js/games/index.js).
_FROM = re.compile(r"""^\s*(?:import|export)\s+[^;]*?\s*from\s*["']([^"']+)["']""", re.M | re.S)
_BARE = re.compile(r"""^\s*import\s*["']([^"']+)["']""", re.M)


@dataclass(frozen=True)
class ClientFiles:
    """The client tree as it is when the app starts."""

    root: Path
    version: str
    modules: tuple[str, ...]  # every module main.js needs, main.js first, relative to root

    @property
    def prefix(self) -> str:
        return f"{PREFIX}/{self.version}"

    @classmethod
    def read(cls, root: Path) -> ClientFiles:
        return cls(root, tree_version(root), module_graph(root))


def tree_version(root: Path) -> str:
    """A hash of every file's path and bytes: 16 hex digits (64 bits) tell trees apart."""
    digest = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


def module_graph(root: Path, entry: str = ENTRY) -> tuple[str, ...]:
    """Every module `entry` imports, directly or not, breadth first from `entry`."""
    if not (root / entry).is_file():
        return ()
    seen = [entry]
    for module in seen:  # grows as it goes
        source = (root / module).read_text(encoding="utf-8")
        for spec in [*_FROM.findall(source), *_BARE.findall(source)]:
            if not spec.startswith("."):
                continue  # nothing from elsewhere (and the policy would refuse it)
            target = posixpath.normpath(posixpath.join(posixpath.dirname(module), spec))
            if target not in seen and (root / target).is_file():
                seen.append(target)
    return tuple(seen)


def cached(send: Send, policy: str) -> Send:
    """`send`, with `Cache-Control: policy` on a found file (and a 304); errors keep theirs."""

    async def send_with_policy(message: Message) -> None:
        if message["type"] == "http.response.start" and message["status"] < 400:
            MutableHeaders(scope=message)["cache-control"] = policy
        await send(message)

    return send_with_policy


class VersionedStatic:
    """`/static/v/{version}/...`: the tree's files, immutable under the current version, from
    memory (web/stored.py: read and gzipped once, at start).

    Another version's URL (a page from before a deploy, or, behind a load balancer during a
    rolling one, a page from a newer replica) gets this tree's file revalidated every time,
    never cached for a year: its bytes may not be that version's."""

    def __init__(self, files: ClientFiles) -> None:
        self.version = files.version
        self.files = StoredFiles(files.root, bundles(files.root))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        current = scope.get("path_params", {}).get("version") == self.version
        await self.files(scope, receive, cached(send, IMMUTABLE if current else REVALIDATE))


class RevalidatedStatic(StaticFiles):
    """`/static/...` without a version: always checked before use (see the module's note)."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await super().__call__(scope, receive, cached(send, REVALIDATE))


# The page's own stylesheets, as index.html links them (before the version is put in).
_STYLESHEET = re.compile(r'<link rel="stylesheet" href="/static/([^"]+\.css)">')


def inline_stylesheets(html: str, root: Path) -> tuple[str, tuple[str, ...]]:
    """`html` with each stylesheet of the tree it links put in a `<style>` of its text, and the
    base64 SHA-256 of each text, for the policy that lets exactly those texts in
    (web/middleware.py). The first paint then waits for the page alone, not for a second
    request on a link where each costs a round trip."""
    hashes: list[str] = []

    def inline(link: re.Match[str]) -> str:
        css = (root / link[1]).read_text(encoding="utf-8")
        if "</style" in css.lower():
            raise ValueError(f"{link[1]} cannot be inlined: it says </style")
        hashes.append(base64.b64encode(hashlib.sha256(css.encode()).digest()).decode())
        return f"<style>{css}</style>"

    return _STYLESHEET.sub(inline, html), tuple(hashes)
