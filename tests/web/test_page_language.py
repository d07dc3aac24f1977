"""The first screens the server draws speak the person's language (issue 33 §4): the
`laundermat_lang` cookie the home page's switch writes, else Accept-Language, else English,
from the client's own catalogs (web/locales.py); a cache keeps one copy per language."""

from __future__ import annotations

import json
import re

import httpx
import pytest

from laundermat.web.locales import Catalogs
from laundermat.web.settings import REPO_STATIC

from .conftest import ServerProcess

SPANISH = {"accept-language": "es-ES,es;q=0.9,en;q=0.5"}


def get(server: ServerProcess, path: str, **kwargs: object) -> httpx.Response:
    response = httpx.get(server.url + path, **kwargs)  # type: ignore[arg-type]
    assert response.status_code == 200, path
    return response


def app_part(page: str) -> str:
    return page[page.index('<div id="app">') : page.index("<dialog")]


def test_a_spanish_browser_gets_the_home_page_in_spanish(server: ServerProcess) -> None:
    response = get(server, "/", headers=SPANISH)
    page = response.text
    assert page.startswith('<!doctype html>\n<html lang="es">')
    app = app_part(page)
    for words in ("Crear una sala", "Unirse a una sala", "Crear sala", "Tu nombre", "Idioma"):
        assert words in app, words
    for english in ("Start a new room", "Join a room", "Your name", "Create room"):
        assert english not in app, english
    assert 'placeholder="p. ej., Sam"' in app
    assert '<option value="es" selected lang="es">Español</option>' in app
    assert "necesita JavaScript" in app  # <noscript>
    assert 'content="Un juego de cartas' in page  # the description a search result shows
    assert ">Cerrar</button>" in page  # the rules dialog, outside the client's renders
    vary = {v.strip().lower() for v in response.headers["vary"].split(",")}
    assert {"cookie", "accept-language"} <= vary


def test_the_cookie_wins_over_the_browser_and_english_is_the_fallback(
    server: ServerProcess,
) -> None:
    chose_english = get(server, "/", headers=SPANISH, cookies={"laundermat_lang": "en"}).text
    assert '<html lang="en">' in chose_english and "Start a new room" in chose_english
    chose_spanish = get(server, "/", cookies={"laundermat_lang": "es"}).text
    assert "Crear una sala" in chose_spanish
    for headers, cookies in (
        ({"accept-language": "fr-FR,de;q=0.8"}, {}),
        ({}, {"laundermat_lang": "xx"}),
        ({"accept-language": "es;q=0, en"}, {}),  # q=0: "not this one"
        ({"accept-language": ";;,q=zz"}, {}),
    ):
        page = get(server, "/", headers=headers, cookies=cookies).text
        assert '<html lang="en">' in page and "Start a new room" in page, (headers, cookies)
    ranked = get(server, "/", headers={"accept-language": "fr, es;q=0.8, en;q=0.5"}).text
    assert '<html lang="es">' in ranked


@pytest.mark.parametrize(
    ("path", "shows", "title"),
    [
        ("/r/abcde", "Abriendo la sala ABCDE…", "LaunderMat · ABCDE"),
        ("/replay/12", "Cargando la partida…", "Repetición de la partida 12 · LaunderMat"),
        ("/history", "Cargando tus partidas…", "Tus partidas anteriores · LaunderMat"),
        (
            "/tv/abcde",
            "Abriendo la pantalla de la mesa de la sala ABCDE…",
            "Pantalla de la mesa · ABCDE",
        ),
        ("/tv/<b>x", "Abriendo la sala…", "LaunderMat"),
    ],
)
def test_every_route_first_screen_in_spanish(
    server: ServerProcess, path: str, shows: str, title: str
) -> None:
    page = get(server, path, headers=SPANISH).text
    assert shows in page and f"<title>{title}</title>" in page
    assert '<html lang="es">' in page and "<b>" not in page
    assert "Crear una sala" not in page  # its own screen, not the home page's


def test_every_text_the_page_names_is_in_every_catalog() -> None:
    """A key index.html names that a catalog lacks would show as the key itself."""
    catalogs = Catalogs.load(REPO_STATIC)
    assert catalogs.languages[0] == "en" and "es" in catalogs.languages
    html = (REPO_STATIC / "index.html").read_text(encoding="utf-8")
    keys = re.findall(r'data-i18n(?:-[a-z-]+)?="([\w.|]+)"', html)
    assert len(keys) > 15
    for language in catalogs.languages:
        for key in keys:
            assert any(catalogs.has(language, k) for k in key.split("|")), (language, key)
    shell = json.loads((REPO_STATIC / "locales" / "es.json").read_text(encoding="utf-8"))
    assert catalogs.t("es", "shell.opening_room", code="X") == shell["shell"][
        "opening_room"
    ].replace("{{code}}", "X")
