// The rules, at hand in a dialog: short, plain, in the order you meet them in a game. The
// numbers come from the rules block (the catalog's or the view's, docs/goblin.md).
import { h } from "../../dom.js";
import { clothName, SPECIES, STAIN_NAMES } from "./text.js";

function section(title, ...body) {
  return h("section", h("h3", title), ...body);
}

/** The rules of a game view, else of its catalog entry (null until one has arrived). */
export function rulesOf(game, entry = null) {
  return game?.rules ?? entry?.rules ?? null;
}

/** The Programs by type: Cycle and Coins (GCARD-3), from the rules' table. */
function programTypes(rules) {
  const byType = new Map();
  for (const p of Object.values(rules.programs ?? {}))
    if (!byType.has(p.type)) byType.set(p.type, p);
  return [...byType.entries()]
    .map(([type, p]) => `${type}: Cycle ${p.cycle}, ${p.coins} Coins`)
    .join(" · ");
}

export function rulesDialog(entry, game) {
  const rules = rulesOf(game, entry);
  if (!rules) return [h("p", "Loading the rules…")];
  const majorities = Object.entries(rules.majorities ?? {})
    .map(([type, [a, b]]) => `${clothName(type, true)} ${a}/${b}`)
    .join(", ");
  return [
    h(
      "p.lead",
      `You run a laundromat for goblins. Over ${rules.rounds} rounds, fill your Basket with ` +
        "their clothes, then wash them: draw card after card and stop before the stains go " +
        "over the Program's limits.",
    ),
    section(
      "What you have",
      h(
        "ul.plain",
        h(
          "li",
          h("strong", "A Goblin Basket card: "),
          `one species (${Object.values(SPECIES).join(", ")}). Every card of that species in ` +
            `your Score Zone earns ${rules.species_coins} Coins.`,
        ),
        h(
          "li",
          h("strong", "A Stain Potion: "),
          "use it once to make one card count no stains, or keep it for " +
            `${rules.potion_coins} Coins.`,
        ),
        h(
          "li",
          h("strong", "Four Programs, "),
          `types ${rules.program_types.join(", ")}, one per round. Each has a Cycle (cards ` +
            "to draw), Coins, a Temperature, a direction and a limit for each stain " +
            `(${Object.values(STAIN_NAMES).join(", ")}; "—" means that stain is ignored). ` +
            `${programTypes(rules)}.`,
        ),
      ),
    ),
    section(
      "1. Fill the Baskets",
      h(
        "p",
        "Everyone draws a hand (as many cards as the round's Cycle). The hottest Program " +
          "leads and sets the direction. All at once, pick one card of your hand and put it " +
          "face down into your own Basket; then hands pass on and you pick again. The last " +
          "card of each hand goes face down into the next player's Basket, unseen.",
      ),
      h(
        "p",
        "With 2 players there is a market instead: cards lie face up, and you take turns " +
          "taking one (the cooler Program picks first).",
      ),
    ),
    section(
      "2. Do the Laundry",
      h(
        "p",
        "Starting with the lead, each player washes with their Program for this round. The " +
          "top card of your Basket is turned up; then you decide: ",
        h("strong", "draw"),
        " another card, ",
        h("strong", "draw with the Potion"),
        " (that card counts no stains), or ",
        h("strong", "stop"),
        ".",
      ),
      h(
        "ul.plain",
        h(
          "li",
          h("strong", "Too many stains: "),
          "if any stain type goes over the Program's limit, the laundry fails. Keep one of " +
            "its cards; the rest and the Program are out of the game.",
        ),
        h(
          "li",
          h("strong", "Complete: "),
          "draw as many cards as the Cycle without failing, and the cards and the Program go " +
            "to your Score Zone.",
        ),
        h(
          "li",
          h("strong", "Stop: "),
          "the cards go to your Score Zone; the Program is out of the game.",
        ),
      ),
      h(
        "p.small.muted",
        "The screen shows the chance that your next draw fails, from the cards you know are " +
          "in your Basket and the ones you haven't seen.",
      ),
    ),
    section(
      "Scoring",
      h(
        "ul.plain",
        h("li", `Your species: ${rules.species_coins} Coins per card of it.`),
        h("li", "Completed Programs: their Coins."),
        h("li", `Socks: ${rules.sock_pair_coins} Coins per pair of the same species.`),
        h(
          "li",
          `Majorities (${majorities}): the most cards of a type earns the first number, a ` +
            "single runner-up the second; a tie for the most earns each the second number.",
        ),
        h(
          "li",
          "Scarves, Shirts, Hats and Robes: their printed Coins. An unused Potion: " +
            `${rules.potion_coins}.`,
        ),
      ),
      h("p", "Most Coins wins; a tie goes to the most stain symbols in the Score Zone."),
    ),
  ];
}
