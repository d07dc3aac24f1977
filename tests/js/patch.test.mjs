// JSON Patch for view deltas (static/js/patch.js; docs/protocol.md "Deltas"). The cases marked
// A.n are RFC 6902's Appendix A examples.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { applyPatch, PatchError, patchedView } from "../../static/js/patch.js";

test("A.1 adding an object member", () => {
  const out = applyPatch({ foo: "bar" }, [{ op: "add", path: "/baz", value: "qux" }]);
  assert.deepEqual(out, { baz: "qux", foo: "bar" });
});

test("A.2 adding an array element", () => {
  const out = applyPatch({ foo: ["bar", "baz"] }, [{ op: "add", path: "/foo/1", value: "qux" }]);
  assert.deepEqual(out, { foo: ["bar", "qux", "baz"] });
});

test("A.3 removing an object member", () => {
  assert.deepEqual(applyPatch({ baz: "qux", foo: "bar" }, [{ op: "remove", path: "/baz" }]), {
    foo: "bar",
  });
});

test("A.4 removing an array element", () => {
  const out = applyPatch({ foo: ["bar", "qux", "baz"] }, [{ op: "remove", path: "/foo/1" }]);
  assert.deepEqual(out, { foo: ["bar", "baz"] });
});

test("A.5 replacing a value", () => {
  const out = applyPatch({ baz: "qux", foo: "bar" }, [
    { op: "replace", path: "/baz", value: "boo" },
  ]);
  assert.deepEqual(out, { baz: "boo", foo: "bar" });
});

test("A.6 moving a value, A.8 testing a value", () => {
  const doc = { foo: { bar: "baz", waldo: "fred" }, qux: { corge: "grault" } };
  const out = applyPatch(doc, [
    { op: "move", from: "/foo/waldo", path: "/qux/thud" },
    { op: "test", path: "/qux/thud", value: "fred" },
  ]);
  assert.deepEqual(out, { foo: { bar: "baz" }, qux: { corge: "grault", thud: "fred" } });
});

test("A.9 a failed test refuses the patch", () => {
  assert.throws(
    () => applyPatch({ baz: "qux" }, [{ op: "test", path: "/baz", value: "bar" }]),
    PatchError,
  );
});

test("A.10 adding a nested member object; A.16 appending with '-'", () => {
  const out = applyPatch({ foo: ["bar"] }, [
    { op: "add", path: "/child", value: { grandchild: {} } },
    { op: "add", path: "/foo/-", value: ["abc", "def"] },
  ]);
  assert.deepEqual(out, { foo: ["bar", ["abc", "def"]], child: { grandchild: {} } });
});

test("A.12 adding to a nonexistent target fails", () => {
  assert.throws(
    () => applyPatch({ foo: "bar" }, [{ op: "add", path: "/baz/bat", value: "qux" }]),
    PatchError,
  );
});

test("A.14 ~ escape ordering; copy", () => {
  const out = applyPatch({ "/": 9, "~1": 10 }, [
    { op: "test", path: "/~01", value: 10 },
    { op: "copy", from: "/~1", path: "/a" },
  ]);
  assert.deepEqual(out, { "/": 9, "~1": 10, a: 9 });
});

test("out-of-range indexes, missing members and replacing nothing are refused", () => {
  const doc = { log: [{ kind: "a" }], me: { seat: 0 } };
  for (const op of [
    { op: "add", path: "/log/2", value: {} }, // a client that missed an entry
    { op: "remove", path: "/log/1" },
    { op: "replace", path: "/me/wallet", value: [] },
    { op: "remove", path: "/nothing" },
    { op: "add", path: "log", value: 1 },
    { op: "jump", path: "/me" },
  ]) {
    assert.throws(() => applyPatch(doc, [op]), PatchError, JSON.stringify(op));
  }
});

test("the document given is never changed, even by a patch that fails half-way", () => {
  const doc = { game: { players: [{ done: false }], log: [{ kind: "a" }] } };
  const frozen = JSON.stringify(doc);
  const out = applyPatch(doc, [
    { op: "replace", path: "/game/players/0/done", value: true },
    { op: "add", path: "/game/log/1", value: { kind: "b" } },
  ]);
  assert.equal(JSON.stringify(doc), frozen);
  assert.equal(out.game.players[0].done, true);
  assert.equal(out.game.log.length, 2);
  assert.throws(() =>
    applyPatch(doc, [
      { op: "replace", path: "/game/players/0/done", value: 1 },
      { op: "remove", path: "/x" },
    ]),
  );
  assert.equal(JSON.stringify(doc), frozen);
});

const whole = {
  type: "view",
  version: 7,
  server_time: 1000,
  deadline: 5000,
  room: { status: "playing", spectators: 0 },
  game: {
    round: 1,
    log_from: 0,
    log: [{ kind: "setup" }, { kind: "round" }],
    log_size: 2,
    me: { seat: 0 },
  },
};

