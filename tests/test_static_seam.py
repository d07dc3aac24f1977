"""The client shell knows no game by name, in its styles too (issue 15, part 3): each game's
screens are styled by a stylesheet in its own client folder, named by its registry entry;
the shell's css/app.css and index.html style and link nothing that only one game draws."""

from __future__ import annotations

import re
from pathlib import Path

STATIC = Path(__file__).resolve().parents[1] / "static"
GAMES = STATIC / "js" / "games"
FOLDERS = sorted(p for p in GAMES.iterdir() if p.is_dir())


def _text(paths: list[Path]) -> str:
    return "\n".join(p.read_text() for p in paths)


def _words(text: str) -> set[str]:
    return set(re.findall(r"[\w-]+", text))


def _selector_classes(css: str) -> set[str]:
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    selectors = re.findall(r"([^{}]+)\{", css)
    rules = [s for s in selectors if not s.strip().startswith("@")]
    return {c for s in rules for c in re.findall(r"\.([a-zA-Z][\w-]*)", s)}


def game_only_classes(folder: Path) -> set[str]:
    """Class names that one game's scripts write and nothing else in the client does."""
    own = _text(list(folder.rglob("*.js")))
    elsewhere = _text(
        [p for p in STATIC.rglob("*.js") if folder not in p.parents and "vendor" not in p.parts]
        + [STATIC / "index.html"]
    )
    return {w for w in _words(own) - _words(elsewhere) if w[0].isalpha()}


def test_the_check_sees_each_games_own_classes() -> None:
    """Not vacuous: the check knows a LaunderMat bill and a Goblin card for what they are."""
    assert "bill-chip" in game_only_classes(GAMES / "laundermat")
    assert "gcard" in game_only_classes(GAMES / "goblin")
    assert "gcard" not in game_only_classes(GAMES / "laundermat")


def test_the_shells_stylesheet_styles_no_games_own_classes() -> None:
    shell = _selector_classes((STATIC / "css" / "app.css").read_text())
    offenders = {f.name: sorted(shell & game_only_classes(f)) for f in FOLDERS}
    assert not any(offenders.values()), offenders


def test_each_game_styles_its_screens_from_its_own_folder() -> None:
    html = (STATIC / "index.html").read_text()
    for folder in FOLDERS:
        entry = (folder / "card.js").read_text()
        named = re.search(r'stylesheet: new URL\("\./([\w-]+\.css)", import\.meta\.url\)', entry)
        assert named, f"{folder.name}/card.js names no stylesheet"
        sheet = folder / named.group(1)
        own = game_only_classes(folder)
        assert _selector_classes(sheet.read_text()) & own, f"{sheet} styles none of its classes"
        assert folder.name not in html  # the page links the shell's sheet only
