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
