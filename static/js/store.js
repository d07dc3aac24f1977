// The client's whole state in one object, and the few rules for changing it.

export const state = {
  route: { screen: "home", code: null },
  home: {
    name: localStorage.getItem("laundermat.name") ?? "",
    code: "",
    roundTimer: 30,
    bribeTimer: 15,
    busy: false,
    error: null,
    room: null, // GET /api/rooms/{code} on a join link
  },
  session: null, // {code, token, playerId, role: "player"|"spectator"}
  conn: { status: "idle", retryAt: null, closed: null },
  view: null,
  log: [],
  logGame: null,
  animateFrom: Infinity, // log entries from this index on were seen live: they animate
  clockOffset: 0,
  ui: freshUi(null),
  pending: null, // {id, label}
  toasts: [],
  copied: false,
  batch: 0,
  arrival: {}, // log index -> the batch (view) it arrived in
};

export function freshUi(windowId) {
  return {
    windowId,
    choice: null, // purchase: {kind: "addition"|"weapon", id}
    emailType: null,
    jackpotTarget: null,
    target: null, // bribery: copy id
    pay: { key: null, bills: [], reference: null },
    split: {},
    alarmType: null,
  };
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

/** Merge the log part of a view. Returns false when entries are missing (ask for a resync). */
export function mergeLog(game, gameNumber) {
  if (!game) {
    state.log = [];
    state.logGame = null;
    return true;
  }
  const from = game.log_from ?? 0;
  if (from === 0) {
    if (state.logGame !== gameNumber || state.animateFrom === Infinity) state.animateFrom = game.log.length;
    state.log = [...game.log];
    state.logGame = gameNumber;
    state.arrival = {};
    return true;
  }
  if (state.logGame !== gameNumber) {
    state.log = [];
    state.logGame = gameNumber;
    state.animateFrom = Infinity;
    return false;
  }
  if (from > state.log.length) return false;
  state.log = [...state.log.slice(0, from), ...game.log];
  state.batch += 1; // entries that arrived together animate one after another
  for (let i = from; i < state.log.length; i++) state.arrival[i] = state.batch;
  return true;
}

export function serverNow() {
  return Date.now() + state.clockOffset;
}
