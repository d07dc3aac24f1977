// Talking to a room: one WebSocket per room (HTTP for rooms, the catalog and the records:
// api.js).
import { patchedView } from "./patch.js";

// Close codes after which reconnecting would not help (docs/protocol.md, "Close codes").
// 1008 is final only after an error said why (bad_token); a rate limit is worth a retry.
const FINAL_CLOSES = { 1000: "left", 4001: "replaced", 4003: "kicked", 4004: "room_closed" };
// The room moved to another server (a handover, a failover): reconnect at once, no backoff.
// Twice within RECONNECT_NOW_MS falls back to the backoff, so a loop cannot spin.
export const RECONNECT_NOW = 4012;
const RECONNECT_NOW_MS = 1000;
// A link that dies without a close (a phone in a tunnel, a router that drops the route)
// delivers nothing more, and the page's WebSocket is never told. So the socket notes when it
// last heard anything; after IDLE_PING_MS of silence it asks for a pong, and after DEAD_MS it
// gives the socket up and reconnects, as after a close. Pings go only on a quiet socket.
export const IDLE_PING_MS = 5000;
export const DEAD_MS = 12000;
const HEARTBEAT_MS = 1000;

/**
 * One room connection. Reconnects with exponential backoff and resends hello; tracks the view
 * version and asks for a resync on a gap; keeps the clock offset to the server.
 *
 * Callbacks: onView(view), onWelcome(msg), onAck(msg), onError(msg), onStatus(status),
 * onClosed(reason). onAck gets `{id, version}` before the view of that version, whether the
 * server sent the ack alone or inside the view or patch (docs/protocol.md, "Acks").
 *
 * A command (`act`, `lobby`) sent and not yet answered when its socket is lost is sent again,
 * with the same id, on the next socket: the server answers an id once and never applies it
 * twice (docs/protocol.md), so a move made as the link died is neither lost nor doubled.
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
    this.heartbeatTimer = null;
    this.nextId = 1;
    this.status = "connecting";
    this.fatal = null;
    this.reconnectedNowAt = -Infinity;
    this.lastHeard = 0;
    this.lastPing = 0;
    this.unanswered = new Map(); // id -> message, in the order sent
    // The browser knows before the socket does: offline drops it, online retries at once.
    this.onOffline = () => this.ws && this.drop(this.ws);
    this.onOnline = () => this.retryNow();
  }

  start() {
    this.stopped = false;
    globalThis.addEventListener?.("offline", this.onOffline);
    globalThis.addEventListener?.("online", this.onOnline);
    this.connect();
  }

  stop() {
    this.stopped = true;
    globalThis.removeEventListener?.("offline", this.onOffline);
    globalThis.removeEventListener?.("online", this.onOnline);
    clearTimeout(this.retryTimer);
    clearInterval(this.heartbeatTimer);
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
    this.lastHeard = Date.now(); // a handshake that hangs is given up like a silent socket
    clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = setInterval(() => this.heartbeat(Date.now()), HEARTBEAT_MS);
    this.inlineAck = true;
    ws.onopen = () => {
      this.lastHeard = Date.now();
      this.hello(ws);
    };
    ws.onmessage = (event) => this.receive(event.data);
    ws.onerror = () => {}; // onclose follows and handles it
    ws.onclose = (event) => {
      clearInterval(this.heartbeatTimer);
      if (this.ws !== ws) return;
      this.ws = null;
      const final = this.fatal ?? FINAL_CLOSES[event.code];
      if (final || this.stopped) {
        this.unanswered.clear();
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

  // A player's acks come inside the view or patch that shows the command where one follows
  // (docs/protocol.md, "Acks"); a server from before them refuses the field (`bad_message`
  // before the welcome, in a rolling upgrade) and is asked again without it.
  hello(ws) {
    const hello = this.token
      ? { type: "hello", token: this.token, ...(this.inlineAck ? { inline_ack: true } : {}) }
      : { type: "spectate" };
    ws.send(JSON.stringify(hello));
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

  /** Called every HEARTBEAT_MS with the time: a ping on a quiet socket, a drop on a dead one. */
  heartbeat(now) {
    const ws = this.ws;
    if (!ws) return;
    const silent = now - this.lastHeard;
    if (silent >= DEAD_MS) {
      this.drop(ws);
    } else if (
      ws.readyState === WebSocket.OPEN &&
      silent >= IDLE_PING_MS &&
      now - this.lastPing >= IDLE_PING_MS
    ) {
      this.lastPing = now;
      this.send({ type: "ping" });
    }
  }

  /** Give a socket up without waiting for its closing handshake (a dead link never answers
   *  one), then reconnect as after a close. */
  drop(ws) {
    if (this.ws !== ws) return;
    ws.onopen = ws.onmessage = ws.onclose = null;
    try {
      ws.close();
    } catch {
      // already closing
    }
    this.ws = null;
    clearInterval(this.heartbeatTimer);
    this.scheduleRetry();
  }

  receive(raw) {
    this.lastHeard = Date.now();
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
        for (const message of this.unanswered.values()) this.send(message);
        break;
      case "view":
        this.inlineAckOf(msg);
        this.doc = !msg.game || msg.game.log_from === 0 ? msg : null;
        this.receiveView(msg);
        break;
      case "patch":
        this.inlineAckOf(msg);
        this.receivePatch(msg);
        break;
      case "ack":
        this.answered(msg);
        break;
      case "error":
        if (msg.code === "bad_message" && !msg.id && this.status !== "open" && this.inlineAck) {
          this.inlineAck = false; // a server from before inline acks: the old form
          this.hello(this.ws);
          break;
        }
        if (msg.id) this.unanswered.delete(msg.id);
        if (
          ["bad_token", "kicked", "room_not_found", "room_closed", "replaced"].includes(msg.code) &&
          !msg.id
        ) {
          this.fatal = msg.code; // the close that follows is final
        }
        this.cb.onError?.(msg);
        break;
      case "pong":
        this.cb.onClock?.(msg.server_time);
        break;
      case "hint": // a lesson's coach (ui/coach.js)
        this.cb.onHint?.(msg);
        break;
      case "reaction":
        this.cb.onReaction?.(msg);
        break;
      default:
        break;
    }
  }

  answered(ack) {
    this.unanswered.delete(ack.id);
    this.cb.onAck?.(ack);
  }

  // The ack a frame carries (its `version` is the frame's) is taken first, as an `ack` sent
  // alone before it would be: the page's pending move must know its version before the view
  // that shows it arrives, and a frame dropped as stale or failing to patch still answers it.
  inlineAckOf(msg) {
    if (msg.ack === undefined) return;
    const id = msg.ack;
    delete msg.ack; // not part of the view, nor of the document later patches apply to
    this.answered({ type: "ack", id, version: msg.version });
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
    const message = { type: "act", id: this.newId(), command };
    if (window !== undefined && window !== null) message.window = window;
    return this.sendCommand(message);
  }

  /** A reaction (no id, no ack: everyone's screen, this one's too, shows it). */
  react(reaction) {
    return this.send({ type: "react", reaction });
  }

  lobby(action, extra = {}) {
    return this.sendCommand({ type: "lobby", id: this.newId(), action, ...extra });
  }

  /** Sent now, or null (no open socket: the caller says so); kept until answered. */
  sendCommand(message) {
    if (!this.send(message)) return null;
    this.unanswered.set(message.id, message);
    return message.id;
  }
}
