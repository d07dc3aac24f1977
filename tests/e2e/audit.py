"""Checks a screen the way a phone player and a screen reader meet it (issue "At the table").

- `small_targets`: every visible button, link and <summary> is at least 44 x 44 CSS px
  (WCAG 2.5.5).
- `covered_buttons`: every enabled button in a part of the page can be tapped: scrolled into
  view (the browser's own way, which honours the page's scroll-padding), the element at its
  centre is the button itself (or something inside it), not a sticky bar over it.
- `low_contrast`: every text on show, disabled controls' and pseudo-elements' included, at
  4.5:1 or more against the colours behind it (computed here, not by axe).
- `axe_problems`: axe-core's serious and critical violations, and any violation of the rules
  an outside accessibility audit found (ALWAYS: label-content-name-mismatch is experimental,
  so it is switched on; empty-table-header is minor). axe-core is vendored in
  vendor/axe.min.js (MPL-2.0, see vendor/LICENSE) and never fetched at run time. The page's
  CSP (script-src 'self') blocks an inline script, which is what add_script_tag(path=...)
  injects, so the test routes a same-origin URL under /static/ to the vendored file and adds
  a <script src> for it: the CSP stays on and is still checked on these pages.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page

AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
AXE_PATH = "/static/__e2e__/axe.min.js"  # answered by page.route only: never served

MIN_TARGET = 44

SMALL_TARGETS_JS = """(min) => [...document.querySelectorAll('button, a[href], summary')]
  .filter((el) => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden')
  .filter((el) => !el.closest('dialog:not([open])'))
  .map((el) => ({ el, r: el.getBoundingClientRect() }))
  .filter(({ r }) => r.width < min - 0.5 || r.height < min - 0.5)
  .map(({ el, r }) => `${Math.round(r.width)}x${Math.round(r.height)} ` +
    el.outerHTML.slice(0, 100))"""

COVERED_JS = """(scope) => {
  const out = [];
  for (const el of document.querySelectorAll(scope + ' button:enabled')) {
    if (!el.getClientRects().length) continue;
    el.scrollIntoView({ block: 'nearest' });
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const hit = document.elementFromPoint(x, y);
    if (!hit || !(hit === el || el.contains(hit))) {
      out.push(`${el.dataset.testid || el.textContent.trim().slice(0, 30)} under ` +
        (hit ? hit.outerHTML.slice(0, 60) : 'nothing'));
    }
  }
  return out;
}"""

ALWAYS = ["scrollable-region-focusable", "label-content-name-mismatch", "empty-table-header"]

AXE_JS = """async (always) => {
  const result = await axe.run(document, { resultTypes: ['violations'],
    rules: { 'label-content-name-mismatch': { enabled: true } } });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || always.includes(v.id))
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help,
                   nodes: v.nodes.slice(0, 4).map((n) => n.target.join(' ')) }));
}"""


def small_targets(page: Page) -> list[str]:
    result: list[str] = page.evaluate(SMALL_TARGETS_JS, MIN_TARGET)
    return result


def covered_buttons(page: Page, scope: str) -> list[str]:
    result: list[str] = page.evaluate(COVERED_JS, scope)
    return result


def serve_axe(page: Page) -> None:
    """Answer AXE_PATH with the vendored axe-core for this page (call before goto)."""
    page.route(
        f"**{AXE_PATH}",
        lambda route: route.fulfill(path=str(AXE), content_type="text/javascript"),
    )


def axe_problems(page: Page) -> list[dict[str, Any]]:
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(url=AXE_PATH)
    settle_animations(page)  # axe reads the colours on show
    result: list[dict[str, Any]] = page.evaluate(AXE_JS, ALWAYS)
    return result


# The screen as a player reads it: its entrances finished (a log line fading in after its
# die's roll, a moment arriving, are half transparent on their way, and their contrast with
# them). Until no animation runs (the game plays on: a new moment may start meanwhile), at
# most 4 s; loops never finish, so they are not waited for. A check wrapped by `settled` runs
# right after, in the same task: nothing can start between the wait and what it reads.
SETTLE = """
  const until = performance.now() + 4000;
  const running = () => document.getAnimations().filter((a) => a.playState === "running"
    && a.effect?.getTiming().iterations !== Infinity);
  while (running().length && performance.now() < until) {
    await Promise.race([new Promise((ok) => setTimeout(ok, until - performance.now())),
      Promise.all(running().map((a) => a.finished.catch(() => null)))]);
  }"""


def settled(check: str) -> str:
    """`check` (a JS function of one argument) run once nothing is moving."""
    return f"async (arg) => {{{SETTLE}\n  return ({check})(arg);\n}}"


def settle_animations(page: Page) -> None:
    """Let animations (dice, reel, fades, moments) finish: colours are read as they end up."""
    page.evaluate(settled("() => null"))


def audit(page: Page, screen: str) -> list[str]:
    """Everything wrong with this screen, as sentences (empty: all good)."""
    problems = [f"{screen}: tap target {t}" for t in small_targets(page)]
    problems += [f"{screen}: axe {p}" for p in axe_problems(page)]
    problems += [f"{screen}: contrast {t}" for t in low_contrast(page)]
    return problems


# WCAG 2.x contrast of every piece of text on show, from computed styles, disabled controls
# included (axe skips them: an outside audit found grey on bright green at 1.63:1 on a
# picked, disabled card). The colour behind a text is its ancestors' background colours laid
# over each other, each ancestor's opacity blending its whole group into what is behind it;
# text on a background image or covered by another element is not judged here.
LOW_CONTRAST_JS = """(min) => {
  const parse = (s) => { const m = s.match(/[\\d.]+/g).map(Number);
    return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1]; };
  const over = (top, under) => { const a = top[3] + under[3] * (1 - top[3]);
    if (!a) return [0, 0, 0, 0];
    return [0, 1, 2].map((i) => (top[i] * top[3] + under[i] * under[3] * (1 - top[3])) / a)
      .concat([a]); };
  const mix = (back, front, o) => [0, 1, 2].map((i) => back[i] * (1 - o) + front[i] * o)
    .concat([1]);
  const lum = (c) => { const l = c.slice(0, 3).map((v) => { v /= 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2]; };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05); };
  // The pixel seen through every ancestor from <html> down, with `ink` painted innermost.
  const seen = (chain, ink) => { const go = (i, back) => { if (i === chain.length)
      return ink ? over(ink, back) : back;
    const s = getComputedStyle(chain[i]);
    return mix(back, go(i + 1, over(parse(s.backgroundColor), back)), Number(s.opacity)); };
    return go(0, [255, 255, 255, 1]); };
  const hidden = (el) => { const r = el.getBoundingClientRect();
    return !el.getClientRects().length || r.width <= 1 || r.height <= 1
      || getComputedStyle(el).visibility === 'hidden' || el.closest('.visually-hidden')
      || transparent(el); };
  // Fully transparent (a line waiting for its entrance): not on show, so nothing to read.
  const transparent = (el) => { for (let e = el; e; e = e.parentElement)
      if (Number(getComputedStyle(e).opacity) === 0 || entering.has(e)) return true;
    return false; };
  // Still on its way in when the settling gave up (a long chain of dice, a game playing on):
  // its colours are not yet the ones it will be read in; a later audit reads it.
  const entering = new Set(document.getAnimations().filter((a) => a.playState === 'running'
    && a.effect?.getTiming().iterations !== Infinity).map((a) => a.effect?.target));
  const out = [];
  const judge = (el, text, pseudo) => {
    const chain = []; for (let e = el; e; e = e.parentElement) chain.unshift(e);
    if (chain.some((e) => getComputedStyle(e).backgroundImage !== 'none')) return;
    const ink = parse(getComputedStyle(el, pseudo).color);
    const r = ratio(seen(chain, ink), seen(chain, null));
    if (r < min) {
      const where = el.closest('[data-testid]')?.dataset.testid ?? el.className ?? el.nodeName;
      out.push(`${r.toFixed(2)}:1 "${text.trim().slice(0, 30)}" in ${where}` +
        `${el.disabled ? ' (disabled)' : ''}`);
    }
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!n.nodeValue.trim() || !el || ['SCRIPT', 'STYLE', 'OPTION'].includes(el.nodeName)) continue;
    if (!hidden(el)) judge(el, n.nodeValue, null);
  }
  for (const el of document.body.querySelectorAll('*')) {
    if (hidden(el)) continue;
    for (const pseudo of ['::before', '::after']) {
      const content = getComputedStyle(el, pseudo).content;
      if (content && content.startsWith('"') && content.length > 2) judge(el, content, pseudo);
    }
  }
  return [...new Set(out)];
}"""

MIN_CONTRAST = 4.5


def low_contrast(page: Page) -> list[str]:
    """Every text on show under MIN_CONTRAST:1 against what is behind it, disabled or not,
    read once nothing is moving."""
    result: list[str] = page.evaluate(settled(LOW_CONTRAST_JS), MIN_CONTRAST)
    return result
