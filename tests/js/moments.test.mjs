// The moments' list (static/js/moments.js): each on show for its beat from its delay, a tap
// ends those on show but not those still to come, and the next change is when one starts or ends.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  addMoments,
  begin,
  dismiss,
  expire,
  MOMENT_MS,
  nextChange,
  onShow,
} from "../../static/js/moments.js";

test("a moment is on show for its beat, from its delay on", () => {
  const list = addMoments(
    [],
    [
      { key: "a", text: "A" },
      { key: "b", text: "B", delay: 1500 },
    ],
    1000,
  );
  assert.deepEqual(
    onShow(list, 1000).map((m) => m.key),
    ["a"],
  );
  assert.deepEqual(
    onShow(list, 2500).map((m) => m.key),
    ["a", "b"],
  );
  assert.deepEqual(
    onShow(list, 1000 + MOMENT_MS).map((m) => m.key),
    ["b"],
  );
  assert.deepEqual(expire(list, 2500 + MOMENT_MS), []);
  assert.equal(MOMENT_MS >= 2500, true);
});

test("a moment whose timer fires late still gets its whole beat, from when it can be drawn", () => {
  const list = addMoments([], [{ key: "b", text: "B", delay: 1500 }], 1000);
  const late = begin(list, 2600); // due at 2500; the busy page gets to it 100 ms late
  assert.deepEqual(
    onShow(late, 2599 + MOMENT_MS).map((m) => m.key),
    ["b"],
  );
  assert.deepEqual(expire(late, 2600 + MOMENT_MS), []);
  assert.deepEqual(begin(late, 4000), late); // begun once: a later look changes nothing
  assert.deepEqual(begin(list, 2000), list); // not yet due: untouched
});

test("a key is shown once, however often it is found", () => {
  const once = addMoments([], [{ key: "a", text: "A" }], 0);
  assert.equal(addMoments(once, [{ key: "a", text: "A" }], 100).length, 1);
});

test("a tap ends what is on show; a moment still to come stays", () => {
  const list = addMoments(
    [],
    [
      { key: "a", text: "A" },
      { key: "b", text: "B", delay: 1500 },
    ],
    0,
  );
  assert.deepEqual(
    dismiss(list, 100).map((m) => m.key),
    ["b"],
  );
});

test("the next change is the nearest start or end", () => {
  const list = addMoments(
    [],
    [
      { key: "a", text: "A" },
      { key: "b", text: "B", delay: 1500 },
    ],
    0,
  );
  assert.equal(nextChange(list, 0), 1500);
  assert.equal(nextChange(list, 1500), MOMENT_MS);
  assert.equal(nextChange([], 0), null);
});
