"""Checks a screen the way a phone player and a screen reader meet it (issue "At the table").

- `small_targets`: every visible button, link and <summary> is at least 44 x 44 CSS px
  (WCAG 2.5.5).
- `covered_buttons`: every enabled button in a part of the page can be tapped: scrolled into
  view (the browser's own way, which honours the page's scroll-padding), the element at its
  centre is the button itself (or something inside it), not a sticky bar over it.
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
    # Let animations (dice, reel, fades) settle: axe reads the colours on show.
    page.evaluate(
        "() => Promise.race([new Promise((ok) => setTimeout(ok, 4000)), Promise.all("
        "document.getAnimations().map((a) => a.finished.catch(() => null)))])"
    )
    result: list[dict[str, Any]] = page.evaluate(AXE_JS, ALWAYS)
    return result


def audit(page: Page, screen: str) -> list[str]:
    """Everything wrong with this screen, as sentences (empty: all good)."""
    problems = [f"{screen}: tap target {t}" for t in small_targets(page)]
    problems += [f"{screen}: axe {p}" for p in axe_problems(page)]
    return problems
