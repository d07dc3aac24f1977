// Fetches the catalogs of the person's language (and English, which fills any gap) before the
// first render: the shell's from static/locales/, each game's from its folder's locales/
// (a card's `locales`, games/index.js). The URLs are relative to this module's, so they carry
// the tree's version and are cached like every static file (web/assets.py).
import { addMessages, FALLBACK, language, pickLanguage, setLanguage } from "./i18n.js";

const KEY = "laundermat.lang";
const SHELL = new URL("../locales/", import.meta.url);

/** The language this person chose on the home page, else the browser's, else English. */
export function preferredLanguage() {
  return pickLanguage(localStorage.getItem(KEY), navigator.languages ?? [navigator.language]);
}

/** Fetch and install the catalogs of `lang` for the shell and `cards` (each {name, locales}). */
export async function loadLanguage(lang, cards) {
  const wanted = lang === FALLBACK ? [FALLBACK] : [FALLBACK, lang];
  const sources = [{ base: SHELL, namespace: null }].concat(
    cards
      .filter((card) => card.locales)
      .map((card) => ({ base: new URL(card.locales, SHELL), namespace: card.name })),
  );
  const loads = wanted.flatMap((code) =>
    sources.map(async ({ base, namespace }) => {
      const response = await fetch(new URL(`${code}.json`, base));
      if (!response.ok) throw new Error(`catalog ${code} at ${base}: ${response.status}`);
      addMessages(code, await response.json(), namespace);
    }),
  );
  await Promise.all(loads);
  setLanguage(lang);
  document.documentElement.lang = language();
}

/** Remember the person's choice (the home page's language switch). */
export function chooseLanguage(lang) {
  localStorage.setItem(KEY, lang);
}
