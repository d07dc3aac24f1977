// The shell's words in Spanish (static/locales/es.json through i18n.js): plurals, lists,
// ordinals, error sentences and the countdown, as a Spanish-speaking player reads them; and
// the switch back to English, which must give today's English again.
import assert from "node:assert/strict";
import { afterEach, test } from "node:test";
import { readyWords } from "../../static/js/ended.js";
import { contributedText } from "../../static/js/fair.js";
import { setLanguage } from "../../static/js/i18n.js";
import { stepText } from "../../static/js/replay.js";
import { choiceLabel, errorSentence, list, playerRange, timeLeft } from "../../static/js/text.js";
import { gameName, ordinal } from "../../static/js/titles.js";
import { installCatalogs } from "./catalogs.mjs";

installCatalogs();
afterEach(() => setLanguage("en"));

test("plurals and units in Spanish", () => {
  setLanguage("es");
  assert.equal(choiceLabel(1, "seconds"), "1 segundo");
  assert.equal(choiceLabel(45, "seconds"), "45 segundos");
  assert.equal(choiceLabel(120, "seconds"), "2 minutos");
  assert.equal(choiceLabel(3, "rounds"), "3 rondas");
  assert.equal(playerRange({ min_players: 3, max_players: 6 }), "de 3 a 6 jugadores");
  assert.equal(playerRange({ min_players: 1, max_players: 1 }), "1 jugador");
  assert.equal(timeLeft(42_000), "quedan 42 s");
});

test("lists and ordinals follow the language", () => {
  setLanguage("es");
  assert.equal(list(["Ana", "Bea", "Cal"]), "Ana, Bea y Cal");
  assert.equal(ordinal(1), "1.º");
  assert.equal(ordinal(22), "22.º");
  assert.equal(gameName("Goblin Laundromat", 2), "Goblin Laundromat, partida 2");
  assert.equal(stepText(3, 40), "Paso 3 de 40");
  const players = [
    { name: "Ana", ready: true },
    { name: "Bea", ready: true },
    { name: "Cal", ready: false },
    { name: "Bot", bot: true },
  ];
  assert.equal(readyWords(players), "Listos: Ana y Bea. Esperando a Cal.");
  setLanguage("en");
  assert.equal(ordinal(22), "22nd");
  assert.equal(ordinal(13), "13th");
  assert.equal(readyWords(players), "Ready: Ana and Bea. Waiting for Cal.");
});

test("a one and a many: the contribution count", () => {
  const room = (n, total) => ({
    players: Array.from({ length: total }, (_, i) => ({ player_id: `p${i}` })),
    fairness: { contributed: Array.from({ length: n }, (_, i) => `p${i}`) },
  });
  setLanguage("es");
  assert.equal(contributedText(room(1, 1)), "1 de 1 jugador ha añadido su aleatoriedad");
  assert.equal(contributedText(room(2, 3)), "2 de 3 jugadores han añadido su aleatoriedad");
});

test("the server's error codes in Spanish; an unknown code keeps the server's words", () => {
  setLanguage("es");
  assert.equal(errorSentence("not_host"), "Solo el anfitrión puede hacer eso.");
  assert.equal(errorSentence("mystery", "The server said so."), "The server said so.");
  assert.equal(errorSentence("mystery"), "Algo ha fallado. Inténtalo de nuevo.");
});
