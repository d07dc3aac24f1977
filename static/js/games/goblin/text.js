// Goblin Laundromat's words: names of species, stains, clothes and phases, a card as a line,
// page titles, its rule errors (pure, no DOM). Every word comes from the game's catalogs
// (locales/, mounted under "goblin"), looked up when a screen renders, so a language switch
// re-renders in the new language. What a card *is* comes from game.rules (docs/goblin.md:
// views carry ids only).
import { formatNumber, scoped } from "../../i18n.js";

export const g = scoped("goblin");

export const SPECIES_KEYS = ["elves", "mermaids", "dwarves", "orcs", "vampires"];
export const STAIN_KEYS = ["dirt", "magic", "slime"];

export function speciesName(key) {
  return SPECIES_KEYS.includes(key) ? g(`species.${key}`) : key;
}

export function stainName(key) {
  return STAIN_KEYS.includes(key) ? g(`stain.${key}`) : key;
}

/** The one letter a stain symbol shows on a card ("D"): the first of its name. */
export function stainLetter(key) {
  return g(`stainLetter.${key}`);
}

const CLOTHES = ["socks", "underwear", "pants", "cape", "scarf", "shirt", "hat", "robe"];

export function clothName(type, many = false) {
  return CLOTHES.includes(type) ? g(`clothes.${type}`, { count: many ? 2 : 1 }) : type;
}

export function phaseName(phase) {
  return ["fill", "market", "laundry", "over"].includes(phase) ? g(`phase.${phase}`) : phase;
}

export function coins(n) {
  return g("coins", { count: n });
}

/** "Goblin Laundromat": the card's title and tagline, and the settings' hints, are getters,
 * so the shell reading `card.title` gets a string in the language of the moment. */
export function gameTitle() {
  return g("title");
}

export function gameTagline() {
  return g("tagline");
}

// Under the create form's and the lobby's fields, by setting key.
export function settingHints() {
  return { decision_timer: g("settings.decision_timer.hint") };
}

/** A percentage as a player reads it ("33%", "33 %" in Spanish), whole numbers. */
export function percentText(p) {
  return formatNumber(p, "percent");
}

/** The rules' entry for a Clothing card id ("C12"). */
export function cardOf(rules, id) {
  return rules?.clothing?.[id] ?? null;
}

export function programOf(rules, id) {
  return rules?.programs?.[id] ?? null;
}

/** "DMM": a card's stains as letters (one per symbol). */
export function stainLetters(stains) {
  return STAIN_KEYS.map((type) => stainLetter(type).repeat(stains?.[type] ?? 0)).join("");
}

/** "1 Magic, 2 Slime" or "no stains". */
export function stainWords(stains) {
  const parts = STAIN_KEYS.filter((t) => stains?.[t]).map((t) =>
    g("text.stainCount", { count: stains[t], stain: stainName(t) }),
  );
  return parts.length ? parts.join(", ") : g("text.noStains");
}

/** What a card scores, in a few words. */
export function cardValue(rules, card) {
  if (!card) return "";
  if (card.coins !== null && card.coins !== undefined) return coins(card.coins);
  if (card.type === "socks") return g("text.sockPair", { coins: rules.sock_pair_coins });
  const prizes = rules.majorities?.[card.type];
  return prizes ? g("text.majorityValue", { prizes: prizes.join("/") }) : "";
}

/** "Elves Cape (1 Magic, 1 Slime; majority 12/6)": a card for a screen reader or the log. */
export function cardText(rules, id) {
  const card = cardOf(rules, id);
  if (!card) return g("text.aCard");
  return g("text.cardText", {
    name: cardName(rules, id),
    stains: stainWords(card.stains),
    value: cardValue(rules, card),
  });
}

/** "Elves Cape": a card's short name. */
export function cardName(rules, id) {
  const card = cardOf(rules, id);
  if (!card) return g("text.aCard");
  return g("text.cardName", { species: speciesName(card.species), cloth: clothName(card.type) });
}

/** "Program P8 (type II, Cycle 4, 3 Coins)". */
export function programText(rules, id) {
  const p = programOf(rules, id);
  if (!p) return g("text.faceDownProgram");
  return g("text.programText", { id, type: p.type, cycle: p.cycle, coins: coins(p.coins) });
}

/** "Dirt at most 3, Magic at most 2, Slime ignored". */
export function limitWords(limits) {
  return STAIN_KEYS.map((t) =>
    limits?.[t] === null || limits?.[t] === undefined
      ? g("text.limitIgnored", { stain: stainName(t) })
      : g("text.limitAtMost", { stain: stainName(t), limit: limits[t] }),
  ).join(", ");
}

/** Clockwise passes to the left neighbour (seat + 1, GSETUP-2). */
export function neighbour(seat, direction, n) {
  return direction === "cw" ? (seat + 1) % n : (seat - 1 + n) % n;
}

export function directionWords(direction) {
  return g(direction === "cw" ? "text.clockwise" : "text.counterclockwise");
}

/** The tab's title in a game: "Round 2: Do the Laundry". */
export function pageTitle(game) {
  const phase = phaseName(game.phase);
  return game.phase === "over" ? phase : g("text.pageTitle", { round: game.round, phase });
}

/** The engine's rule errors (docs/goblin.md); the shell has the platform's. */
export function errors(rules) {
  const e = (key, vars) => g(`errors.${key}`, vars);
  return {
    card_not_in_hand: e("card_not_in_hand"),
    card_not_in_market: e("card_not_in_market"),
    card_not_drawn: e("card_not_drawn"),
    potion_used: e("potion_used"),
    not_enough_players: rules
      ? e("not_enough_players", { count: rules.min_players })
      : e("not_enough_players_unknown"),
    room_full: rules ? e("room_full", { count: rules.max_players }) : e("room_full_unknown"),
  };
}

// What the open window asks of this seat, by its kind, for the tab's title and the turn alert.
const TURN_KINDS = ["pick", "market", "laundry", "keep"];

/** The client's turnLabel (games/index.js): null once this seat has picked in a pick window
 *  (it may still change, but the step waits on the others). */
export function turnLabel(view) {
  const game = view.game;
  const me = game?.me;
  if (!me?.options?.can_act) return null;
  if (game.window?.kind === "pick" && me.picked) return null;
  const kind = game.window?.kind;
  return g(TURN_KINDS.includes(kind) ? `turn.${kind}` : "turn.other");
}
