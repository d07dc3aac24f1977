// A game's log, newest first, as every game's live screen and replay show it, and the top
// bar's link to it. ctx: the game's
// render context (games/*/context.js), of which it reads `log` (the merged entries) and
// `sentence` (the game's words for an entry, or "" to leave it out).
import { h } from "../dom.js";
import { icon } from "./icons.js";

/** The top bar's link down to the log (focus goes to its list, which scrolls). */
export function logLink() {
  return h(
    "a.ghost.small.button-link",
    {
      href: "#log",
      "data-action": "jump-to",
      "data-focus": "#log .log-list",
      "data-testid": "log-link",
    },
    icon("list"),
    h("span", "Log"),
  );
}

export function gameLog(ctx) {
  const rows = [];
  ctx.log.forEach((entry, i) => {
    const text = ctx.sentence(entry);
    if (text)
      rows.push(
        h(
          "li",
          { "data-key": `g${i}`, class: entry.kind === "round" ? "round-start" : null },
          text,
        ),
      );
  });
  rows.reverse();
  return h(
    "section.card.log",
    {
      id: "log",
      "data-key": "log",
      "data-testid": "game-log",
      "aria-labelledby": "log-title",
      tabindex: "-1",
      "data-reading-anchor": "",
    },
    h("h2#log-title", "Game log ", h("span.small.muted", "(newest first)")),
    // It scrolls on its own: focusable and named, so a keyboard can scroll it too.
    h("ol.log-list", { tabindex: "0", "aria-label": "Game log entries" }, rows),
  );
}
