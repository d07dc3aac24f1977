"""The client's files served from memory: each read once when the app starts, its gzipped
bytes made then too, so a request costs neither a file's opening in a worker thread nor a
compression (web/assets.py serves the versioned tree through it).

On a slow link the home page's first visit is a queue of small files on six connections
(benchmarks/first_paint.py): every millisecond the server spends on one delays the next on
its connection, and on a busy host it took 14-45 ms a file (docs/benchmarks.md).

The answer is the one Starlette's StaticFiles and GZipMiddleware gave (content type, length,
ETag, Last-Modified, a 304 to a matching If-None-Match or If-Modified-Since, `Vary:
Accept-Encoding` on what may be compressed), the ETag now a hash of the bytes (and of the
encoding), so replicas of one tree agree. What memory does not hold, a Range request among
them, is StaticFiles' as before.
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
import time
from collections.abc import Mapping
from dataclasses import dataclass
from email.utils import formatdate
from pathlib import Path

from starlette.datastructures import Headers
from starlette.responses import Response
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

# As GZipMiddleware (web/app.py) has them: under a packet's size compressing saves nothing,
# and images and fonts are compressed already.
MINIMUM_SIZE = 1024
_COMPRESSED_TYPES = ("image/png", "image/jpeg", "image/gif", "image/webp", "font/woff2")


@dataclass(frozen=True)
class Stored:
    """One file's answer: its bytes, gzipped too when that pays, and its headers."""

    body: bytes
    gzipped: bytes | None
    media_type: str
    etag: str
    last_modified: str

    @classmethod
    def read(cls, path: Path) -> Stored:
        return cls.of(path.name, path.read_bytes(), path.stat().st_mtime)

    @classmethod
    def of(cls, name: str, body: bytes, mtime: float) -> Stored:
        media_type = mimetypes.guess_type(name)[0] or "text/plain"
        if media_type.startswith("text/") or media_type == "application/javascript":
            media_type += "; charset=utf-8"
        packed = None
        if len(body) >= MINIMUM_SIZE and not media_type.startswith(_COMPRESSED_TYPES):
            # mtime=0: the same bytes on every start and replica.
            packed = gzip.compress(body, compresslevel=9, mtime=0)
            packed = packed if len(packed) < len(body) else None
        digest = hashlib.sha256(body).hexdigest()[:20]
        modified = formatdate(mtime, usegmt=True)
        return cls(body, packed, media_type, digest, modified)

    def response(self, request: Headers) -> tuple[bytes, dict[str, str]]:
        """The body and headers for a request with these headers."""
        packed = self.gzipped is not None and "gzip" in request.get("accept-encoding", "")
        body = self.gzipped if packed and self.gzipped is not None else self.body
        headers = {
            "content-type": self.media_type,
            "content-length": str(len(body)),
            "etag": f'"{self.etag}{"-gz" if packed else ""}"',
            "last-modified": self.last_modified,
            "accept-ranges": "bytes",
        }
        if self.gzipped is not None:
            headers["vary"] = "Accept-Encoding"
        if packed:
            headers["content-encoding"] = "gzip"
        return body, headers


class StoredFiles(StaticFiles):
    """StaticFiles over `root`, its regular files answered from memory, and `made`: files made
    from them when the app starts (path -> bytes: web/locales.py's bundles)."""

    def __init__(self, root: Path, made: Mapping[str, bytes] | None = None) -> None:
        super().__init__(directory=root)
        self.stored = {
            path.relative_to(root).as_posix(): Stored.read(path)
            for path in sorted(root.rglob("*"))
            if path.is_file()
        }
        started = time.time()
        for path, body in (made or {}).items():
            self.stored[path] = Stored.of(path, body, started)

    async def get_response(self, path: str, scope: Scope) -> Response:
        request = Headers(scope=scope)
        found = self.stored.get(path)  # StaticFiles.get_path: normalized, "/"s on POSIX
        if found is None or scope["method"] not in ("GET", "HEAD") or "range" in request:
            return await super().get_response(path, scope)
        body, headers = found.response(request)
        if self.is_not_modified(Headers(headers=headers), request):
            kept = ("etag", "last-modified", "vary")
            return Response(status_code=304, headers={k: headers[k] for k in kept if k in headers})
        return Response(body, headers=headers)
