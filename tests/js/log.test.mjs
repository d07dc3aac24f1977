// static/js/log.js: merging each view's log part into the entries the client holds.
import assert from "node:assert/strict";
import { test } from "node:test";
import { emptyLog, mergeLog } from "../../static/js/log.js";

const entries = (...kinds) => kinds.map((kind) => ({ kind }));

test("a whole log replaces what was held; entries seen on arrival don't animate", () => {
  const { next, complete } = mergeLog(
    emptyLog(),
    { log: entries("setup", "round"), log_from: 0 },
    1,
  );
  assert.ok(complete);
  assert.deepEqual(
    next.log.map((e) => e.kind),
    ["setup", "round"],
  );
  assert.equal(next.logGame, 1);
  assert.equal(next.animateFrom, 2);
});

test("increments append at log_from and are marked with their batch", () => {
  let { next } = mergeLog(emptyLog(), { log: entries("a", "b"), log_from: 0 }, 1);
  ({ next } = mergeLog(next, { log: entries("c", "d"), log_from: 2 }, 1));
  assert.deepEqual(
    next.log.map((e) => e.kind),
    ["a", "b", "c", "d"],
  );
  assert.deepEqual(next.arrival, { 2: 1, 3: 1 });
  ({ next } = mergeLog(next, { log: entries("e"), log_from: 4 }, 1));
  assert.deepEqual(next.arrival, { 2: 1, 3: 1, 4: 2 });
  assert.equal(next.animateFrom, 2); // everything from the first increment on was seen live
});

test("an overlapping increment replaces from log_from on", () => {
  let { next } = mergeLog(emptyLog(), { log: entries("a", "b", "c"), log_from: 0 }, 1);
  ({ next } = mergeLog(next, { log: entries("C"), log_from: 2 }, 1));
  assert.deepEqual(
    next.log.map((e) => e.kind),
    ["a", "b", "C"],
  );
});

test("a hole asks for a resync and keeps what was held", () => {
  const { next: held } = mergeLog(emptyLog(), { log: entries("a"), log_from: 0 }, 1);
  const { next, complete } = mergeLog(held, { log: entries("z"), log_from: 5 }, 1);
  assert.equal(complete, false);
  assert.equal(next, held);
});

test("an increment of another game asks for a resync and empties the log", () => {
  const { next: held } = mergeLog(emptyLog(), { log: entries("a"), log_from: 0 }, 1);
  const { next, complete } = mergeLog(held, { log: entries("b"), log_from: 1 }, 2);
  assert.equal(complete, false);
  assert.deepEqual([next.log, next.logGame, next.animateFrom], [[], 2, Infinity]);
});

test("a rematch's whole log animates from its start only if this client saw it begin", () => {
  const { next: first } = mergeLog(emptyLog(), { log: entries("a", "b"), log_from: 0 }, 1);
  const { next } = mergeLog(first, { log: entries("setup"), log_from: 0 }, 2);
  assert.equal(next.animateFrom, 1);
});

test("no game (the lobby): no log", () => {
  const { next: held } = mergeLog(emptyLog(), { log: entries("a"), log_from: 0 }, 1);
  const { next, complete } = mergeLog(held, null, 1);
  assert.ok(complete);
  assert.deepEqual([next.log, next.logGame], [[], null]);
});
