// Goblin Laundromat's log as sentences: owner-only fields appear only for their owner
// (GPRIVATE-1); window entries are silent and timeouts say which decision ran out.
import assert from "node:assert/strict";
import { test } from "node:test";

import { latestSentences, logSentence } from "../../static/js/games/goblin/sentences.js";
import { setLanguage } from "../../static/js/i18n.js";
import { installCatalogs } from "./catalogs.mjs";

installCatalogs();
setLanguage("en");

const RULES = {
  clothing: {
    C7: { type: "cape", species: "elves", stains: { dirt: 0, magic: 1, slime: 1 }, coins: null },
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

test("GPRIVATE-1: a gift names the card only for its giver", () => {
  assert.equal(
    logSentence({ kind: "gift", from: 0, to: 1, card: "C7" }, ctx(0)),
    "Your last card, Elves Cape, went face down into Ben's Basket.",
  );
  assert.equal(
    logSentence({ kind: "gift", from: 0, to: 1 }, ctx(1)),
    "Ann's last card went face down into your Basket.",
  );
  assert.equal(
    logSentence({ kind: "gift", from: 0, to: 1 }, ctx(2)),
    "Ann's last card went face down into Ben's Basket.",
  );
  // Who picked shows on the board.
  assert.equal(logSentence({ kind: "picked", seat: 1 }, ctx(0)), null);
});

test("window entries are silent; a timeout names its window's kind", () => {
  assert.equal(
    logSentence({ kind: "window", id: 5, window_kind: "laundry", actors: [0] }, ctx(0)),
    null,
  );
  assert.equal(
    logSentence({ kind: "timeout", window: 9, window_kind: "keep" }, ctx(0)),
    "Time ran out for the keep decision.",
  );
  // GGEN-4: a window closed at once because its only actor is away says so.
  assert.equal(
    logSentence({ kind: "timeout", window: 9, window_kind: "keep", away: true }, ctx(0)),
    "The away player's keep decision was made for them.",
  );
  assert.equal(
    logSentence({ kind: "laundry", seat: 1, program: "P8" }, ctx(0)),
    "Ben starts a laundry with Program P8 (type II, Cycle 4, 3 Coins).",
  );
});

test("draws, failures and the Potion in words", () => {
  assert.equal(
    logSentence(
      {
        kind: "draw",
        seat: 0,
        card: "C7",
        potion: true,
        counts: { dirt: 0, magic: 1, slime: null },
      },
      ctx(0),
    ),
    "You drew Elves Cape, covered by the Stain Potion. Stains now: Dirt 0, Magic 1.",
  );
  assert.equal(
    logSentence({ kind: "failed", seat: 2, over: ["magic"] }, ctx(0)),
    "Cat's laundry failed: too much Magic.",
  );
});

test('your own failed laundry reads "Your laundry"', () => {
  assert.equal(
    logSentence({ kind: "failed", seat: 0, over: ["slime"] }, ctx(0)),
    "Your laundry failed: too much Slime.",
  );
});

test("the Just now line: the newest move and what followed it", () => {
  const say = (entry) => logSentence(entry, ctx(0));
  const draw = { kind: "draw", seat: 0, card: "C7", counts: { magic: 1 } };
  const log = [{ kind: "laundry", seat: 0, program: "P8" }, { ...draw }, { kind: "window", id: 3 }];
  assert.deepEqual(latestSentences(log, say), ["You drew Elves Cape. Stains now: Magic 1."]);
  const failed = [...log, { kind: "failed", seat: 0, over: ["magic"] }];
  assert.deepEqual(latestSentences(failed, say), [
    "You drew Elves Cape. Stains now: Magic 1.",
    "Your laundry failed: too much Magic.",
  ]);
  const done = [
    ...log,
    { kind: "completed", seat: 0, cards: ["C7"], program: "P8" },
    { kind: "laundry", seat: 1, program: "P8" },
  ];
  assert.deepEqual(latestSentences(done, say), [
    "You drew Elves Cape. Stains now: Magic 1.",
    "You completed the laundry: Elves Cape and P8 go to the Score Zone.",
    "Ben starts a laundry with Program P8 (type II, Cycle 4, 3 Coins).",
  ]);
  assert.equal(latestSentences(done, say, 2).length, 2); // at most max, the newest kept
  assert.deepEqual(latestSentences([], say), []);
});

// Issue 30, item 2: at the end (and in a replay watched as everything) every owner-only field is
// shown, so a line about someone else's pick, Basket or gift must name them, never say "you".
test("revealed picks, Basket cards and gifts name whose they are", () => {
  assert.equal(
    logSentence({ kind: "picked", seat: 1, card: "C7" }, ctx(0)),
    "Ben chose Elves Cape.",
  );
  assert.equal(
    logSentence({ kind: "picked", seat: 0, card: "C7" }, ctx(0)),
    "You chose Elves Cape.",
  );
  assert.equal(
    logSentence({ kind: "into_basket", seat: 2, card: "C7" }, ctx(0)),
    "Elves Cape went into Cat's Basket.",
  );
  assert.equal(
    logSentence({ kind: "into_basket", seat: 0, card: "C7", default: true }, ctx(0)),
    "Elves Cape went into your Basket (chosen for you).",
  );
  assert.equal(
    logSentence({ kind: "gift", from: 2, to: 0, card: "C7" }, ctx(0)),
    "Cat's last card, Elves Cape, went face down into your Basket.",
  );
  assert.equal(
    logSentence({ kind: "gift", from: 1, to: 2, card: "C7" }, ctx(0)),
    "Ben's last card, Elves Cape, went face down into Cat's Basket.",
  );
});

test('a spectator or a replay has no "you": everyone is named', () => {
  const watching = { who: (s) => names[s], rules: RULES, viewer: null, players: 3 };
  assert.equal(
    logSentence({ kind: "picked", seat: 0, card: "C7" }, watching),
    "Ann chose Elves Cape.",
  );
  assert.equal(
    logSentence({ kind: "into_basket", seat: 0, card: "C7", default: true }, watching),
    "Elves Cape went into Ann's Basket (chosen for them).",
  );
  assert.equal(
    logSentence({ kind: "gift", from: 0, to: 1, card: "C7" }, watching),
    "Ann's last card, Elves Cape, went face down into Ben's Basket.",
  );
});
