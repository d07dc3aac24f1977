// A dropped player, in words (issue 30 item 9): the waiting texts' "(offline)"
// (table-context.js) and the countdown's "in 12 s" (text.js).
import assert from "node:assert/strict";
import { test } from "node:test";
import { setLanguage } from "../../static/js/i18n.js";
import { tableContext } from "../../static/js/table-context.js";
import { timeSpan } from "../../static/js/text.js";
import { installCatalogs } from "./catalogs.mjs";

installCatalogs();
setLanguage("en");

test("waiting texts mark a person with no connection as offline, not a bot or a stand-in", () => {
  const player = (id, seat, more = {}) => ({
    player_id: id,
    name: id.toUpperCase(),
    seat,
    connected: true,
    stand_in: false,
    bot: false,
    ...more,
  });
  const room = {
    players: [
      player("ana", 0),
      player("cal", 1, { connected: false, away_at: 1000 }),
      player("dee", 2, { connected: false, away: true, stand_in: true }),
      player("bot", 3, { bot: true }),
    ],
  };
  const game = {
    players: ["ana", "cal", "dee", "bot"].map((name, seat) => ({ name, seat })),
    me: { seat: 0 },
  };
  const ctx = tableContext({ room, game });
  assert.deepEqual([0, 1, 2, 3].map(ctx.waitName), ["ANA", "CAL (offline)", "DEE", "BOT"]);
  assert.equal(ctx.offline(1), true);
  const replay = tableContext({ room, game }, { replay: true });
  assert.equal(replay.waitName(1), "CAL"); // a replay shows no one's presence
});

test("a time to come in words", () => {
  assert.equal(timeSpan(12_000), "12 s");
  assert.equal(timeSpan(11_001), "12 s");
  assert.equal(timeSpan(-3), "0 s");
  assert.equal(timeSpan(125_000), "2:05");
});
