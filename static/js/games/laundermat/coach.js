// The coach's hint (Learn to play, src/laundermat/games/laundermat/coach.py) in the player's
// language: the server sends its English `text` and the same advice as a catalog `key` with
// its facts in `vars` (money in dollars, an addition's or a weapon's id), worded here. Pure.
import { has } from "../../i18n.js";
import { additionName, money, weaponName } from "./text.js";
import { g } from "./words.js";

// How each fact is worded: the rest (the Vault's size) are numbers as they are.
const WORDING = {
  value: money,
  cost: money,
  paid: money,
  wallet: money,
  points: money,
  addition: additionName,
  weapon: weaponName,
};

/** The hint's sentence in the current language; the server's English when its key is unknown
 *  to this client (a newer server). `game`: the view's game (unused: the facts suffice). */
export function hintText(hint, _game = null) {
  if (!hint?.key || !has(`laundermat.${hint.key}`)) return hint?.text ?? "";
  const vars = {};
  for (const [name, value] of Object.entries(hint.vars ?? {})) {
    vars[name] = WORDING[name] ? WORDING[name](value) : value;
  }
  if (typeof hint.vars?.vault === "number") {
    vars.bills = g("units.bills", { count: hint.vars.vault });
  }
  return g(hint.key, vars);
}
