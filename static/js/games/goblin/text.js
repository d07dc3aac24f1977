// Goblin Laundromat's words: names of species, stains, clothes and phases, a card as a line,
// page titles, its rule errors (pure, no DOM). What a card *is* comes from game.rules
// (docs/goblin.md: views carry ids only).
import { list, plural } from "../../text.js";

export const TITLE = "Goblin Laundromat";
export const TAGLINE =
  "Wash the goblins' clothes: pick and pass, then draw card after card and stop before the " +
  "stains run over the Program's limits.";

// Under the create form's and the lobby's fields, by setting key.
export const SETTING_HINTS = {
  decision_timer: "How long each pick, draw-or-stop and keep decision may take.",
};

export const SPECIES = {
  elves: "Elves",
  mermaids: "Mermaids",
  dwarves: "Dwarves",
  orcs: "Orcs",
  vampires: "Vampires",
};
export const STAIN_NAMES = { dirt: "Dirt", magic: "Magic", slime: "Slime" };
const STAIN_LETTERS = { dirt: "D", magic: "M", slime: "S" };
const CLOTHES = {
  socks: ["Socks", "Socks"],
  underwear: ["Underwear", "Underwear"],
  pants: ["Pants", "Pants"],
  cape: ["Cape", "Capes"],
  scarf: ["Scarf", "Scarves"],
  shirt: ["Shirt", "Shirts"],
  hat: ["Hat", "Hats"],
  robe: ["Robe", "Robes"],
};

export const PHASES = {
  fill: "Fill the Baskets",
  market: "The market",
  laundry: "Do the Laundry",
  over: "Final scoring",
};

export function speciesName(key) {
  return SPECIES[key] ?? key;
}

export function clothName(type, many = false) {
  const names = CLOTHES[type];
  return names ? names[many ? 1 : 0] : type;
}

export function coins(n) {
  return plural(n, "Coin");
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
  return Object.entries(STAIN_LETTERS)
    .map(([type, letter]) => letter.repeat(stains?.[type] ?? 0))
    .join("");
}

/** "1 Magic, 2 Slime" or "no stains". */
export function stainWords(stains) {
  const parts = Object.keys(STAIN_NAMES)
    .filter((t) => stains?.[t])
    .map((t) => `${stains[t]} ${STAIN_NAMES[t]}`);
  return parts.length ? parts.join(", ") : "no stains";
}

/** What a card scores, in a few words. */
export function cardValue(rules, card) {
  if (!card) return "";
  if (card.coins !== null && card.coins !== undefined) return coins(card.coins);
  if (card.type === "socks") return `pair = ${rules.sock_pair_coins}`;
  const prizes = rules.majorities?.[card.type];
  return prizes ? `majority ${prizes.join("/")}` : "";
}

/** "Elves Cape (1 Magic, 1 Slime; majority 12/6)": a card for a screen reader or the log. */
export function cardText(rules, id) {
  const card = cardOf(rules, id);
  if (!card) return "a card";
  return (
    `${speciesName(card.species)} ${clothName(card.type)} (${stainWords(card.stains)}; ` +
    `${cardValue(rules, card)})`
  );
}

/** "Elves Cape": a card's short name. */
export function cardName(rules, id) {
  const card = cardOf(rules, id);
  return card ? `${speciesName(card.species)} ${clothName(card.type)}` : "a card";
}

/** "P8 · type II · Cycle 4 · 3 Coins · 55°". */
export function programText(rules, id) {
  const p = programOf(rules, id);
  if (!p) return "a face-down Program";
  return `Program ${id} (type ${p.type}, Cycle ${p.cycle}, ${coins(p.coins)})`;
}

/** "Dirt ≤ 3, Magic ≤ 2, Slime ignored". */
export function limitWords(limits) {
  return Object.keys(STAIN_NAMES)
    .map((t) =>
      limits?.[t] === null || limits?.[t] === undefined
        ? `${STAIN_NAMES[t]} ignored`
        : `${STAIN_NAMES[t]} at most ${limits[t]}`,
    )
    .join(", ");
}

/** Clockwise passes to the left neighbour (seat + 1, GSETUP-2). */
export function neighbour(seat, direction, n) {
  return direction === "cw" ? (seat + 1) % n : (seat - 1 + n) % n;
}

export function directionWords(direction) {
  return direction === "cw" ? "clockwise (to the left)" : "counterclockwise (to the right)";
}

/** The tab's title in a game: "Round 2: Do the Laundry". */
export function pageTitle(game) {
  const phase = PHASES[game.phase] ?? game.phase;
  return game.phase === "over" ? phase : `Round ${game.round}: ${phase}`;
}

export function names(seats, nameOf) {
  return list(seats.map(nameOf));
}

/** The engine's rule errors (docs/goblin.md); the shell has the platform's. */
export function errors(rules) {
  return {
    card_not_in_hand: "That card is no longer in your hand.",
    card_not_in_market: "Someone took that card just before you.",
    card_not_drawn: "You can only keep a card from this laundry.",
    potion_used: "Your Stain Potion is already used.",
    not_enough_players: rules
      ? `A game needs at least ${rules.min_players} players.`
      : "The game needs more players.",
    room_full: rules
      ? `That room already has ${rules.max_players} players. You can still watch.`
      : "That room is full. You can still watch.",
  };
}

// What the open window asks of this seat, by its kind, for the tab's title and the turn alert.
const TURN_LABELS = {
  pick: "Your pick",
  market: "Your market pick",
  laundry: "Your laundry",
  keep: "Keep a card",
};

/** The client's turnLabel (games/index.js): null once this seat has picked in a pick window
 *  (it may still change, but the step waits on the others). */
export function turnLabel(view) {
  const game = view.game;
  const me = game?.me;
  if (!me?.options?.can_act) return null;
  if (game.window?.kind === "pick" && me.picked) return null;
  return TURN_LABELS[game.window?.kind] ?? "Your turn";
}
