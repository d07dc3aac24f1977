"""What the table screen's tests read from a page: motion, small text, the frames it sends."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from playwright.sync_api import Page

from .driver import news_js

# Under prefers-reduced-motion nothing moves for longer than app.css's reduced 0.01 ms: no
# deal, no moment's entrance, no arrival, no timer's glide.
MOVING_JS = """() => document.getAnimations()
  .filter((a) => a.playState === 'running' && (a.effect?.getTiming().duration ?? 0) > 1)
  .map((a) => a.animationName ?? a.transitionProperty ?? 'an animation')"""

# Every rendered text node under MIN_TEXT_PX (what a screen reader alone hears is not shown).
SMALL_TEXT_JS = """(min) => {
  const out = new Set();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!n.nodeValue.trim() || !el || el.closest('.visually-hidden, script, style')) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    if (!range.getClientRects().length) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
    const px = parseFloat(style.fontSize);
    if (px < min) out.add(`${px.toFixed(1)} px: ${JSON.stringify(n.nodeValue.trim().slice(0, 40))}`
      + ` in ${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`);
  }
  return [...out].slice(0, 15);
}"""


def watch_frames(page: Page, sent: Counter[str]) -> None:
    """Count what `page` sends on its sockets, by message type."""

    def on_socket(ws: Any) -> None:
        ws.on("framesent", lambda frame: sent.update([_kind(frame)]))

    page.on("websocket", on_socket)


def _kind(frame: str | bytes) -> str:
    text = frame if isinstance(frame, str) else frame.decode()
    kind: str = json.loads(text).get("type", "?")
    return kind


# A television can't scroll: the page is the screen, no box cuts off what it holds, and no
# text runs out of its box. What is drawn for screen readers alone, or only as decoration
# (the investigation's reel), is left out.
FIT_JS = """() => {
  const moving = (el) => el.getAnimations({ subtree: true }).some((a) => a.playState === 'running');
  const out = [];
  const page = document.scrollingElement;
  if (page.scrollHeight > innerHeight || page.scrollWidth > innerWidth)
    out.push(`the page is ${page.scrollWidth}x${page.scrollHeight} px`);
  for (const el of document.querySelectorAll('main *')) {
    if (el.closest('.visually-hidden, [aria-hidden=true]') || !el.clientWidth) continue;
    if (el.matches('img, svg, svg *')) continue; // a picture's padding is not text
    const clips = getComputedStyle(el).overflow !== 'visible';
    const name = `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`;
    const size = `${el.scrollWidth}x${el.scrollHeight} px in ${el.clientWidth}x${el.clientHeight}`;
    if (clips && el.scrollHeight > el.clientHeight + 1) out.push(`${name} cuts its text (${size})`);
    // Wider than its box, clipped or not: a long name cut, or over its neighbour's (a card
    // being dealt is wider while it moves, and is not text in the way).
    else if (el.scrollWidth > el.clientWidth + 1 && !moving(el))
      out.push(`${name} runs over its box (${size})`);
  }
  return out.slice(0, 5);
}"""


# Resolves when the table screen shows another stage, window or phase (main's data-*) or
# another number of moments, or after `bound` ms: what the follower of a game looks at next.
TV_NEWS_JS = news_js(
    "[document.querySelector('main')?.dataset ?? null,"
    " document.querySelectorAll('[data-testid=moment]').length]"
)
