"""The first visit (issue 30, item 14): the page as served (web/pages.py) carries each route's
first screen and preloads the module graph; the client's files are served under the tree's
version, cached for a year (web/assets.py); text answers are gzipped, the socket is not; the
web app manifest and its icons."""

from __future__ import annotations

import asyncio
import base64
import gzip
import hashlib
import json
import re
import shutil
import struct
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from laundermat.cluster.forward import ForwardToOwner
from laundermat.web.app import create_app
from laundermat.web.settings import REPO_STATIC, ServerSettings

from .client import Client, new_room
from .conftest import ServerProcess
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
        # The table screen (issue 33 §1): its own first screen, never the join form.
        ("/tv/abcde", "Opening the table screen of room ABCDE…", "Table screen · ABCDE"),
        ("/tv/<b>x", "Opening the room…", "LaunderMat"),
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
    """Every module but a game's screens, which its card fetches when a room of that game,
    its replay or its rules first open (static/js/games/index.js): a first visit to the home
    page downloads none of them."""
    page = http.get("/").text
    version = prefix(page)
    preloaded = {href.removeprefix(version + "/") for href in links(page, "modulepreload")}
    modules = {p.relative_to(REPO_STATIC).as_posix() for p in REPO_STATIC.rglob("*.js")}
    games = {p.parent.name for p in REPO_STATIC.glob("js/games/*/card.js")}
    assert games >= {"laundermat", "goblin"}
    assert {f"js/games/{g}/card.js" for g in games} <= preloaded
    assert not {f"js/games/{g}/index.js" for g in games} & preloaded
    # Another page's own entry (static/admin.html's module) is not this page's.
    others = {
        m.group(1).removeprefix("/static/")
        for page in REPO_STATIC.glob("*.html")
        if page.name != "index.html"
        for m in re.finditer(r'<script type="module" src="([^"]+)"', page.read_text())
    }
    # Nor is the service worker (web/worker.py), which is no module of the page.
    later = modules - preloaded - {"js/main.js", "sw.js"} - others
    assert later and all(m.split("/")[2] in games for m in later if m.startswith("js/games/"))
    # The shell's screens the home page does not draw (a room, the table screen, a replay,
    # the history: static/js/screens.js) and their controller (a room's socket, the turn
    # alerts, fair play's nonces...) come when first needed, and with them the shell's parts
    # only they or a game's screens use (ui/lobby.js, ui/panel.js...).
    lazy = {"js/ui/room.js", "js/ui/tv.js", "js/ui/replay.js", "js/ui/history.js"}
    lazy |= {"js/controller.js", "js/ui/dialog.js"}
    assert lazy <= later
    screens = "".join(
        p.read_text()
        for p in [*REPO_STATIC.glob("js/games/*/*.js"), *(REPO_STATIC / m for m in later)]
    )
    shared = [m for m in later - lazy if not m.startswith("js/games/")]
    assert all(f'/{m.rsplit("/", 1)[-1]}"' in screens for m in shared), shared
    assert all(http.get(f"{version}/{m}").status_code == 200 for m in sorted(preloaded)[:3])


@pytest.mark.parametrize(
    ("path", "screen"),
    [
        ("/r/ABCD", "js/ui/room.js"),
        ("/tv/ABCD", "js/ui/tv.js"),
        ("/replay/1", "js/ui/replay.js"),
        ("/history", "js/ui/history.js"),
    ],
)
def test_another_route_also_preloads_what_it_fetches_on_first_need(
    http: TestClient, path: str, screen: str
) -> None:
    """The home page's graph first (a room link without a seat shows the join form, which is
    the home page's), then the screens' controller and the route's screen with what they
    import (static/js/screens.js), each once: no waterfall after main.js has run."""
    home = links(http.get("/").text, "modulepreload")
    page = links(http.get(path).text, "modulepreload")
    version = prefix(http.get("/").text)
    assert page[: len(home)] == home and len(page) == len(set(page))
    later = {href.removeprefix(version + "/") for href in page[len(home) :]}
    assert {"js/controller.js", "js/net.js", screen} <= later
    assert all((REPO_STATIC / m).is_file() for m in later)
    assert not {m for m in later if re.search(r"^js/games/\w+/index\.js$", m)}


def test_the_page_preloads_each_languages_catalogs_in_one_answer(http: TestClient) -> None:
    """The client fetches them before its first render (static/js/i18n-load.js): asked for
    with the page's first requests, not a round trip after the modules, and one answer per
    language (web/locales.py's bundles) holds the shell's catalog and each game's."""
    page = http.get("/").text
    version = prefix(page)
    assert links(page, "preload") == ["/api/catalog", f"{version}/locales/en.all.json"]
    spanish = http.get("/", headers={"accept-language": "es"}).text
    assert links(spanish, "preload") == [
        "/api/catalog",
        *(f"{version}/locales/{lang}.all.json" for lang in ("en", "es")),
    ]
    for lang in ("en", "es"):
        bundle = http.get(f"{version}/locales/{lang}.all.json")
        assert bundle.headers["cache-control"] == YEAR
        assert bundle.headers["content-type"].startswith("application/json")
        files = sorted(REPO_STATIC.glob(f"**/locales/{lang}.json"))
        assert len(files) >= 3  # the shell's and each game's
        assert bundle.json() == {
            p.parent.relative_to(REPO_STATIC).as_posix(): json.loads(p.read_text()) for p in files
        }
    # The service worker keeps them with the tree's files.
    worker = http.get("/sw.js").text
    assert f'"{version}/locales/es.all.json"' in worker


