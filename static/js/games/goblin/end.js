// The end: the standings with every total broken down (GSCORE-1..6), the majorities worked
// out in words (GSCORE-4), the tie-break (GSCORE-7), and what the Baskets still held.
import { h } from "../../dom.js";
import { capital, list } from "../../text.js";
import { endActions } from "../../ui/end-actions.js";
import { icon } from "../../ui/icons.js";
import { explainMajority, majority } from "./majority.js";
import { cardName, clothName, coins, speciesName } from "./text.js";

/** The parts of a total (GSCORE-1..5), each with what it counts, numbers from the rules. */
export function parts(rules, species) {
  return [
    ["species", "Species", `${rules.species_coins ?? 2} per ${speciesName(species)} card`],
    ["programs", "Programs", "completed ones' Coins"],
    ["socks", "Socks", `${rules.sock_pair_coins ?? 10} per pair`],
    ["majorities", "Majorities", "Underwear, Pants, Capes"],
    ["printed", "Printed Coins", "Scarves, Shirts, Hats, Robes"],
    ["potion", "Potion", `${rules.potion_coins ?? 3} if unused`],
  ];
}

export function headline(ctx, result) {
  const winners = result.winners ?? [];
  if (!winners.length) return "Nobody wins.";
  if (winners.length === 1)
    return winners[0] === ctx.seat && !ctx.replay ? "You win!" : `${ctx.nameOf(winners[0])} wins!`;
  return `${capital(list(winners.map(ctx.who)))} share the win!`;
}

export function tieBreak(result) {
  if (result.tie_break === "stains") {
    return (
      "A tie on Coins, broken by the most stain symbols on the Clothing in the Score Zone " +
      "(GSCORE-7)."
    );
  }
  if (result.tie_break === "shared")
    return "Tied on Coins and on stain symbols too: the win is shared (GSCORE-7).";
  return null;
}

function breakdown(ctx, ps) {
  const species = ctx.game.players[ps.seat]?.species;
  return h(
    "table.breakdown",
    { "data-testid": `breakdown-${ps.seat}` },
    h("caption.visually-hidden", `${ctx.nameOf(ps.seat)}'s score`),
    h(
      "tbody",
      parts(ctx.rules, species).map(([key, label, hint]) =>
        h(
          "tr",
          { "data-key": key },
          h("th", { scope: "row" }, label, h("span.part-hint", ` ${hint}`)),
          h("td", String(ps[key] ?? 0)),
        ),
      ),
      h(
        "tr.total",
        { "data-key": "total" },
        h("th", { scope: "row" }, "Total Coins"),
        h("td", String(ps.total)),
      ),
    ),
  );
}

function standing(ctx, ps, result) {
  const won = (result.winners ?? []).includes(ps.seat);
  const species = ctx.game.players[ps.seat]?.species;
  return h(
    "li.standing",
    { "data-key": `s${ps.seat}`, class: won ? "won" : null, "data-testid": `standing-${ps.seat}` },
    h(
      "div.standing-head",
      h("span.place", won ? icon("crown", "Winner") : String(ps.rank ?? "")),
      h(
        "strong.standing-name",
        ctx.nameOf(ps.seat),
        ps.seat === ctx.seat && !ctx.replay ? " (you)" : "",
      ),
      won ? h("span.tag.winner", "Winner") : null,
      h("span.standing-total", { "data-testid": `total-${ps.seat}` }, coins(ps.total)),
    ),
    h(
      "p.small.muted",
      `Goblin Basket: ${speciesName(species)} · ${ps.stains} stain symbols in the Score Zone`,
    ),
    breakdown(ctx, ps),
  );
}

