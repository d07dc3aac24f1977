// What every game's live screen has, drawn by the shell: its root's data attributes, the
// countdown, the top bar's link to the log, and the log (newest first; the replay shows it
// too). ctx: the game's render context (games/*/context.js): game, opts (game.me.options),
// pending, seat, and for the log `log` (the merged entries) and `sentence` (an entry's
// words, or "" to leave it out).
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { icon } from "./icons.js";

/** The game screen root's attributes, which the browser tests and the screen auditor read. */
export function screenData(ctx) {
  const { game } = ctx;
  return {
    id: "main",
    "data-key": "game",
    "data-testid": "game",
    "data-phase": game.phase,
    "data-round": game.round,
    "data-window": game.window?.id ?? "",
    "data-can-act": ctx.opts.can_act ? "true" : "false",
    "data-pending": ctx.pending ? "true" : "false",
    "data-seat": ctx.seat ?? "",
  };
}

/** The open window's countdown, which countdown.js fills and counts down after each render. */
export function countdownBar() {
  return h(
    "div.timer",
    { "data-role": "timer", role: "timer", "aria-label": t("game.time_left") },
    h("div.timer-track", h("div.timer-fill")),
    h("span.timer-text"),
  );
}

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
    h("span", t("game.log")),
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
    h("h2#log-title", t("game.log_title"), h("span.small.muted", t("game.newest_first"))),
    // It scrolls on its own: focusable and named, so a keyboard can scroll it too.
    h("ol.log-list", { tabindex: "0", "aria-label": t("game.log_entries") }, rows),
  );
}

/** The table screen's body (ui/tv.js): the stage, what the table waits on now, beside the
 *  table itself; `latest`, the newest moves in words, above them. */
export function tvLayout({ latest = null, stage, table }) {
  return [
    latest
      ? h(
          "p.tv-latest",
          { "data-key": "latest", "data-testid": "latest" },
          h("strong", t("game.just_now")),
          latest,
        )
      : null,
    h(
      "div.tv-layout",
      h("div.tv-stage", { "data-testid": "tv-stage" }, stage),
      h("div.tv-table", { "data-testid": "tv-table" }, table),
    ),
  ];
}
