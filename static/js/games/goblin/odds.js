// The laundry's arithmetic (pure, no DOM): stain counts against a Program's limits (GWASH-3)
// and the odds that the next draw fails. The client never decides an outcome: the server
// says when a laundry failed; these numbers only help the player decide (GWASH-6).
//
// A card's stains are a string of letters, one per symbol (D = Dirt, M = Magic, S = Slime),
// as in the rules' table ("DMM"), or an object {dirt, magic, slime}.

import { percentText } from "./text.js";

export const STAINS = ["dirt", "magic", "slime"];
const LETTERS = { D: "dirt", M: "magic", S: "slime" };

/** {dirt, magic, slime} counts of one card's symbols. */
export function stainCount(stains) {
  const out = { dirt: 0, magic: 0, slime: 0 };
  if (!stains) return out;
  if (typeof stains === "string") {
    for (const letter of stains) if (LETTERS[letter]) out[LETTERS[letter]] += 1;
    return out;
  }
  for (const type of STAINS) out[type] = Number(stains[type] ?? 0);
  return out;
}

/** The counts of a laundry: every face-up card's symbols except the covered one (GWASH-3,
 *  GPOTION-1). */
export function laundryCounts(cards, stainsOf = (c) => c.stains, covered = null) {
  const counts = { dirt: 0, magic: 0, slime: 0 };
  for (const card of cards) {
    if (covered !== null && card.id === covered) continue;
    const s = stainCount(stainsOf(card));
    for (const type of STAINS) counts[type] += s[type];
  }
  return counts;
}

/** Would `stains` on top of `counts` take a limited type over its limit? limits: type -> n
 *  or null (ignored). */
export function wouldFail(limits, counts, stains) {
  const add = stainCount(stains);
  return STAINS.some(
    (type) =>
      limits[type] !== null &&
      limits[type] !== undefined &&
      counts[type] + add[type] > limits[type],
  );
}

/** How many more symbols of each limited type fit before the laundry fails (null: ignored). */
export function headroom(limits, counts) {
  return Object.fromEntries(
    STAINS.map((type) => [
      type,
      limits[type] === null || limits[type] === undefined ? null : limits[type] - counts[type],
    ]),
  );
}

/**
 * The chance that the next card drawn fails the laundry, from what this player knows.
 * known: the cards the player knows are in their Basket (their own picks still there);
 * unknown: how many other cards the Basket holds; pool: the cards this player has not seen
 * anywhere (an unknown card is taken as one of these, each as likely). The Basket is shuffled,
 * so each of its cards is equally likely to come next.
 * Returns {fail, certain, known, unknown} with fail in [0, 1] (null when the Basket is empty),
 * certain: true when every card of the Basket is known.
 */
export function nextDrawOdds({
  limits,
  counts,
  known = [],
  unknown = 0,
  pool = [],
  stainsOf = (c) => c.stains,
}) {
  const total = known.length + unknown;
  if (total === 0) return { fail: null, certain: true, known: 0, unknown: 0 };
  const failsKnown = known.filter((c) => wouldFail(limits, counts, stainsOf(c))).length;
  let failsUnknown = 0;
  if (unknown > 0) {
    const rate = pool.length
      ? pool.filter((c) => wouldFail(limits, counts, stainsOf(c))).length / pool.length
      : 0;
    failsUnknown = unknown * rate;
  }
  return {
    fail: (failsKnown + failsUnknown) / total,
    certain: unknown === 0,
    known: known.length,
    unknown,
  };
}

/** "0%", "<1%", "33%", ">99%", "100%": a chance as a player reads it (in its language's
 *  format: "33 %" in Spanish). */
export function percent(p) {
  if (p === null || p === undefined) return "—";
  if (p <= 0) return percentText(0);
  if (p >= 1) return percentText(1);
  if (p < 0.005) return `<${percentText(0.01)}`;
  if (p > 0.995) return `>${percentText(0.99)}`;
  return percentText(Math.round(p * 100) / 100);
}

/**
 * The next draw's odds for the laundry under way in a view (docs/goblin.md's `game`), from
 * what this viewer knows: the washer's own known Basket cards (me.basket_known, or in a
 * 2-player game everyone's market_picks), the rest unknown; unknown cards are drawn from the
 * cards this viewer has seen nowhere. Null when no laundry is under way.
 */
export function laundryOdds(game) {
  const laundry = game?.laundry;
  const clothing = game?.rules?.clothing;
  if (!laundry || !clothing || laundry.failed) return null;
  const washer = game.players[laundry.seat];
  const mine = game.me && game.me.seat === laundry.seat;
  const knownIds = mine ? (game.me.basket_known ?? []) : (washer.market_picks ?? []);
  const seen = seenCards(game);
  const pool = Object.keys(clothing)
    .filter((id) => !seen.has(id))
    .map((id) => clothing[id]);
  const counts = Object.fromEntries(STAINS.map((t) => [t, laundry.counts?.[t] ?? 0]));
  return nextDrawOdds({
    limits: laundry.limits,
    counts,
    known: knownIds.map((id) => clothing[id]).filter(Boolean),
    unknown: Math.max(0, washer.basket_size - knownIds.length),
    pool,
    stainsOf: (c) => c.stains,
  });
}

/** Every Clothing id this viewer can see or knows the place of (none of them is an unknown
 *  Basket card). */
export function seenCards(game) {
  const seen = new Set();
  const add = (ids) => {
    for (const id of ids ?? []) seen.add(id);
  };
  for (const p of game.players ?? []) {
    add(p.score_zone?.cards);
    add(p.market_picks);
  }
  add(game.removed?.cards);
  add(game.laundry?.drawn);
  add(game.market?.face_up);
  if (game.me) {
    add(game.me.hand);
    add(game.me.basket_known);
    add(game.me.gave); // in a neighbour's Basket: it may still come up there, but never in ours
  }
  return seen;
}
