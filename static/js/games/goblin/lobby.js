// Goblin Laundromat's words in the shell's lobby and create form.
import { h } from "../../dom.js";
import { icon } from "../../ui/icons.js";
import { rulesOf } from "./rules-dialog.js";

export const SETTING_HINTS = {
  decision_timer: "How long each pick, draw-or-stop and keep decision may take.",
};

export function lobbyNote(entry) {
  const rules = rulesOf(null, entry);
  if (!rules) return "";
  return `${rules.rounds} rounds, ${rules.min_players} to ${rules.max_players} players (2 players use the market). Every decision lasts at most the Decision timer.`;
}

export function lobbyPrimer(entry) {
  const rules = rulesOf(null, entry);
  if (!rules) return null;
  return h("section.card.primer", { "aria-labelledby": "primer-title", "data-key": "primer" },
    h("h2#primer-title", "While you wait: the game in 30 seconds"),
    h("ol",
      h("li", h("strong", "Pick and pass. "), "Pick a card from your hand into your Basket, pass the rest on, repeat."),
      h("li", h("strong", "Wash. "), "Draw your Basket's cards one by one. Stop before any stain goes over your Program's limit, or the laundry fails."),
      h("li", h("strong", "Potion. "), "Once per game, a card that counts no stains."),
      h("li", h("strong", "Score. "), `After ${rules.rounds} rounds: your species, Programs, Socks pairs, majorities and printed Coins.`)),
    h("button.ghost.small", { type: "button", "data-action": "open-rules" }, icon("book"), "Full rules"));
}
