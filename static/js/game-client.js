// What the registry (games/index.js) does with each game's client object before listing it
// (pure): it checks that the members the shell calls unguarded are there, and gives the
// optional ones their shared default, so each game writes only what is its own.
import { seatNames } from "./replay.js";

const REQUIRED = [
  "renderGame",
  "renderReplay",
  "handlers",
  "rulesDialog",
  "pageTitle",
  "errors",
  "scoreText",
];

const DEFAULTS = {
  freshUi: () => ({}), // a game whose every choice is one tap keeps nothing per window
  seatNames, // the final view's players name each seat's player_id
};

/** The client as the shell reads it: the game's own members over the defaults. Throws on a
 *  missing member or name, naming it, when the registry loads (a test of any screen fails). */
export function completeClient(client) {
  const missing = REQUIRED.filter((member) => typeof client[member] !== "function");
  if (!client.name || missing.length)
    throw new Error(`game client ${client.name ?? "?"}: missing ${missing.join(", ") || "name"}`);
  return { ...DEFAULTS, ...client };
}
