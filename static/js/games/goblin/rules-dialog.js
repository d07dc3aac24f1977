// The rules, at hand in a dialog: short, plain, in the order you meet them in a game. The
// numbers come from the rules block (the catalog's or the view's, docs/goblin.md).
import { h } from "../../dom.js";
import { clothName, g, SPECIES_KEYS, STAIN_KEYS, speciesName, stainName } from "./text.js";

const r = (key, vars) => g(`rules.${key}`, vars);

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
    .map(([type, p]) => r("programType", { type, cycle: p.cycle, count: p.coins }))
    .join(" · ");
}

/** A list item led by a bold phrase: "A Stain Potion: use it once…". */
function item(key, vars) {
  return h("li", h("strong", `${r(`${key}.lead`)} `), r(`${key}.text`, vars));
}

export function rulesDialog(entry, game) {
  const rules = rulesOf(game, entry);
  if (!rules) return [h("p", r("loading"))];
  const majorities = Object.entries(rules.majorities ?? {})
    .map(([type, [a, b]]) => `${clothName(type, true)} ${a}/${b}`)
    .join(", ");
  return [
    h("p.lead", r("intro", { rounds: rules.rounds })),
    section(
      r("have.title"),
      h(
        "ul.plain",
        item("have.basket", {
          species: SPECIES_KEYS.map(speciesName).join(", "),
          coins: rules.species_coins,
        }),
        item("have.potion", { coins: rules.potion_coins }),
        item("have.programs", {
          types: rules.program_types.join(", "),
          stains: STAIN_KEYS.map(stainName).join(", "),
          table: programTypes(rules),
        }),
      ),
    ),
    section(r("fill.title"), h("p", r("fill.hands")), h("p", r("fill.market"))),
    section(
      r("laundry.title"),
      h(
        "p",
        r("laundry.intro"),
        h("strong", r("laundry.draw")),
        r("laundry.afterDraw"),
        h("strong", r("laundry.potion")),
        r("laundry.afterPotion"),
        h("strong", r("laundry.stop")),
        ".",
      ),
      h("ul.plain", item("laundry.tooMany"), item("laundry.complete"), item("laundry.stopped")),
      h("p.small.muted", r("laundry.odds")),
    ),
    section(
      r("scoring.title"),
      h(
        "ul.plain",
        h("li", r("scoring.species", { coins: rules.species_coins })),
        h("li", r("scoring.programs")),
        h("li", r("scoring.socks", { coins: rules.sock_pair_coins })),
        h("li", r("scoring.majorities", { majorities })),
        h("li", r("scoring.printed", { coins: rules.potion_coins })),
      ),
      h("p", r("scoring.wins")),
    ),
  ];
}
