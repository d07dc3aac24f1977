// The browser client's modules import each other without a cycle, and every import names a
// module and an export that exist (there is no bundler to catch either).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { cycles, readGraph } from "./import_graph.mjs";

const ROOT = fileURLToPath(new URL("../../static/js", import.meta.url));
const graph = readGraph(ROOT);

test("the checker finds cycles", () => {
  assert.deepEqual(cycles({ a: ["b"], b: ["c"], c: ["a"], d: ["a"] }), [["a", "b", "c"]]);
  assert.deepEqual(cycles({ a: ["a"] }), [["a"]]);
  assert.deepEqual(cycles({ a: ["b", "c"], b: ["c"], c: [] }), []);
});

test("the checker reads multi-line and renamed imports", () => {
  assert.ok(Object.keys(graph).length > 10, "modules were found");
  const controller = graph["controller.js"];
  assert.ok(
    controller.imports.some((i) => i.target === "store.js" && i.names.includes("rememberGame")),
  );
});

test("static/js has no import cycle", () => {
  const edges = Object.fromEntries(
    Object.entries(graph).map(([file, m]) => [file, m.imports.map((i) => i.target)]),
  );
  assert.deepEqual(cycles(edges), []);
});

test("every import resolves to an existing module and export", () => {
  const problems = [];
  for (const [file, module] of Object.entries(graph)) {
    for (const { target, names } of module.imports) {
      const other = graph[target];
      if (!other) {
        problems.push(`${file}: no module ${target}`);
        continue;
      }
      for (const name of names)
        if (!other.exports.has(name)) problems.push(`${file}: ${target} exports no ${name}`);
    }
  }
  assert.deepEqual(problems, []);
});

// A first visit to the home page fetches only what it draws: each game's card loads its
// screens when first needed, and screens.js the shell's other screens (a room, the table
// screen, a replay, the history), their controller and the rules dialog. Nothing else imports
// at run time: a card only its own folder's index.js, screens.js only those modules, each by
// a literal path (so the checks above see those edges too).
const SCREENS = ["ui/room.js", "ui/tv.js", "ui/replay.js", "ui/history.js"];
const LATER = [...SCREENS, "controller.js", "ui/dialog.js"];

test("the only dynamic imports are the games' screens and the shell's own", () => {
  const found = Object.entries(graph)
    .filter(([, m]) => m.dynamic)
    .map(([file, m]) => [file, m.dynamic, m.imports.filter((i) => i.lazy).map((i) => i.target)]);
  const cards = Object.keys(graph).filter((f) => /^games\/[^/]+\/card\.js$/.test(f));
  assert.ok(cards.length >= 2, "every game has a card");
  const expected = [
    ...cards.map((card) => [card, 1, [card.replace("card.js", "index.js")]]),
    ["screens.js", LATER.length, LATER],
  ];
  const order = ([a], [b]) => a.localeCompare(b);
  assert.deepEqual(found.sort(order), expected.sort(order));
  for (const card of cards) {
    const screens = graph[card.replace("card.js", "index.js")];
    assert.ok(screens.exports.has("default"), `${card}: its index.js exports the client`);
  }
});

/** Every module main.js reaches by static imports alone: what the home page loads. */
function staticallyFromMain() {
  const statically = new Set();
  const visit = (file) => {
    if (statically.has(file)) return;
    statically.add(file);
    for (const i of graph[file]?.imports ?? []) if (!i.lazy) visit(i.target);
  };
  visit("main.js");
  return statically;
}

test("the home page's modules reach no screen but through screens.js", () => {
  const statically = staticallyFromMain();
  assert.deepEqual(
    SCREENS.filter((s) => statically.has(s)),
    [],
  );
  for (const screen of SCREENS) assert.ok(graph[screen], `${screen} exists`);
});

// What only a room, the table screen, a replay or the history runs: its connection, the turn
// alerts, the countdown, fair play's nonces, the reactions, the moments, the coach, the
// replay's data. On HTTP/1.1 each module the home page preloads is a share of a 150 ms round
// on one of six connections (benchmarks/first_paint.py), so none of these is among them.
const ROOM_ONLY = [
  "controller.js",
  "alerts.js",
  "countdown.js",
  "ended.js",
  "fair.js",
  "game-fetch.js",
  "handlers/lobby.js",
  "handlers/replay.js",
  "handlers/room.js",
  "moments-live.js",
  "reactions.js",
  "replay-page.js",
  "turn.js",
  "ui/coach.js",
  "ui/tv-pages.js",
];

test("the home page's modules hold none of the other screens' controller", () => {
  const statically = staticallyFromMain();
  assert.deepEqual(
    ROOM_ONLY.filter((m) => statically.has(m)),
    [],
  );
  for (const module of ROOM_ONLY) assert.ok(graph[module], `${module} exists`);
});

test("the shell reaches a game's screens only through its card", () => {
  const statically = staticallyFromMain();
  const screens = [...statically].filter((f) => /^games\/[^/]+\/index\.js$/.test(f));
  assert.deepEqual(screens, []);
});

test("the shell names no game: only games/ and the registry import a game's modules", () => {
  const leaks = [];
  for (const [file, module] of Object.entries(graph)) {
    if (file.startsWith("games/")) continue;
    for (const { target } of module.imports) {
      if (target.startsWith("games/") && target !== "games/index.js")
        leaks.push(`${file} -> ${target}`);
    }
  }
  assert.deepEqual(leaks, []);
});

test("a game imports no other game and not the registry", () => {
  const leaks = [];
  for (const [file, module] of Object.entries(graph)) {
    const game = file.match(/^games\/([^/]+)\//)?.[1];
    if (!game) continue;
    for (const { target } of module.imports) {
      const other = target.match(/^games\/([^/]+)\//)?.[1];
      if (target === "games/index.js" || (other && other !== game))
        leaks.push(`${file} -> ${target}`);
    }
  }
  assert.deepEqual(leaks, []);
});

test("modules stay under 400 lines", () => {
  const long = [];
  for (const file of Object.keys(graph)) {
    const lines = readLines(file);
    if (lines > 400) long.push(`${file}: ${lines}`);
  }
  assert.deepEqual(long, []);
});

// Biome's formatter (make lint) wraps code at 100 columns but cannot break a string or a
// comment: those are held here.
test("no line of the client runs past 100 columns", () => {
  const wide = [];
  for (const file of Object.keys(graph)) {
    readFileSync(join(ROOT, file), "utf8")
      .split("\n")
      .forEach((line, i) => {
        if (line.length > 100) wide.push(`${file}:${i + 1}: ${line.length}`);
      });
  }
  assert.deepEqual(wide, []);
});

function readLines(file) {
  return readFileSync(join(ROOT, file), "utf8").split("\n").length;
}
