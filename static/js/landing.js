// Where the page scrolls and where keyboard focus lands after a render (main.js's render
// calls these): the part a new stage needs brought into view, the log kept still while the
// player reads it, and focus that lost its control moved to a heading the player can see.

let shownIntoView = null; // the data-into-view key last brought into view
let lost = false; // focus fell out of the page and waits for a screen with a landing

/** A game's panel asks to be brought into view (bringIntoView below): the end (over) always,
 *  with focus on its heading; else once per key (the stage and its window), when key is set. */
export function markIntoView(el, { over, key }) {
  if (!el) return el;
  if (over) {
    el.setAttribute("data-into-view", "over");
    el.setAttribute("data-into-view-force", "");
    el.setAttribute("data-into-view-focus", "");
  } else if (key) {
    el.setAttribute("data-into-view", key);
  }
  return el;
}

/**
 * The player scrolled down to read (to a data-reading-anchor, the log): where it sits, or
 * null. Scrolled down far enough that it fills the screen above the sticky wallet (a short
 * log at the page's end may not reach the top half).
 */
export function readingAt(root) {
  const anchor = root.querySelector("[data-reading-anchor]");
  if (!anchor || window.scrollY === 0) return null;
  const top = anchor.getBoundingClientRect().top;
  return top < window.innerHeight - 120 ? { key: anchor.getAttribute("data-key"), top } : null;
}

/** Keep what the player reads (the log) where it was while the page above it changes. */
export function keepReading(root, reading) {
  const anchor = root.querySelector("[data-reading-anchor]");
  if (anchor && anchor.getAttribute("data-key") === reading.key) {
    window.scrollBy(0, anchor.getBoundingClientRect().top - reading.top);
  }
}

/**
 * A game marks the part that now needs the player with data-into-view="KEY" (a new key: a new
 * stage or panel); it is scrolled into view once, unless the player has scrolled down to read
 * (data-into-view-force: the game's climax, always shown). data-into-view-focus moves focus
 * to its data-landing heading as well.
 */
export function bringIntoView(root) {
  const target = root.querySelector("[data-into-view]");
  const key = target?.getAttribute("data-into-view") ?? null;
  if (!target || key === shownIntoView) {
    shownIntoView = key;
    return;
  }
  shownIntoView = key;
  if (readingAt(root) && !target.hasAttribute("data-into-view-force")) return;
  const padding = 96 + 72; // html's scroll-padding (the sticky bars)
  const fits = target.getBoundingClientRect().height < window.innerHeight - padding;
  // A panel that fits sits just above the wallet, so the reveal above it stays in sight.
  target.scrollIntoView({
    block: fits && !target.hasAttribute("data-into-view-force") ? "end" : "start",
  });
  if (target.hasAttribute("data-into-view-focus"))
    target.querySelector("[data-landing]")?.focus({ preventScroll: true });
}

/**
 * The focused control went away (the step moved on, the form became a room): keep keyboard
 * users in the action panel rather than at the top of the page. A screen marks its headings
 * (tabindex=-1) data-landing="panel" (first choice) or "page". A screen without one (loading)
 * leaves the focus to the next that has one. The heading is scrolled into view clear of the
 * sticky bars (html's scroll-padding), unless the player is reading the log.
 */
export function landFocus(root, hadFocus, reading) {
  const active = document.activeElement;
  if (root.contains(active) && active !== root) {
    lost = false;
    return;
  }
  if (hadFocus) lost = true;
  else if (active && active !== document.body) lost = false; // elsewhere on purpose (a dialog)
  if (!lost) return;
  const landing =
    root.querySelector("[data-landing=panel]") ?? root.querySelector("[data-landing=page]");
  if (!landing) return;
  lost = false;
  landing.focus({ preventScroll: true });
  if (!reading) landing.scrollIntoView({ block: "nearest" });
}
