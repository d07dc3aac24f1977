// What the registry (games/index.js) does with each game's client object before listing it
// (pure): it checks that the members the shell calls unguarded are there, and gives the
// optional ones their shared default, so each game writes only what is its own. The home page
// loads it (the registry does), so it imports no more than it needs: not replay.js.
import { t } from "./i18n.js";

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

/** The names by seat of a record (the "Watch as" choice): seating is shuffled, and the final
 *  view's players name each seat's player_id; without a final view, the order of joining. */
export function seatNames(record) {
  const byId = new Map(record.player_ids.map((id, i) => [id, record.names[i]]));
  const players = record.final?.players ?? [];
  return players.length
    ? players.map((p, seat) => byId.get(p.name) ?? t("replay.seat", { seat: String(seat + 1) }))
    : record.names;
}

/** The client as the shell reads it: the game's own members over the defaults. Throws on a
 *  missing member or name, naming it, when the registry loads (a test of any screen fails). */
export function completeClient(client) {
  const missing = REQUIRED.filter((member) => typeof client[member] !== "function");
  if (!client.name || missing.length)
    throw new Error(`game client ${client.name ?? "?"}: missing ${missing.join(", ") || "name"}`);
  return { ...DEFAULTS, ...client };
}
