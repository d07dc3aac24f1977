// The turn alert's rule (static/js/turn.js) and each game's turnLabel: pure, from views as the
// server sends them.
import assert from "node:assert/strict";
import { test } from "node:test";
import { turnLabel as goblinLabel } from "../../static/js/games/goblin/text.js";
import { turnLabel as laundermatLabel } from "../../static/js/games/laundermat/text.js";
import { setLanguage } from "../../static/js/i18n.js";
import { decisionKey, nextTurn, turnLabel, turnTitle } from "../../static/js/turn.js";
import { installCatalogs } from "./catalogs.mjs";

installCatalogs();
setLanguage("en");

function view({
  status = "playing",
  number = 1,
  options = { window: 4, can_act: true },
  phase = "draft",
  me = {},
} = {}) {
  return {
    room: { status, game_number: number, players: [] },
    game: {
      phase,
      window: { id: options?.window, kind: me.kind },
      me: options ? { seat: 0, ...me, options } : null,
    },
  };
}

const idle = { window: 4, can_act: false };

test("a decision is the seat's can_act window, for a player in a running game only", () => {
  assert.equal(decisionKey(view(), "player"), "1:4");
  assert.equal(decisionKey(view({ number: 2 }), "player"), "2:4"); // a rematch's window 4 is new
  assert.equal(decisionKey(view({ options: idle }), "player"), null);
  assert.equal(decisionKey(view(), "spectator"), null);
  assert.equal(decisionKey(view({ options: null }), "player"), null); // a spectator's view: no me
  assert.equal(decisionKey(view({ status: "finished" }), "player"), null);
  assert.equal(decisionKey(view({ status: "lobby" }), "player"), null);
  assert.equal(decisionKey({ room: { status: "playing" }, game: null }, "player"), null);
});

/** The alerts a run of decision keys gives, from a fresh page. */
function alerts(keys) {
  let tracker = { seen: false, alerted: null };
  return keys.map((key) => {
    const next = nextTurn(tracker, key);
    tracker = next.tracker;
    return next.alert;
  });
}

test("alert once per new decision, not on every view", () => {
  // nothing -> something; the same window again (another seat's move, a changed pick) is quiet
  assert.deepEqual(alerts([null, "1:4", "1:4", "1:4"]), [false, true, false, false]);
  // the window changes while the seat still has options: a new decision
  assert.deepEqual(alerts([null, "1:4", "1:5"]), [false, true, true]);
  // decided (can_act off), then the same window back (a reconnect's view): no second alert
  assert.deepEqual(alerts([null, "1:4", null, "1:4", null, "1:6"]), [
    false,
    true,
    false,
    false,
    false,
    true,
  ]);
});

test("the page's first view alerts nobody: the player just opened it", () => {
  assert.deepEqual(alerts(["1:4", "1:4", null, "1:5"]), [false, false, false, true]);
});

test("the tab's title names the decision while there is one", () => {
  const client = { turnLabel: () => "Your pick" };
  assert.equal(turnLabel(view(), "player", client), "Your pick");
  assert.equal(turnLabel(view({ options: idle }), "player", client), null);
  assert.equal(turnLabel(view(), "spectator", client), null);
  assert.equal(turnLabel(view(), "player", {}), "Your turn"); // a client without turnLabel
  assert.equal(turnLabel(view(), "player", { turnLabel: () => undefined }), null);
  assert.equal(
    turnTitle("Your pick", "Round 2: Draft · LaunderMat ABCDE"),
    "● Your pick — Round 2: Draft · LaunderMat ABCDE",
  );
  assert.equal(
    turnTitle(null, "Round 2: Draft · LaunderMat ABCDE"),
    "Round 2: Draft · LaunderMat ABCDE",
  );
});

test("LaunderMat names each window's decision; a made pick waits on the others", () => {
  assert.equal(laundermatLabel(view({ me: { selection: null } })), "Your pick");
  assert.equal(laundermatLabel(view({ me: { selection: 12 } })), null);
  assert.equal(laundermatLabel(view({ phase: "purchase" })), "Your purchase");
  assert.equal(laundermatLabel(view({ phase: "seniority" })), "Your Seniority call");
  assert.equal(laundermatLabel(view({ phase: "bribe_entries" })), "Your investigation entries");
  assert.equal(laundermatLabel(view({ phase: "purchase", options: idle })), null);
});

test("Goblin Laundromat names each window kind's decision; a made pick waits on the others", () => {
  assert.equal(
    goblinLabel(view({ phase: "fill", me: { kind: "pick", picked: null } })),
    "Your pick",
  );
  assert.equal(goblinLabel(view({ phase: "fill", me: { kind: "pick", picked: "C61" } })), null);
  assert.equal(goblinLabel(view({ phase: "market", me: { kind: "market" } })), "Your market pick");
  assert.equal(goblinLabel(view({ phase: "laundry", me: { kind: "laundry" } })), "Your laundry");
  assert.equal(goblinLabel(view({ phase: "laundry", me: { kind: "keep" } })), "Keep a card");
  assert.equal(
    goblinLabel(view({ phase: "laundry", options: idle, me: { kind: "laundry" } })),
    null,
  );
});
