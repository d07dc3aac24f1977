"""The English-leftover auditor (issue 33 §4): on a page meant to be in Spanish, every text a
person meets — what is on screen, the text a screen reader says (aria-label, alt, the
visually hidden words), titles and placeholders, the options of a select, the tab's title —
is collected in the page, and each is checked here for

- a word of English that is no Spanish word (ENGLISH below: the small words every English
  sentence has, and the shell's and games' common nouns and verbs), and
- a catalog key left unresolved ("goblin.phase.fill": i18n.js shows a missing key as
  itself) or a placeholder left unfilled ("{{name}}").

What may stay as it is (the names of players, brands and proper nouns, a room's code) is
passed explicitly: `ALLOWED` for what every page may show, `allow=` for a test's own (its
players' names). Text inside <code> (hex, a command) is not read: it is not words.

Used on the shell's screens (test_browser.py) and, once the games' catalogs are in, at each
step of the whole games played in Spanish.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from playwright.sync_api import Page

# Words of English that are not words of Spanish, lowercased. Left out on purpose, though
# English: words Spanish also has ("a", "no", "me", "he", "has", "come", "once", "red",
# "sale", "son", "van", "dice", "total", "final", "normal", "bot", "bots", "fin", "sin").
ENGLISH = frozenset(
    """
    the and you your yours with without this that these those what when where which who
    whose why how is are was were been being have having will would should could can cannot
    can't don't doesn't isn't it's you're you'll you've let's of for from into onto to at by
    on off out up down over it its they them their we our my she his her him all any each
    every some more most less just only also than then there here now yet still again not or
    if so but while after before until in
    room rooms game games player players turn turns round rounds start starts started join
    joined watch watching ready leave left settings rules play plays playing played next
    back share copy copied link code name loading step steps history remove add waiting wait
    winner winners nobody everyone someone seat seats second seconds minute minutes lobby
    host move moves pick picks picked draw draws card cards cash money points score scores
    bill bills hand shirt socks laundry wash washing stain stains show shows open opens close
    closed reconnecting connecting offline online away hint hints coach please try new old
    past first last table screen check checked download record seed secret randomness
    server browser notification notifications sound sounds mute muted reactions reaction
    setup everything jump forward pause phone laptop scan friends invite full yes
    """.split()  # noqa: SIM905 (a list of words reads best as words)
)

# What any page may show as it is: the platform's and the games' proper names, the
# languages' own names in the switch, protocol words.
ALLOWED = (
    "LaunderMat",
    "Goblin Laundromat",
    "English",
    "Español",
    "SHA-256",
    "HTTPS",
    "http",
    "QR",
    "nonce",
)

KEY = re.compile(r"(?<![\w./:@-])[a-z][a-z0-9_]*(?:\.[a-z0-9_]+){1,5}(?![\w/:@-])")
PLACEHOLDER = re.compile(r"\{\{\s*[\w.]+\s*\}\}")
WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")

# Every text a person meets on the page, each with where it is ("tag#testid: attribute").
COLLECT_JS = """(ignore) => {
  const out = [];
  const where = (el) => el.tagName.toLowerCase() +
    (el.closest('[data-testid]') ? '@' + el.closest('[data-testid]').dataset.testid : '');
  const shown = (el) => !!el.getClientRects().length &&
    getComputedStyle(el).visibility !== 'hidden' && !el.closest('dialog:not([open])');
  const skip = (el) => !!el.closest('code, script, style, noscript, template' + ignore);
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    const text = node.textContent.trim();
    if (!text || !el || skip(el)) continue;
    if (el.tagName === 'OPTION' ? shown(el.closest('select') ?? el) : shown(el))
      out.push([where(el), text]);
  }
  for (const el of document.body.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
    if (skip(el) || !shown(el)) continue;
    for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
      const value = el.getAttribute(name);
      if (value && value.trim()) out.push([where(el) + ' ' + name, value.trim()]);
    }
  }
  out.push(['<title>', document.title]);
  return out;
}"""


def leftovers(page: Page, allow: tuple[str, ...] = (), ignore: tuple[str, ...] = ()) -> list[str]:
    """What on `page` is still English or an unresolved key, one line each (empty: none).
    `ignore`: CSS selectors of parts not to read (say why where you pass them)."""
    texts: list[list[str]] = page.evaluate(COLLECT_JS, "".join(f", {s}" for s in ignore))
    return [
        f"{where}: {problem} in {text[:120]!r}"
        for where, text in texts
        for problem in problems(text, ALLOWED + allow)
    ]


def problems(text: str, allowed: tuple[str, ...]) -> list[str]:
    """Why `text` is not Spanish: each English word and each unresolved key or placeholder."""
    found = [f"unresolved key {m[0]!r}" for m in KEY.finditer(text)]
    found += [f"unfilled placeholder {m[0]!r}" for m in PLACEHOLDER.finditer(text)]
    # Longest first, so "Goblin Laundromat" goes before a shorter name inside it.
    for name in sorted(allowed, key=len, reverse=True):
        text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", " ", text, flags=re.IGNORECASE)
    words = {w.lower() for w in WORD.findall(text)}
    found += [f"English {w!r}" for w in sorted(words & ENGLISH)]
    return found


def assert_spanish(
    page: Page, moment: str, allow: tuple[str, ...] = (), ignore: tuple[str, ...] = ()
) -> None:
    """Fail, naming the moment and each leftover, if `page` shows anything not Spanish."""
    found = leftovers(page, allow, ignore)
    assert not found, f"{moment}: left in English or untranslated:\n" + "\n".join(found)


@dataclass
class SpanishPages:
    """Pages in Spanish beside a whole game (a phone, the table screen): `at(moment)` reads
    every one of them the first time the game reaches that moment (a phase, a window)."""

    pages: dict[str, Page]  # by what they are: "Bo's phone", "the table screen"
    allow: tuple[str, ...] = ()
    seen: set[str] = field(default_factory=set)

    def at(self, moment: str) -> None:
        if moment in self.seen:
            return
        self.seen.add(moment)
        for label, page in self.pages.items():
            assert_spanish(page, f"{label} at {moment}", self.allow)
