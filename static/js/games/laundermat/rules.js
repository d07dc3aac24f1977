// LaunderMat's rule constants. Every LaunderMat view carries them as game.rules (the engine's
// public_rules()); the client reads them there instead of repeating them.
//
/**
 * The rules for a game view or, without one, the game's catalog entry (GET /api/catalog
 * carries the same block). Null until one of them has arrived: callers show nothing
 * rule-dependent meanwhile, rather than a copy of the numbers that could drift.
 */
export function rulesOf(game, entry = null) {
  return game?.rules ?? entry?.rules ?? null;
}

const billCache = new WeakMap();

/** Card id -> bill value (SETUP-4: ids 0.. are dealt out in the deck's order). */
export function billValues(rules) {
  let values = billCache.get(rules.deck);
  if (!values) {
    values = rules.deck.flatMap(([value, copies]) => Array(copies).fill(value));
    billCache.set(rules.deck, values);
  }
  return values;
}

/** The smallest bill: the least that adds to an existing protection (any amount does). */
export function smallestBill(rules) {
  return Math.min(...rules.deck.map(([value]) => value));
}

/** The exact-payment bonus for a player holding `weapon` (Budget App doubles it). */
export function exactBonus(rules, weapon) {
  return weapon === "budget_app" ? rules.budget_exact_bonus : rules.exact_bonus;
}
