// The catalogs' lookup (static/js/i18n.js), and every catalog against English: the same keys,
// the same placeholders, every plural form the language needs.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  addMessages,
  keysOf,
  LANGUAGES,
  list,
  pickLanguage,
  placeholders,
  scoped,
  setLanguage,
  t,
} from "../../static/js/i18n.js";
import { catalogSets } from "./catalogs.mjs";

addMessages("en", {
  probe: {
    hello: "Hello, {{name}}",
    cards_one: "{{count}} card",
    cards_other: "{{count}} cards",
    only: "English only",
  },
});
addMessages("es", {
  probe: {
    hello: "Hola, {{name}}",
    cards_one: "{{count}} carta",
    cards_other: "{{count}} cartas",
  },
});
addMessages("es", { phase: { fill: "Llenar las Cestas" } }, "probegame");

test("a message in the current language, its placeholders filled", () => {
  setLanguage("es");
  assert.equal(t("probe.hello", { name: "Ana" }), "Hola, Ana");
  setLanguage("en");
  assert.equal(t("probe.hello", { name: "Ana" }), "Hello, Ana");
});

test("plural forms by Intl.PluralRules, from the count", () => {
  setLanguage("es");
  assert.equal(t("probe.cards", { count: 1 }), "1 carta");
  assert.equal(t("probe.cards", { count: 3 }), "3 cartas");
  // Spanish's "many" (a million) falls back to "other" when the catalog has no _many.
  assert.equal(t("probe.cards", { count: 1_000_000 }), "1.000.000 cartas");
  setLanguage("en");
});

test("a gap falls back to English, an unknown key shows as itself", () => {
  setLanguage("es");
  assert.equal(t("probe.only"), "English only");
  assert.equal(t("probe.nowhere"), "probe.nowhere");
  setLanguage("en");
});

test("a game's messages sit under its name", () => {
  setLanguage("es");
  assert.equal(scoped("probegame")("phase.fill"), "Llenar las Cestas");
  setLanguage("en");
});

test("lists by Intl.ListFormat", () => {
  setLanguage("es");
  assert.equal(list(["Ana", "Ben", "Cal"]), "Ana, Ben y Cal");
  setLanguage("en");
  assert.equal(list(["Ana", "Ben", "Cal"]), "Ana, Ben and Cal");
});

test("the language: the person's choice, else the browser's, else English", () => {
  assert.equal(pickLanguage("es", ["en-US"]), "es");
  assert.equal(pickLanguage(null, ["fr-FR", "es-MX", "en"]), "es");
  assert.equal(pickLanguage("xx", ["fr"]), "en");
  assert.equal(pickLanguage(null, []), "en");
});

for (const { namespace, languages } of catalogSets()) {
  const where = namespace ?? "the shell";
  test(`${where}: every language has a catalog with English's keys and placeholders`, () => {
    assert.deepEqual(Object.keys(languages).sort(), Object.keys(LANGUAGES).sort());
    const english = flat(languages.en);
    for (const [code, messages] of Object.entries(languages)) {
      const own = flat(messages);
      assert.deepEqual([...keysOf(messages)].sort(), [...keysOf(languages.en)].sort(), code);
      for (const [key, text] of Object.entries(own)) {
        const base = key.replace(/_(zero|one|two|few|many|other)$/, "");
        const model = english[key] ?? english[`${base}_other`];
        assert.ok(model !== undefined, `${code} ${key}: not in English`);
        const wanted = placeholders(model).filter((name) => name !== "count");
        const used = placeholders(text).filter((name) => name !== "count");
        assert.deepEqual(used, wanted, `${code} ${key}: placeholders`);
      }
      for (const key of Object.keys(english).filter((k) => k.endsWith("_other"))) {
        assert.ok(own[key] !== undefined, `${code} ${key}: the plural's "other" form is missing`);
      }
    }
  });
}

function flat(messages, prefix = "", into = {}) {
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === "object") flat(value, path, into);
    else into[path] = value;
  }
  return into;
}
