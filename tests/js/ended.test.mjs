// After a game (static/js/ended.js): the final scores stay on screen while the next game runs,
// until the player leaves them; who is ready, in words.
import assert from "node:assert/strict";
import { test } from "node:test";
import { keptEnd, nextGame, readyWords, startedByMe } from "../../static/js/ended.js";
import { setLanguage } from "../../static/js/i18n.js";
import { installCatalogs } from "./catalogs.mjs";

installCatalogs();
setLanguage("en");

const finished = {
  version: 40,
  room: { status: "finished", game_number: 1 },
  game: { phase: "over" },
};
const next = {
  version: 41,
  room: { status: "playing", game_number: 2 },
  game: { phase: "draft", me: { options: { can_act: true } } },
};

test("the next game's first view keeps the finished game's end on screen, with its log", () => {
  const log = [{ kind: "investigation" }];
  assert.deepEqual(keptEnd(finished, next, { log }), { view: finished, log });
  // ...but not for the player whose own tap started it: they go straight to the new game.
  assert.equal(keptEnd(finished, next, { log, ownStart: true }), null);
});

test("what is kept stays until the player leaves it; nothing is kept without an end", () => {
  const kept = { view: finished, log: [] };
  const later = { ...next, version: 42 };
  assert.equal(keptEnd(next, later, { kept }), kept); // the same game goes on
  assert.equal(keptEnd(next, later), null);
  const playing = { ...finished, room: { status: "playing", game_number: 1 } };
  assert.equal(keptEnd(playing, next), null, "a game that never ended here has no end to keep");
  assert.equal(keptEnd(null, next), null, "a page that opens mid-game shows the game");
});

test("a newer game's start keeps the newest end", () => {
  const old = { view: finished, log: [] };
  const second = { ...finished, version: 90, room: { status: "finished", game_number: 2 } };
  const third = { ...next, version: 91, room: { status: "playing", game_number: 3 } };
  assert.equal(keptEnd(second, third, { kept: old }).view, second);
});

test("the new game started by my own ready or the host's start, answered by this view", () => {
  assert.equal(startedByMe({ id: "a", label: "ready", awaiting: 41 }, next), true);
  assert.equal(startedByMe({ id: "a", label: "rematch", awaiting: 41 }, next), true);
  assert.equal(startedByMe({ id: "a", label: "ready" }, next), false, "no ack yet");
  assert.equal(startedByMe({ id: "a", label: "ready", awaiting: 45 }, next), false);
  assert.equal(startedByMe({ id: "a", label: "select", awaiting: 41 }, next), false);
  assert.equal(startedByMe(null, next), false);
});

test("the kept end says whether the new game waits for my move", () => {
  assert.deepEqual(nextGame(next), { room: next.room, yourMove: true });
  assert.equal(nextGame({ room: next.room, game: { phase: "draft" } }).yourMove, false);
});

test("who is ready, and whom the table waits for (not bots, not away players)", () => {
  const p = (name, extra = {}) => ({ name, ready: false, away: false, bot: false, ...extra });
  assert.equal(
    readyWords([
      p("Ana", { ready: true }),
      p("Bo"),
      p("Bot Ada", { bot: true }),
      p("Cyd", { away: true }),
    ]),
    "Ready: Ana. Waiting for Bo.",
  );
  assert.equal(readyWords([p("Ana"), p("Bo")]), "Nobody is ready yet. Waiting for Ana and Bo.");
  assert.equal(
    readyWords([p("Ana", { ready: true }), p("Bo", { ready: true })]),
    "Ready: Ana and Bo.",
  );
});