def test_the_shells_stylesheet_is_in_the_page_and_the_policy_admits_only_it(
    http: TestClient,
) -> None:
    """The first paint waits for the page alone: the shell's stylesheet is inlined, and the
    page's policy lets in that text by its hash and no other inline style."""
    response = http.get("/")
    page = response.text
    assert links(page, "stylesheet") == [] and "/static/css" not in page
    (css,) = re.findall(r"<style>(.*?)</style>", page, re.S)
    assert css == (REPO_STATIC / "css" / "app.css").read_text()
    digest = base64.b64encode(hashlib.sha256(css.encode()).digest()).decode()
    policy = response.headers["content-security-policy"]
    assert f"style-src 'self' 'sha256-{digest}';" in policy and "unsafe-inline" not in policy
    # Other answers keep the plain policy: no inline style at all.
    api = http.get("/api/protocol.json").headers["content-security-policy"]
    assert "style-src 'self';" in api and "sha256" not in api


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


def test_text_answers_are_gzipped_small_ones_and_images_not(http: TestClient) -> None:
    version = prefix(http.get("/").text)
    gzip = {"accept-encoding": "gzip"}
    for path in ("/", f"{version}/js/main.js", f"{version}/css/app.css", "/api/protocol.json"):
        response = http.get(path, headers=gzip)
        assert response.headers.get("content-encoding") == "gzip", path
        assert "accept-encoding" in response.headers["vary"].lower()
        assert all(response.headers.get(k) == v for k, v in EXPECTED.items()), path
    for path in ("/healthz", f"{version}/icons/icon-192.png"):
        assert "content-encoding" not in http.get(path, headers=gzip).headers, path
    plain = http.get(f"{version}/js/main.js", headers={"accept-encoding": "identity"})
    assert "content-encoding" not in plain.headers and plain.text.startswith("//")


def test_the_socket_is_not_compressed(server: ServerProcess) -> None:
    """GZip is HTTP only: a socket whose handshake offers gzip plays as before."""
    page = httpx.get(server.url + "/", headers={"accept-encoding": "gzip"})
    assert page.headers.get("content-encoding") == "gzip"
    code, seats = asyncio.run(new_room(server.url, 1))

    async def play() -> None:
        gzip = {"Accept-Encoding": "gzip"}
        client = await Client.open(server.ws, code, seats[0]["token"], additional_headers=gzip)
        assert client.ws.response is not None
        assert "content-encoding" not in client.ws.response.headers
        assert client.view is not None and client.view["room"]["code"] == code
        await client.ws.close()

    asyncio.run(play())


def test_the_manifest_and_its_icons(http: TestClient) -> None:
    page = http.get("/").text
    assert '<meta name="theme-color"' in page
    (href,) = links(page, "manifest")
    response = http.get(href)
    assert response.headers["content-type"] == "application/manifest+json"
    assert response.headers["cache-control"] == YEAR
    manifest = json.loads(response.text)
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    base = href.rsplit("/", 1)[0]
    sizes = set()
    for icon in manifest["icons"]:
        image = http.get(f"{base}/{icon['src']}")
        assert image.status_code == 200 and image.headers["content-type"] == icon["type"]
        if icon["type"] == "image/png":
            width, height = struct.unpack(">II", image.content[16:24])  # the IHDR chunk
            assert icon["sizes"] == f"{width}x{height}"
            sizes.add(width)
    assert {192, 512} <= sizes


def test_a_forwarded_answer_goes_on_decoded() -> None:
    """Cluster mode (cluster/forward.py): httpx decodes the owner's gzipped answer, so the
    replica passing it on must not pass on its Content-Encoding (its own GZip compresses the
    bytes again)."""
    body = b'{"code": "ABCDE", "players": [' + b'"P", ' * 400 + b'"P"]}'

    def owner(request: httpx.Request) -> httpx.Response:
        headers = {"content-encoding": "gzip", "content-type": "application/json"}
        return httpx.Response(200, headers=headers, content=gzip.compress(body))

    cluster = SimpleNamespace(
        http=httpx.AsyncClient(transport=httpx.MockTransport(owner)),
        config=SimpleNamespace(secret="s" * 32),
        metrics=SimpleNamespace(forwarded=SimpleNamespace(inc=lambda: None)),
    )
    scope = {"method": "GET", "path": "/api/rooms/ABCDE", "headers": [], "client": ("10.0.0.9", 1)}
    sent: list[dict[str, Any]] = []

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    forward = ForwardToOwner(None)._forward(cluster, "http://owner", b"", scope, send)
    assert asyncio.run(forward)
    headers = dict(sent[0]["headers"])
    assert b"content-encoding" not in headers and sent[1]["body"] == body
    assert headers[b"content-length"] == str(len(body)).encode()
