// The client's controller: routing, the room connection, and what each button does.
import { delegate, patch } from "./dom.js";
import { api, RoomSocket } from "./net.js";
import { openRules, setupRules } from "./rules.js";
import {
  dismissToast, forgetSeat, freshUi, mergeLog, saveSeat, savedSeat, serverNow, setWatching, state, toast, watching,
} from "./store.js";
import { errorSentence } from "./text.js";
import { renderApp } from "./ui/app.js";
import { autoPick, evaluate } from "./ui/pay.js";
import { paymentFor } from "./ui/actions.js";

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
    if (hadFocus && !root.contains(document.activeElement)) {
      // The focused control went away (the step moved on): keep keyboard users in the
      // action panel rather than back at the top of the page.
      const landing = root.querySelector(".action h2, .final h2, .phase-title");
      landing?.focus({ preventScroll: true }); // these headings carry tabindex=-1
    }
    tick();
  });
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
    document.title = "LaunderMat";
    render();
    return;
  }
  state.home.code = code;
  document.title = `LaunderMat · ${code}`;
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
      if (state.pending?.id === msg.id) {
        const after = state.pending.after;
        state.pending = null;
        after?.();
      }
      render();
    },
    onError(msg) {
      if (msg.id && state.pending?.id === msg.id) state.pending = null;
      if (["bad_token", "kicked"].includes(msg.code)) forgetSeat(code);
      if (!["replaced"].includes(msg.code) || msg.id) toast(errorSentence(msg.code, msg.message));
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
  const windowId = view.game?.window?.id ?? null;
  if (windowId !== state.ui.windowId) {
    state.ui = freshUi(windowId);
    state.pending = null;
  }
  trackWindowSpan(view, !!info.first);
  render();
  return complete;
}

function send(command, label, after) {
  if (!socket || state.pending) return;
  const window = state.view?.game?.me?.options?.window;
  const id = socket.act(command, window);
  if (id) state.pending = { id, label, after };
  else toast("You're offline right now. Your move wasn't sent.");
  render();
}

