// The reconnect close code (docs/protocol.md "Close codes", docs/scaling.md): after 4012 the
// room's socket reconnects at once, without backoff; other closes wait; a second 4012 within
// a second falls back to the backoff, so a server that keeps answering 4012 cannot spin it.
import assert from "node:assert/strict";
import { test } from "node:test";

class FakeSocket {
  static made = [];
  static OPEN = 1;
  constructor(url) {
    this.url = url;
    this.readyState = 0;
    FakeSocket.made.push(this);
  }
  send() {}
  close() {}
}

globalThis.WebSocket = FakeSocket;
globalThis.location = { protocol: "http:", host: "play.example" };
const { RoomSocket, RECONNECT_NOW } = await import("../../static/js/net.js");

function socket() {
  FakeSocket.made = [];
  const room = new RoomSocket("ABCDE", "token", { onStatus() {}, onView() {} });
  room.start();
  return room;
}

test("4012 reconnects at once, to the same room path", () => {
  const room = socket();
  FakeSocket.made[0].onclose({ code: RECONNECT_NOW });
  assert.equal(FakeSocket.made.length, 2);
  assert.equal(FakeSocket.made[1].url, "ws://play.example/ws/ABCDE");
  assert.equal(room.retryAt, null);
  room.stop();
});

test("1001 going away waits for the backoff", () => {
  const room = socket();
  FakeSocket.made[0].onclose({ code: 1001 });
  assert.equal(FakeSocket.made.length, 1);
  assert.ok(room.retryAt > Date.now());
  room.stop();
});

test("a second 4012 within a second backs off", () => {
  const room = socket();
  FakeSocket.made[0].onclose({ code: RECONNECT_NOW });
  FakeSocket.made[1].onclose({ code: RECONNECT_NOW });
  assert.equal(FakeSocket.made.length, 2);
  assert.ok(room.retryAt > Date.now());
  room.stop();
});

// A change only this seat sees (its changed selection) keeps the room's version: the server
// sends a patch from that version to itself (docs/protocol.md "Deltas"), which must be shown,
// not dropped as stale; an older version still is, and a skipped one asks for a resync.
test("a patch from a version to itself is shown; an older view is not", () => {
  FakeSocket.made = [];
  const shown = [];
  const room = new RoomSocket("ABCDE", "token", { onStatus() {}, onView: (v) => shown.push(v) });
  room.start();
  const ws = FakeSocket.made[0];
  ws.readyState = FakeSocket.OPEN;
  const sent = [];
  ws.send = (m) => sent.push(JSON.parse(m));
  const game = { log_from: 0, log: [], me: { selection: 3 } };
  room.receive(JSON.stringify({ type: "view", version: 7, server_time: 1, game, room: {} }));
  const ops = [{ op: "replace", path: "/game/me/selection", value: 9 }];
  room.receive(JSON.stringify({ type: "patch", from: 7, version: 7, server_time: 2, ops }));
  assert.equal(shown.length, 2);
  assert.equal(shown[1].game.me.selection, 9);
  assert.equal(room.version, 7);
  room.receive(JSON.stringify({ type: "view", version: 6, server_time: 3, game, room: {} }));
  assert.equal(shown.length, 2); // stale
  assert.deepEqual(sent, []);
  room.receive(JSON.stringify({ type: "view", version: 9, server_time: 4, game, room: {} }));
  assert.deepEqual(sent, [{ type: "resync" }]); // version 8 was missed
  room.stop();
});
