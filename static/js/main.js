// The client's controller: routing, the room connection and rendering. What each button
// does is in handlers.js.
import { delegate, patch } from "./dom.js";
import { api, RoomSocket } from "./net.js";
import { setupRules } from "./rules.js";
import { makeHandlers } from "./handlers.js";
import {
  dismissToast, forgetSeat, freshUi, mergeLog, savedSeat, serverNow, state, toast, watching,
} from "./store.js";
import { PHASES, errorSentence } from "./text.js";
import { renderApp } from "./ui/app.js";

const root = document.getElementById("app");
let socket = null;
let renderQueued = false;

export function render() {
  if (renderQueued) return;
  renderQueued = true;
  queueMicrotask(() => {
    renderQueued = false;
    const before = root.firstElementChild?.getAttribute("data-key");
    const hadFocus = root.contains(document.activeElement) && document.activeElement !== root;
    patch(root, renderApp(state));
    const after = root.firstElementChild?.getAttribute("data-key");
    if (before !== after) window.scrollTo(0, 0); // a new screen starts at its top
    document.title = pageTitle();
    if (hadFocus && !root.contains(document.activeElement)) {
      // The focused control went away (the step moved on): keep keyboard users in the
      // action panel rather than back at the top of the page.
      const landing = root.querySelector(".action h2") ?? root.querySelector(".final h2, .phase-title");
      landing?.focus({ preventScroll: true }); // these headings carry tabindex=-1
    }
    tick();
  });
}

function pageTitle() {
  const game = state.view?.game;
  const code = state.route.code;
  if (!code) return "LaunderMat";
  if (!game || state.route.screen !== "room") return `LaunderMat · ${code}`;
  const phase = PHASES[game.phase]?.title ?? game.phase;
  return game.phase.startsWith("bribe") || game.phase === "over"
    ? `${phase} · LaunderMat ${code}`
    : `Round ${game.round}: ${phase} · LaunderMat ${code}`;
}

// ------------------------------------------------------------------ routing

function parsePath() {
  const match = location.pathname.match(/^\/r\/([A-Za-z0-9_-]+)\/?$/);
  return match ? match[1].toUpperCase() : null;
}

function route() {
  const code = parsePath();
  stopSocket();
  state.view = null;
  state.log = [];
  state.logGame = null;
  state.session = null;
  state.home.error = null;
  state.home.errorFor = null;
  state.home.room = null;
  if (!code) {
    state.route = { screen: "home", code: null };
    render();
    return;
  }
  state.home.code = code;
  const seat = savedSeat(code);
  if (seat?.token) {
    enterRoom(code, { token: seat.token, playerId: seat.player_id, role: "player" });
  } else if (watching(code)) {
    enterRoom(code, { token: null, playerId: null, role: "spectator" });
  } else {
    state.route = { screen: "join", code };
    render();
    api.getRoom(code).then((room) => {
      if (state.route.code === code) {
        state.home.room = room;
        render();
      }
    }).catch((err) => {
      if (state.route.code === code) {
        state.home.error = errorSentence(err.code, err.message);
        render();
      }
    });
  }
}

function navigate(path) {
  if (location.pathname !== path) history.pushState({}, "", path);
  route();
}

window.addEventListener("popstate", route);

// ------------------------------------------------------------------ the room connection

function stopSocket() {
  if (socket) socket.stop();
  socket = null;
  state.conn = { status: "idle", retryAt: null, closed: null };
}

function enterRoom(code, session) {
  stopSocket();
  state.session = { code, ...session };
  state.route = { screen: "room", code };
  state.view = null;
  state.pending = null;
  state.ui = freshUi(null);
  socket = new RoomSocket(code, session.token, {
    onStatus(status) {
      state.conn = { ...state.conn, status, retryAt: socket?.retryAt ?? null };
      if (status !== "open") state.pending = null;
      render();
    },
    onWelcome(msg) {
      state.session.role = msg.role;
      state.session.playerId = msg.player_id;
      state.conn.closed = null;
    },
    onView(view, info) {
      return receiveView(view, info);
    },
    onAck(msg) {
      // The ack comes just before the view that shows the change: stay busy until that
      // view is in, so a quick second click cannot repeat the command.
      if (state.pending?.id === msg.id) {
        state.pending.awaiting = msg.version;
        if ((state.view?.version ?? 0) >= msg.version) settlePending();
      }
      render();
    },
    onError(msg) {
      if (msg.id && state.pending?.id === msg.id) state.pending = null;
      if (["bad_token", "kicked"].includes(msg.code)) forgetSeat(code);
      if (!["replaced"].includes(msg.code) || msg.id) notify(errorSentence(msg.code, msg.message));
      render();
    },
    onClock(serverTime) {
      state.clockOffset = serverTime - Date.now();
    },
    onClosed(reason) {
      state.conn.closed = reason;
      if (["room_not_found", "room_closed"].includes(reason)) forgetSeat(code);
      if (reason === "bad_token" || reason === "kicked") {
        forgetSeat(code);
        state.route = { screen: "join", code };
        state.home.error = errorSentence(reason);
        state.view = null;
      }
      render();
    },
  });
  socket.start();
  render();
}

