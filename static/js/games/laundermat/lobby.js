// LaunderMat's words in the shell's lobby and create form.
import { rulesOf } from "./rules.js";
import { g } from "./words.js";

export function lobbyNote(entry) {
  const rules = rulesOf(null, entry);
  if (!rules) return "";
  return g("lobby.note", { count: rules.rounds });
}

export function lobbyPrimer(entry) {
  const rules = rulesOf(null, entry);
  if (!rules) return null; // the catalog has not arrived yet
  return ["pick", "collide", "buy", "bribe"].map((step) => [
    `${g(`lobby.primer.${step}.lead`)} `,
    g(`lobby.primer.${step}.text`, { count: rules.rounds }),
  ]);
}
