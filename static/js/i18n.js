// Every word a screen shows comes from a catalog: static/locales/<lang>.json for the shell,
// static/js/games/<game>/locales/<lang>.json for a game (mounted under the game's name, so
// Goblin's "phase.fill" is "goblin.phase.fill"). The format is i18next's JSON v4, which
// Weblate, Crowdin and Lokalise open: nested objects of strings, `{{name}}` placeholders,
// and plurals as one key per CLDR category (`cards_one`, `cards_other`; Spanish may add
// `_many`), chosen by Intl.PluralRules from the `count` placeholder. docs/translating.md says
// how to add a language. Pure (no DOM, no fetch: i18n-load.js fetches), so tests/js runs it.

export const FALLBACK = "en";
/** The languages the client offers, by code, each named in itself. */
export const LANGUAGES = { en: "English", es: "Español" };
// The locale Intl formats each language in: British English writes lists without the serial
// comma ("a, b and c"), as the English catalog does.
const LOCALES = { en: "en-GB", es: "es" };

const catalogs = new Map(); // language -> nested messages
let current = FALLBACK;
// Intl's formatters are costly to build and every render formats: one set per language.
const formatters = new Map();

function formattersOf(language) {
  if (!formatters.has(language)) {
    const tag = LOCALES[language] ?? language;
    formatters.set(language, {
      plurals: new Intl.PluralRules(tag),
      lists: new Intl.ListFormat(tag, { type: "conjunction" }),
      ordinals: new Intl.PluralRules(tag, { type: "ordinal" }),
    });
  }
  return formatters.get(language);
}

/** Merge messages into a language's catalog, under `namespace` (a game's name) if given. */
export function addMessages(language, messages, namespace = null) {
  if (!catalogs.has(language)) catalogs.set(language, {});
  const root = catalogs.get(language);
  if (namespace) root[namespace] = merge(root[namespace] ?? {}, messages);
  else merge(root, messages);
}

function merge(into, from) {
  for (const [key, value] of Object.entries(from)) {
    const both = isObject(value) && isObject(into[key]);
    into[key] = both ? merge(into[key], value) : value;
  }
  return into;
}

function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

export function setLanguage(language) {
  current = language in LANGUAGES ? language : FALLBACK;
}

export function language() {
  return current;
}

/** The locale for the platform's Intl formatters (numbers, dates, relative times). */
export function locale() {
  return LOCALES[current];
}

/** The language to use: the one the person chose, else the browser's first we offer. */
export function pickLanguage(chosen, browserLanguages = []) {
  if (chosen && chosen in LANGUAGES) return chosen;
  for (const tag of browserLanguages) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (base in LANGUAGES) return base;
  }
  return FALLBACK;
}

/**
 * The message at `key` ("home.create.title") in the current language, else English, with its
 * `{{placeholders}}` filled from `vars`. With a numeric `vars.count`, the plural form for it
 * (`key_one`, `key_other`…). A key no catalog has comes back as itself, so a missing string
 * shows on screen (and the catalog tests catch it) instead of an empty space.
 */
export function t(key, vars = {}) {
  const message = lookup(current, key, vars) ?? lookup(FALLBACK, key, vars) ?? key;
  return fill(message, vars);
}

/** Whether a catalog (this language's or English) has `key`, plural forms included. */
export function has(key) {
  const probe = { count: 1 };
  return (
    (lookup(current, key, {}) ?? lookup(current, key, probe)) != null ||
    (lookup(FALLBACK, key, {}) ?? lookup(FALLBACK, key, probe)) != null
  );
}

/** A `t` for keys under one prefix: a game's `const g = scoped("goblin")`, then g("phase.fill"). */
export function scoped(prefix) {
  return (key, vars) => t(`${prefix}.${key}`, vars);
}

function lookup(language, key, vars) {
  const messages = catalogs.get(language);
  if (!messages) return null;
  if (typeof vars.count === "number") {
    const rules = formattersOf(language).plurals;
    const form = at(messages, `${key}_${rules.select(vars.count)}`);
    if (typeof form === "string") return form;
    const other = at(messages, `${key}_other`);
    if (typeof other === "string") return other;
  }
  const found = at(messages, key);
  return typeof found === "string" ? found : null;
}

function at(messages, key) {
  let node = messages;
  for (const part of key.split(".")) {
    if (!isObject(node) || !(part in node)) return null;
    node = node[part];
  }
  return node;
}

function fill(message, vars) {
  return message.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name) =>
    name in vars ? format(vars[name]) : whole,
  );
}

function format(value) {
  return typeof value === "number" ? formatNumber(value) : String(value);
}

const numberFormats = new Map(); // "es|percent" -> its Intl.NumberFormat

/** A number in the current language: plain, or "percent" (whole percents: "25%", "25 %"). */
export function formatNumber(value, style = "plain") {
  const key = `${current}|${style}`;
  if (!numberFormats.has(key)) {
    const options = style === "percent" ? { style, maximumFractionDigits: 0 } : {};
    numberFormats.set(key, new Intl.NumberFormat(locale(), options));
  }
  return numberFormats.get(key).format(value);
}

/** The ordinal plural category of `n` in the current language ("one" for 1st, "two"…). */
export function ordinalForm(n) {
  return formattersOf(current).ordinals.select(n);
}

/** "a, b and c" in the current language (Intl.ListFormat). */
export function list(items) {
  return formattersOf(current).lists.format(items.map(String));
}

/** Every key of a nested catalog, plural forms folded to their base ("cards_one" -> "cards"). */
export function keysOf(messages, prefix = "") {
  const keys = new Set();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isObject(value)) for (const inner of keysOf(value, path)) keys.add(inner);
    else keys.add(path.replace(/_(zero|one|two|few|many|other)$/, ""));
  }
  return keys;
}

/** The placeholders a message uses, sorted: a translation must use the same ones. */
export function placeholders(message) {
  return [...message.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort();
}
