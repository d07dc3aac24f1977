// LaunderMat's words: money, names of things, what each thing does, its rule errors, all from
// its catalogs (locales/, words.js). Pure (no DOM), so tests/js runs it under node. Numbers
// that are rules come from game.rules (rules.js). Every word is looked up when called, so a
// language switch re-renders in the new language.
import { has } from "../../i18n.js";
import { g, money, points } from "./words.js";

export { money, points };

export const TITLE = "LaunderMat"; // a brand: the same in every language

export function tagline() {
  return g("catalog.tagline");
}

/** Under the create form's and the lobby's fields, by setting key. */
export function settingHints() {
  return { round_timer: g("card.hints.round_timer"), bribe_timer: g("card.hints.bribe_timer") };
}

export const ADDITION_ORDER = [
  "clearance_rack",
  "vending_machines",
  "charging_stations",
  "pawn_shop",
  "slot_machine",
];

const WEAPON_ORDER = [
  "lost_and_found",
  "anonymous_email",
  "two_for_one",
  "jackpot",
  "seniority",
  "rubber_gloves",
  "five_star_review",
  "green_tshirt",
  "budget_app",
  "broken_machine",
];

/** "1 → $10k, 2 → $30k, ..." from rules.review_bonus (index = distinct surviving types). */
function reviewScale(rules) {
  return rules.review_bonus
    .map((bonus, n) => [n, bonus])
    .filter(([n]) => n > 0)
    .map(([n, bonus]) => `${n} → ${money(bonus)}`)
    .join(", ");
}

/** The Secret Weapons: name, when it works and what it does (its numbers from `rules`). */
export function weapons(rules) {
  const vars = {
    scale: rules ? reviewScale(rules) : "",
    budget: rules ? money(rules.budget_exact_bonus) : "",
    exact: rules ? money(rules.exact_bonus) : "",
  };
  return Object.fromEntries(
    WEAPON_ORDER.map((kind) => [
      kind,
      {
        name: g(`weapons.${kind}.name`),
        when: g(`weapons.${kind}.when`),
        does: g(`weapons.${kind}.does`, vars),
      },
    ]),
  );
}

const PHASE_NAMES = [
  "draft",
  "seniority",
  "alarm",
  "purchase",
  "bribe_protect",
  "bribe_counter",
  "bribe_entries",
  "over",
];

/** A phase's title and tagline ("Draft", "Everyone picks one bill at the same time"), or null. */
export function phaseText(phase) {
  if (!PHASE_NAMES.includes(phase)) return null;
  return { title: g(`phases.${phase}.title`), tagline: g(`phases.${phase}.tagline`) };
}

/** A phase's title, or its name when the catalog has none. */
export function phaseTitle(phase) {
  return phaseText(phase)?.title ?? phase;
}

/** The tab's title in a game: "Round 2: Draft", "Bribery 1 of 3 · Protection". */
export function pageTitle(game) {
  const phase = phaseTitle(game.phase);
  return game.phase.startsWith("bribe") || game.phase === "over"
    ? phase
    : g("phases.page_title", { round: game.round, phase });
}

export function additionName(kind) {
  return has(`laundermat.additions.${kind}`) ? g(`additions.${kind}`) : kind;
}

export function weaponName(kind) {
  return WEAPON_ORDER.includes(kind) ? g(`weapons.${kind}.name`) : kind;
}

/** "1 entry", "3 entries". */
export function entries(n) {
  return g("units.entries", { count: n });
}

// ------------------------------------------------------------------ errors

const ERROR_CODES = [
  "already_acted",
  "card_not_on_display",
  "weapon_not_owned",
  "ability_used",
  "deck_empty",
  "bill_not_held",
  "duplicate_bill",
  "no_bills",
  "payment_short",
  "sold_out",
  "flagged_type_restricted",
  "bad_reference",
  "weapon_not_offered",
  "weapon_limit",
  "no_legal_target",
  "illegal_target",
  "copy_not_found",
  "copy_not_owned",
  "email_protected",
  "not_protected",
  "own_protection",
  "already_countered",
  "bad_split",
  "stage_done",
  "nothing_selected",
];

/** The engine's rule errors (the shell's text.js has the server's and the protocol's). */
export function errors(rules) {
  const out = Object.fromEntries(ERROR_CODES.map((code) => [code, g(`errors.${code}`)]));
  out.protection_too_small = rules
    ? g("errors.protection_too_small", { amount: money(rules.protection_minimum) })
    : g("errors.protection_too_small_any");
  out.room_full = rules
    ? g("errors.room_full", { count: rules.max_players })
    : g("errors.room_full_any");
  out.not_enough_players = rules
    ? g("errors.not_enough_players", { count: rules.min_players })
    : g("errors.not_enough_players_any");
  return out;
}

// What the open window asks of this seat, for the tab's title and the turn alert: every
// phase but the end has its own words.
const TURN_PHASES = PHASE_NAMES.filter((phase) => phase !== "over");

/** The client's turnLabel (games/index.js): null once this seat has picked in the draft (it
 *  may still change, but the draft waits on the others). */
export function turnLabel(view) {
  const game = view.game;
  const me = game?.me;
  if (!me?.options?.can_act) return null;
  if (game.phase === "draft" && me.selection !== null && me.selection !== undefined) return null;
  return TURN_PHASES.includes(game.phase) ? g(`turn.${game.phase}`) : g("turn.any");
}
