"""The first visit (issue 30, item 14): the page as served (web/pages.py) carries each route's
first screen and preloads the module graph; the client's files are served under the tree's
version, cached for a year (web/assets.py)."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from laundermat.web.app import create_app
from laundermat.web.settings import REPO_STATIC, ServerSettings

from .test_headers import EXPECTED

YEAR = "public, max-age=31536000, immutable"


def _client(static: Path = REPO_STATIC) -> TestClient:
    return TestClient(create_app(ServerSettings(database_url="memory://", static_dir=static)))


@pytest.fixture(scope="module")
def http() -> Iterator[TestClient]:
    with _client() as client:
        yield client


def prefix(page: str) -> str:
    found = re.search(r'<script type="module" src="(/static/v/[0-9a-f]{16})/js/main\.js">', page)
    assert found, page[:2000]
    return found[1]


def links(page: str, rel: str) -> list[str]:
    return re.findall(rf'<link rel="{rel}" href="([^"]+)"', page)


def test_the_home_page_shows_what_it_is_and_create_and_join_before_any_script(
    http: TestClient,
) -> None:
    page = http.get("/").text
    app = page[page.index('<div id="app">') : page.index("<dialog")]
    for words in ("<h1>LaunderMat</h1>", "Start a new room", "Join a room", "Create room"):
        assert words in app, words
    assert "needs JavaScript" in app  # <noscript>
    # Nothing in it acts before the client takes over: the benchmark's "interactive" (the
    # create button enabled, benchmarks/first_paint.py) is the client's doing alone.
    create = re.search(r"<button[^>]*>Create room</button>", app)
    assert create and " disabled" in create[0]
    assert "data-testid" not in app  # the browser tests wait for the client's page


@pytest.mark.parametrize(
    ("path", "shows", "title"),
    [
        ("/r/abcde", "Opening room ABCDE…", "LaunderMat · ABCDE"),
        ("/replay/12", "Loading the game…", "Replay of game 12 · LaunderMat"),
        ("/history", "Loading your games…", "Your past games · LaunderMat"),
        ("/r/<b>x", "Opening the room…", "LaunderMat"),  # not reflected
    ],
)
def test_every_route_first_shows_its_own_screen(
    http: TestClient, path: str, shows: str, title: str
) -> None:
    page = http.get(path).text
    assert shows in page and f"<title>{title}</title>" in page
    assert "Start a new room" not in page and "<b>" not in page
    assert prefix(page) == prefix(http.get("/").text)


def test_the_page_preloads_every_module_main_js_imports(http: TestClient) -> None:
    page = http.get("/").text
    version = prefix(page)
    preloaded = {href.removeprefix(version + "/") for href in links(page, "modulepreload")}
    modules = {p.relative_to(REPO_STATIC).as_posix() for p in REPO_STATIC.rglob("*.js")}
    assert preloaded == modules - {"js/main.js"}  # every module is in main.js's graph
    assert all(http.get(f"{version}/{m}").status_code == 200 for m in sorted(preloaded)[:3])
    css = links(page, "stylesheet")
    assert css == [f"{version}/css/app.css"] and "/static/css" not in page.replace(version, "")


def test_versioned_files_are_kept_a_year_and_the_rest_revalidated(http: TestClient) -> None:
    page = http.get("/")
    version = prefix(page.text)
    assert page.headers["cache-control"] == "no-cache"  # the page names the current version
    versioned = http.get(f"{version}/js/main.js")
    assert versioned.headers["cache-control"] == YEAR
    assert versioned.headers["content-type"].startswith("text/javascript")
    for other in ("/static/v/0123456789abcdef/js/main.js", "/static/js/main.js"):
        response = http.get(other)
        assert response.status_code == 200 and response.headers["cache-control"] == "no-cache"
        assert response.content == versioned.content
    assert http.get(f"{version}/js/nope.js").status_code == 404
    for response in (versioned, http.get(f"{version}/js/nope.js")):
        assert all(response.headers.get(k) == v for k, v in EXPECTED.items())


def test_the_version_changes_when_any_file_does(tmp_path: Path) -> None:
    static = tmp_path / "static"
    shutil.copytree(REPO_STATIC, static)

    def version() -> str:
        with _client(static) as client:
            return prefix(client.get("/").text)

    first = version()
    assert version() == first  # the same tree, the same URLs
    text = static / "js" / "time.js"
    text.write_text(text.read_text() + "\n// a change\n")
    changed = version()
    assert changed != first
    with _client(static) as client:
        assert client.get(f"{first}/js/time.js").headers["cache-control"] == "no-cache"
        assert client.get(f"{changed}/js/time.js").text.endswith("// a change\n")
