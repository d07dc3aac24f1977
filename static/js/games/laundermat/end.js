// The end: the investigation (animated, but its result came from the server), then the
// standings with every score broken down, who was caught, and everything that was hidden.
import { h } from "../../dom.js";
import { capital, list } from "../../text.js";
import { endActions } from "../../ui/end-actions.js";
import { icon } from "../../ui/icons.js";
import { ADDITION_ORDER, additionName, entries, money, points, weaponName } from "./text.js";

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
  const winners = result.winners.map(ctx.nameOf);
  const headline = !result.winners.length
    ? "Everyone was caught. Nobody wins!"
    : result.winners.length === 1
      ? `${result.winners[0] === ctx.seat && !ctx.replay ? "You win" : `${winners[0]} wins`}!`
      : `${capital(list(result.winners.map(ctx.who)))} share the win!`;

  return h(
    "section.card.final",
    { "data-key": "final", "data-testid": "final-standings", "aria-labelledby": "final-title" },
    h("h2#final-title", { tabindex: "-1", "data-landing": "page" }, "The investigation"),
    endActions(ctx), // "Play again?" first: a phone's first view of the end
    h(
      "div.investigation",
      { class: animate ? "animate" : null },
      reel(investigated, animate),
      h(
        "p.investigated",
        { "data-testid": "investigated", class: animate ? "after-reveal" : null },
        "Investigated: ",
        h("strong", additionName(investigated)),
        ` (${hit} of ${entries(totalEntries)}, ` +
          `${totalEntries ? Math.round((100 * hit) / totalEntries) : 0}% chance)`,
      ),
      h(
        "p.small",
        { class: animate ? "after-reveal" : null },
        "Flagged copies of this type are shut down and score 0. Owners of an unprotected " +
          "flagged copy are caught and cannot win.",
      ),
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
        h("summary", "Full reveal: wallets, the Vault, the deck, bonuses and the seed"),
        h(
          "ul",
          game.players.map((p) =>
            h(
              "li",
              { "data-key": `w${p.seat}` },
              h("strong", ctx.nameOf(p.seat)),
              ": ",
              p.wallet?.length
                ? `left with ${p.wallet.map((b) => money(b.value)).join(", ")} (worth nothing)`
                : "empty wallet",
              p.weapon ? `; Secret Weapon: ${weaponName(p.weapon)}` : "; no Secret Weapon",
            ),
          ),
        ),
        h("p", { "data-testid": "reveal-vault" }, "Left in the Vault: ", bills(game.vault)),
        h("p", { "data-testid": "reveal-deck" }, "Never drawn: ", bills(game.deck)),
        // A 62-bit seed is rounded by JSON.parse: the fairness reveal shows it exactly.
        h(
          "p.small.muted",
          `${Number.isSafeInteger(game.seed) ? `Game seed: ${game.seed}. ` : ""}The log ` +
            "below now shows every secret.",
        ),
      ),
      ctx.end,
    ),
  );
}

/** Hidden bills shown at the end (PUBLIC-1), largest first: "$100k ×2, $10k". */
function bills(list) {
  if (!list?.length) return "nothing";
  const counts = new Map();
  for (const b of [...list].sort((x, y) => y.value - x.value))
    counts.set(b.value, (counts.get(b.value) ?? 0) + 1);
  return [...counts]
    .map(([value, n]) => (n > 1 ? `${money(value)} ×${n}` : money(value)))
    .join(", ");
}

function thousands(value) {
  return `${(value / 1000).toLocaleString("en-US")}k`;
}

function playerResult(ctx, ps, i, result) {
  const won = result.winners.includes(ps.seat);
  const rows = ps.copies.map((c) =>
    h(
      "tr",
      { "data-key": `c${c.copy}`, class: c.shut_down ? "shut" : null },
      h("th", { scope: "row" }, additionName(c.kind)),
      h("td", c.shut_down ? h("span.tag.flagged", icon("flag"), "Shut down") : thousands(c.points)),
      h("td", c.bonus && !c.shut_down ? `+${thousands(c.bonus)}` : "—"),
      h("td", thousands(c.score)),
    ),
  );
  if (ps.review_bonus) {
    rows.push(
      h(
        "tr",
        { "data-key": "review" },
        h("th", { scope: "row" }, `${weaponName("five_star_review")} bonus`),
        h("td", "—"),
        h("td", "—"),
        h("td", thousands(ps.review_bonus)),
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
      h("span.place", won ? icon("crown", "Winner") : String(i + 1)),
      h(
        "strong.standing-name",
        ctx.nameOf(ps.seat),
        ps.seat === ctx.seat && !ctx.replay ? " (you)" : "",
      ),
      won ? h("span.tag.winner", "Winner") : null,
      ps.disqualified ? h("span.tag.flagged", icon("bell"), "Caught: disqualified") : null,
      h("span.standing-total", { "data-testid": `total-${ps.seat}` }, points(ps.total)),
    ),
    rows.length
      ? h(
          "table.breakdown",
          h("caption.visually-hidden", `${ctx.nameOf(ps.seat)}'s score`),
          h(
            "thead",
            h(
              "tr",
              h("th", { scope: "col" }, "Addition"),
              h("th", { scope: "col" }, "Points"),
              h("th", { scope: "col" }, "Bonus"),
              h("th", { scope: "col" }, "Total"),
            ),
          ),
          h("tbody", rows),
        )
      : // The investigation has happened: its result, not the "if ... is investigated" lines.
        h("p.small.muted", "No additions: scores 0."),
  );
}
