// The table screen's boards a page at a time (static/js/ui/tv-pages.js): which boards each page
// shows, and when a page is due to turn.
import assert from "node:assert/strict";
import { test } from "node:test";
import { setLanguage } from "../../static/js/i18n.js";
import { boardPage, boardTurnDue, TURN_MS } from "../../static/js/ui/tv-pages.js";
import { installCatalogs } from "./catalogs.mjs";

installCatalogs();
setLanguage("en");

const SIX = [0, 1, 2, 3, 4, 5];
const at = (turn) => turn * TURN_MS;

test("boards that fit are all shown, with nothing said and no page to turn", () => {
  assert.deepEqual(boardPage([0, 1, 2], [1], 3, at(7)), { shown: [0, 1, 2], label: null });
  assert.equal(boardTurnDue(at(9)), false);
});

test("more boards than fit go a page at a time, every board on one of them", () => {
  const pages = [0, 1, 2].map((turn) => boardPage(SIX, [], 2, at(turn)));
  assert.deepEqual(
    pages.map((p) => p.shown),
    [
      [0, 1],
      [2, 3],
      [4, 5],
    ],
  );
  assert.equal(pages[1].label, "Boards, page 2 of 3");
  assert.deepEqual(boardPage(SIX, [], 2, at(3)).shown, [0, 1]); // round again
});

test("the board of the player the table waits on is on every page", () => {
  for (let turn = 0; turn < 5; turn += 1) {
    const { shown, label } = boardPage(SIX, [4], 2, at(turn));
    assert.ok(shown.includes(4), shown);
    assert.equal(shown.length, 2);
    assert.equal(label, `Boards, page ${turn + 1} of 5`);
  }
  // Everyone at once (a draft) is nobody in particular: plain pages.
  assert.deepEqual(boardPage(SIX, SIX, 3, at(1)).shown, [3, 4, 5]);
});

test("a page is due to turn once its time is up, not before", () => {
  boardPage(SIX, [], 2, at(4));
  assert.equal(boardTurnDue(at(4) + TURN_MS - 1), false);
  assert.equal(boardTurnDue(at(5)), true);
});
