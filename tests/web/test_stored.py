"""The client's versioned files from memory (web/stored.py): the bytes the tree's version was
made from, gzipped once at start, with the headers StaticFiles and the gzip middleware gave."""

from __future__ import annotations

import gzip
import re
import shutil
from pathlib import Path

from laundermat.web.settings import REPO_STATIC

from .test_headers import EXPECTED
from .test_pages import YEAR, _client, prefix


def test_a_version_answers_the_bytes_it_was_made_from(tmp_path: Path) -> None:
    """A file changed on disk after the start (a deploy copying files under a running server)
    does not slip in under the old version's immutable URL: that URL is cached for a year
    with whatever it answers first. The unversioned URL, revalidated, reads the disk."""
    static = tmp_path / "static"
    shutil.copytree(REPO_STATIC, static)
    module = static / "js" / "time.js"
    before = module.read_text()
    with _client(static) as client:
        version = prefix(client.get("/").text)
        module.write_text(before + "\n// changed after the start\n")
        versioned = client.get(f"{version}/js/time.js", headers={"accept-encoding": "identity"})
        assert versioned.headers["cache-control"] == YEAR
        assert versioned.text == before
        assert client.get("/static/js/time.js").text.endswith("// changed after the start\n")


def test_gzipped_once_with_the_same_headers(tmp_path: Path) -> None:
    """Each representation has its own ETag; a 304 answers a matching If-None-Match with
    the headers a cache needs; HEAD has the headers and no body."""
    with _client() as client:
        version = prefix(client.get("/").text)
        url = f"{version}/js/main.js"
        plain = client.get(url, headers={"accept-encoding": "identity"})
        packed = client.get(url, headers={"accept-encoding": "gzip, br"})
        source = (REPO_STATIC / "js" / "main.js").read_bytes()
        assert plain.content == source and "content-encoding" not in plain.headers
        assert packed.headers["content-encoding"] == "gzip" and packed.content == source
        with client.stream("GET", url, headers={"accept-encoding": "gzip"}) as wire:
            raw = b"".join(wire.iter_raw())  # as sent, before httpx decodes it
        assert gzip.decompress(raw) == source and len(raw) < len(source)
        assert packed.headers["content-length"] == str(len(raw))
        for response in (plain, packed):
            assert response.headers["cache-control"] == YEAR
            assert response.headers["content-type"] == "text/javascript; charset=utf-8"
            assert "accept-encoding" in response.headers["vary"].lower()
            assert all(response.headers.get(k) == v for k, v in EXPECTED.items())
            assert re.fullmatch(r'"[0-9a-f]{20}(-gz)?"', response.headers["etag"])
        assert plain.headers["etag"] != packed.headers["etag"]
        again = client.get(
            url, headers={"accept-encoding": "gzip", "if-none-match": packed.headers["etag"]}
        )
        assert again.status_code == 304 and again.content == b""
        assert again.headers["etag"] == packed.headers["etag"]
        assert again.headers["cache-control"] == YEAR
        head = client.head(url, headers={"accept-encoding": "identity"})
        assert head.status_code == 200 and head.content == b""
        assert head.headers["content-length"] == str(len(source))


def test_images_and_small_files_are_not_gzipped() -> None:
    with _client() as client:
        version = prefix(client.get("/").text)
        gz = {"accept-encoding": "gzip"}
        icon = client.get(f"{version}/icons/icon-192.png", headers=gz)
        assert icon.headers["content-type"] == "image/png"
        assert "content-encoding" not in icon.headers
        assert icon.content == (REPO_STATIC / "icons" / "icon-192.png").read_bytes()
        small = min(
            (p for p in REPO_STATIC.rglob("*.js") if p.stat().st_size < 1024),
            key=lambda p: p.stat().st_size,
        )
        path = small.relative_to(REPO_STATIC).as_posix()
        answer = client.get(f"{version}/{path}", headers=gz)
        assert "content-encoding" not in answer.headers and answer.content == small.read_bytes()


def test_what_memory_does_not_hold_is_answered_as_before() -> None:
    """A missing file, a way out of the tree, a method that is not a read, a Range."""
    with _client() as client:
        version = prefix(client.get("/").text)
        assert client.get(f"{version}/js/nope.js").status_code == 404
        assert client.get(f"{version}/../pyproject.toml").status_code == 404
        assert client.post(f"{version}/js/main.js").status_code == 405
        part = client.get(f"{version}/js/main.js", headers={"range": "bytes=0-9"})
        assert (
            part.status_code == 206
            and part.content == (REPO_STATIC / "js/main.js").read_bytes()[:10]
        )
