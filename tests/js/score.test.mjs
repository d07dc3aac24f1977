import assert from "node:assert/strict";
import { test } from "node:test";

import { runningScore, scoreIf } from "../../static/js/games/laundermat/score.js";
import { RULES } from "./rules-fixture.mjs";

const P = RULES.addition_points;

function copy(id, owner, kind, extra = {}) {
  return {
    id,
    owner,
    kind,
    flagged: false,
    protection: 0,
    countered: false,
    email_protected: false,
    bonus: 0,
    ...extra,
  };
}

function game(copies, weapons = {}) {
  return { copies, players: [0, 1, 2].map((seat) => ({ seat, weapon: weapons[seat] ?? null })) };
}

test("nobody investigated: points plus public exact bonuses", () => {
  const g = game([
    copy(1, 0, "pawn_shop", { bonus: 5000 }),
    copy(2, 0, "clearance_rack"),
    copy(3, 1, "slot_machine"),
  ]);
  assert.equal(runningScore(RULES, g, 0).total, P.pawn_shop + 5000 + P.clearance_rack);
  assert.equal(runningScore(RULES, g, 1).total, P.slot_machine);
  assert.deepEqual(runningScore(RULES, g, 2), { total: 0, risks: [] });
});

test("a flagged copy puts its points and bonus at risk and gets its owner caught", () => {
  const g = game([
    copy(1, 0, "pawn_shop", { flagged: true, bonus: 5000 }),
    copy(2, 0, "pawn_shop"),
    copy(3, 0, "clearance_rack", { flagged: true, protection: 50000 }),
  ]);
  const s = runningScore(RULES, g, 0);
  assert.equal(s.total, 2 * P.pawn_shop + 5000 + P.clearance_rack);
  assert.deepEqual(s.risks, [
    { kind: "pawn_shop", lose: P.pawn_shop + 5000, caught: true },
    { kind: "clearance_rack", lose: P.clearance_rack, caught: false },
  ]);
});

test("a countered protection no longer protects; Anonymous Email's does", () => {
  const g = game([
    copy(1, 0, "vending_machines", { flagged: true, protection: 50000, countered: true }),
    copy(2, 1, "vending_machines", { flagged: true, email_protected: true }),
  ]);
  assert.equal(scoreIf(RULES, g, 0, "vending_machines").caught, true);
  assert.equal(scoreIf(RULES, g, 1, "vending_machines").caught, false);
  assert.equal(scoreIf(RULES, g, 1, "vending_machines").total, 0);
});

test("Five-Star Review counts distinct surviving types", () => {
  const g = game([copy(1, 0, "pawn_shop", { flagged: true }), copy(2, 0, "clearance_rack")], {
    0: "five_star_review",
  });
  assert.equal(scoreIf(RULES, g, 0).total, P.pawn_shop + P.clearance_rack + RULES.review_bonus[2]);
  assert.equal(scoreIf(RULES, g, 0, "pawn_shop").total, P.clearance_rack + RULES.review_bonus[1]);
  assert.equal(
    runningScore(RULES, g, 0).risks[0].lose,
    P.pawn_shop + RULES.review_bonus[2] - RULES.review_bonus[1],
  );
});
