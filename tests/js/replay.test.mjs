// The replay's arithmetic and the names pages go by (pure modules: replay.js, titles.js).
import assert from "node:assert/strict";
import test from "node:test";
import { seatNames } from "../../static/js/game-client.js";
import { setLanguage } from "../../static/js/i18n.js";
import {
  clampStep,
  nextPlayStep,
  PLAY_MS,
  PLAY_REDUCED_MS,
  playDelay,
  playStart,
  replayRoom,
  roundAt,
  stepText,
} from "../../static/js/replay.js";
import { BRAND, gameName, ordinal, roomTitle, tabTitle } from "../../static/js/titles.js";
import { installCatalogs } from "./catalogs.mjs";

installCatalogs();
setLanguage("en");

test("▶ plays from here to the end at a readable pace, from the start when at the end", () => {
  assert.equal(playStart(5, 40), 5);
  assert.equal(playStart(40, 40), 0); // the last step on show: play it again
  assert.equal(nextPlayStep(5, 40), 6);
  assert.equal(nextPlayStep(39, 40), 40);
  assert.equal(nextPlayStep(40, 40), null); // the end: it stops
  assert.equal(playDelay(false), PLAY_MS);
  assert.ok(PLAY_MS >= 1000 && PLAY_MS <= 1500, "about a second and a bit: time to read a step");
  assert.equal(playDelay(true), PLAY_REDUCED_MS);
  assert.ok(PLAY_REDUCED_MS > PLAY_MS, "reduced motion: the board changes less often");
});

test("steps and rounds", () => {
  assert.equal(clampStep("7", 5), 5);
  assert.equal(clampStep("x", 5), 0);
  assert.equal(roundAt({ 1: 0, 2: 10 }, 12), 2);
  assert.equal(stepText(3, 9), "Step 3 of 9");
});

test("a game is called by its title and the room's game number, never the record's id", () => {
  assert.equal(gameName("Goblin Laundromat", 1), "Goblin Laundromat, game 1");
  assert.equal(gameName("LaunderMat", 3), "LaunderMat, game 3");
  assert.equal(gameName("Goblin Laundromat", null), "Goblin Laundromat"); // an older record
  assert.equal(gameName("", 2), "Game 2");
});

test("the tab's title: what is on show, then the game and room, then the site once", () => {
  assert.equal(tabTitle(), BRAND);
  assert.equal(
    tabTitle("Lobby", roomTitle("Goblin Laundromat", "ABCDE")),
    "Lobby · Goblin Laundromat ABCDE · LaunderMat",
  );
  assert.equal(
    tabTitle("Round 2: Draft", roomTitle("LaunderMat", "ABCDE")),
    "Round 2: Draft · LaunderMat ABCDE",
  );
  // Before the room's game is known:
  assert.equal(tabTitle("", roomTitle("", "ABCDE")), "Room ABCDE · LaunderMat");
  assert.equal(
    tabTitle("Replay", gameName("Goblin Laundromat", 1)),
    "Replay · Goblin Laundromat, game 1 · LaunderMat",
  );
});

test("places in words", () => {
  assert.deepEqual([1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(ordinal), [
    "1st",
    "2nd",
    "3rd",
    "4th",
    "11th",
    "12th",
    "13th",
    "21st",
    "22nd",
    "101st",
  ]);
});

// Seating is shuffled: seat 0 may be the second to join. The final view's players name each
// seat's player_id.
const RECORD = {
  code: "ABCD",
  player_ids: ["p-ann", "p-bo"],
  names: ["Ann", "Bo"],
  final: { players: [{ name: "p-bo" }, { name: "p-ann" }] },
};

test("seatNames reads each seat's player from the final view", () => {
  assert.deepEqual(seatNames(RECORD), ["Bo", "Ann"]);
  assert.deepEqual(
    seatNames({ ...RECORD, final: { players: [{ name: "p-bo" }, { name: "gone" }] } }),
    ["Bo", "Seat 2"],
  );
  assert.deepEqual(seatNames({ ...RECORD, final: null }), ["Ann", "Bo"]);
});

test("replayRoom lists the record's players by joining order, none connected", () => {
  assert.deepEqual(replayRoom(RECORD), {
    code: "ABCD",
    players: [
      { player_id: "p-ann", name: "Ann", seat: 0, connected: false, away: false },
      { player_id: "p-bo", name: "Bo", seat: 1, connected: false, away: false },
    ],
  });
});
