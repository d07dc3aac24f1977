// The client's whole state in one object, and the few rules for changing it.
import { withGame, withPlayed } from "./history.js";
import { randomKey } from "./join-key.js";

export const state = {
  route: { screen: "home", code: null },
  home: {
    name: localStorage.getItem("laundermat.name") ?? "",
    code: "",
    game: null, // the catalog name of the game to create
    settings: {}, // the create form's settings for that game: key -> value
    busy: false,
    error: null,
    room: null, // GET /api/rooms/{code} on a join link
    joinKey: null, // {code, name, key} of a join not answered yet (join-key.js)
  },
  session: null, // {code, token, playerId, role: "player"|"spectator"}
  conn: { status: "idle", retryAt: null, closed: null },
  catalog: null, // GET /api/catalog: {games: [...]}
  view: null,
  ended: null, // {view, log}: a finished game kept on screen while the next one runs (ended.js)
  log: [],
  logGame: null,
  animateFrom: Infinity, // log entries from this index on were seen live: they animate
  clockOffset: 0,
  // The game client's per-window state (its freshUi()), fresh per window.
  ui: { windowId: null, game: null },
  pending: null, // {id, label}
  hint: null, // a lesson's latest `hint` message with a hint (ui/coach.js)
  toasts: [],
  moments: [], // a game's dramatic moments, on show or soon (moments.js)
  reactions: [], // players' reactions on show (reactions.js)
  reactionTray: false, // the tray of reactions is open
  momentsSeen: 0, // the log entries before this index were looked at for moments
  copied: false,
  batch: 0,
  arrival: {}, // log index -> the batch (view) it arrived in
  replay: null, // the replay page (replay-page.js): {gameId, record, step, viewer, shown, error}
  history: null, // the history page: {games, error}
  // game_id -> this browser's check of its reveal (fair.js checkReveal): {ok, seed} or null.
  checks: {},
};

/** The catalog's entry for a game name (null until the catalog has loaded). */
export function catalogGame(name) {
  return state.catalog?.games.find((g) => g.name === name) ?? null;
}

// This browser's id, made once and sent with every join and create (docs/protocol.md, "Kick
// means gone"): a host who removes a player keeps out the browser they joined from, whatever
// name it tries next. Kept when a seat is forgotten, or the bar would forget it too.
const DEVICE_KEY = "laundermat.device";

export function deviceId() {
  let id = localStorage.getItem(DEVICE_KEY);
  if (!id) {
    id = randomKey();
    localStorage.setItem(DEVICE_KEY, id);
  }
  return id;
}

const SEAT_KEY = (code) => `laundermat.seat.${code}`;

export function savedSeat(code) {
  try {
    return JSON.parse(localStorage.getItem(SEAT_KEY(code)));
  } catch {
    return null;
  }
}

export function saveSeat(code, seat) {
  localStorage.setItem(SEAT_KEY(code), JSON.stringify(seat));
  rememberPlayed(code);
}

// The rooms this browser has taken a seat in, kept after the room closes and its seat is
// forgotten (the history page lists their games): [{code, joined_at}].
const PLAYED_KEY = "laundermat.played";

export function playedRooms() {
  return storedList(PLAYED_KEY);
}

export function rememberPlayed(code) {
  updateList(PLAYED_KEY, (list) => withPlayed(list, code, Date.now()));
}

// The finished games this browser saw at a table it was seated at (their ids), for the history
// page: the server lists no room code while the room is open.
const GAMES_KEY = "laundermat.games";

export function playedGameIds() {
  return storedList(GAMES_KEY);
}

export function rememberGame(id) {
  updateList(GAMES_KEY, (list) => withGame(list, id));
}

// What this browser witnessed of a room's commitments (fair.js witnessed): its own nonce for
// each, and what each game it saw start took. Kept after the room closes, as the games are.
const FAIR_KEY = (code) => `laundermat.fair.${code}`;

export function fairMemory(code) {
  return code ? storedList(FAIR_KEY(code)) : [];
}

export function saveFairMemory(code, memory) {
  if (code) updateList(FAIR_KEY(code), () => memory);
}

/** A list kept in localStorage under `key` ([] if missing or not a list). */
function storedList(key) {
  try {
    const list = JSON.parse(localStorage.getItem(key));
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

/** Store `change(list)` when it differs (a full list that drops its oldest keeps its length). */
function updateList(key, change) {
  const before = JSON.stringify(storedList(key));
  const after = JSON.stringify(change(JSON.parse(before)));
  if (after !== before) localStorage.setItem(key, after);
}

/** Every room this browser holds a seat in (newest last is not guaranteed). */
export function savedRooms() {
  const codes = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key?.startsWith("laundermat.seat.")) codes.push(key.slice("laundermat.seat.".length));
  }
  return codes.sort();
}

export function forgetSeat(code) {
  localStorage.removeItem(SEAT_KEY(code));
}

export function watching(code) {
  return sessionStorage.getItem(`laundermat.watch.${code}`) === "1";
}

export function setWatching(code, on) {
  if (on) sessionStorage.setItem(`laundermat.watch.${code}`, "1");
  else sessionStorage.removeItem(`laundermat.watch.${code}`);
}

let toastId = 0;
export function toast(text, tone = "error") {
  const id = ++toastId;
  state.toasts = [...state.toasts.slice(-2), { id, text, tone }];
  return id;
}

export function dismissToast(id) {
  state.toasts = state.toasts.filter((t) => t.id !== id);
}

/** A new room or a new game: the entries go, the animation bookkeeping stays. */
export function resetLog() {
  state.log = [];
  state.logGame = null;
  state.momentsSeen = 0;
}

export function serverNow() {
  return Date.now() + state.clockOffset;
}
