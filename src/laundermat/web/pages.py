"""The page: static/index.html at /, /r/{code}, /tv/{code}, /replay/{game_id} and /history.

Read once when the app starts and served from memory, with
- the shell's stylesheet inlined, allowed by its hash in the page's own policy (web/assets.py
  inline_stylesheets): the first paint needs no request but the page;
- every `/static/` URL under the tree's version (web/assets.py), cached for a year;
- a preload of the catalogs of the page's language and the fallback one, one answer per
  language (web/locales.py's bundles), which the client fetches before its first render
  (static/js/i18n-load.js), and a `<link rel=modulepreload>`
  per module main.js needs, where the page says `<!-- modules -->`:
  the browser fetches the whole graph at once instead of a level of imports per round trip.
  At low priority: over HTTP/2 they would otherwise share the link evenly with the stylesheet
  the first paint waits for (benchmarks/first_paint.py: a first paint ~40% sooner behind the
  TLS proxy, interactive no later);
- on the other routes, a preload of what the client fetches there on first need too (the
  screens' controller and that route's screen, static/js/screens.js): a friend's room link
  asks for it with the page's first requests, not after main.js has run;
- the route's own first screen between `<!-- page -->` and `<!-- /page -->`: index.html holds
  the home page as the client first draws it; the other routes get their own loading
  screens here, so a first paint is never another route's page. The client's first render
  takes their place (static/js/main.js).

Each in the person's language (web/locales.py: the client's catalogs, the choice from the
`laundermat_lang` cookie or Accept-Language), index.html's `data-i18n` texts and attributes
filled once per language at start-up, `<html lang>` set; the page varies on Cookie and
Accept-Language.

The page itself is revalidated on every visit (it names the current version).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from .assets import REVALIDATE, ClientFiles, inline_stylesheets, module_graph
from .locales import BUNDLE, COOKIE, FALLBACK, Catalogs
from .middleware import content_security_policy

router = APIRouter()

COMMENT = re.compile(r"\s*<!--.*?-->", re.S)
NOT_BUILT = "<!doctype html><title>LaunderMat</title><p>The client is not built.</p>"
# As the client spells them (parsePath in static/js/routes.js, which upper-cases the code).
ROOM_CODE = re.compile(r"[A-Za-z0-9_-]{1,12}")
# The page differs by the person's language (web/locales.py): a cache keys it on both.
VARY = "Cookie, Accept-Language"
# What each route but the home page fetches on first need (static/js/screens.js): the
# screens' controller, then its own screen.
LATER = "js/controller.js"
SCREENS = {
    "room": "js/ui/room.js",
    "tv": "js/ui/tv.js",
    "replay": "js/ui/replay.js",
    "history": "js/ui/history.js",
}


@dataclass(frozen=True)
class Page:
    """index.html in one language, cut around its first screen; `say` its words."""

    head: str
    home: str
    tail: str
    language: str
    catalogs: Catalogs

    def say(self, key: str, **values: str) -> str:
        return escape(self.catalogs.t(self.language, key, **values), quote=False)

    def brand(self) -> str:
        return (
            f'<a class="brand" href="/" aria-label="{self.say("titles.brand_home")}"><span '
            'class="brand-mark" aria-hidden="true">$</span><span class="brand-name">LaunderMat'
            "</span></a>"
        )

    def loading(self, kind: str, heading: str, words: str, *extra: str) -> str:
        """A page top, a heading and a loading line, as ui/replay.js and ui/history.js draw
        them before their data is in (the same classes and data-key: no jump when the client
        draws)."""
        link = f'<a class="ghost small button-link" href="/history">{self.say("home.history")}</a>'
        history = "" if kind == "history" else link
        return (
            f'<main class="screen {kind}" id="main" data-key="{kind}">'
            f'<header class="topbar" data-key="topbar-replay">{self.brand()}'
            f'<span class="spacer"></span>{history}</header><h1>{heading}</h1>{"".join(extra)}'
            f'<p class="loading" role="status">{words}</p></main>'
        )


class Pages:
    """index.html, prepared once per language the catalogs have; `render` fills in one
    route's first screen and title in the language the request asks for."""

    def __init__(self, files: ClientFiles | None) -> None:
        self.catalogs = Catalogs.load(files.root) if files else Catalogs()
        self.pages: dict[str, Page] = {}
        self.policy = content_security_policy()
        self.later: dict[str, str] = {}  # route -> the preloads of what it fetches later
        index = files.root / "index.html" if files else None
        if files is None or index is None or not index.is_file():
            return
        html, styles = inline_stylesheets(index.read_text(encoding="utf-8"), files.root)
        self.policy = content_security_policy(styles)
        html = html.replace('="/static/', f'="{files.prefix}/')
        preload = '\n  <link rel="modulepreload" href="{}/{}" fetchpriority="low">'.format
        # main.js itself is the page's module script
        modules = "".join(preload(files.prefix, module) for module in files.modules[1:])
        for route, screen in SCREENS.items():
            graph = module_graph(files.root, LATER) + module_graph(files.root, screen)
            later = [m for m in dict.fromkeys(graph) if m not in files.modules]
            self.later[route] = "".join(preload(files.prefix, module) for module in later)
        html = html.replace("<!-- modules -->", CATALOGS + modules, 1)
        fetched = 'as="fetch" crossorigin="anonymous"'  # as the client's fetch() asks
        if "<!-- page -->" not in html or "<!-- /page -->" not in html:
            raise ValueError(f"{index} has no <!-- page --> ... <!-- /page --> around its #app")
        # The maintainers' notes stay in the file: players download none of them.
        html = COMMENT.sub("", html.replace("<!-- page -->", PAGE).replace("<!-- /page -->", END))
        for language in self.catalogs.languages:
            # The home page's language switch shows the language it is in.
            chosen = html.replace(
                f'<option value="{language}" ', f'<option value="{language}" selected '
            )
            wanted = [BUNDLE.format(language=lang) for lang in dict.fromkeys((FALLBACK, language))]
            catalogs = "\n  ".join(
                f'<link rel="preload" href="{files.prefix}/{path}" {fetched}>' for path in wanted
            )
            chosen = chosen.replace(CATALOGS, catalogs, 1)
            head, _, rest = self.catalogs.translate(chosen, language).partition(PAGE)
            home, _, tail = rest.partition(END)
            self.pages[language] = Page(head, home, tail, language, self.catalogs)

    def page(self, request: Request) -> Page:
        """The page in the language of the request (web/locales.py)."""
        language = self.catalogs.choose(
            request.cookies.get(COOKIE), request.headers.get("accept-language")
        )
        return self.pages.get(language) or self.pages.get(FALLBACK) or EMPTY

    def render(
        self, page: Page, title: str | None = None, first: str | None = None, route: str = ""
    ) -> Response:
        head = page.head
        if route in self.later:  # after the home page's own, which it needs first
            head = head.replace("\n</head>", f"{self.later[route]}\n</head>", 1)
        if title is not None:
            head = head.replace("<title>LaunderMat</title>", f"<title>{title}</title>", 1)
        html = head + (page.home if first is None else first) + page.tail
        headers = {
            "cache-control": REVALIDATE,
            "content-security-policy": self.policy,
            "vary": VARY,
        }
        return HTMLResponse(html, headers=headers)


