// The pure parts of fair play, the replay and the history page (static/js/fair.js, replay.js,
// history.js).
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  contributedText,
  hexOf,
  isNonce,
  newNonce,
  nonceWanted,
  shortHex,
} from "../../static/js/fair.js";
import { finishedText, playedGames, withGame, withPlayed } from "../../static/js/history.js";
import { setLanguage } from "../../static/js/i18n.js";
import {
  clampStep,
  roundAt,
  roundNumbers,
  roundStart,
  stepText,
  viewerParam,
} from "../../static/js/replay.js";
import { installCatalogs } from "./catalogs.mjs";

installCatalogs();
setLanguage("en");

test("a nonce is 16 or 32 random bytes as lowercase hex, fresh every time", () => {
  assert.equal(hexOf([0, 15, 16, 255]), "000f10ff");
  const a = newNonce();
  assert.equal(a.length, 64);
  assert.ok(isNonce(a));
  assert.ok(isNonce(newNonce(16)) && newNonce(16).length === 32);
  assert.notEqual(newNonce(), a);
  assert.equal(
    newNonce(16, (buf) => buf.fill(171)),
    "ab".repeat(16),
  );
});

test("what the server accepts as a nonce", () => {
  assert.ok(isNonce("a".repeat(32)));
  assert.ok(isNonce("0123456789abcdef".repeat(4)));
  assert.ok(!isNonce("a".repeat(31)));
  assert.ok(!isNonce("a".repeat(65)));
  assert.ok(!isNonce("A".repeat(32)));
  assert.ok(!isNonce("g".repeat(32)));
  assert.ok(!isNonce(null));
});

test("a nonce is wanted once per commitment, from seated players, in the lobby or after", () => {
  const room = (status, contributed = []) => ({
    status,
    players: [],
    fairness: { commitment: "c1", contributed, revealed: null },
  });
  const me = { role: "player", playerId: "p1" };
  assert.equal(nonceWanted(room("lobby"), me), "c1");
  assert.equal(nonceWanted(room("finished"), me), "c1");
  assert.equal(nonceWanted(room("playing"), me), null);
  assert.equal(nonceWanted(room("lobby", ["p1"]), me), null);
  assert.equal(nonceWanted(room("lobby"), me, "c1"), null, "already sent for this commitment");
  assert.equal(nonceWanted(room("lobby"), me, "c0"), "c1", "a new commitment wants a new nonce");
  assert.equal(nonceWanted(room("lobby"), { role: "spectator", playerId: null }), null);
  assert.equal(
    nonceWanted({ status: "lobby", players: [] }, me),
    null,
    "a server without fairness",
  );
});

test("the contribution count and a shortened commitment", () => {
  const room = {
    players: [{ player_id: "a" }, { player_id: "b" }, { player_id: "c" }],
    fairness: { contributed: ["a", "c", "gone"] },
  };
  assert.equal(contributedText(room), "2 of 3 players added their randomness");
  assert.equal(shortHex("0123456789abcdef0123"), "01234567…0123");
  assert.equal(shortHex("abc"), "abc");
});

test("rounds from round_starts", () => {
  const starts = { 2: 9, 1: 0, 3: 20, 10: 99 };
  assert.deepEqual(roundNumbers(starts), [1, 2, 3, 10]);
  assert.equal(roundAt(starts, 0), 1);
  assert.equal(roundAt(starts, 8), 1);
  assert.equal(roundAt(starts, 9), 2);
  assert.equal(roundAt(starts, 25), 3);
  assert.equal(roundAt({ 1: 3 }, 2), 0, "before round 1: setup");
  assert.equal(roundStart(starts, 3), 20);
  assert.equal(roundStart(starts, 4), null);
  assert.equal(roundStart(undefined, 1), null);
});

test("steps and viewers are kept within the record", () => {
  assert.equal(clampStep(-1, 10), 0);
  assert.equal(clampStep(11, 10), 10);
  assert.equal(clampStep("4", 10), 4);
  assert.equal(clampStep("x", 10), 0);
  assert.equal(viewerParam("all", 3), "all");
  assert.equal(viewerParam("2", 3), 2);
  assert.equal(viewerParam(0, 3), 0);
  assert.equal(viewerParam("3", 3), "all");
  assert.equal(viewerParam(null, 3), "all");
  assert.equal(stepText(37, 112), "Step 37 of 112");
});

