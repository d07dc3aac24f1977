"""The service worker (static/sw.js) at /sw.js, and the page it shows offline at /offline.

The worker's script names the tree's version and lists the client's files under it (the line
`const BUILD = ...`, written here when the app starts): a new client is a new script, which
the browser finds when it checks (on each visit, and when the client asks: static/js/
worker.js) and installs beside the old one, keeping the new files under their own version.
At the root, so that its scope is every page. Revalidated on every fetch, as the page is.

The offline page is static/offline.html in each language (web/locales.py: the person's choice
or their browser's), its stylesheet inlined and allowed by its hash, as the main page's
(web/pages.py); the worker stores it when it installs, in the language of that moment.
"""

from __future__ import annotations

import json
import re

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from .assets import REVALIDATE, ClientFiles, inline_stylesheets
from .locales import COOKIE, FALLBACK, Catalogs, bundles
from .middleware import content_security_policy

router = APIRouter()

BUILD = re.compile(r"^const BUILD = .*$", re.M)
# Not the player's client: the operator's page, the notes, the two pages the server renders
# itself, Node's package marker, and the worker.
LEFT_OUT = re.compile(r"(^|/)(admin\.[a-z]+|[^/]+\.(md|html)|package\.json|sw\.js)$")


def client_files(files: ClientFiles) -> list[str]:
    """Every file of the player's client, under the tree's version, with the catalogs'
    bundles the server makes of them (web/locales.py)."""
    paths = [p.relative_to(files.root).as_posix() for p in files.root.rglob("*") if p.is_file()]
    paths += bundles(files.root)
    return [f"{files.prefix}/{path}" for path in sorted(paths) if not LEFT_OUT.search(path)]


class Worker:
    """The script and the offline page, prepared once (None: no client, no worker)."""

    def __init__(self, files: ClientFiles | None) -> None:
        self.script: str | None = None
        self.offline: dict[str, str] = {}  # by language (web/locales.py)
        self.catalogs = Catalogs()
        self.policy = content_security_policy()
        if files is None or not (files.root / "sw.js").is_file():
            return
        build = json.dumps({"version": files.version, "files": client_files(files)})
        source = (files.root / "sw.js").read_text(encoding="utf-8")
        self.script, found = BUILD.subn(lambda _: f"const BUILD = {build};", source, count=1)
        if not found:
            raise ValueError("static/sw.js has no `const BUILD = ...` line to write")
        page = files.root / "offline.html"
        if page.is_file():
            html, styles = inline_stylesheets(page.read_text(encoding="utf-8"), files.root)
            html = html.replace('="/static/', f'="{files.prefix}/')
            self.catalogs = Catalogs.load(files.root)
            for language in self.catalogs.languages:
                self.offline[language] = self.catalogs.translate(html, language)
            self.policy = content_security_policy(styles)


def _worker(request: Request) -> Worker:
    worker: Worker = request.app.state.worker
    return worker


@router.get("/sw.js", include_in_schema=False)
async def service_worker(request: Request) -> Response:
    script = _worker(request).script
    if script is None:
        return Response(status_code=404)
    headers = {"cache-control": REVALIDATE}
    return Response(script, media_type="text/javascript", headers=headers)


@router.get("/offline", include_in_schema=False)
async def offline_page(request: Request) -> Response:
    worker = _worker(request)
    if not worker.offline:
        return Response(status_code=404)
    language = worker.catalogs.choose(
        request.cookies.get(COOKIE), request.headers.get("accept-language")
    )
    headers = {
        "cache-control": REVALIDATE,
        "content-security-policy": worker.policy,
        "vary": "Cookie, Accept-Language",
    }
    return HTMLResponse(worker.offline.get(language, worker.offline[FALLBACK]), headers=headers)
