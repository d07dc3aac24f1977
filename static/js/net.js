// Talking to the server: HTTP for rooms, one WebSocket per room for everything else.
import { patchedView } from "./patch.js";

export class ApiError extends Error {
  constructor(code, message, status) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

async function request(method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: body ? { "content-type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch {
    throw new ApiError("network", "network error", 0);
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    if (response.status === 422) throw new ApiError("validation", "invalid input", 422);
    const code = data?.code ?? data?.detail?.code ?? (response.status === 404 ? "room_not_found" : "internal");
    throw new ApiError(code, data?.message ?? data?.detail?.message ?? "", response.status);
  }
  return data;
}

export const api = {
  catalog: () => request("GET", "/api/catalog"),
  createRoom: (name, game, settings) => request("POST", "/api/rooms", { name, game, settings }),
  joinRoom: (code, name) => request("POST", `/api/rooms/${encodeURIComponent(code)}/join`, { name }),
  getRoom: (code) => request("GET", `/api/rooms/${encodeURIComponent(code)}`),
  history: (limit = 200) => request("GET", `/api/history?limit=${limit}`),
  replay: (gameId) => request("GET", `/api/games/${encodeURIComponent(gameId)}/replay`),
  replayStep: (gameId, step, viewer) =>
    request("GET", `/api/games/${encodeURIComponent(gameId)}/replay/step/${step}?viewer=${encodeURIComponent(viewer)}`),
};

// Close codes after which reconnecting would not help (docs/protocol.md, "Close codes").
// 1008 is final only after an error said why (bad_token); a rate limit is worth a retry.
const FINAL_CLOSES = { 1000: "left", 4001: "replaced", 4003: "kicked", 4004: "room_closed" };
// The room moved to another server (a handover, a failover): reconnect at once, no backoff.
// Twice within RECONNECT_NOW_MS falls back to the backoff, so a loop cannot spin.
export const RECONNECT_NOW = 4012;
const RECONNECT_NOW_MS = 1000;

/**
 * One room connection. Reconnects with exponential backoff and resends hello; tracks the view
 * version and asks for a resync on a gap; keeps the clock offset to the server.
 *
 * Callbacks: onView(view), onWelcome(msg), onAck(msg), onError(msg), onStatus(status), onClosed(reason)
 */
export class RoomSocket {
  constructor(code, token, callbacks) {
    this.code = code;
    this.token = token;
    this.cb = callbacks;
    this.ws = null;
    this.attempt = 0;
    this.version = null;
    this.doc = null; // the whole view of `version`, which the server's patches apply to
    this.resyncing = false;
    this.stopped = false;
    this.retryAt = null;
    this.retryTimer = null;
    this.pingTimer = null;
    this.nextId = 1;
    this.status = "connecting";
    this.fatal = null;
    this.reconnectedNowAt = -Infinity;
  }

  start() {
    this.stopped = false;
    this.connect();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    if (this.ws) {
      this.ws.onclose = null;
      this.ws.close(1000);
      this.ws = null;
    }
  }

  setStatus(status) {
    this.status = status;
    this.cb.onStatus?.(status);
  }

  connect() {
    clearTimeout(this.retryTimer);
    this.retryAt = null;
    this.setStatus(this.attempt === 0 ? "connecting" : "reconnecting");
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(this.code)}`);
    this.ws = ws;
    this.version = null; // a new socket starts a new sequence of views
    this.doc = null;
    ws.onopen = () => {
      ws.send(JSON.stringify(this.token ? { type: "hello", token: this.token } : { type: "spectate" }));
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.send({ type: "ping" }), 20000);
    };
    ws.onmessage = (event) => this.receive(event.data);
    ws.onerror = () => {}; // onclose follows and handles it
    ws.onclose = (event) => {
      clearInterval(this.pingTimer);
      if (this.ws !== ws) return;
      this.ws = null;
      const final = this.fatal ?? FINAL_CLOSES[event.code];
      if (final || this.stopped) {
        this.setStatus("closed");
        if (!this.stopped) this.cb.onClosed?.(final);
        return;
      }
      const now = Date.now();
      if (event.code === RECONNECT_NOW && now - this.reconnectedNowAt >= RECONNECT_NOW_MS) {
        this.reconnectedNowAt = now;
        this.connect();
        return;
      }
      this.scheduleRetry();
    };
  }

  scheduleRetry() {
    const delay = Math.min(10000, 500 * 2 ** this.attempt) * (0.8 + Math.random() * 0.4);
    this.attempt += 1;
    this.retryAt = Date.now() + delay;
    this.setStatus("reconnecting");
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  retryNow() {
    if (this.ws || this.stopped) return;
    this.connect();
  }

  receive(raw) {
    let msg;
    try {
      msg = JSON.parse(raw);
    } catch {
      return;
    }
    switch (msg.type) {
      case "welcome":
        this.attempt = 0;
        this.version = null; // welcome resets the version baseline
        this.doc = null;
        this.resyncing = false;
        this.setStatus("open");
        this.cb.onWelcome?.(msg);
        break;
      case "view":
        this.doc = !msg.game || msg.game.log_from === 0 ? msg : null;
        this.receiveView(msg);
        break;
      case "patch":
        this.receivePatch(msg);
        break;
      case "ack":
        this.cb.onAck?.(msg);
        break;
      case "error":
        if (["bad_token", "kicked", "room_not_found", "room_closed", "replaced"].includes(msg.code) && !msg.id) {
          this.fatal = msg.code; // the close that follows is final
        }
        this.cb.onError?.(msg);
        break;
      case "pong":
        this.cb.onClock?.(msg.server_time);
        break;
      default:
        break;
    }
  }

  receiveView(view) {
    const last = this.version;
    // Older than what this socket holds: stale. The same version again is a change only this
    // seat sees (a patch from a version to itself: docs/protocol.md) or a resync's answer.
    if (last !== null && view.version < last && !this.resyncing) return;
    const gap = last !== null && view.version > last + 1;
    this.version = view.version;
    const wasResync = this.resyncing;
    this.resyncing = false;
    const ok = this.cb.onView(view, { gap, resync: wasResync, first: last === null });
    if ((gap || ok === false) && !wasResync) this.resync();
  }

  // A delta (docs/protocol.md, "Deltas"): applied to the view this socket holds, it is the
  // next view. One that does not fit (another version, a missed message) asks for a resync.
  receivePatch(msg) {
    if (this.resyncing) return; // the whole view is on its way
    let next;
    try {
      next = patchedView(this.doc, msg);
    } catch {
      this.resync();
      return;
    }
    this.doc = next.doc;
    this.receiveView(next.view);
  }

  resync() {
    if (this.resyncing) return;
    if (this.send({ type: "resync" })) this.resyncing = true;
  }

  send(message) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  newId() {
    return `c${Date.now().toString(36)}-${this.nextId++}`;
  }

  act(command, window) {
    const id = this.newId();
    const message = { type: "act", id, command };
    if (window !== undefined && window !== null) message.window = window;
    return this.send(message) ? id : null;
  }

  lobby(action, extra = {}) {
    const id = this.newId();
    return this.send({ type: "lobby", id, action, ...extra }) ? id : null;
  }
}