# The first screen's marks, kept through the comments' removal and translation, and where
# each language's catalogs are preloaded.
PAGE, END, CATALOGS = "\x00page\x00", "\x00/page\x00", "\x00catalogs\x00"
EMPTY = Page(NOT_BUILT, "", "", FALLBACK, Catalogs())


def _pages(request: Request) -> tuple[Pages, Page]:
    pages: Pages = request.app.state.pages
    return pages, pages.page(request)


@router.get("/", include_in_schema=False)
async def index(request: Request) -> Response:
    pages, page = _pages(request)
    return pages.render(page)


@router.get("/history", include_in_schema=False)
async def history_page(request: Request) -> Response:
    pages, page = _pages(request)
    lead = f'<p class="muted">{page.say("history.lead")}</p>'
    first = page.loading("history", page.say("home.history"), page.say("history.loading"), lead)
    return pages.render(page, page.say("history.title"), first, "history")


@router.get("/replay/{game_id}", include_in_schema=False)
async def replay_page(game_id: str, request: Request) -> Response:
    pages, page = _pages(request)
    replay_of = page.say("titles.replay_of", id=game_id)
    title = f"{replay_of} · LaunderMat" if game_id.isdigit() else None
    first = page.loading("replay", page.say("titles.replay"), page.say("replay.loading"))
    return pages.render(page, title, first, "replay")


@router.get("/r/{code}", include_in_schema=False)
async def room_page(code: str, request: Request) -> Response:
    """The join form or the room itself, by what this browser holds (a seat in
    localStorage): only the client knows which, so the page says it is opening the room."""
    pages, page = _pages(request)
    shown = code.upper() if ROOM_CODE.fullmatch(code) else None
    words = page.say("shell.opening_room", code=shown) if shown else page.say("shell.opening")
    first = (
        '<main class="screen center" id="main" data-key="loading">'
        f'<p class="loading" role="status">{words}</p></main>'
    )
    return pages.render(page, f"LaunderMat · {shown}" if shown else None, first, "room")


@router.get("/tv/{code}", include_in_schema=False)
async def table_screen_page(code: str, request: Request) -> Response:
    """The table screen (static/js/ui/tv.js): a room watched on a television or a laptop
    everyone can see. It only ever watches, so it needs no seat in this browser."""
    pages, page = _pages(request)
    shown = code.upper() if ROOM_CODE.fullmatch(code) else None
    words = page.say("tv.opening", code=shown) if shown else page.say("shell.opening")
    first = (
        '<main class="screen center tv-loading" id="main" data-key="loading">'
        f'<p class="loading" role="status">{words}</p></main>'
    )
    title = f"{page.say('titles.tv')} · {shown}" if shown else None
    return pages.render(page, title, first, "tv")
