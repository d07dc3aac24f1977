// The shell's words (static/js/text.js) and the countdown's arithmetic (static/js/time.js).
import assert from "node:assert/strict";
import { test } from "node:test";
import { setLanguage } from "../../static/js/i18n.js";
import {
  capital,
  choiceLabel,
  errorSentence,
  list,
  playerRange,
  timeLeft,
} from "../../static/js/text.js";
import { fractionLeft, windowSpan } from "../../static/js/time.js";
import { installCatalogs } from "./catalogs.mjs";

installCatalogs();
setLanguage("en");

test("lists and capitals", () => {
  assert.equal(list([]), "");
  assert.equal(list(["a"]), "a");
  assert.equal(list(["a", "b", "c"]), "a, b and c");
  assert.equal(capital("you"), "You");
});

test("a setting's choices in words (the catalog's unit)", () => {
  assert.equal(choiceLabel(15, "seconds"), "15 seconds");
  assert.equal(choiceLabel(60, "seconds"), "1 minute");
  assert.equal(choiceLabel(180, "seconds"), "3 minutes");
  assert.equal(choiceLabel(90, "seconds"), "90 seconds");
  assert.equal(choiceLabel(3, "rounds"), "3 rounds");
  assert.equal(choiceLabel(3, ""), "3");
});

test("player ranges from the catalog", () => {
  assert.equal(playerRange({ min_players: 3, max_players: 6 }), "3 to 6 players");
  assert.equal(playerRange({ min_players: 2, max_players: 2 }), "2 players");
  assert.equal(playerRange(null), "");
});

test("the countdown's words", () => {
  assert.equal(timeLeft(42_000), "42 s left");
  assert.equal(timeLeft(41_001), "42 s left");
  assert.equal(timeLeft(125_000), "2:05 left");
  assert.equal(timeLeft(-5), "0 s left");
});

test("error sentences: the game's codes first, then the server's, then the message", () => {
  assert.equal(errorSentence("not_host"), "Only the host can do that.");
  assert.equal(errorSentence("sold_out", "raw", { sold_out: "Gone." }), "Gone.");
  assert.equal(errorSentence("room_full", null, { room_full: "Six is enough." }), "Six is enough.");
  assert.equal(errorSentence("mystery", "The server said so."), "The server said so.");
  assert.equal(errorSentence("mystery"), "Something went wrong. Please try again.");
});

test("the bar's span: the window's duration, or the time left when first seen", () => {
  const window = { id: 3, duration: 30 };
  assert.deepEqual(windowSpan(null, window, 20_000, 0, false), { id: 3, total: 20_000 });
  assert.deepEqual(windowSpan(null, window, 50_000, 0, true), { id: 3, total: 50_000 });
  assert.deepEqual(windowSpan(null, window, 10_000, 0, true), { id: 3, total: 30_000 });
  const kept = { id: 3, total: 1 };
  assert.equal(windowSpan(kept, window, 20_000, 0, false), kept);
  assert.equal(windowSpan(kept, null, 20_000, 0, false), null);
  assert.equal(windowSpan(kept, window, null, 0, false), null);
  assert.equal(fractionLeft(15_000, 30_000), 0.5);
  assert.equal(fractionLeft(60_000, 30_000), 1);
  assert.equal(fractionLeft(-1, 30_000), 0);
});