test("a patch message makes the next view; its log holds the new entries only", () => {
  const msg = {
    type: "patch",
    from: 7,
    version: 8,
    server_time: 1100,
    ops: [
      { op: "replace", path: "/room/spectators", value: 1 },
      { op: "add", path: "/game/log/2", value: { kind: "selected", seat: 1 } },
      { op: "replace", path: "/game/log_size", value: 3 },
      { op: "add", path: "/game/log/2/card", value: 12 },
    ],
  };
  const { doc, view } = patchedView(whole, msg);
  assert.equal(doc.version, 8);
  assert.equal(doc.server_time, 1100);
  assert.equal(doc.game.log.length, 3);
  assert.deepEqual(doc.game.log[2], { kind: "selected", seat: 1, card: 12 });
  assert.equal(doc.game.log_from, 0); // the held document keeps the whole log
  assert.equal(view.game.log_from, 2);
  assert.deepEqual(view.game.log, [{ kind: "selected", seat: 1, card: 12 }]);
  assert.equal(view.room.spectators, 1);
  assert.equal(whole.game.log.length, 2);
});

test("a patch for another version is refused (the client resyncs)", () => {
  assert.throws(
    () => patchedView(whole, { type: "patch", from: 6, version: 7, server_time: 0, ops: [] }),
    PatchError,
  );
  assert.throws(
    () => patchedView(null, { type: "patch", from: 7, version: 8, server_time: 0, ops: [] }),
    PatchError,
  );
});

test("a lobby view (no game) is patched too", () => {
  const lobby = { ...whole, game: null };
  const { view } = patchedView(lobby, {
    type: "patch",
    from: 7,
    version: 8,
    server_time: 1,
    ops: [{ op: "replace", path: "/room/status", value: "lobby" }],
  });
  assert.equal(view.game, null);
  assert.equal(view.room.status, "lobby");
});

// A real room's messages to one seat (tests/rooms/deltas_fixture.py writes the file): the
// patches, applied in order to the first whole view, give the whole view a resync returned.
test("a recorded game's patches make the server's whole view", () => {
  const { messages, expected } = JSON.parse(
    readFileSync(new URL("./deltas-fixture.json", import.meta.url), "utf8"),
  );
  assert.equal(messages[0].type, "view");
  let doc = messages[0];
  let patches = 0;
  for (const msg of messages.slice(1)) {
    if (msg.type === "view") {
      doc = msg;
      continue;
    }
    const before = doc.game.log.length;
    const next = patchedView(doc, msg);
    assert.equal(next.view.game.log_from, before);
    assert.deepEqual(next.view.game.log, next.doc.game.log.slice(before));
    doc = next.doc;
    patches += 1;
  }
  assert.ok(patches >= 20, `only ${patches} patches`);
  const kinds = new Set(messages.slice(1).flatMap((m) => m.ops.map((op) => op.op)));
  assert.deepEqual([...kinds].sort(), ["add", "remove", "replace"]);
  const { server_time: _a, ...held } = doc;
  const { server_time: _b, ...whole } = expected;
  assert.deepEqual(held, whole);
});

test("a member named __proto__ is an own member (as JSON.parse makes it), no prototype", () => {
  // An outside security audit: `add` at /__proto__ swapped the copied object's prototype.
  const doc = { room: { code: "ABCDE" }, game: null };
  const out = applyPatch(doc, [
    { op: "add", path: "/__proto__", value: { game: "forged", isAdmin: true } },
    { op: "add", path: "/room/__proto__", value: { isAdmin: true } },
    { op: "add", path: "/constructor", value: { prototype: { polluted: true } } },
  ]);
  assert.equal(Object.getPrototypeOf(out), Object.prototype);
  assert.equal(Object.getPrototypeOf(out.room), Object.prototype);
  assert.equal(out.game, null);
  assert.equal(out.isAdmin, undefined);
  assert.equal(out.room.isAdmin, undefined);
  assert.deepEqual(Object.keys(out), ["room", "game", "__proto__", "constructor"]);
  assert.equal({}.polluted, undefined);
  // The same member again, replaced, moved and reached through: still own data, no prototype.
  const again = applyPatch(out, [
    { op: "replace", path: "/__proto__", value: { isAdmin: 1 } },
    { op: "add", path: "/__proto__/deeper", value: 2 },
    { op: "move", from: "/room/__proto__", path: "/room/was" },
  ]);
  assert.equal(Object.getPrototypeOf(again), Object.prototype);
  assert.equal(Object.getOwnPropertyDescriptor(again, "__proto__").value.deeper, 2);
  assert.deepEqual(again.room.was, { isAdmin: true });
  assert.equal(Object.hasOwn(again.room, "__proto__"), false);
  assert.equal(Object.getPrototypeOf(out), Object.prototype); // the input is unchanged
  assert.equal(Object.getOwnPropertyDescriptor(out, "__proto__").value.isAdmin, true);
});