function lobby(action, extra = {}, label = action) {
  if (!socket) return;
  const id = socket.lobby(action, extra);
  if (id) state.pending = { id, label };
  else toast("You're offline right now. Please wait for the connection to come back.");
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

// ------------------------------------------------------------------ what the buttons do

const payment = () => paymentFor(state);

function resetPay(key) {
  state.ui.pay = { key, bills: [], reference: null };
}

const handlers = {
  // home
  "home-field"(data, el) {
    state.home[data.field] = data.field.endsWith("Timer") ? Number(el.value) : el.value;
    if (data.field === "code") {
      el.value = el.value.toUpperCase();
      state.home.code = el.value;
    }
  },
  async "create-room"() {
    state.home.errorFor = "create";
    const name = state.home.name.trim();
    if (!name) {
      state.home.error = "Please enter your name first.";
      render();
      return;
    }
    state.home.busy = true;
    state.home.error = null;
    render();
    try {
      const seat = await api.createRoom(name, { round_timer: state.home.roundTimer, bribe_timer: state.home.bribeTimer });
      localStorage.setItem("laundermat.name", name);
      saveSeat(seat.code, { token: seat.token, player_id: seat.player_id, name });
      state.home.busy = false;
      navigate(`/r/${seat.code}`);
    } catch (err) {
      state.home.busy = false;
      state.home.error = errorSentence(err.code, err.message);
      render();
    }
  },
  async "join-room"() {
    state.home.errorFor = "join";
    const name = state.home.name.trim();
    const code = state.home.code.trim().toUpperCase();
    if (!code) {
      state.home.error = "Please enter the room code.";
      render();
      return;
    }
    if (!name) {
      state.home.error = "Please enter your name first.";
      render();
      return;
    }
    const existing = savedSeat(code);
    if (existing?.token) {
      navigate(`/r/${code}`);
      return;
    }
    state.home.busy = true;
    state.home.error = null;
    render();
    try {
      const seat = await api.joinRoom(code, name);
      localStorage.setItem("laundermat.name", name);
      saveSeat(seat.code, { token: seat.token, player_id: seat.player_id, name });
      setWatching(seat.code, false);
      state.home.busy = false;
      navigate(`/r/${seat.code}`);
    } catch (err) {
      state.home.busy = false;
      state.home.error = errorSentence(err.code, err.message);
      render();
    }
  },
  "watch-room"() {
    state.home.errorFor = "join";
    const code = (state.route.code ?? state.home.code).trim().toUpperCase();
    if (!code) {
      state.home.error = "Please enter the room code to watch.";
      render();
      return;
    }
    setWatching(code, true);
    navigate(`/r/${code}`);
  },
  "go-home"() {
    if (state.session?.role === "spectator") setWatching(state.session.code, false);
    navigate("/");
  },
  "open-rules"() {
    openRules();
  },
  "retry-now"() {
    socket?.retryNow();
  },
  "reclaim-seat"() {
    if (state.session) enterRoom(state.session.code, state.session);
  },
  "dismiss-toast"(data) {
    dismissToast(Number(data.id));
    render();
  },
  // lobby
  async "copy-link"() {
    const link = `${location.origin}/r/${state.session.code}`;
    try {
      await navigator.clipboard.writeText(link);
      state.copied = true;
    } catch {
      state.copied = "manual";
    }
    render();
    setTimeout(() => {
      state.copied = false;
      render();
    }, 2500);
  },
  "lobby-settings"(data, el) {
    const settings = { ...state.view.room.settings, [data.setting]: Number(el.value) };
    lobby("settings", { settings });
  },
  kick(data) {
    lobby("kick", { player_id: data.player });
  },
  "start-game"() {
    lobby("start");
  },
  rematch() {
    lobby("rematch");
  },
  "leave-room"() {
    const code = state.session.code;
    if (state.session.role === "player" && socket) {
      socket.lobby("leave");
      forgetSeat(code);
    }
    setWatching(code, false);
    setTimeout(() => navigate("/"), 150);
  },
  // draft
  "select-bill"(data, el) {
    const card = Number(data.card);
    if (el.getAttribute("aria-pressed") === "true") send({ type: "clear_selection" }, "clear");
    else send({ type: "select", card }, "select");
  },
  "clear-selection"() {
    send({ type: "clear_selection" }, "clear");
  },
  "lost-and-found"() {
    send({ type: "lost_and_found" }, "lost_and_found");
  },
  "broken-machine"() {
    send({ type: "broken_machine" }, "broken_machine");
  },
  seniority(data) {
    send({ type: "seniority", claim: data.claim === "true" }, "seniority");
  },
  // payments
  "pay-toggle"(data) {
    const card = Number(data.card);
    const pay = state.ui.pay;
    pay.bills = pay.bills.includes(card) ? pay.bills.filter((c) => c !== card) : [...pay.bills, card];
    if (pay.reference === card && !pay.bills.includes(card)) pay.reference = null;
    render();
  },
  "pay-auto"() {
    const p = payment();
    if (!p) return;
    const picked = autoPick(p.wallet, p.target - (p.forced ? p.forced.value : 0));
    if (picked) state.ui.pay = { ...state.ui.pay, bills: picked, reference: null };
    render();
  },
  "pay-clear"() {
    state.ui.pay = { ...state.ui.pay, bills: [], reference: null };
    render();
  },
  "pay-reference"(data, el) {
    state.ui.pay.reference = el.value === "" ? null : Number(el.value);
    render();
  },
  // alarm
  "alarm-type"(data) {
    state.ui.alarmType = data.kind;
    render();
  },
  "alarm-buy"() {
    const p = payment();
    if (!p || !state.ui.alarmType) return;
    const r = evaluate(p);
    if (!r.ok) return;
    send({ type: "alarm_purchase", addition: state.ui.alarmType, bills: r.bills, reference: r.reference }, "alarm_purchase");
  },
  "alarm-discard"() {
    send({ type: "alarm_discard" }, "alarm_discard");
  },
  // purchases
  choose(data) {
    state.ui.choice = { kind: data.kind, id: data.id };
    state.ui.emailType = null;
    state.ui.jackpotTarget = null;
    resetPay(`${data.kind}:${data.id}`);
    render();
    requestAnimationFrame(() => root.querySelector("[data-focus=checkout]")?.focus());
  },
  unchoose() {
    const previous = state.ui.choice;
    state.ui.choice = null;
    resetPay(null);
    render();
    if (previous) requestAnimationFrame(() => root.querySelector(`[data-testid=choose-${previous.id}]`)?.focus());
  },
  "email-type"(data) {
    state.ui.emailType = data.kind;
    render();
  },
  "jackpot-target"(data) {
    state.ui.jackpotTarget = Number(data.seat);
    render();
  },
  "confirm-purchase"() {
    const choice = state.ui.choice;
    const p = payment();
    if (!choice || !p) return;
    const r = evaluate(p);
    if (!r.ok) return;
    if (choice.kind === "addition") {
      send({ type: "buy_addition", addition: choice.id, bills: r.bills, reference: r.reference }, "buy");
    } else {
      const command = { type: "buy_weapon", weapon: choice.id, bills: r.bills };
      if (choice.id === "anonymous_email") command.email_type = state.ui.emailType;
      if (choice.id === "jackpot") command.jackpot_target = state.ui.jackpotTarget;
      send(command, "buy");
    }
  },
  skip() {
    send({ type: "skip" }, "skip");
  },
  // bribery
  "bribe-target"(data) {
    state.ui.target = Number(data.copy);
    resetPay(`bribe:${data.copy}`);
    render();
    requestAnimationFrame(() => root.querySelector("[data-focus=checkout]")?.focus());
  },
  "bribe-untarget"() {
    state.ui.target = null;
    resetPay(null);
    render();
  },
  "confirm-protect"() {
    const p = payment();
    const r = p && evaluate(p);
    if (!r?.ok) return;
    send({ type: "protect", copy: state.ui.target, bills: r.bills }, "protect", () => {
      state.ui.target = null;
      resetPay(null);
    });
  },
  "confirm-counter"() {
    const p = payment();
    const r = p && evaluate(p);
    if (!r?.ok) return;
    send({ type: "counter", copy: state.ui.target, bills: r.bills }, "counter", () => {
      state.ui.target = null;
      resetPay(null);
    });
  },
  "split-inc"(data) {
    state.ui.split = { ...state.ui.split, [data.kind]: (state.ui.split[data.kind] ?? 0) + 1 };
    render();
  },
  "split-dec"(data) {
    state.ui.split = { ...state.ui.split, [data.kind]: Math.max(0, (state.ui.split[data.kind] ?? 0) - 1) };
    render();
  },
  "confirm-entries"() {
    const p = payment();
    const r = p && evaluate(p);
    if (!r?.ok) return;
    const split = Object.fromEntries(Object.entries(state.ui.split).filter(([, n]) => n > 0));
    send({ type: "entries", bills: r.bills, split }, "entries", () => {
      state.ui.split = {};
      resetPay("entries");
    });
  },
  "bribe-done"() {
    send({ type: "done" }, "done");
  },
};

delegate(document.body, handlers);
setupRules();
route();
