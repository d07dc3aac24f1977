// The rules, at hand in a dialog: short, plain, in the order you meet them in a game.
// The shell's ui/dialog.js shows it; the numbers come from the rules (rules.js).
import { h } from "../../dom.js";
import { rulesOf } from "./rules.js";
import { ADDITION_ORDER, additionName, money, weapons } from "./text.js";

function section(title, ...body) {
  return h("section", h("h3", title), ...body);
}

/** The dialog's content for a catalog entry and, in a game, its view (whose rules win). */
export function rulesDialog(entry, game) {
  const rules = rulesOf(game, entry);
  if (!rules) return [h("p", "Loading the rules…")];
  const k = (value) => (value / 1000).toLocaleString("en-US"); // 20000 -> "20" (as in "20k pts")
  const additions = ADDITION_ORDER.map(
    (kind) =>
      `${additionName(kind)} ${money(rules.addition_cost[kind])} → ` +
      `${k(rules.addition_points[kind])}k${kind === ADDITION_ORDER[0] ? " pts" : ""}`,
  );
  const [first, ...later] = rules.weapon_prices;
  const paid = later
    .filter((p) => p > 0)
    .map(money)
    .join(", ");
  const free = later.includes(0) ? ", then free" : "";
  const prices = `The first costs ${money(first)}, then ${paid}${free}.`;
  return [
    h(
      "p.lead",
      `You run a laundromat with some very dirty money. Over ${rules.rounds} rounds, grab ` +
        "bills, buy additions for points, and make sure the final investigation doesn't catch you.",
    ),
    section(
      "Each round",
      h(
        "ol",
        h(
          "li",
          h("strong", "Draft. "),
          "A few bills lie face up. Everyone secretly picks one at the same time (you can " +
            "change your mind until everyone has picked or the timer ends).",
        ),
        h(
          "li",
          h("strong", "Collect or collide. "),
          "If you're the only one on a bill, you keep it. If two or more players pick the " +
            "same bill, nobody gets it: it goes to the Vault and each of them raids the Vault " +
            "instead.",
        ),
        h(
          "li",
          h("strong", "Vault raid. "),
          "You get a random bill from the Vault and roll a die. Low rolls on big bills sound " +
            "the Alarm ($10k–20k: roll 1; $30k–40k: 1–2; $50k: 1–3; $60k: 1–4; $70k or more: " +
            "always). No Alarm: the bill is quietly yours.",
        ),
        h(
          "li",
          h("strong", "Alarm. "),
          "An Alarm bill can only be spent right away on an addition, which is then flagged " +
            "(risky at the end); otherwise it's discarded.",
        ),
        h(
          "li",
          h("strong", "Purchases. "),
          "Only players who collected a bill in this round's draft may buy: one addition, or " +
            "one Secret Weapon, or nothing.",
        ),
      ),
    ),
    section(
      "Paying",
      h(
        "p",
        "Pay with bills from your wallet. No change is given: overpaying loses the extra. " +
          `Paying an addition's cost exactly earns that copy a ${money(rules.exact_bonus)} bonus.`,
      ),
    ),
    section(
      "Additions",
      h("p", `${additions.join(" · ")}. 5 of each.`),
      h(
        "p",
        "A copy is ",
        h("strong", "clean"),
        " or ",
        h("strong", "flagged"),
        " (bought with an Alarm bill, or its type hit by Anonymous Email). Everyone can see which.",
      ),
    ),
    section(
      "Secret Weapons",
      h("p", `A few are for sale each game, one per player. ${prices}`),
      h(
        "dl.weapons",
        Object.values(weapons(rules)).flatMap((w) => [
          h("dt", w.name, h("span.muted", ` · ${w.when}`)),
          h("dd", w.does),
        ]),
      ),
    ),
    section(
      `Bribery (after round ${rules.rounds})`,
      h("p", "Three short public stages, each ending when everyone presses Done or time runs out:"),
      h(
        "ol",
        h(
          "li",
          h("strong", "Protect: "),
          `pay ${money(rules.protection_minimum)} or more to protect one of your additions.`,
        ),
        h(
          "li",
          h("strong", "Counter: "),
          "pay at least a protection's amount to cancel another player's protection.",
        ),
        h(
          "li",
          h("strong", "Entries: "),
          `every ${money(rules.entry_price)} buys one investigation entry on any type you like.`,
        ),
      ),
    ),
    section(
      "The investigation and the score",
      h(
        "p",
        "One addition type is drawn, weighted by its entries (every type starts with 1; each " +
          "purchase adds 1, an Alarm purchase adds 2). Flagged copies of that type score 0. If " +
          "you own one that isn't protected, you are caught and can't win.",
      ),
      h(
        "p",
        "Everyone else scores their additions' points plus bonuses. Bills left in your " +
          "wallet are worth nothing. Highest score wins.",
      ),
    ),
  ];
}
