// The load generator for the Node peers, the twin of benchmarks/peers/load.py (read its
// docstring: the same rooms of six, closed loop or fixed rate, the same events on stdout, the
// same secret check, see benchmarks/peers/secret.py), through each peer's own client library.
//   node gen.mjs colyseus|bgio PORT ROOMS RATE|closed WARMUP SECONDS

import { createRequire } from "node:module";
import { performance } from "node:perf_hooks";
import { Client as ColyseusClient, Room as ColyseusRoom } from "@colyseus/sdk";
import { PickGame } from "./bgio_game.mjs";
import { SEATS } from "./pick_rules.mjs";

const require = createRequire(import.meta.url); // boardgame.io ships CommonJS
const { Client: BgioClient } = require("boardgame.io/client");
const { SocketIO } = require("boardgame.io/multiplayer");

const [kind, port, roomCount, rateArg, warmup, seconds] = process.argv.slice(2);
const url = `http://127.0.0.1:${port}`;
const rate = rateArg === "closed" ? null : Number(rateArg);
const stats = { latencies: [], commands: 0, frames: 0, bytes: 0, skipped: 0, leaks: 0, errors: {} };
let windowStart = Number.POSITIVE_INFINITY;
let stopping = false;
const say = (event) => process.stdout.write(`${JSON.stringify(event)}\n`);

function distinctPicks() {
  const picks = new Set();
  while (picks.size < SEATS) picks.add(900000 + Math.floor(Math.random() * 100000));
  return [...picks];
}

function uint32(number) {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(number);
  return bytes;
}

// Another seat's hidden pick in a frame: as a whole decimal token (text) or its uint32 bytes.
function leaks(frame, number) {
  if (typeof frame === "string") return new RegExp(`(?<!\\d)${number}(?!\\d)`).test(frame);
  return Buffer.from(frame).includes(uint32(number));
}

class PickRoom {
  constructor() {
    this.seen = Array(SEATS).fill(0); // moves each seat's state shows
    this.sent = 0;
    this.hidden = new Map(); // seat → its pick, until the reveal
    this.inflight = null;
  }

  frame(seat, data) {
    stats.frames += 1;
    stats.bytes += typeof data === "string" ? Buffer.byteLength(data) : data.byteLength;
    for (const [other, number] of this.hidden) {
      if (other !== seat && leaks(data, number)) stats.leaks += 1;
    }
  }

  next() {
    const seat = this.sent % SEATS;
    if (seat === 0) this.picks = distinctPicks();
    if (seat === SEATS - 1) this.hidden.clear();
    else this.hidden.set(seat, this.picks[seat]);
    this.sent += 1;
    this.inflight = performance.now();
    this.send(seat, this.picks[seat]);
  }

  state(seat, moves) {
    this.seen[seat] = moves;
    if (this.inflight !== null && this.seen.every((m) => m >= this.sent)) {
      const sent = this.inflight;
      this.inflight = null;
      if (sent >= windowStart) {
        stats.latencies.push(performance.now() - sent);
        stats.commands += 1;
      }
      if (rate === null && !stopping) this.next();
    }
  }
}

// Every frame a Colyseus room receives, counted and checked before the SDK decodes it.
const decode = ColyseusRoom.prototype.onMessageCallback;
ColyseusRoom.prototype.onMessageCallback = function (event) {
  this.pickRoom?.frame(this.pickSeat, event.data);
  return decode.call(this, event);
};

class ColyseusPick extends PickRoom {
  async setup() {
    const client = new ColyseusClient(url);
    this.rooms = [await client.create("pick")];
    for (let seat = 1; seat < SEATS; seat++)
      this.rooms.push(await client.joinById(this.rooms[0].roomId));
    this.rooms.forEach((room, seat) => {
      room.pickRoom = this;
      room.pickSeat = seat;
      room.onStateChange((state) => this.state(seat, state.moves));
      room.onMessage("error", (code) => (stats.errors[code] = (stats.errors[code] ?? 0) + 1));
    });
  }
  send(seat, number) {
    this.rooms[seat].send("pick", number);
  }
  close() {
    for (const room of this.rooms) room.leave();
  }
}

class BgioPick extends PickRoom {
  async setup() {
    const made = await post("/games/pick/create", { numPlayers: SEATS });
    this.clients = [];
    for (let seat = 0; seat < SEATS; seat++) {
      const playerID = String(seat);
      const joined = await post(`/games/pick/${made.matchID}/join`, {
        playerID,
        playerName: `b${seat}`,
      });
      const client = BgioClient({
        game: PickGame,
        multiplayer: SocketIO({ server: url }),
        matchID: made.matchID,
        playerID,
        credentials: joined.playerCredentials,
        debug: false,
      });
      client.subscribe((state) => state && this.state(seat, state.G.moves));
      client.start();
      const socket = client.transport.socket;
      socket.io.on("open", () => socket.io.engine.on("data", (data) => this.frame(seat, data)));
      this.clients.push(client);
    }
    while (!this.clients.every((c) => c.getState()?.isConnected)) await sleep(20);
  }
  send(seat, number) {
    this.clients[seat].moves.pick(number);
  }
  close() {
    for (const client of this.clients) client.stop();
  }
}

async function post(path, body) {
  const answer = await fetch(url + path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`${path}: ${answer.status}`);
  return answer.json();
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function quantile(sorted, q) {
  if (!sorted.length) return null;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] * 100) / 100;
}

async function main() {
  const Kind = { colyseus: ColyseusPick, bgio: BgioPick }[kind];
  const rooms = [];
  for (let i = 0; i < Number(roomCount); i += 10) {
    const batch = Array.from({ length: Math.min(10, Number(roomCount) - i) }, () => new Kind());
    await Promise.all(batch.map((room) => room.setup()));
    rooms.push(...batch);
  }
  say({ event: "ready", rooms: rooms.length });
  for (const room of rooms) {
    if (rate === null) room.next();
    else {
      const period = (rooms.length / rate) * 1000;
      const tick = () => {
        if (stopping) return;
        setTimeout(tick, period);
        if (room.inflight !== null) {
          if (performance.now() >= windowStart) stats.skipped += 1;
        } else room.next();
      };
      setTimeout(tick, Math.random() * period);
    }
  }
  await sleep(Number(warmup) * 1000);
  Object.assign(stats, {
    latencies: [],
    commands: 0,
    frames: 0,
    bytes: 0,
    skipped: 0,
    leaks: 0,
    errors: {},
  });
  say({ event: "start" });
  windowStart = performance.now();
  await sleep(Number(seconds) * 1000);
  say({ event: "stop" });
  const measured = (performance.now() - windowStart) / 1000;
  stopping = true;
  const sorted = stats.latencies.sort((a, b) => a - b);
  const per = (n) => (stats.commands ? Math.round((n / stats.commands) * 100) / 100 : null);
  say({
    event: "figures",
    commands: stats.commands,
    commands_per_s: Math.round((stats.commands / measured) * 10) / 10,
    p50_ms: quantile(sorted, 0.5),
    p99_ms: quantile(sorted, 0.99),
    bytes_per_command: stats.commands ? Math.round(stats.bytes / stats.commands) : null,
    frames_per_command: per(stats.frames),
    skipped: stats.skipped,
    leaks: stats.leaks,
    errors: stats.errors,
  });
  for (const room of rooms) room.close();
  process.exit(0);
}

await main();
