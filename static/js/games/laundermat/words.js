// LaunderMat's catalog lookups (its locales/, mounted under "laundermat"): `g(key, vars)`,
// money and points in the person's language (Intl), and `rich` for a sentence with a few
// bold words. Pure (no DOM but through `h`), so tests/js runs it under node.
import { formatNumber, scoped } from "../../i18n.js";

export const g = scoped("laundermat");

/** $90k, $1,500, $0 ("90 mil $" in Spanish): the thousands in the language's digits. */
export function money(value) {
  if (value === 0) return g("units.zero");
  if (value % 1000 === 0) return g("units.thousands", { amount: number(value / 1000) });
  return g("units.dollars", { amount: number(value) });
}

/** "130k pts": a score in thousands. */
export function points(value) {
  return g("units.points", { amount: number(value / 1000) });
}

/** 20000 -> "20": thousands, as in "20k pts". */
export function thousands(value) {
  return number(value / 1000);
}

function number(value) {
  return formatNumber(value);
}

/**
 * A message as children for `h`: its `<strong>…</strong>` parts bold, and each placeholder
 * whose value is an element (a bill chip) that element, so a language may put it anywhere.
 * The tags are split before the placeholders are filled, so a typed name is never markup.
 */
export function rich(h, key, vars = {}) {
  return g(key)
    .split(/(<strong>.*?<\/strong>)/)
    .filter(Boolean)
    .map((part) =>
      part.startsWith("<strong>") ? h("strong", fill(part.slice(8, -9), vars)) : fill(part, vars),
    );
}

function fill(text, vars) {
  const out = text
    .split(/(\{\{\s*\w+\s*\}\})/)
    .filter(Boolean)
    .map((part) => {
      const name = part.match(/^\{\{\s*(\w+)\s*\}\}$/)?.[1];
      if (!name || !(name in vars)) return part;
      const value = vars[name];
      return typeof value === "object" ? value : String(value);
    });
  return out.every((part) => typeof part === "string") ? out.join("") : out;
}

/** 0.25 -> "25%" ("25 %" in Spanish), rounded to a whole percent. */
export function percent(share) {
  return formatNumber(share, "percent");
}
