// The rules, at hand in a dialog: short, plain, in the order you meet them in a game.
// The shell's ui/dialog.js shows it; the numbers come from the rules (rules.js), the words
// from the catalog (rules.*).
import { h } from "../../dom.js";
import { rulesOf } from "./rules.js";
import { ADDITION_ORDER, additionName, money, weapons } from "./text.js";
import { g, rich, thousands } from "./words.js";

function section(title, ...body) {
  return h("section", h("h3", title), ...body);
}

const STEPS = ["draft", "collect", "raid", "alarm", "purchases"];
const STAGES = ["protect", "counter", "entries"];

function additionsLine(rules) {
  return ADDITION_ORDER.map((kind, i) =>
    g(i === 0 ? "rules.addition_first" : "rules.addition", {
      name: additionName(kind),
      cost: money(rules.addition_cost[kind]),
      points: thousands(rules.addition_points[kind]),
    }),
  ).join(" · ");
}

function weaponPrices(rules) {
  const [first, ...later] = rules.weapon_prices;
  const paid = later
    .filter((p) => p > 0)
    .map(money)
    .join(", ");
  const key = later.includes(0) ? "rules.prices_then_free" : "rules.prices";
  return g(key, { first: money(first), later: paid });
}

/** The dialog's content for a catalog entry and, in a game, its view (whose rules win). */
export function rulesDialog(entry, game) {
  const rules = rulesOf(game, entry);
  if (!rules) return [h("p", g("rules.loading"))];
  const vars = {
    rounds: rules.rounds,
    exact: money(rules.exact_bonus),
    minimum: money(rules.protection_minimum),
    entry: money(rules.entry_price),
  };
  return [
    h("p.lead", g("rules.lead", vars)),
    section(
      g("rules.round.title"),
      h(
        "ol",
        STEPS.map((step) => h("li", rich(h, `rules.round.${step}`))),
      ),
    ),
    section(g("rules.paying.title"), h("p", g("rules.paying.text", vars))),
    section(
      g("rules.additions.title"),
      h("p", g("rules.additions.list", { additions: additionsLine(rules) })),
      h("p", rich(h, "rules.additions.marks")),
    ),
    section(
      g("rules.weapons.title"),
      h("p", g("rules.weapons.text", { prices: weaponPrices(rules) })),
      h(
        "dl.weapons",
        Object.values(weapons(rules)).flatMap((w) => [
          h("dt", w.name, h("span.muted", ` · ${w.when}`)),
          h("dd", w.does),
        ]),
      ),
    ),
    section(
      g("rules.bribery.title", vars),
      h("p", g("rules.bribery.text")),
      h(
        "ol",
        STAGES.map((stage) => h("li", rich(h, `rules.bribery.${stage}`, vars))),
      ),
    ),
    section(
      g("rules.score.title"),
      h("p", g("rules.score.investigation")),
      h("p", g("rules.score.others")),
    ),
  ];
}
