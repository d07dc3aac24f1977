// The round's report: what the reveal did (collisions, Vault raids and their dice, Alarms),
// and after the draft the story of the round before.
import { h } from "../../dom.js";
import { list } from "../../i18n.js";
import { capital } from "../../text.js";
import { icon } from "../../ui/icons.js";
import { billValues } from "./rules.js";
import { money } from "./text.js";
import { g, rich } from "./words.js";

/** The viewer's own sentence (`key`.you) or a named one (`key`.named). */
function said(ctx, key, seat) {
  return seat === ctx.seat && !ctx.replay
    ? g(`${key}.you`)
    : g(`${key}.named`, { name: capital(ctx.who(seat)) });
}

/** A seat in a list of names: "you" for the viewer. */
function person(ctx) {
  return (seat) => (seat === ctx.seat && !ctx.replay ? g("log.you") : ctx.who(seat));
}

function roundSlices(log) {
  const starts = [];
  log.forEach((entry, i) => {
    if (entry.kind === "round") starts.push(i);
  });
  return starts;
}

function dieFace(value, animate, key) {
  const pips =
    { 1: [5], 2: [1, 9], 3: [1, 5, 9], 4: [1, 3, 7, 9], 5: [1, 3, 5, 7, 9], 6: [1, 3, 4, 6, 7, 9] }[
      value
    ] ?? [];
  return h(
    "span.die",
    {
      class: animate ? "rolling" : null,
      "data-key": key,
      role: "img",
      "aria-label": g("report.die", { value }),
      "data-testid": "die",
    },
    h(
      "span.die-face",
      Array.from({ length: 9 }, (_, i) =>
        h("span.pip", { class: pips.includes(i + 1) ? "on" : null }),
      ),
    ),
  );
}

function reportItem(ctx, entry, index) {
  const animate = index >= ctx.animateFrom;
  const key = `r${index}`;
  if (entry.kind === "draft_locked") {
    const rows = [];
    for (const c of entry.collected) {
      rows.push(
        h(
          "li",
          { "data-key": `c${c.card}` },
          h("span.bill-chip", money(c.value)),
          ` ${said(ctx, "report.collected", c.seat)}`,
        ),
      );
    }
    for (const c of entry.collisions) {
      rows.push(
        h(
          "li.collision",
          { "data-key": `x${c.card}` },
          h("span.bill-chip.clash", money(c.value)),
          ` ${g(c.seats.includes(ctx.seat) ? "report.collision_you" : "report.collision", {
            names: list(c.seats.map(person(ctx))),
          })}`,
        ),
      );
    }
    for (const s of entry.lost_and_found)
      rows.push(h("li", { "data-key": `l${s}` }, said(ctx, "report.lost_found", s)));
    if (entry.timed_out.length)
      rows.push(
        h(
          "li",
          { "data-key": "t" },
          entry.timed_out.length === 1
            ? said(ctx, "report.late", entry.timed_out[0])
            : g("report.late.many", { names: capital(list(entry.timed_out.map(person(ctx)))) }),
        ),
      );
    if (entry.unselected.length) {
      rows.push(
        h(
          "li",
          { "data-key": "u" },
          rich(h, "report.unpicked", {
            bills: entry.unselected.map((c, i) => [
              i ? " " : null,
              h("span.bill-chip", money(billValues(ctx.rules)[c])),
            ]),
          }),
        ),
      );
    }
    return h(
      "li.report-item",
      { "data-key": key },
      h("strong", g("report.draft_results")),
      h("ul.report-rows", rows),
    );
  }
  if (entry.kind === "vault_raid") {
    // Raids that arrived together roll one after another.
    const batch = ctx.arrival[index];
    let order = 0;
    for (let i = index - 1; i >= 0 && ctx.arrival[i] === batch; i--) {
      if (ctx.log[i].kind === "vault_raid") order += 1;
    }
    const delay = animate ? { "--delay": `${(order * 1.3).toFixed(1)}s` } : null;
    return h(
      "li.report-item.raid",
      { "data-key": key, class: entry.alarm ? "alarm" : null, style: delay },
      dieFace(entry.roll, animate, `die${index}`),
      h(
        "span.after-roll",
        { class: animate ? "delayed" : null },
        entry.alarm ? [h("strong.alarm-text", icon("bell"), g("moments.alarm")), " "] : null,
        ctx.sentence(entry),
      ),
    );
  }
  const text = ctx.sentence(entry);
  if (!text || ["round", "timeout", "done", "away"].includes(entry.kind)) return null;
  return h("li.report-item", { "data-key": key }, text);
}

export function roundReport(ctx) {
  const { log, game } = ctx;
  const starts = roundSlices(log);
  if (!starts.length) starts.push(-1); // a log that starts mid-round
  const current = starts[starts.length - 1];
  const previous = starts.length > 1 ? starts[starts.length - 2] : null;
  const items = (from, to) =>
    log
      .slice(from, to)
      .map((e, i) => reportItem(ctx, e, from + i))
      .filter(Boolean);
  if (game.phase === "draft" || game.phase.startsWith("bribe")) {
    const from = game.phase === "draft" ? previous : current;
    if (from === null || from < 0) return null;
    const to = game.phase === "draft" ? current : log.length;
    const rows = items(from, to);
    if (!rows.length) return null;
    return h(
      "details.card.report",
      { "data-key": `report-prev-${from}`, "data-testid": "last-round" },
      h(
        "summary",
        g("report.what_happened", {
          round: game.phase === "draft" ? game.round - 1 : ctx.rules.rounds,
        }),
      ),
      h("ol.report-list", rows),
    );
  }
  const rows = items(current + 1, log.length);
  if (!rows.length) return null;
  return h(
    "section.card.report",
    {
      "data-key": `report-${current}`,
      "data-testid": "round-report",
      "aria-labelledby": "report-title",
    },
    h("h2#report-title", g("report.reveal", { round: game.round })),
    h("ol.report-list", rows),
  );
}