function settlePending() {
  const after = state.pending?.after;
  state.pending = null;
  after?.();
}

function receiveView(view, info = {}) {
  state.clockOffset = view.server_time - Date.now();
  const previous = state.view;
  const number = view.room?.game_number ?? 1;
  if (previous && previous.room?.game_number !== number) {
    state.log = [];
    state.logGame = null;
  }
  const complete = mergeLog(view.game, number);
  state.view = view;
  if (state.pending?.awaiting !== undefined && view.version >= state.pending.awaiting) settlePending();
  const windowId = view.game?.window?.id ?? null;
  if (windowId !== state.ui.windowId) {
    state.ui = freshUi(windowId);
    state.pending = null;
  }
  trackWindowSpan(view, !!info.first);
  render();
  return complete;
}

/** A message that goes away by itself after a while (or when dismissed). */
function notify(text) {
  const id = toast(text);
  setTimeout(() => {
    dismissToast(id);
    render();
  }, 8000);
}

function send(command, label, after) {
  if (!socket || state.pending) return;
  const window = state.view?.game?.me?.options?.window;
  const id = socket.act(command, window);
  if (id) state.pending = { id, label, after };
  else notify("You're offline right now. Your move wasn't sent.");
  render();
}

function lobby(action, extra = {}, label = action) {
  if (!socket) return;
  const id = socket.lobby(action, extra);
  if (id) state.pending = { id, label };
  else notify("You're offline right now. Please wait for the connection to come back.");
  render();
}

// ------------------------------------------------------------------ the countdown

/** The bar's full length: the window's duration, or, when this client saw the window open
 *  (servers may scale durations, e.g. in tests), the time it had then. */
function trackWindowSpan(view, first) {
  const window = view.game?.window;
  if (!window || !view.deadline) {
    state.span = null;
    return;
  }
  if (state.span?.id === window.id) return;
  const full = window.duration * 1000;
  const left = Math.max(1, view.deadline - view.server_time);
  state.span = { id: window.id, total: first ? Math.max(full, left) : Math.min(full, left) };
}

function tick() {
  const view = state.view;
  const game = view?.game;
  for (const el of root.querySelectorAll("[data-role=timer]")) {
    const bar = el.querySelector(".timer-fill");
    const text = el.querySelector(".timer-text");
    if (!view?.deadline || !game?.window) {
      if (bar) bar.style.width = "0%";
      if (text) text.textContent = "";
      continue;
    }
    const total = state.span?.id === game.window.id ? state.span.total : game.window.duration * 1000;
    const left = Math.max(0, view.deadline - serverNow());
    const fraction = Math.min(1, left / total);
    if (bar) {
      bar.style.width = `${(fraction * 100).toFixed(2)}%`;
      bar.classList.toggle("urgent", left < 5000);
    }
    if (text) {
      const seconds = Math.ceil(left / 1000);
      text.textContent = seconds >= 60 ? `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")} left` : `${seconds} s left`;
    }
  }
  const retry = root.querySelector("[data-role=retry-in]");
  if (retry && state.conn.retryAt) {
    retry.textContent = `Trying again in ${Math.max(0, Math.ceil((state.conn.retryAt - Date.now()) / 1000))} s.`;
  }
}
setInterval(tick, 250);

// ------------------------------------------------------------------ wiring

delegate(document.body, makeHandlers({
  render, navigate, send, lobby, enterRoom, root,
  socket: () => socket,
}));

setupRules();
route();
