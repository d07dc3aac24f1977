// Fetches the catalogs of the person's language (and English, which fills any gap) before the
// first render: the shell's from static/locales/, each game's from its folder's locales/
// (a card's `locales`, games/index.js). The URLs are relative to this module's, so they carry
// the tree's version and are cached like every static file (web/assets.py). Under a version
// the server answers all of a language's catalogs at once, in locales/<lang>.all.json
// (web/locales.py, bundles): one request per language, not one per catalog, on a slow link
// each a share of a round trip before the first render.
import { addMessages, FALLBACK, has, language, pickLanguage, setLanguage, t } from "./i18n.js";

const KEY = "laundermat.lang";
const TREE = new URL("../", import.meta.url);
const SHELL = new URL("locales/", TREE);
// Loaded from a versioned URL (the page's modules, not /static/js/ as admin.html names it).
const BUNDLED = /\/static\/v\/[^/]+\/js\/[^/]+$/.test(import.meta.url);

/** The language this person chose on the home page, else the browser's, else English. */
export function preferredLanguage() {
  const chosen = storedChoice();
  if (chosen) rememberForServer(chosen); // a choice made before the server read the cookie
  return pickLanguage(chosen, navigator.languages ?? [navigator.language]);
}

function storedChoice() {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null; // storage off: the browser's language, and the cookie if any
  }
}

// The server draws a page's first screen in the language of this cookie, else of the
// browser's Accept-Language (web/pages.py): so only a choice is written here, and the first
// paint and the client's first render say the same thing.
const COOKIE = "laundermat_lang";
const YEAR_S = 365 * 24 * 3600;

function rememberForServer(lang) {
  // biome-ignore lint/suspicious/noDocumentCookie: cookieStore is not in every browser yet
  document.cookie = `${COOKIE}=${lang}; Path=/; Max-Age=${YEAR_S}; SameSite=Lax`;
}

/** Fetch and install the catalogs of `lang` for the shell and `cards` (each {name, locales}). */
export async function loadLanguage(lang, cards) {
  const wanted = lang === FALLBACK ? [FALLBACK] : [FALLBACK, lang];
  const sources = [{ base: SHELL, namespace: null }].concat(
    cards
      .filter((card) => card.locales)
      .map((card) => ({ base: new URL(card.locales, SHELL), namespace: card.name })),
  );
  // A server without the bundle (an older replica, in a rolling upgrade) still has the files.
  const loads = wanted.map((code) =>
    BUNDLED
      ? loadBundle(code, sources).catch(() => loadEach(code, sources))
      : loadEach(code, sources),
  );
  await Promise.all(loads);
  setLanguage(lang);
  document.documentElement.lang = language();
  translateOutsideApp();
}

/** One language's catalogs from its bundle: {"<catalog's folder in the tree>": messages}. */
async function loadBundle(code, sources) {
  const bundle = await fetchJson(new URL(`locales/${code}.all.json`, TREE));
  for (const { base, namespace } of sources) {
    const folder = base.pathname.slice(TREE.pathname.length).replace(/\/$/, "");
    if (!bundle[folder]) throw new Error(`catalog ${code} at ${base}: not in its bundle`);
    addMessages(code, bundle[folder], namespace);
  }
}

/** One language's catalogs, a file each. */
function loadEach(code, sources) {
  return Promise.all(
    sources.map(async ({ base, namespace }) => {
      addMessages(code, await fetchJson(new URL(`${code}.json`, base)), namespace);
    }),
  );
}

async function fetchJson(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`catalog ${url}: ${response.status}`);
  return response.json();
}

/** Every data-i18n text and data-i18n-<attribute> under `root` in the current language (a
 *  page the server serves as written: the operator's console, static/admin.html). */
export function translatePage(root) {
  for (const el of root.querySelectorAll("[data-i18n]")) {
    el.textContent = t(el.getAttribute("data-i18n"));
  }
  for (const el of root.querySelectorAll("[data-i18n-placeholder]")) {
    el.setAttribute("placeholder", t(el.getAttribute("data-i18n-placeholder")));
  }
  document.title = t(document.body.getAttribute("data-i18n-title") ?? "") || document.title;
}

/** The page's words no render draws (the skip link, the rules dialog's frame): the server
 *  wrote them in the language it chose (web/pages.py, data-i18n="key" or "key|fallback"). */
function translateOutsideApp() {
  for (const el of document.querySelectorAll("body > [data-i18n], dialog [data-i18n]")) {
    const keys = el.getAttribute("data-i18n").split("|");
    el.textContent = t(keys.find((key) => has(key)) ?? keys[0]);
  }
}

/** Remember the person's choice (the home page's language switch), here and for the server. */
export function chooseLanguage(lang) {
  try {
    localStorage.setItem(KEY, lang);
  } catch {
    // storage off (a private window's quota): the cookie still remembers it
  }
  rememberForServer(lang);
}
