// The end: the investigation (animated, but its result came from the server), then the
// standings with every score broken down, who was caught, and everything that was hidden.
import { h } from "../../dom.js";
import { list } from "../../i18n.js";
import { capital } from "../../text.js";
import { endActions } from "../../ui/end-actions.js";
import { icon } from "../../ui/icons.js";
import { ADDITION_ORDER, additionName, entries, money, points, weaponName } from "./text.js";
import { g, percent, thousands } from "./words.js";

const REEL_LOOPS = 3;

function reel(investigated, animate) {
  const labels = [];
  for (let loop = 0; loop < REEL_LOOPS; loop++) labels.push(...ADDITION_ORDER);
  const stop = labels.length + ADDITION_ORDER.indexOf(investigated);
  labels.push(...ADDITION_ORDER);
  return h(
    "div.reel",
    {
      class: animate ? "spinning" : "stopped",
      style: { "--stop": String(stop) },
      "aria-hidden": "true",
      "data-key": "reel",
    },
    h(
      "div.reel-strip",
      labels.map((kind, i) =>
        h("span.reel-item", { class: i === stop ? "hit" : null }, additionName(kind)),
      ),
    ),
  );
}

export function renderEnd(ctx) {
  const { game, log } = ctx;
  const result = game.result;
  const investigated = game.investigated ?? result?.investigated;
  const index = log.findIndex((e) => e.kind === "investigation");
  const animate = index >= 0 && index >= ctx.animateFrom;
  const totalEntries = Object.values(game.entries).reduce((a, b) => a + b, 0);
  const hit = game.entries[investigated] ?? 0;
  const standings = [...result.players].sort((a, b) => {
    const aw = result.winners.includes(a.seat) ? 1 : 0;
    const bw = result.winners.includes(b.seat) ? 1 : 0;
    if (aw !== bw) return bw - aw;
    if (a.disqualified !== b.disqualified) return a.disqualified ? 1 : -1;
    return b.total - a.total;
  });
  const headline = headlineOf(ctx, result.winners);

  return h(
    "section.card.final",
    { "data-key": "final", "data-testid": "final-standings", "aria-labelledby": "final-title" },
    h("h2#final-title", { tabindex: "-1", "data-landing": "page" }, g("end.title")),
    endActions(ctx), // "Play again?" first: a phone's first view of the end
    h(
      "div.investigation",
      { class: animate ? "animate" : null },
      reel(investigated, animate),
      h(
        "p.investigated",
        { "data-testid": "investigated", class: animate ? "after-reveal" : null },
        `${g("end.investigated")} `,
        h("strong", additionName(investigated)),
        ` ${g("end.chance", {
          hit,
          entries: entries(totalEntries),
          chance: percent(totalEntries ? hit / totalEntries : 0),
        })}`,
      ),
      h("p.small", { class: animate ? "after-reveal" : null }, g("end.shut_down")),
    ),
    h(
      "div.results",
      { class: animate ? "after-reveal" : null },
      h("p.headline", { "data-testid": "headline" }, icon("crown"), headline),
      h(
        "ol.standings",
        standings.map((ps, i) => playerResult(ctx, ps, i, result)),
      ),
      h(
        "details.card.reveal",
        { "data-testid": "full-reveal" },
        h("summary", g("end.reveal")),
        h(
          "ul",
          game.players.map((p) =>
            h(
              "li",
              { "data-key": `w${p.seat}` },
              h("strong", ctx.nameOf(p.seat)),
              ": ",
              p.wallet?.length
                ? g("end.left_with", { bills: p.wallet.map((b) => money(b.value)).join(", ") })
                : g("end.empty_wallet"),
              p.weapon ? g("end.weapon", { weapon: weaponName(p.weapon) }) : g("end.no_weapon"),
            ),
          ),
        ),
        h("p", { "data-testid": "reveal-vault" }, `${g("end.vault")} `, bills(game.vault)),
        h("p", { "data-testid": "reveal-deck" }, `${g("end.deck")} `, bills(game.deck)),
        // A 62-bit seed is rounded by JSON.parse: the fairness reveal shows it exactly.
        h(
          "p.small.muted",
          [
            Number.isSafeInteger(game.seed) ? g("end.seed", { seed: String(game.seed) }) : null,
            g("end.log_secrets"),
          ]
            .filter(Boolean)
            .join(" "),
        ),
      ),
      ctx.end,
    ),
  );
}

