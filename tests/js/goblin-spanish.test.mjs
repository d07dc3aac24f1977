// Goblin Laundromat in Spanish (issue 33 §4): the log said to the viewer ("Robaste…") and
// about another player ("Ben robó…"), plurals by Intl.PluralRules, lists by Intl.ListFormat,
// Coins and odds by Intl.NumberFormat, card names in the Spanish order ("Capa de Elfos").
import assert from "node:assert/strict";
import { test } from "node:test";
import card from "../../static/js/games/goblin/card.js";
import { explainMajority } from "../../static/js/games/goblin/majority.js";
import { percent } from "../../static/js/games/goblin/odds.js";
import { logSentence } from "../../static/js/games/goblin/sentences.js";
import {
  cardName,
  coins,
  errors,
  pageTitle,
  turnLabel,
} from "../../static/js/games/goblin/text.js";
import { setLanguage } from "../../static/js/i18n.js";
import { installCatalogs } from "./catalogs.mjs";

installCatalogs();

const RULES = {
  clothing: {
    C7: { type: "cape", species: "elves", stains: { dirt: 0, magic: 1, slime: 1 }, coins: null },
    C9: { type: "hat", species: "orcs", stains: { dirt: 1, magic: 0, slime: 0 }, coins: 2 },
  },
  programs: { P8: { type: "II", cycle: 4, coins: 3 } },
};
const names = ["Ann", "Ben", "Cat"];
const ctx = (viewer) => ({
  who: (s) => (s === viewer ? "you" : names[s]),
  rules: RULES,
  viewer,
  players: 3,
});

function inSpanish(body) {
  setLanguage("es");
  try {
    body();
  } finally {
    setLanguage("en");
  }
}

test("the log in Spanish: the viewer's own form and another's", () =>
  inSpanish(() => {
    const draw = { kind: "draw", seat: 0, card: "C7", counts: { dirt: 0, magic: 2, slime: null } };
    assert.equal(
      logSentence(draw, ctx(0)),
      "Robaste Capa de Elfos. Manchas ahora: Suciedad 0, Magia 2.",
    );
    assert.equal(
      logSentence(draw, ctx(1)),
      "Ann robó Capa de Elfos. Manchas ahora: Suciedad 0, Magia 2.",
    );
    const failed = { kind: "failed", seat: 1, over: ["magic", "slime"] };
    assert.equal(logSentence(failed, ctx(1)), "Tu lavado falló: demasiada Magia y Baba.");
    assert.equal(logSentence(failed, ctx(0)), "El lavado de Ben falló: demasiada Magia y Baba.");
    assert.equal(
      logSentence({ kind: "gift", from: 0, to: 1, card: "C9" }, ctx(0)),
      "Tu última carta, Sombrero de Orcos, fue boca abajo a la Cesta de Ben.",
    );
    assert.equal(
      logSentence({ kind: "gift", from: 2, to: 0 }, ctx(0)),
      "La última carta de Cat fue boca abajo a tu Cesta.",
    );
    assert.equal(
      logSentence({ kind: "laundry", seat: 1, program: "P8" }, ctx(1)),
      "Empiezas un lavado con el Programa P8 (tipo II, Ciclo 4, 3 Monedas).",
    );
    assert.equal(
      logSentence({ kind: "over", winners: [0, 2] }, ctx(0)),
      "Puntuación final: tú y Cat comparten la victoria.",
    );
    assert.equal(
      logSentence({ kind: "over", winners: [1] }, ctx(0)),
      "Puntuación final: gana Ben.",
    );
  }));

test("plurals and lists in Spanish", () =>
  inSpanish(() => {
    assert.equal(
      logSentence({ kind: "hands", size: 1 }, ctx(0)),
      "Todos roban una mano de 1 carta.",
    );
    assert.equal(
      logSentence({ kind: "hands", size: 4 }, ctx(0)),
      "Todos roban una mano de 4 cartas.",
    );
    assert.equal(
      logSentence({ kind: "lock", step: 2, defaulted: [1, 2] }, ctx(0)),
      "Elecciones cerradas (paso 2). Sin tiempo: Ben y Cat recibieron una carta al azar.",
    );
    assert.equal(
      errors({ min_players: 2 }).not_enough_players,
      "Una partida necesita al menos 2 jugadores.",
    );
    assert.equal(
      explainMajority({ 0: 3, 1: 2 }, [12, 6], "Capas", (s) => names[s]),
      "Ann tiene más Capas (3): 12 Monedas. Ben va después (2): 6 Monedas.",
    );
  }));

test("Coins and odds by Intl in Spanish, and the same in English as before", () => {
  inSpanish(() => {
    assert.equal(coins(1), "1 Moneda");
    assert.equal(coins(42), "42 Monedas");
    assert.equal(coins(12000), "12.000 Monedas");
    assert.deepEqual(
      [0, 0.001, 0.333, 0.999, 1].map(percent),
      ["0 %", "<1 %", "33 %", ">99 %", "100 %"].map((p) => p.replace(" ", "\u00a0")),
    );
    assert.equal(cardName(RULES, "C9"), "Sombrero de Orcos");
    assert.equal(pageTitle({ phase: "laundry", round: 2 }), "Ronda 2: Lavar la ropa");
    const view = { game: { window: { kind: "keep" }, me: { options: { can_act: true } } } };
    assert.equal(turnLabel(view), "Quédate una carta");
  });
  assert.equal(coins(1), "1 Coin");
  assert.equal(coins(12000), "12,000 Coins");
  assert.equal(percent(0.333), "33%");
  assert.equal(cardName(RULES, "C9"), "Orcs Hat");
});

test("the card's tagline and setting hints are read in the language of the moment", () => {
  inSpanish(() => {
    assert.equal(card.title, "Goblin Laundromat");
    assert.match(card.tagline, /^Lava la ropa de los goblins/);
    assert.match(card.settingHints.decision_timer, /^Cuánto puede durar/);
  });
  assert.match(card.tagline, /^Wash the goblins' clothes/);
  assert.equal(
    card.settingHints.decision_timer,
    "How long each pick, draw-or-stop and keep decision may take.",
  );
});
