// The reconnect close code (docs/protocol.md "Close codes", docs/scaling.md): after 4012 the
// room's socket reconnects at once, without backoff; other closes wait; a second 4012 within
// a second falls back to the backoff, so a server that keeps answering 4012 cannot spin it.
import assert from "node:assert/strict";
import { test } from "node:test";

import { FakeSocket, installFakePage } from "./fake-socket.mjs";

installFakePage();
// The page's online/offline events (Node's global is no EventTarget).
const browser = new EventTarget();
globalThis.addEventListener = browser.addEventListener.bind(browser);
globalThis.removeEventListener = browser.removeEventListener.bind(browser);
const { RoomSocket, RECONNECT_NOW, IDLE_PING_MS, DEAD_MS } = await import("../../static/js/net.js");
// What a player's socket says first (inline acks: tests/js/inline-ack.test.mjs).
const HELLO = { type: "hello", token: "token", inline_ack: true };

/** The socket `room` holds now, opened and welcomed; what it is sent lands in `sent`. */
function opened(room, sent = []) {
  const ws = FakeSocket.made[FakeSocket.made.length - 1];
  ws.readyState = FakeSocket.OPEN;
  ws.send = (m) => sent.push(JSON.parse(m));
  ws.onopen();
  room.receive(JSON.stringify({ type: "welcome", role: "player", player_id: "p0" }));
  return { ws, sent };
}

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

// A link that dies without a close (a phone in a tunnel): nothing arrives any more and the
// WebSocket is never told. A quiet socket asks for a pong; a silent one is given up.
test("a quiet socket pings; a silent one is given up and reconnected", () => {
  const room = socket();
  const { sent } = opened(room);
  // Counted from the last message heard, not from now: on a busy machine the clock may
  // have moved on since the welcome.
  const start = room.lastHeard;
  room.heartbeat(start + IDLE_PING_MS - 1);
  assert.deepEqual(sent, [HELLO]); // not quiet long enough
  room.heartbeat(start + IDLE_PING_MS);
  assert.deepEqual(sent.at(-1), { type: "ping" });
  room.heartbeat(start + IDLE_PING_MS + 1000);
  assert.equal(sent.filter((m) => m.type === "ping").length, 1); // one per quiet spell
  assert.equal(room.status, "open");
  room.heartbeat(start + DEAD_MS);
  assert.equal(room.ws, null);
  assert.equal(room.status, "reconnecting");
  assert.ok(room.retryAt > Date.now());
  room.stop();
});

test("anything heard keeps a socket alive", () => {
  const room = socket();
  const { ws } = opened(room);
  const later = Date.now() + DEAD_MS - 1000;
  room.lastHeard = Date.now() - DEAD_MS + 2000; // almost given up
  room.receive(JSON.stringify({ type: "pong", server_time: 1 }));
  room.heartbeat(later);
  assert.equal(room.ws, ws);
  room.stop();
});

test("a move in flight when the link drops is sent again with its id, not once answered", () => {
  const room = socket();
  const { ws } = opened(room);
  const id = room.act({ type: "select", card: 3 }, 7);
  const lobbyId = room.lobby("nonce", { nonce: "ab".repeat(16) });
  ws.onclose({ code: 1006 }); // dropped before any answer
  room.retryNow();
  const again = opened(room).sent;
  assert.deepEqual(again.slice(1), [
    { type: "act", id, command: { type: "select", card: 3 }, window: 7 },
    { type: "lobby", id: lobbyId, action: "nonce", nonce: "ab".repeat(16) },
  ]);
  room.receive(JSON.stringify({ type: "ack", id, version: 4 }));
  room.receive(JSON.stringify({ type: "error", id: lobbyId, code: "not_in_lobby", message: "" }));
  FakeSocket.made.at(-1).onclose({ code: 1006 });
  room.retryNow();
  assert.deepEqual(opened(room).sent, [HELLO]); // nothing again
  room.stop();
});

test("a final close forgets what was unanswered", () => {
  const room = socket();
  const { ws } = opened(room);
  room.act({ type: "skip" }, 1);
  ws.onclose({ code: 4001 });
  assert.equal(room.status, "closed");
  assert.equal(room.unanswered.size, 0);
  room.stop();
});

test("the page going offline drops the socket; back online reconnects at once", () => {
  const room = socket();
  opened(room);
  browser.dispatchEvent(new Event("offline"));
  assert.equal(room.ws, null);
  assert.equal(room.status, "reconnecting");
  const made = FakeSocket.made.length;
  browser.dispatchEvent(new Event("online"));
  assert.equal(FakeSocket.made.length, made + 1);
  room.stop();
  browser.dispatchEvent(new Event("online")); // a stopped socket no longer listens
  assert.equal(FakeSocket.made.length, made + 1);
});