test("the history lists the games of rooms this browser played in, newest first", () => {
  const history = [
    { game_id: 1, code: "AAAAA", finished_ms: 1000 },
    { game_id: 3, code: "BBBBB", finished_ms: 5000 },
    { game_id: 2, code: "CCCCC", finished_ms: 3000 },
    { game_id: 4, code: "AAAAA", finished_ms: 9_000_000 },
    { game_id: 5, code: "AAAAA", finished_ms: null },
  ];
  const played = [
    { code: "aaaaa", joined_at: 8_000_000 },
    { code: "BBBBB", joined_at: 0 },
  ];
  assert.deepEqual(
    playedGames(history, played).map((g) => g.game_id),
    [4, 3, 5],
  );
  assert.deepEqual(playedGames(history, []), []);
  assert.deepEqual(playedGames(undefined, played), []);
});

test("a game whose room is still open (no code listed) counts by the ids this browser saw", () => {
  const history = [
    { game_id: 7, code: null, finished_ms: 2000 },
    { game_id: 8, code: null, finished_ms: 3000 },
    { game_id: 6, code: "BBBBB", finished_ms: 1000 },
  ];
  const played = [{ code: "BBBBB", joined_at: 0 }];
  assert.deepEqual(
    playedGames(history, played, [7]).map((g) => g.game_id),
    [7, 6],
  );
  assert.deepEqual(
    playedGames(history, played).map((g) => g.game_id),
    [6],
  );
  assert.deepEqual(
    playedGames(history, [], [8, 7]).map((g) => g.game_id),
    [8, 7],
  );
});

test("the seen games keep each id once, the newest `max`", () => {
  let ids = withGame([], 3);
  ids = withGame(ids, 3);
  ids = withGame(ids, 4);
  assert.deepEqual(ids, [3, 4]);
  assert.deepEqual(withGame(ids, 5, 2), [4, 5]);
  assert.deepEqual(withGame(["x", 2], "9"), [2]); // only integer ids are kept
});

test("the played list keeps each code once, with its first joining time", () => {
  let list = withPlayed([], "abcde", 10);
  list = withPlayed(list, "ABCDE", 20);
  list = withPlayed(list, "FGHJK", 30);
  assert.deepEqual(list, [
    { code: "ABCDE", joined_at: 10 },
    { code: "FGHJK", joined_at: 30 },
  ]);
  assert.equal(withPlayed(list, "XYZZZ", 40, 2).length, 2);
  assert.equal(finishedText(null), "Not finished");
  assert.match(finishedText(Date.UTC(2026, 10, 30, 12, 0)), /2026/);
});

test("a reveal checked as anyone can: the commitment, then the 62-bit seed", async () => {
  // The seed as JSON carries it: a number past 2^53 arrives rounded.
  // From rooms/fairness.py: commitment("11" * 32) and
  // derive("11" * 32, {pb: "ab" * 16, pa: "cd" * 16}).
  const revealed = {
    server_seed: "11".repeat(32),
    commitment: "02d449a31fbb267c8f352e9968a79e3e5fc95c1bbeaa502fd6454ebde5a4bedc",
    nonces: { pb: "ab".repeat(16), pa: "cd".repeat(16) },
  };
  const { checkReveal, seedMatches, seedText } = await import("../../static/js/fair.js");
  const first = await checkReveal({ ...revealed, seed: 0 });
  assert.equal(first.ok, false);
  assert.equal(first.seed, "283027928798812710");
  const exact = first.seed;
  assert.equal((await checkReveal({ ...revealed, seed: exact })).ok, true, "as a string");
  assert.equal(
    (await checkReveal({ ...revealed, seed: JSON.parse(exact) })).ok,
    true,
    "as a rounded number",
  );
  assert.deepEqual(await checkReveal({ ...revealed, commitment: "0".repeat(64), seed: exact }), {
    ok: false,
    seed: null,
    problem: "commitment",
  });
  // An insecure origin (a phone on http://192.168.x.x) has no SubtleCrypto: nothing checked,
  // and the page says why (ui/fairness.js); a reveal without its secret is not checked at all.
  assert.deepEqual(await checkReveal({ ...revealed, seed: exact }, null), {
    ok: null,
    seed: null,
    problem: "insecure",
  });
  assert.equal(await checkReveal({ ...revealed, server_seed: null, seed: exact }, null), null);
  assert.ok(seedMatches("12", 12) && !seedMatches("13", 12) && !seedMatches("12", null));
  assert.equal(seedText(JSON.parse(exact), { ok: true, seed: exact }), exact);
  assert.equal(seedText(42, null), "42");
});

// From rooms/fairness.py: server_nonce("11" * 32), and derive() with it beside pa's and pb's.
const SERVER_SEED = "11".repeat(32);
const SERVERS = "35a76c00384fe30215a4d0a451fa56a15f7010f13f48fd2ed1d5445f901daea0";
const REVEALED = {
  server_seed: SERVER_SEED,
  commitment: "02d449a31fbb267c8f352e9968a79e3e5fc95c1bbeaa502fd6454ebde5a4bedc",
  nonces: { pb: "ab".repeat(16), pa: "cd".repeat(16), server: SERVERS },
  seed: "2525356787388930755",
};

