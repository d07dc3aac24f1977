// The registry's check of a game's client and the defaults it fills in (game-client.js).
import assert from "node:assert/strict";
import { test } from "node:test";
import { completeClient } from "../../static/js/game-client.js";

const noop = () => null;
const MINIMAL = {
  name: "tiny",
  renderGame: noop,
  renderReplay: noop,
  handlers: noop,
  rulesDialog: noop,
  pageTitle: noop,
  errors: noop,
  scoreText: noop,
};

test("a client's own members stay; the optional ones get the shared defaults", () => {
  const freshUi = () => ({ choice: null });
  const client = completeClient({ ...MINIMAL, freshUi });
  assert.equal(client.freshUi, freshUi);
  assert.equal(client.renderGame, noop);
  assert.deepEqual(completeClient(MINIMAL).freshUi(), {});
  const record = {
    player_ids: ["a", "b"],
    names: ["Ann", "Bo"],
    final: { players: [{ name: "b" }, { name: "a" }] },
  };
  assert.deepEqual(client.seatNames(record), ["Bo", "Ann"]);
});

test("a client without a member the shell calls, or without a name, is refused by name", () => {
  const { errors, ...noErrors } = MINIMAL;
  assert.throws(() => completeClient(noErrors), /game client tiny: missing errors/);
  assert.throws(() => completeClient({ ...MINIMAL, pageTitle: "Round 1" }), /missing pageTitle/);
  assert.throws(() => completeClient({ ...MINIMAL, name: "" }), /missing name/);
});
