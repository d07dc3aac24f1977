// A player's Programs row as the viewer sees it (issue 30, item 1): your own face-down Programs
// by id, matched by type to the row that loses a Program each round.
import assert from "node:assert/strict";
import { test } from "node:test";

import { visibleRow } from "../../static/js/games/goblin/programs.js";

const OWN = [
  { type: "I", id: "P2" },
  { type: "II", id: "P6" },
  { type: "III", id: "P11" },
  { type: "IV", id: "P15" },
];

test("round 1: Program I face up, your II..IV face down by id", () => {
  const row = [
    { type: "I", id: "P2" },
    { type: "II", id: null },
    { type: "III", id: null },
    { type: "IV", id: null },
  ];
  assert.deepEqual(visibleRow(row, OWN), [
    { type: "I", id: "P2", secret: false },
    { type: "II", id: "P6", secret: true },
    { type: "III", id: "P11", secret: true },
    { type: "IV", id: "P15", secret: true },
  ]);
});

test("round 2: Program I is gone from the row; II is face up and III, IV are still yours", () => {
  const row = [
    { type: "II", id: "P6" },
    { type: "III", id: null },
    { type: "IV", id: null },
  ];
  assert.deepEqual(visibleRow(row, OWN), [
    { type: "II", id: "P6", secret: false },
    { type: "III", id: "P11", secret: true },
    { type: "IV", id: "P15", secret: true },
  ]);
});

test("round 4: only Program IV is left", () => {
  assert.deepEqual(visibleRow([{ type: "IV", id: "P15" }], OWN), [
    { type: "IV", id: "P15", secret: false },
  ]);
});

test("an opponent's row, or a spectator's view: face down stays face down", () => {
  const row = [
    { type: "III", id: "P12" },
    { type: "IV", id: null },
  ];
  assert.deepEqual(visibleRow(row), [
    { type: "III", id: "P12", secret: false },
    { type: "IV", id: null, secret: false },
  ]);
});
