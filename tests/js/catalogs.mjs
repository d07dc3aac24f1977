// The catalogs as the client installs them (i18n-load.js), read from disk for node's tests:
// the shell's under static/locales/, each game's under static/js/games/<game>/locales/.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { addMessages } from "../../static/js/i18n.js";

const STATIC = new URL("../../static/", import.meta.url);

/** [{namespace (a game's name, or null for the shell), dir (a URL), languages: {code: messages}}] */
export function catalogSets() {
  const sets = [{ namespace: null, dir: new URL("locales/", STATIC) }];
  const games = new URL("js/games/", STATIC);
  for (const entry of readdirSync(games, { withFileTypes: true })) {
    const dir = new URL(`${entry.name}/locales/`, games);
    if (entry.isDirectory() && existsSync(dir)) sets.push({ namespace: entry.name, dir });
  }
  return sets.map((set) => ({ ...set, languages: read(set.dir) }));
}

function read(dir) {
  const languages = {};
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".json"))) {
    languages[file.slice(0, -5)] = JSON.parse(readFileSync(new URL(file, dir), "utf8"));
  }
  return languages;
}

/** Install every catalog of every language, as a page would after loading them all. */
export function installCatalogs() {
  for (const { namespace, languages } of catalogSets()) {
    for (const [code, messages] of Object.entries(languages))
      addMessages(code, messages, namespace);
  }
}
