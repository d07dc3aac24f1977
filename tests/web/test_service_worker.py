"""The service worker's two answers (web/worker.py): /sw.js, the worker with the tree's version
and the client's files written in, and /offline, the page it shows while the server can't be
reached. Its behaviour in a browser is tests/e2e/test_worker.py's."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from laundermat.web.settings import REPO_STATIC

from .test_pages import YEAR, _client


@pytest.fixture(scope="module")
def http() -> Iterator[TestClient]:
    with _client() as client:
        yield client


def build(script: str) -> dict[str, object]:
    found = re.search(r"^const BUILD = (\{.*\});$", script, re.M)
    assert found, script[:1000]
    written: dict[str, object] = json.loads(found[1])
    return written


def test_the_worker_names_the_pages_version_and_lists_the_whole_client(http: TestClient) -> None:
    page = http.get("/").text
    prefix = re.search(r'src="(/static/v/([0-9a-f]{16}))/js/main\.js"', page)
    assert prefix
    response = http.get("/sw.js")
    assert response.headers["content-type"].startswith("text/javascript")
    assert response.headers["cache-control"] == "no-cache"  # a new client, a new worker
    written = build(response.text)
    assert written["version"] == prefix[2]
    files = written["files"]
    assert isinstance(files, list) and all(f.startswith(prefix[1] + "/") for f in files)
    paths = {f.removeprefix(prefix[1] + "/") for f in files}
    # Every module (the screens fetched on first need too), the stylesheets, the icons and
    # the manifest; not the operator's page, the notes, the pages the server renders, the
    # worker itself.
    modules = {p.relative_to(REPO_STATIC).as_posix() for p in REPO_STATIC.rglob("*.js")}
    assert modules - paths == {"js/admin.js", "sw.js"}
    assert {"css/app.css", "manifest.webmanifest", "icons/icon-192.png"} <= paths
    assert not [p for p in paths if p.endswith((".md", ".html")) or "admin" in p]
    for path in sorted(paths)[:3]:
        kept = http.get(f"{prefix[1]}/{path}")
        assert kept.status_code == 200 and kept.headers["cache-control"] == YEAR


def test_a_changed_client_is_a_changed_worker(tmp_path: Path) -> None:
    static = tmp_path / "static"
    shutil.copytree(REPO_STATIC, static)
    with _client(static) as client:
        before = client.get("/sw.js").text
    (static / "js" / "time.js").write_text((static / "js" / "time.js").read_text() + "\n//\n")
    with _client(static) as client:
        after = client.get("/sw.js").text
    assert build(before)["version"] != build(after)["version"] and before != after


def test_the_offline_page_says_so_tries_again_and_carries_its_style(http: TestClient) -> None:
    response = http.get("/offline")
    page = response.text
    assert response.headers["cache-control"] == "no-cache"
    assert "You're offline" in page and '<meta http-equiv="refresh" content="5">' in page
    assert "<script" not in page  # it retries by itself, with nothing to run
    (css,) = re.findall(r"<style>(.*?)</style>", page, re.S)
    digest = base64.b64encode(hashlib.sha256(css.encode()).digest()).decode()
    assert f"style-src 'self' 'sha256-{digest}';" in response.headers["content-security-policy"]
    assert "/static/favicon.svg" not in page and re.search(r"/static/v/\w+/favicon\.svg", page)


def test_the_offline_page_is_in_the_persons_language(http: TestClient) -> None:
    chosen = http.get("/offline", cookies={"laundermat_lang": "es"}).text
    browser = http.get("/offline", headers={"accept-language": "es-MX,es;q=0.9,en;q=0.5"}).text
    for page in (chosen, browser):
        assert '<html lang="es"' in page and "No tienes conexión" in page
        assert "You're offline" not in page
    vary = http.get("/offline").headers["vary"]
    assert "Cookie" in vary and "Accept-Language" in vary


def test_without_a_client_there_is_no_worker(tmp_path: Path) -> None:
    with _client(tmp_path / "nothing") as client:
        assert client.get("/sw.js").status_code == 404
        assert client.get("/offline").status_code == 404
