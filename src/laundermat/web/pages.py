"""The page: static/index.html at /, /r/{code}, /tv/{code}, /replay/{game_id} and /history.

Read once when the app starts and served from memory, with
- the shell's stylesheet inlined, allowed by its hash in the page's own policy (web/assets.py
  inline_stylesheets): the first paint needs no request but the page;
- every `/static/` URL under the tree's version (web/assets.py), cached for a year;
- a preload of the fallback language's catalogs, which the client fetches before its first
  render (static/js/i18n-load.js), and a `<link rel=modulepreload>` per module main.js needs,
  where the page says `<!-- modules -->`:
  the browser fetches the whole graph at once instead of a level of imports per round trip.
  At low priority: over HTTP/2 they would otherwise share the link evenly with the stylesheet
  the first paint waits for (benchmarks/first_paint.py: a first paint ~40% sooner behind the
  TLS proxy, interactive no later);
- the route's own first screen between `<!-- page -->` and `<!-- /page -->`: index.html holds
  the home page as the client first draws it; the other routes get their own loading
  screens here, so a first paint is never another route's page. The client's first render
  takes their place (static/js/main.js).

The page itself is revalidated on every visit (it names the current version).
"""

from __future__ import annotations

import re
from html import escape

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from .assets import REVALIDATE, ClientFiles, fallback_catalogs, inline_stylesheets
from .middleware import content_security_policy

router = APIRouter()

COMMENT = re.compile(r"\s*<!--.*?-->", re.S)
NOT_BUILT = "<!doctype html><title>LaunderMat</title><p>The client is not built.</p>"
# As the client spells them (parsePath in static/js/main.js, which upper-cases the code).
ROOM_CODE = re.compile(r"[A-Za-z0-9_-]{1,12}")

BRAND = (
    '<a class="brand" href="/" aria-label="LaunderMat home"><span class="brand-mark" '
    'aria-hidden="true">$</span><span class="brand-name">LaunderMat</span></a>'
)


def _loading(kind: str, heading: str, words: str, *extra: str) -> str:
    """A page top, a heading and a loading line, as ui/replay.js and ui/history.js draw them
    before their data is in (the same classes and data-key: no jump when the client draws)."""
    link = '<a class="ghost small button-link" href="/history">Your past games</a>'
    history = "" if kind == "history" else link
    return (
        f'<main class="screen {kind}" id="main" data-key="{kind}">'
        f'<header class="topbar" data-key="topbar-replay">{BRAND}<span class="spacer"></span>'
        f"{history}</header><h1>{heading}</h1>{''.join(extra)}"
        f'<p class="loading" role="status">{words}</p></main>'
    )


class Pages:
    """index.html, prepared once; `render` fills in one route's first screen and title."""

    def __init__(self, files: ClientFiles | None) -> None:
        self.head, self.home, self.tail = NOT_BUILT, "", ""
        self.policy = content_security_policy()
        index = files.root / "index.html" if files else None
        if files is None or index is None or not index.is_file():
            return
        html, styles = inline_stylesheets(index.read_text(encoding="utf-8"), files.root)
        self.policy = content_security_policy(styles)
        html = html.replace('="/static/', f'="{files.prefix}/')
        fetched = 'as="fetch" crossorigin="anonymous"'  # as the client's fetch() asks
        catalogs = [
            f'<link rel="preload" href="{files.prefix}/{catalog}" {fetched}>'
            for catalog in fallback_catalogs(files.root)
        ]
        preload = "\n  ".join(
            catalogs
            + [
                f'<link rel="modulepreload" href="{files.prefix}/{module}" fetchpriority="low">'
                for module in files.modules[1:]  # main.js itself is the page's module script
            ]
        )
        html = html.replace("<!-- modules -->", preload, 1)
        head, found, rest = html.partition("<!-- page -->")
        home, found_end, tail = rest.partition("<!-- /page -->")
        if not (found and found_end):
            raise ValueError(f"{index} has no <!-- page --> ... <!-- /page --> around its #app")
        # The maintainers' notes stay in the file: players download none of them.
        self.head, self.home, self.tail = (COMMENT.sub("", part) for part in (head, home, tail))

    def render(self, title: str | None = None, page: str | None = None) -> Response:
        head = self.head
        if title is not None:
            head = head.replace("<title>LaunderMat</title>", f"<title>{title}</title>", 1)
        html = head + (self.home if page is None else page) + self.tail
        headers = {"cache-control": REVALIDATE, "content-security-policy": self.policy}
        return HTMLResponse(html, headers=headers)


def _pages(request: Request) -> Pages:
    pages: Pages = request.app.state.pages
    return pages


@router.get("/", include_in_schema=False)
async def index(request: Request) -> Response:
    return _pages(request).render()


@router.get("/history", include_in_schema=False)
async def history_page(request: Request) -> Response:
    words = (
        "Games from rooms this browser took part in. "
        "Step through any of them, or download its record."
    )
    page = _loading(
        "history", "Your past games", "Loading your games…", f'<p class="muted">{words}</p>'
    )
    return _pages(request).render("Your past games · LaunderMat", page)


@router.get("/replay/{game_id}", include_in_schema=False)
async def replay_page(game_id: str, request: Request) -> Response:
    title = f"Replay of game {game_id} · LaunderMat" if game_id.isdigit() else None
    return _pages(request).render(title, _loading("replay", "Replay", "Loading the game…"))


@router.get("/r/{code}", include_in_schema=False)
async def room_page(code: str, request: Request) -> Response:
    """The join form or the room itself, by what this browser holds (a seat in
    localStorage): only the client knows which, so the page says it is opening the room."""
    shown = code.upper() if ROOM_CODE.fullmatch(code) else None
    words = f"Opening room {shown}…" if shown else "Opening the room…"
    page = (
        '<main class="screen center" id="main" data-key="loading">'
        f'<p class="loading" role="status">{escape(words)}</p></main>'
    )
    return _pages(request).render(f"LaunderMat · {shown}" if shown else None, page)


@router.get("/tv/{code}", include_in_schema=False)
async def table_screen_page(code: str, request: Request) -> Response:
    """The table screen (static/js/ui/tv.js): a room watched on a television or a laptop
    everyone can see. It only ever watches, so it needs no seat in this browser."""
    shown = code.upper() if ROOM_CODE.fullmatch(code) else None
    words = f"Opening the table screen of room {shown}…" if shown else "Opening the room…"
    page = (
        '<main class="screen center tv-loading" id="main" data-key="loading">'
        f'<p class="loading" role="status">{escape(words)}</p></main>'
    )
    return _pages(request).render(f"Table screen · {shown}" if shown else None, page)