/** Hidden bills shown at the end (PUBLIC-1), largest first: "$100k ×2, $10k". */
function bills(list) {
  if (!list?.length) return g("end.nothing");
  const counts = new Map();
  for (const b of [...list].sort((x, y) => y.value - x.value))
    counts.set(b.value, (counts.get(b.value) ?? 0) + 1);
  return [...counts]
    .map(([value, n]) => (n > 1 ? `${money(value)} ×${n}` : money(value)))
    .join(", ");
}

/** A score's part in thousands: "20k". */
function k(value) {
  return g("end.thousands", { amount: thousands(value) });
}

function headlineOf(ctx, winners) {
  if (!winners.length) return g("end.nobody_wins");
  if (winners.length > 1) return g("end.share", { names: capital(list(winners.map(sharer(ctx)))) });
  if (winners[0] === ctx.seat && !ctx.replay) return g("end.you_win");
  return g("end.wins", { name: ctx.nameOf(winners[0]) });
}

/** A winner's name in "Ana and you share the win!" */
function sharer(ctx) {
  return (seat) => (seat === ctx.seat && !ctx.replay ? g("log.you") : ctx.nameOf(seat));
}

function playerResult(ctx, ps, i, result) {
  const won = result.winners.includes(ps.seat);
  const rows = ps.copies.map((c) =>
    h(
      "tr",
      { "data-key": `c${c.copy}`, class: c.shut_down ? "shut" : null },
      h("th", { scope: "row" }, additionName(c.kind)),
      h("td", c.shut_down ? h("span.tag.flagged", icon("flag"), g("end.shut")) : k(c.points)),
      h("td", c.bonus && !c.shut_down ? `+${k(c.bonus)}` : "—"),
      h("td", k(c.score)),
    ),
  );
  if (ps.review_bonus) {
    rows.push(
      h(
        "tr",
        { "data-key": "review" },
        h(
          "th",
          { scope: "row" },
          g("end.review_bonus", { weapon: weaponName("five_star_review") }),
        ),
        h("td", "—"),
        h("td", "—"),
        h("td", k(ps.review_bonus)),
      ),
    );
  }
  return h(
    "li.standing",
    {
      "data-key": `s${ps.seat}`,
      class: [won ? "won" : null, ps.disqualified ? "caught" : null],
      "data-testid": `standing-${ps.seat}`,
    },
    h(
      "div.standing-head",
      h("span.place", won ? icon("crown", g("end.winner")) : String(i + 1)),
      h(
        "strong.standing-name",
        ctx.nameOf(ps.seat),
        ps.seat === ctx.seat && !ctx.replay ? ` ${g("board.you")}` : "",
      ),
      won ? h("span.tag.winner", g("end.winner")) : null,
      ps.disqualified ? h("span.tag.flagged", icon("bell"), g("end.caught")) : null,
      h("span.standing-total", { "data-testid": `total-${ps.seat}` }, points(ps.total)),
    ),
    rows.length
      ? h(
          "table.breakdown",
          h("caption.visually-hidden", g("end.score_of", { name: ctx.nameOf(ps.seat) })),
          h(
            "thead",
            h(
              "tr",
              h("th", { scope: "col" }, g("market.addition")),
              h("th", { scope: "col" }, g("end.points")),
              h("th", { scope: "col" }, g("end.bonus")),
              h("th", { scope: "col" }, g("end.total")),
            ),
          ),
          h("tbody", rows),
        )
      : // The investigation has happened: its result, not the "if ... is investigated" lines.
        h("p.small.muted", g("end.no_additions")),
  );
}
