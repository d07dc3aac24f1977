// Goblin Laundromat: majorities (GSCORE-4) and the sentences that explain them on the final
// scoring screen.
import assert from "node:assert/strict";
import { test } from "node:test";

import { explainMajority, majority } from "../../static/js/games/goblin/majority.js";
import { setLanguage } from "../../static/js/i18n.js";
import { installCatalogs } from "./catalogs.mjs";

installCatalogs();
setLanguage("en");

const NAMES = ["Ann", "Ben", "Cat", "Dan"];
const nameOf = (s) => NAMES[s];
const CAPES = [12, 6];

// One row per case of GSCORE-4: counts by seat -> Coins by seat.
const CASES = [
  [
    { 0: 3, 1: 2, 2: 1 },
    { 0: 12, 1: 6 },
  ], // one most, one next
  [{ 0: 3, 1: 1, 2: 1 }, { 0: 12 }], // a tie for next: nobody gets the second number
  [
    { 0: 2, 1: 2, 2: 1 },
    { 0: 6, 1: 6 },
  ], // tied for most: each earns the second, nobody else
  [
    { 0: 1, 1: 1, 2: 1 },
    { 0: 6, 1: 6, 2: 6 },
  ], // "both" covers any number tied
  [{ 0: 2, 1: 0, 2: 0 }, { 0: 12 }], // only one player has any
  [{ 0: 0, 1: 0 }, {}], // nobody has any
];

test("GSCORE-4: majorities by the table", () => {
  for (const [counts, awards] of CASES)
    assert.deepEqual(majority(counts, CAPES).awards, awards, JSON.stringify(counts));
});

test("GSCORE-4: the explanation names who scores and why", () => {
  assert.equal(
    explainMajority({ 0: 3, 1: 2, 2: 1 }, CAPES, "Capes", nameOf),
    "Ann has the most Capes (3): 12 Coins. Ben is next (2): 6 Coins.",
  );
  assert.equal(
    explainMajority({ 0: 3, 1: 1, 2: 1 }, CAPES, "Capes", nameOf),
    "Ann has the most Capes (3): 12 Coins. Ben and Cat tie for next (1 each): nobody gets 6.",
  );
  assert.equal(
    explainMajority({ 0: 2, 1: 2, 2: 1 }, [8, 4], "Underwear", nameOf),
    "Ann and Ben tie for the most Underwear (2 each): 4 Coins each, and nobody else scores.",
  );
  assert.equal(
    explainMajority({ 3: 1 }, [10, 5], "Pants", nameOf),
    "Dan has the most Pants (1): 10 Coins. Nobody else has any, so nobody gets 5.",
  );
  assert.equal(
    explainMajority({}, [10, 5], "Pants", nameOf),
    "Nobody has any Pants: nobody scores.",
  );
});