/** One paragraph per majority type, in words, with each seat's count. */
export function majorities(ctx, result) {
  const prizes = ctx.rules.majorities ?? {};
  const items = Object.entries(result.majorities ?? {}).map(([type, m]) => {
    const counts = Object.fromEntries(m.counts.map((n, seat) => [seat, n]));
    const mine = majority(counts, prizes[type] ?? [0, 0]).awards;
    // The server's Coins are the truth; the words are ours. Say so if they ever disagree.
    const agrees = m.coins.every((c, seat) => c === (mine[seat] ?? 0));
    return h(
      "li",
      { "data-key": type, "data-testid": `majority-${type}` },
      h("strong", `${clothName(type, true)} (${(prizes[type] ?? []).join("/")}): `),
      explainMajority(counts, prizes[type] ?? [0, 0], clothName(type, true), ctx.nameOf),
      h(
        "span.small.muted",
        ` Counts: ${m.counts.map((n, seat) => `${ctx.nameOf(seat)} ${n}`).join(", ")}.`,
      ),
      agrees ? null : h("span.small", ` Coins by seat: ${m.coins.join(", ")}.`),
    );
  });
  return h(
    "section.majorities",
    { "data-testid": "majorities", "aria-labelledby": "majorities-title" },
    h("h3#majorities-title", "Majorities explained"),
    h(
      "p.small.muted",
      "For each type, among players with at least one card: the most earns the first number " +
        "and a single runner-up the second. Two or more tied for the most each earn the second " +
        "number, and nobody else scores.",
    ),
    h("ul.majority-list", items),
  );
}

function cards(ctx, ids) {
  return ids.map((id) => cardName(ctx.rules, id)).join(", ");
}

/** The pile left, next card first (the view lists it bottom to top). */
function pileText(ctx, game) {
  if (!Array.isArray(game.pile)) return null;
  if (!game.pile.length) return "The pile was used up.";
  return `Left in the pile, next card first: ${cards(ctx, [...game.pile].reverse())}.`;
}

export function renderEnd(ctx) {
  const { game } = ctx;
  const result = game.result;
  if (!result) return null;
  const standings = [...result.players].sort(
    (a, b) => (a.rank ?? 0) - (b.rank ?? 0) || b.total - a.total,
  );
  return h(
    "section.card.final",
    { "data-key": "final", "data-testid": "final-standings", "aria-labelledby": "final-title" },
    h("h2#final-title", { tabindex: "-1", "data-landing": "page" }, "Final scoring"),
    endActions(ctx), // "Play again?" first: a phone's first view of the end
    h("p.headline", { "data-testid": "headline" }, icon("crown"), headline(ctx, result)),
    tieBreak(result) ? h("p.small", { "data-testid": "tie-break" }, tieBreak(result)) : null,
    h(
      "ol.standings",
      standings.map((ps) => standing(ctx, ps, result)),
    ),
    majorities(ctx, result),
    h(
      "details.card.reveal",
      { "data-testid": "full-reveal" },
      h("summary", "Full reveal: Baskets, the pile and the seed"),
      h(
        "ul",
        game.players.map((p) =>
          h(
            "li",
            { "data-key": `r${p.seat}` },
            h("strong", ctx.nameOf(p.seat)),
            ": ",
            game.baskets?.[p.seat]?.length
              ? `left in the Basket (not scored): ${cards(ctx, game.baskets[p.seat])}`
              : "empty Basket",
            p.setup_card
              ? `. Setup card (dealt face down at the start): ${cardName(ctx.rules, p.setup_card)}`
              : "",
          ),
        ),
      ),
      pileText(ctx, game)
        ? h("p.small", { "data-testid": "reveal-pile" }, pileText(ctx, game))
        : null,
      game.programs_undealt?.length
        ? h(
            "p.small",
            { "data-testid": "reveal-programs" },
            `Programs nobody was dealt: ${game.programs_undealt.join(", ")}.`,
          )
        : null,
      h(
        "p.small.muted",
        `${Number.isSafeInteger(game.seed) ? `Game seed: ${game.seed}. ` : ""}The log now ` +
          "shows every hidden card.",
      ),
    ),
    ctx.end,
  );
}
