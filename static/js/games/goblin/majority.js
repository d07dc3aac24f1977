// Majorities (GSCORE-4), worked out and said in words for the final scoring (pure, no DOM).
// The server's result holds the Coins; this explains them, and tests/js checks both agree.
import { list } from "../../i18n.js";
import { g } from "./text.js";

/**
 * counts: seat -> how many cards of the type that seat has (0 or missing: none);
 * prizes: [first, second] (e.g. [8, 4]). Returns {awards: {seat: Coins}, case} where case is
 * "nobody" (no cards at all), "tie" (two or more share the most: each earns the second number,
 * nobody else scores), "clear" (one has the most; runner: the single seat with the next count,
 * or null when several share it or nobody has fewer).
 */
export function majority(counts, prizes) {
  const [first, second] = prizes;
  const holders = Object.entries(counts)
    .map(([seat, n]) => [Number(seat), Number(n)])
    .filter(([, n]) => n > 0);
  if (!holders.length) return { awards: {}, case: "nobody", top: [], runner: null, runners: [] };
  const most = Math.max(...holders.map(([, n]) => n));
  const top = holders
    .filter(([, n]) => n === most)
    .map(([s]) => s)
    .sort((a, b) => a - b);
  if (top.length > 1) {
    return {
      awards: Object.fromEntries(top.map((s) => [s, second])),
      case: "tie",
      top,
      most,
      runner: null,
      runners: [],
    };
  }
  const below = holders.filter(([, n]) => n < most);
  const next = below.length ? Math.max(...below.map(([, n]) => n)) : 0;
  const runners = below
    .filter(([, n]) => n === next)
    .map(([s]) => s)
    .sort((a, b) => a - b);
  const runner = runners.length === 1 ? runners[0] : null;
  const awards = { [top[0]]: first };
  if (runner !== null) awards[runner] = second;
  return { awards, case: "clear", top, most, next, runner, runners };
}

/**
 * One sentence explaining a type's majority: "Ann has the most Capes (3): 12 Coins. Ben is
 * next (2): 6 Coins." nameOf: seat -> name; noun: the type's plural ("Capes").
 */
export function explainMajority(counts, prizes, noun, nameOf) {
  const m = majority(counts, prizes);
  const [first, second] = prizes;
  if (m.case === "nobody") return g("majority.nobody", { noun });
  if (m.case === "tie") {
    return g("majority.tie", { names: list(m.top.map(nameOf)), noun, most: m.most, second });
  }
  const lead = g("majority.lead", { name: nameOf(m.top[0]), noun, most: m.most, first });
  if (m.runner !== null)
    return `${lead} ${g("majority.runner", { name: nameOf(m.runner), next: m.next, second })}`;
  if (m.runners.length > 1) {
    const names = list(m.runners.map(nameOf));
    return `${lead} ${g("majority.runnersTie", { names, next: m.next, second })}`;
  }
  return `${lead} ${g("majority.alone", { second })}`;
}
