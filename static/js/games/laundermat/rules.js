// LaunderMat's rule constants. Every LaunderMat view carries them as game.rules (the engine's
// public_rules()); the client reads them there instead of repeating them.
//
// FALLBACK_RULES copies the engine's constants (src/laundermat/engine/cards.py) for two cases:
//   1. TEMPORARY: until the engine's game.rules is on main (branch seams-engine). Once it is,
//      views always carry rules; drop the `game?.rules ??` fallback path's need for this.
//   2. Where no game view is at hand (the rules dialog on the home page, the lobby's note):
//      here too it can go once the catalog entry carries the game's rules (rulesOf reads
//      `entry.rules` first). Then delete FALLBACK_RULES.
export const FALLBACK_RULES = Object.freeze({
  deck: [[10000, 8], [20000, 10], [30000, 10], [40000, 8], [50000, 8], [60000, 6], [70000, 4], [80000, 4], [100000, 2]],
  rounds: 8,
  protection_minimum: 50000,
  entry_price: 20000,
  exact_bonus: 5000,
  budget_exact_bonus: 10000,
  addition_cost: { clearance_rack: 20000, vending_machines: 30000, charging_stations: 50000, pawn_shop: 80000, slot_machine: 150000 },
  addition_points: { clearance_rack: 20000, vending_machines: 40000, charging_stations: 80000, pawn_shop: 130000, slot_machine: 250000 },
  weapon_prices: [100000, 80000, 60000, 40000, 20000, 0],
  review_bonus: [0, 10000, 30000, 60000, 100000, 150000],
  min_players: 3,
  max_players: 6,
  round_timers: [15, 30, 45, 60, 180, 300, 600],
  bribe_timers: [15, 30, 45],
});

/** The rules for a game view (or, without one, a catalog entry). */
export function rulesOf(game, entry = null) {
  return game?.rules ?? entry?.rules ?? FALLBACK_RULES;
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
