// Acks inside the sender's frame (docs/protocol.md, "Acks"): the room's socket announces them
// in its hello, takes a frame's `ack` before the view it rides in (the page's pending move
// learns its version first, as from an ack sent alone), keeps the field out of the view and of
// the document later patches apply to, still takes an ack sent alone, and falls back to the
// old form when a server from before inline acks refuses the hello.
import assert from "node:assert/strict";
import { test } from "node:test";

import { FakeSocket, installFakePage } from "./fake-socket.mjs";

installFakePage();
const { RoomSocket } = await import("../../static/js/net.js");

/** A player's room socket, opened; `events` records its callbacks in the order they came. */
function player(token = "token") {
  FakeSocket.made = [];
  const events = [];
  const views = [];
  const room = new RoomSocket("ABCDE", token, {
    onStatus() {},
    onView(view) {
      events.push(`view ${view.version}`);
      views.push(view);
    },
    onAck(msg) {
      events.push(`ack ${msg.id} ${msg.version}`);
    },
    onError(msg) {
      events.push(`error ${msg.code}`);
    },
  });
  room.start();
  const ws = FakeSocket.made[0];
  ws.readyState = FakeSocket.OPEN;
  ws.onopen();
  return { room, ws, events, views };
}

function receive(room, message) {
  room.receive(JSON.stringify(message));
}

const GAME = { log_from: 0, log: [], me: { pick: null } };

function welcomed(room) {
  receive(room, { type: "welcome", role: "player", player_id: "p0" });
  receive(room, { type: "view", version: 7, server_time: 1, deadline: null, room: {}, game: GAME });
}

test("a player's hello announces inline acks; a spectator's does not", () => {
  const { room, ws } = player();
  assert.deepEqual(ws.sent, [{ type: "hello", token: "token", inline_ack: true }]);
  room.stop();
  const watcher = player(null);
  assert.deepEqual(watcher.ws.sent, [{ type: "spectate" }]);
  watcher.room.stop();
});

test("an ack in a patch is taken before the view it shows, and kept out of the view", () => {
  const { room, events, views } = player();
  welcomed(room);
  const id = room.act({ type: "pick", number: 3 }, 1);
  assert.ok(room.unanswered.has(id));
  const ops = [{ op: "replace", path: "/game/me/pick", value: 3 }];
  receive(room, { type: "patch", from: 7, version: 8, server_time: 2, ops, ack: id });
  assert.deepEqual(events, ["view 7", `ack ${id} 8`, "view 8"]);
  assert.equal(room.unanswered.size, 0);
  assert.equal(views[1].game.me.pick, 3);
  assert.equal("ack" in views[1], false);
  assert.equal("ack" in room.doc, false);
  // The next patch, to another seat's move, carries no ack and answers nothing.
  const next = [{ op: "add", path: "/game/log/0", value: { kind: "picked", seat: 1 } }];
  receive(room, { type: "patch", from: 8, version: 9, server_time: 3, ops: next });
  assert.deepEqual(events.slice(3), ["view 9"]);
  assert.equal("ack" in views[2], false);
  room.stop();
});

test("an ack in a whole view is taken first and kept out of the held document", () => {
  const { room, events, views } = player();
  welcomed(room);
  const id = room.lobby("ready", { ready: true });
  const game = { log_from: 0, log: [], me: { pick: 5 } };
  receive(room, { type: "view", version: 8, server_time: 2, room: {}, game, ack: id });
  assert.deepEqual(events, ["view 7", `ack ${id} 8`, "view 8"]);
  assert.equal("ack" in views[1], false);
  assert.equal("ack" in room.doc, false);
  const ops = [{ op: "replace", path: "/game/me/pick", value: 6 }];
  receive(room, { type: "patch", from: 8, version: 9, server_time: 3, ops });
  assert.equal("ack" in views[2], false);
  assert.equal(views[2].game.me.pick, 6);
  room.stop();
});

test("an ack sent alone (a retry, a change nobody sees) is still taken", () => {
  const { room, events } = player();
  welcomed(room);
  const id = room.act({ type: "pick", number: 3 }, 1);
  receive(room, { type: "ack", id, version: 7 });
  assert.deepEqual(events, ["view 7", `ack ${id} 7`]);
  assert.equal(room.unanswered.size, 0);
  room.stop();
});

test("a frame that is not shown still answers the ack it carries", () => {
  const { room, events, ws } = player();
  welcomed(room);
  const id = room.act({ type: "pick", number: 3 }, 1);
  // A patch from a version this socket does not hold: it asks for a resync, the ack stands.
  const ops = [{ op: "replace", path: "/game/me/pick", value: 3 }];
  receive(room, { type: "patch", from: 8, version: 9, server_time: 2, ops, ack: id });
  assert.deepEqual(events, ["view 7", `ack ${id} 9`]);
  assert.equal(room.unanswered.size, 0);
  assert.deepEqual(ws.sent.at(-1), { type: "resync" });
  room.stop();
});

test("a server from before inline acks refuses the hello: asked again in the old form", () => {
  const { room, ws, events } = player();
  const refusal = "hello.inline_ack: Extra inputs are not permitted";
  receive(room, { type: "error", id: null, code: "bad_message", message: refusal });
  assert.deepEqual(ws.sent.at(-1), { type: "hello", token: "token" });
  assert.deepEqual(events, []); // not the page's business
  welcomed(room);
  // Once welcomed, a bad_message is the page's again.
  receive(room, { type: "error", id: null, code: "bad_message", message: "no" });
  assert.deepEqual(events, ["view 7", "error bad_message"]);
  assert.equal(ws.sent.length, 2);
  room.stop();
});
