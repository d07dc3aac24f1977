// The coach's hint (Learn to play, src/laundermat/games/goblin/coach.py) in the player's
// language: the server sends its English `text` and the same advice as a catalog `key` with
// its facts in `vars` (ids and numbers), which are worded here from the game's rules. Pure.
import { has } from "../../i18n.js";
import { cardName, clothName, g, percentText, programOf, STAIN_KEYS, stainName } from "./text.js";

/** The hint's sentence in the current language; the server's English when its key is unknown
 *  to this client (a newer server). `game`: the view's game (for the rules). */
export function hintText(hint, game) {
  const say = SAY[hint?.key];
  if (!say || !has(`goblin.${hint.key}`)) return hint?.text ?? "";
  return say(hint.vars ?? {}, game?.rules ?? {});
}

const c = (key, vars) => g(`coach.${key}`, vars);

const SAY = {
  "coach.picked": (v, rules) => c("picked", { card: cardName(rules, v.card) }),
  "coach.keep": (v, rules) => c("keep", { card: cardName(rules, v.card) }),
  "coach.pick": pickText,
  "coach.draw": (v) => `${laundryState(v)} ${c("draw")}`,
  "coach.potion": (v) => `${laundryState(v)} ${c("potion")}`,
  "coach.stop": (v) => `${laundryState(v)} ${c("stop")}`,
};

function pickText(v, rules) {
  const card = cardName(rules, v.card);
  const why = [v.own_species ? c("why.species") : "", scores(rules, v.card)].filter(Boolean);
  const pick = why.length ? c("pickWhy", { card, why: why.join("; ") }) : c("pick", { card });
  const margin = v.stain ? v.total - v.limit : null;
  const carry = margin === null || margin < 0 ? "carry" : margin > 0 ? "carryOver" : "carryAt";
  return `${pick} ${c(carry, {
    tightest: v.stain ? stainOf(v.stain, v.total, v.limit) : c("noStain"),
    program: v.program,
    limits: limitsOf(programOf(rules, v.program)),
  })}`;
}

/** How a card scores, in the rules' words (GSCORE-3..5). */
function scores(rules, id) {
  const card = rules.clothing?.[id];
  if (!card) return "";
  if (card.type === "socks") return c("why.socks", { coins: rules.sock_pair_coins });
  const prizes = rules.majorities?.[card.type];
  if (prizes) {
    const [first, second] = prizes;
    return c("why.majority", { noun: clothName(card.type, true), first, second });
  }
  return card.coins ? c("why.printed", { count: card.coins }) : "";
}

function stainOf(stain, total, limit) {
  return c("stainOf", { stain: stainName(stain), total, limit });
}

function limitsOf(program) {
  const limits = STAIN_KEYS.filter((s) => program?.limits?.[s] != null).map((s) =>
    c("limit", { stain: stainName(s), limit: program.limits[s] }),
  );
  return limits.length ? limits.join(", ") : c("noLimits");
}

/** "Dirt 1 of 3 on Program P8. The next draw fails about 20% of the time (…)." */
function laundryState(v) {
  const stains = STAIN_KEYS.filter((s) => v[`${s}_limit`] != null)
    .map((s) => stainOf(s, v[s], v[`${s}_limit`]))
    .join(", ");
  const odds =
    v.fail === null || v.fail === undefined
      ? c("unlikely")
      : c("odds", { percent: percentText(v.fail / 100) });
  return `${c("onProgram", { stains, program: v.program })} ${odds}`;
}
