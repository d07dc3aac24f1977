// Reactions on show (static/js/reactions.js): each by its player's name for SHOWN_MS, the
// newest few only, and only ids the room's game declares (GET /api/catalog).
import assert from "node:assert/strict";
import { test } from "node:test";
import { gameReactions, onShow, SHOWN_MS, withReaction } from "../../static/js/reactions.js";

const catalog = {
  games: [
    {
      name: "goblin",
      reactions: [
        { id: "nooo", text: "Nooo!", label: "Nooo!" },
        { id: "laugh", text: "😂", label: "Laughing" },
      ],
    },
  ],
};
const said = (name, reaction) => ({ type: "reaction", player_id: "p", name, reaction });

test("a reaction is shown by its player's name for a while, then goes", () => {
  const reactions = gameReactions(catalog, "goblin");
  const shown = withReaction([], said("Ann", "nooo"), reactions, 1000, 1);
  assert.deepEqual(
    onShow(shown, 1000).map((r) => [r.name, r.text, r.label]),
    [["Ann", "Nooo!", "Nooo!"]],
  );
  assert.equal(onShow(shown, 1000 + SHOWN_MS - 1).length, 1);
  assert.equal(onShow(shown, 1000 + SHOWN_MS).length, 0);
});

test("only the game's own reactions, the newest six at most", () => {
  const reactions = gameReactions(catalog, "goblin");
  assert.deepEqual(withReaction([], said("Ann", "hug"), reactions, 0, 1), []);
  assert.deepEqual(gameReactions(catalog, "other"), []);
  assert.deepEqual(gameReactions(null, "goblin"), []);
  let shown = [];
  for (let i = 0; i < 8; i += 1)
    shown = withReaction(shown, said(`P${i}`, "laugh"), reactions, i, i);
  assert.deepEqual(
    shown.map((r) => r.name),
    ["P2", "P3", "P4", "P5", "P6", "P7"],
  );
});
