// The coach's hints worded by the client (games/goblin/coach.js) from their key and facts:
// in English exactly the server's sentence, for every shape of hint scripted games produce
// (goblin-hints.json, written and checked by tests/games/goblin/coach_hints.py); in Spanish
// whole sentences with nothing left of the English or of a placeholder.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { hintText } from "../../static/js/games/goblin/coach.js";
import { setLanguage } from "../../static/js/i18n.js";
import { installCatalogs } from "./catalogs.mjs";

installCatalogs();
const { rules, hints } = JSON.parse(
  readFileSync(new URL("./goblin-hints.json", import.meta.url), "utf8"),
);
const game = { rules };

test("in English every hint reads as the server wrote it", () => {
  setLanguage("en");
  for (const hint of hints) assert.equal(hintText(hint, game), hint.text, hint.key);
});

test("in Spanish every hint is worded from the catalog, nothing left over", () => {
  setLanguage("es");
  for (const hint of hints) {
    const text = hintText(hint, game);
    assert.notEqual(text, hint.text, hint.key);
    assert.doesNotMatch(text, /\{\{|goblin\.|coach\.|undefined|null|NaN/, text);
    assert.doesNotMatch(text, /\b(the|Pick|Basket|Program |draw|Coins)\b/, text);
  }
  setLanguage("en");
});

test("Spanish names the card, the stains and the odds in its own words and formats", () => {
  setLanguage("es");
  const draw = {
    key: "coach.draw",
    text: "",
    vars: { program: "P1", fail: 23, dirt: 1, dirt_limit: 3, slime: 2, slime_limit: 2 },
  };
  assert.equal(
    hintText(draw, game),
    "Suciedad 1 de 3, Baba 2 de 2 en el Programa P1. El próximo robo falla alrededor del " +
      "23\u00a0% de las veces (según las cartas que conoces y las que no has visto). Vale la " +
      "pena: roba (GWASH-6).",
  );
  const keep = { key: "coach.keep", text: "", vars: { card: "C1" } };
  assert.match(hintText(keep, game), /^Tu lavado falló: quédate Calcetines de Elfos, la carta/);
  setLanguage("en");
});

test("a key this client does not know shows the server's English", () => {
  setLanguage("es");
  assert.equal(hintText({ key: "coach.new", text: "Do it.", vars: {} }, game), "Do it.");
  assert.equal(hintText({ text: "Old server." }, game), "Old server.");
  setLanguage("en");
});
