// LaunderMat's words in the shell's lobby and create form.
import { rulesOf } from "./rules.js";

export function lobbyNote(entry) {
  const rules = rulesOf(null, entry);
  if (!rules) return "";
  return (
    `${rules.rounds} rounds. Each draft and each purchase window lasts at most the round ` +
    "timer; each of the 3 bribery stages lasts the bribery timer."
  );
}

export function lobbyPrimer(entry) {
  const rules = rulesOf(null, entry);
  if (!rules) return null; // the catalog has not arrived yet
  return [
    [
      "Pick a bill. ",
      "Everyone secretly picks one bill from the table at the same time. Alone on a bill? " +
        "It's yours.",
    ],
    [
      "Collide and raid. ",
      "Same bill as someone else? Nobody gets it: you raid the Vault instead, and a bad die " +
        "roll sounds the Alarm.",
    ],
    [
      "Buy. ",
      "Got a bill? Buy an addition for points (pay the exact price for a bonus) or a " +
        "Secret Weapon.",
    ],
    [
      "Bribe, then the investigation. ",
      `After ${rules.rounds} rounds, one addition type is investigated. Flagged copies of it ` +
        "score nothing, and their owners are caught unless protected.",
    ],
  ];
}
