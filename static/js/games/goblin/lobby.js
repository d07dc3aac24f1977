// Goblin Laundromat's words in the shell's lobby and create form.
import { rulesOf } from "./rules-dialog.js";
import { g } from "./text.js";

export function lobbyNote(entry) {
  const rules = rulesOf(null, entry);
  if (!rules) return "";
  return g("lobby.note", { rounds: rules.rounds, min: rules.min_players, max: rules.max_players });
}

export function lobbyPrimer(entry) {
  const rules = rulesOf(null, entry);
  if (!rules) return null;
  return ["pick", "wash", "potion", "score"].map((step) => [
    `${g(`lobby.primer.${step}.lead`)} `,
    g(`lobby.primer.${step}.text`, { rounds: rules.rounds }),
  ]);
}
