// The table screen's moments (games/*/tv-moments.js): more staged for a room than a phone
// gets (issue 33 §1), each keyed apart from the phone's moments of the same log entry, so the
// shell's list (moments.js) keeps them all; a spectator's view has no "you".
import assert from "node:assert/strict";
import { test } from "node:test";
import { tvMoments as goblinTv } from "../../static/js/games/goblin/tv-moments.js";
import { moments as laundermatPhone } from "../../static/js/games/laundermat/moments.js";
import { tvMoments as laundermatTv } from "../../static/js/games/laundermat/tv-moments.js";
import { setLanguage } from "../../static/js/i18n.js";
import { installCatalogs } from "./catalogs.mjs";
import { RULES } from "./rules-fixture.mjs";

installCatalogs();
setLanguage("en");

/** The store's state as a spectator holds it: room players by id, game players by id. */
function watching(log, rules = {}) {
  const ids = ["pa", "pb", "pc"];
  const names = ["Ann", "Ben", "Cat"];
  return {
    log,
    view: {
      room: { players: ids.map((id, i) => ({ player_id: id, name: names[i] })) },
      game: { viewer: null, rules, players: ids.map((name, seat) => ({ seat, name })), log },
    },
    ui: {},
    session: { role: "spectator", tv: true },
  };
}

const GOBLIN_RULES = {
  clothing: {
    C7: { type: "cape", species: "elves", stains: { dirt: 0, magic: 1, slime: 1 }, coins: null },
  },
  programs: {},
};

test("GWASH-3: every draw is staged on the table screen, then the laundry's end", () => {
  const log = [
    { kind: "round", round: 1 },
    { kind: "draw", seat: 1, card: "C7", counts: { dirt: 0, magic: 1, slime: 1 } },
    { kind: "draw", seat: 1, card: "C7", potion: true, counts: { dirt: 0, magic: 1, slime: 1 } },
    { kind: "stopped", seat: 1, cards: ["C7"] },
  ];
  const found = goblinTv(watching(log, GOBLIN_RULES), 1);
  assert.deepEqual(
    found.map((m) => [m.key, m.title]),
    [
      ["1d", "Ben draws"],
      ["2d", "Ben draws with the Potion"],
      [3, "Ben's cards are secured"],
    ],
  );
  assert.match(found[0].text, /^Ben drew Elves Cape\./);
  assert.ok(found.every((m) => !/\byou/i.test(`${m.title} ${m.text}`)));
});

test("DRAFT-4, bribery: collisions, the stages, bribes and the investigation are staged", () => {
  const log = [
    {
      kind: "draft_locked",
      collected: [{ seat: 2, card: 4, value: 20000 }],
      collisions: [{ card: 7, value: 50000, seats: [0, 1] }],
      unselected: [],
      lost_and_found: [],
      timed_out: [],
    },
    { kind: "window", id: 9, phase: "bribe_protect", actors: [0, 1, 2] },
    { kind: "window", id: 10, phase: "purchase", actors: [0] },
    { kind: "investigation", addition: "pawn_shop" },
  ];
  const state = watching(log, RULES);
  const found = laundermatTv(state, 0);
  const phone = laundermatPhone(state, 0);
  // The phone's moments are all there, and the table screen's own come with keys of their own.
  for (const m of phone) assert.ok(found.some((f) => f.key === m.key && f.title === m.title));
  const own = found.filter((m) => !phone.some((p) => p.key === m.key));
  assert.deepEqual(
    own.map((m) => [m.key, m.title]),
    [
      ["0c0", "Collision!"],
      ["1w", "Bribery 1 of 3 · Protection"],
      ["3i", "The investigation"],
    ],
  );
  assert.match(own[0].text, /^Ann and Ben both picked \$50k/);
  assert.equal(new Set(found.map((m) => m.key)).size, found.length);
});
