// Goblin Laundromat: the laundry's arithmetic (GWASH-3 counting, GPOTION-1 the covered card)
// and the next draw's failure odds shown beside draw / stop / potion (GWASH-6).
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  headroom,
  laundryCounts,
  laundryOdds,
  nextDrawOdds,
  percent,
  seenCards,
  stainCount,
  wouldFail,
} from "../../static/js/games/goblin/odds.js";
import { setLanguage } from "../../static/js/i18n.js";
import { installCatalogs } from "./catalogs.mjs";

installCatalogs();
setLanguage("en");

// P1: Dirt 2, Magic 2, Slime 2. P3: Dirt 1, Magic 3, Slime ignored (GCARD-3).
const P1 = { dirt: 2, magic: 2, slime: 2 };
const P3 = { dirt: 1, magic: 3, slime: null };

test("a card's stains from the rules' letters or an object", () => {
  assert.deepEqual(stainCount("DMM"), { dirt: 1, magic: 2, slime: 0 });
  assert.deepEqual(stainCount(""), { dirt: 0, magic: 0, slime: 0 });
  assert.deepEqual(stainCount({ slime: 2 }), { dirt: 0, magic: 0, slime: 2 });
});

test("GWASH-3 / GPOTION-1: the covered card counts no symbols", () => {
  const cards = [
    { id: 1, stains: "D" },
    { id: 2, stains: "DS" },
    { id: 3, stains: "SS" },
  ];
  assert.deepEqual(laundryCounts(cards), { dirt: 2, magic: 0, slime: 3 });
  assert.deepEqual(
    laundryCounts(cards, (c) => c.stains, 3),
    { dirt: 2, magic: 0, slime: 1 },
  );
});

test("GWASH-3: one limited type over its limit fails; an ignored type never does", () => {
  const counts = { dirt: 1, magic: 0, slime: 5 };
  assert.equal(wouldFail(P3, counts, "S"), false); // Slime is ignored by P3
  assert.equal(wouldFail(P3, counts, "D"), true); // Dirt 2 > 1
  assert.equal(wouldFail(P1, { dirt: 2, magic: 2, slime: 2 }, ""), false); // at the limit is fine
  assert.equal(wouldFail(P1, { dirt: 2, magic: 2, slime: 2 }, "M"), true);
  assert.deepEqual(headroom(P3, counts), { dirt: 0, magic: 3, slime: null });
});

test("odds over a fully known Basket are exact", () => {
  const known = [{ stains: "D" }, { stains: "" }, { stains: "MM" }, { stains: "S" }];
  const odds = nextDrawOdds({ limits: P3, counts: { dirt: 1, magic: 2, slime: 0 }, known });
  assert.equal(odds.fail, 2 / 4); // D fails (Dirt 2 > 1), MM fails (Magic 4 > 3)
  assert.equal(odds.certain, true);
});

test("an unknown card counts as the share of unseen cards that would fail", () => {
  const known = [{ stains: "" }]; // never fails
  // 1 in 4 fails under P3 at Dirt 1.
  const pool = [{ stains: "D" }, { stains: "" }, { stains: "" }, { stains: "S" }];
  const odds = nextDrawOdds({
    limits: P3,
    counts: { dirt: 1, magic: 0, slime: 0 },
    known,
    unknown: 1,
    pool,
  });
  assert.equal(odds.fail, (0 + 1 * 0.25) / 2);
  assert.equal(odds.certain, false);
});

test("an empty Basket has no odds; percentages read well", () => {
  assert.equal(nextDrawOdds({ limits: P1, counts: { dirt: 0, magic: 0, slime: 0 } }).fail, null);
  assert.deepEqual([0, 0.001, 0.333, 0.999, 1, null].map(percent), [
    "0%",
    "<1%",
    "33%",
    ">99%",
    "100%",
    "—",
  ]);
});

// A tiny rules block: 4 cards, their stains as the engine lists them.
const RULES = {
  clothing: {
    C1: { stains: { dirt: 1, magic: 0, slime: 0 } },
    C2: { stains: { dirt: 0, magic: 0, slime: 0 } },
    C3: { stains: { dirt: 0, magic: 2, slime: 0 } },
    C4: { stains: { dirt: 0, magic: 0, slime: 1 } },
    C5: { stains: { dirt: 2, magic: 0, slime: 0 } },
  },
};

function laundryView(me) {
  return {
    rules: RULES,
    players: [
      { seat: 0, basket_size: 2, score_zone: { cards: [] } },
      { seat: 1, basket_size: 3, score_zone: { cards: ["C4"] } },
    ],
    removed: { cards: [] },
    market: null,
    laundry: {
      seat: 0,
      drawn: ["C2"],
      covered: null,
      counts: { dirt: 0, magic: 0, slime: null },
      limits: { dirt: 1, magic: 1, slime: null },
      failed: false,
    },
    me,
  };
}

test("the washer's odds use their known Basket cards; the unknown one, unseen cards", () => {
  // Seat 0 knows C3 (fails: Magic 2 > 1) in its Basket of 2; unseen: C1, C5 (C2 drawn, C4 in
  // a Score Zone, C3 known).
  // C1 does not fail (Dirt 1), C5 does (Dirt 2): the unknown card fails half the time.
  const odds = laundryOdds(laundryView({ seat: 0, hand: [], basket_known: ["C3"], gave: [] }));
  assert.equal(odds.fail, (1 + 0.5) / 2);
  assert.equal(odds.certain, false);
  assert.deepEqual([...seenCards(laundryView(null))].sort(), ["C2", "C4"]);
});

test("a spectator's odds know no Basket card", () => {
  // Unseen by a spectator: C1, C3, C5; C3 and C5 fail: 2 of 3 for each of the 2 cards.
  const odds = laundryOdds(laundryView(undefined));
  assert.ok(Math.abs(odds.fail - 2 / 3) < 1e-9);
  assert.equal(laundryOdds({ ...laundryView(undefined), laundry: null }), null);
});