test(
  "a reveal with the server's own nonce: its value follows from the secret, and the secret is " +
    "32 bytes",
  async () => {
    const { checkReveal } = await import("../../static/js/fair.js");
    assert.deepEqual(await checkReveal(REVEALED), { ok: true, seed: REVEALED.seed, problem: null });
    const forged = { ...REVEALED, nonces: { ...REVEALED.nonces, server: "00".repeat(32) } };
    assert.equal((await checkReveal(forged)).problem, "server_nonce");
    assert.equal((await checkReveal({ ...REVEALED, server_seed: "11" })).problem, "server_seed");
    const smuggled = {
      ...REVEALED,
      nonces: { pa: `${"cd".repeat(16)}|server:${"00".repeat(32)}` },
    };
    assert.equal((await checkReveal(smuggled)).problem, "nonce_format");
  },
);

test("the browser keeps its nonce per commitment, and what a game took at its start", async () => {
  const { nonceFor, revealedGame, witnessed } = await import("../../static/js/fair.js");
  const lobby = {
    status: "lobby",
    game_number: 0,
    fairness: { commitment: REVEALED.commitment, contributed: [], server_nonce: true },
  };
  let memory = witnessed([], lobby, "ab".repeat(16));
  assert.deepEqual(memory, [{ commitment: REVEALED.commitment, nonce: "ab".repeat(16) }]);
  // A new socket sends the same nonce again, never a second one for the server to choose from.
  assert.equal(
    nonceFor(memory, REVEALED.commitment, () => "ff".repeat(16)),
    "ab".repeat(16),
  );
  assert.equal(
    nonceFor(memory, "other", () => "ff".repeat(16)),
    "ff".repeat(16),
  );
  const playing = {
    ...lobby,
    status: "playing",
    game_number: 1,
    fairness: { ...lobby.fairness, contributed: ["pb", "pa"] },
  };
  memory = witnessed(memory, playing);
  assert.deepEqual(memory[0], {
    commitment: REVEALED.commitment,
    nonce: "ab".repeat(16),
    game: 1,
    contributed: ["pa", "pb"],
    server_nonce: true,
  });
  assert.equal(
    witnessed(memory, { ...playing, fairness: { ...playing.fairness, contributed: [] } }),
    memory,
    "fixed once seen",
  );
  assert.equal(revealedGame({ status: "finished", game_number: 1 }), 1);
  assert.equal(
    revealedGame({ status: "playing", game_number: 2 }),
    1,
    "a rematch runs: the reveal is the last game's",
  );
  let many = memory;
  for (let i = 0; i < 20; i++)
    many = witnessed(many, { ...lobby, fairness: { commitment: `c${i}` } });
  assert.equal(many.length, 8);
});

test("a reveal is held to what this browser witnessed (an outside review's attacks)", async () => {
  const { checkReveal } = await import("../../static/js/fair.js");
  const memory = [
    {
      commitment: REVEALED.commitment,
      nonce: "ab".repeat(16),
      game: 1,
      contributed: ["pa", "pb"],
      server_nonce: true,
    },
  ];
  const seen = { memory, game: 1, me: "pb" };
  assert.equal((await checkReveal(REVEALED, undefined, seen)).ok, true);
  // A server seed picked after the nonces were seen: its reveal is consistent in itself
  // (its commitment is its SHA-256), but it is not the commitment shown while the game ran.
  const shownOther = [{ ...memory[0], commitment: "3a7dc735".repeat(8) }];
  assert.equal(
    (await checkReveal(REVEALED, undefined, { ...seen, memory: shownOther })).problem,
    "not_shown",
  );
  // A nonce dropped, or one added, since the start showed who had contributed.
  const { pa: _dropped, ...fewer } = REVEALED.nonces;
  assert.equal(
    (await checkReveal({ ...REVEALED, nonces: fewer }, undefined, seen)).problem,
    "nonces_changed",
  );
  // The server's own nonce left out of a game whose lobby announced it.
  const { server: _server, ...players } = REVEALED.nonces;
  assert.equal(
    (await checkReveal({ ...REVEALED, nonces: players }, undefined, seen)).problem,
    "server_nonce",
  );
  // This browser's nonce swapped for one the server chose.
  assert.equal(
    (
      await checkReveal(REVEALED, undefined, {
        ...seen,
        memory: [{ ...memory[0], nonce: "ee".repeat(16) }],
      })
    ).problem,
    "my_nonce",
  );
  // Another game's memory does not apply.
  assert.equal((await checkReveal(REVEALED, undefined, { ...seen, game: 2 })).ok, true);
});
