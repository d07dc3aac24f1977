// Goblin Laundromat's words in the shell's lobby and create form.
import { rulesOf } from "./rules-dialog.js";

export function lobbyNote(entry) {
  const rules = rulesOf(null, entry);
  if (!rules) return "";
  return (
    `${rules.rounds} rounds, ${rules.min_players} to ${rules.max_players} players (2 players ` +
    "use the market). Every decision lasts at most the Decision timer."
  );
}

export function lobbyPrimer(entry) {
  const rules = rulesOf(null, entry);
  if (!rules) return null;
  return [
    ["Pick and pass. ", "Pick a card from your hand into your Basket, pass the rest on, repeat."],
    [
      "Wash. ",
      "Draw your Basket's cards one by one. Stop before any stain goes over your Program's " +
        "limit, or the laundry fails.",
    ],
    ["Potion. ", "Once per game, a card that counts no stains."],
    [
      "Score. ",
      `After ${rules.rounds} rounds: your species, Programs, Socks pairs, majorities and ` +
        "printed Coins.",
    ],
  ];
}
