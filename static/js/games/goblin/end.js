// The end: the standings with every total broken down (GSCORE-1..6), the majorities worked
// out in words (GSCORE-4), the tie-break (GSCORE-7), and what the Baskets still held.
import { h } from "../../dom.js";
import { list } from "../../i18n.js";
import { capital } from "../../text.js";
import { endActions } from "../../ui/end-actions.js";
import { icon } from "../../ui/icons.js";
import { explainMajority, majority } from "./majority.js";
import { cardName, clothName, coins, g, phaseName, speciesName } from "./text.js";

/** The parts of a total (GSCORE-1..5), each with what it counts, numbers from the rules. */
export function parts(rules, species) {
  const many = (types) => types.map((type) => clothName(type, true)).join(", ");
  const hints = {
    species: g("end.hint.species", {
      coins: rules.species_coins ?? 2,
      species: speciesName(species),
    }),
    programs: g("end.hint.programs"),
    socks: g("end.hint.socks", { coins: rules.sock_pair_coins ?? 10 }),
    majorities: many(["underwear", "pants", "cape"]),
    printed: many(["scarf", "shirt", "hat", "robe"]),
    potion: g("end.hint.potion", { coins: rules.potion_coins ?? 3 }),
  };
  return Object.entries(hints).map(([key, hint]) => [key, g(`end.part.${key}`), hint]);
}

export function headline(ctx, result) {
  const winners = result.winners ?? [];
  if (!winners.length) return g("end.nobodyWins");
  if (winners.length === 1)
    return winners[0] === ctx.seat && !ctx.replay
      ? g("end.youWin")
      : g("end.wins", { name: ctx.nameOf(winners[0]) });
  const who = (s) => (s === ctx.seat && !ctx.replay ? g("log.you") : ctx.nameOf(s));
  return g("end.shareWin", { names: capital(list(winners.map(who))) });
}

export function tieBreak(result) {
  if (result.tie_break === "stains") return g("end.tieStains");
  if (result.tie_break === "shared") return g("end.tieShared");
  return null;
}

function breakdown(ctx, ps) {
  const species = ctx.game.players[ps.seat]?.species;
  return h(
    "table.breakdown",
    { "data-testid": `breakdown-${ps.seat}` },
    h("caption.visually-hidden", g("end.scoreOf", { name: ctx.nameOf(ps.seat) })),
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
        h("th", { scope: "row" }, g("end.total")),
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
      h("span.place", won ? icon("crown", g("end.winner")) : String(ps.rank ?? "")),
      h(
        "strong.standing-name",
        ctx.nameOf(ps.seat),
        ps.seat === ctx.seat && !ctx.replay ? ` ${g("table.you")}` : "",
      ),
      won ? h("span.tag.winner", g("end.winner")) : null,
      h("span.standing-total", { "data-testid": `total-${ps.seat}` }, coins(ps.total)),
    ),
    h("p.small.muted", g("end.basketLine", { species: speciesName(species), count: ps.stains })),
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
      h("span.small.muted", ` ${g("end.counts", { counts: countsBySeat(ctx, m.counts) })}`),
      agrees ? null : h("span.small", ` ${g("end.coinsBySeat", { coins: m.coins.join(", ") })}`),
    );
  });
  return h(
    "section.majorities",
    { "data-testid": "majorities", "aria-labelledby": "majorities-title" },
    h("h3#majorities-title", g("end.majoritiesTitle")),
    h("p.small.muted", g("end.majoritiesRule")),
    h("ul.majority-list", items),
  );
}

function countsBySeat(ctx, counts) {
  return counts.map((n, seat) => `${ctx.nameOf(seat)} ${n}`).join(", ");
}

function cards(ctx, ids) {
  return ids.map((id) => cardName(ctx.rules, id)).join(", ");
}

/** The pile left, next card first (the view lists it bottom to top). */
function pileText(ctx, game) {
  if (!Array.isArray(game.pile)) return null;
  if (!game.pile.length) return g("end.pileEmpty");
  return g("end.pile", { cards: cards(ctx, [...game.pile].reverse()) });
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
    h("h2#final-title", { tabindex: "-1", "data-landing": "page" }, phaseName("over")),
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
      h("summary", g("end.revealTitle")),
      h(
        "ul",
        game.players.map((p) =>
          h(
            "li",
            { "data-key": `r${p.seat}` },
            h("strong", ctx.nameOf(p.seat)),
            ": ",
            game.baskets?.[p.seat]?.length
              ? g("end.leftInBasket", { cards: cards(ctx, game.baskets[p.seat]) })
              : g("end.emptyBasket"),
            p.setup_card
              ? `. ${g("end.setupCard", { card: cardName(ctx.rules, p.setup_card) })}`
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
            g("end.undealt", { ids: game.programs_undealt.join(", ") }),
          )
        : null,
      h(
        "p.small.muted",
        Number.isSafeInteger(game.seed)
          ? `${g("end.seed", { seed: String(game.seed) })} ${g("end.logShows")}`
          : g("end.logShows"),
      ),
    ),
    ctx.end,
  );
}
