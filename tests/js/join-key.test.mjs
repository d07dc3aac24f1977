// A join's key and its retries (static/js/join-key.js, docs/protocol.md "Joining").
import assert from "node:assert/strict";
import { test } from "node:test";

import { joinKeyFor, RETRY_DELAYS_MS, randomKey, withRetries } from "../../static/js/join-key.js";

class Refusal extends Error {
  constructor(code) {
    super(code);
    this.code = code;
  }
}

test("a key is 128 random bits in the server's alphabet", () => {
  const keys = new Set(Array.from({ length: 200 }, randomKey));
  assert.equal(keys.size, 200);
  for (const key of keys) assert.match(key, /^[A-Za-z0-9_-]{22}$/);
});

test("the same join keeps its key; another room or name gets a new one", () => {
  let n = 0;
  const make = () => `key-${++n}`;
  const first = joinKeyFor(null, "ABCDE", "Bob", make);
  assert.deepEqual(first, { code: "ABCDE", name: "Bob", key: "key-1" });
  assert.equal(joinKeyFor(first, "ABCDE", "Bob", make), first);
  assert.equal(joinKeyFor(first, "ABCDE", "Robert", make).key, "key-2");
  assert.equal(joinKeyFor(first, "FGHJK", "Bob", make).key, "key-3");
});

test("a lost answer is asked again, with pauses, until it comes", async () => {
  const slept = [];
  let calls = 0;
  const seat = await withRetries(
    async () => {
      calls += 1;
      if (calls === 1) throw new Refusal("network");
      if (calls === 2) throw new Refusal("unavailable");
      return { player_id: "p1" };
    },
    async (ms) => slept.push(ms),
  );
  assert.deepEqual(seat, { player_id: "p1" });
  assert.deepEqual(slept, RETRY_DELAYS_MS);
});

test("the server's final word is not asked again, and retries end", async () => {
  let calls = 0;
  await assert.rejects(
    withRetries(
      async () => {
        calls += 1;
        throw new Refusal("name_taken");
      },
      async () => {},
    ),
    { code: "name_taken" },
  );
  assert.equal(calls, 1);
  calls = 0;
  await assert.rejects(
    withRetries(
      async () => {
        calls += 1;
        throw new Refusal("network");
      },
      async () => {},
    ),
    { code: "network" },
  );
  assert.equal(calls, RETRY_DELAYS_MS.length + 1);
});
