// The top of the render tree: which screen, plus the toasts and the connection banner.
import { h } from "../dom.js";
import { savedRooms } from "../store.js";
import { BRIBE_TIMERS, ROUND_TIMERS } from "../text.js";
import { icon } from "./icons.js";
import { renderGame } from "./game.js";
import { renderLobby } from "./lobby.js";

export function renderApp(state) {
  const screen = state.route.screen;
  let body;
  if (screen === "room") body = renderRoom(state);
  else body = renderHome(state);
  return [body, renderToasts(state)];
}

function renderRoom(state) {
  const view = state.view;
  const banner = connectionBanner(state);
  if (!view) {
    return h("main.screen.center", { "data-key": "loading", id: "main" },
      banner,
      state.conn.closed ? null : h("p.loading", { role: "status" }, "Connecting to the room…"));
  }
  if (view.room.status === "lobby") return renderLobby(state, banner);
  return renderGame(state, banner);
}

export function topbar(state, extra) {
  const session = state.session;
  return h("header.topbar.in-room", { "data-key": "topbar" },
    h("a.brand", { href: "/", "data-action": "go-home", "aria-label": "LaunderMat home" },
      h("span.brand-mark", { "aria-hidden": "true" }, "$"), h("span.brand-name", "LaunderMat")),
    session ? h("span.room-chip", { "aria-label": `Room code ${session.code}` }, session.code) : null,
    session?.role === "spectator" ? h("span.badge.watch", icon("eye"), "Watching") : null,
    h("span.spacer"),
    extra,
    h("button.ghost.small", { type: "button", "data-action": "open-rules", "data-testid": "open-rules" }, icon("book"), h("span", "Rules")));
}

function connectionBanner(state) {
  const { status, closed } = state.conn;
  if (closed === "replaced") {
    return h("div.banner.warn", { role: "alert", "data-testid": "banner-replaced" },
      h("p", "This seat is open in another tab or on another device."),
      h("button", { type: "button", "data-action": "reclaim-seat" }, "Play here instead"));
  }
  if (closed === "room_closed" || closed === "room_not_found") {
    return h("div.banner.warn", { role: "alert" },
      h("p", closed === "room_closed" ? "This room has closed." : "There is no room with that code."),
      h("button", { type: "button", "data-action": "go-home" }, "Back to the start"));
  }
  if (closed === "left") {
    return h("div.banner.warn", { role: "alert" }, h("p", "You left the room."),
      h("button", { type: "button", "data-action": "go-home" }, "Back to the start"));
  }
  if (status === "reconnecting") {
    return h("div.banner.reconnecting", { role: "status", "data-testid": "reconnecting" },
      icon("wifi_off"),
      h("p", h("strong", "Connection lost. Reconnecting… "), h("span", { "data-role": "retry-in" }, "")),
      h("button.small", { type: "button", "data-action": "retry-now" }, "Retry now"));
  }
  return null;
}

function renderToasts(state) {
  return h("div.toasts", { "data-key": "toasts", role: "alert", "aria-live": "assertive" },
    state.toasts.map((t) => h("div.toast", { class: `tone-${t.tone}`, "data-key": `t${t.id}`, "data-testid": "toast" },
      h("p", t.text),
      h("button.ghost.small", { type: "button", "data-action": "dismiss-toast", "data-id": t.id, "aria-label": "Dismiss" }, icon("x")))));
}

// ------------------------------------------------------------------ home and join

function timerSelect(id, field, options, value) {
  return h("select", { id, "data-change": "home-field", "data-field": field, "data-testid": id },
    options.map(([seconds, label]) => h("option", { value: String(seconds), selected: seconds === value }, label)));
}

function renderHome(state) {
  const home = state.home;
  const joinCode = state.route.screen === "join" ? state.route.code : null;
  const nameField = (id) => h("div.field",
    h("label", { for: id }, "Your name"),
    h("input", { id, type: "text", maxlength: "24", autocomplete: "nickname", required: true, value: home.name,
      placeholder: "e.g. Sam", "data-input": "home-field", "data-field": "name", "data-testid": id }));
  // An error shows in the card whose action caused it (the join card on a join link).
  const errorIn = (where) => home.error && (home.errorFor ?? "join") === where
    ? h("p.form-error", { role: "alert", "data-testid": "home-error" }, home.error)
    : null;

  const room = home.room;
  const started = !!(joinCode && room && room.status !== "lobby");
  const joinBlock = h("section.card.join", { "data-key": "join", "aria-labelledby": "join-title" },
    h("h2#join-title", joinCode ? (started ? `Room ${joinCode}` : `Join room ${joinCode}`) : "Join a room"),
    joinCode && room
      ? h("p.muted", started
          ? `This game has already started (${room.players.map((p) => p.name).join(", ")}). You can watch it.`
          : `${room.players.length} of 6 players waiting: ${room.players.map((p) => p.name).join(", ")}.`)
      : h("p.muted", "Got a code from a friend? Type it here."),
    errorIn("join"),
    started
      ? h("div.row", h("button.primary", { type: "button", "data-action": "watch-room", "data-testid": "watch-room" }, icon("eye"), "Watch the game"))
      : h("form", { "data-action": "join-room", "data-testid": "join-form" },
          nameField("join-name"),
          joinCode ? null : h("div.field",
            h("label", { for: "join-code" }, "Room code"),
            h("input.code-input", { id: "join-code", type: "text", maxlength: "12", autocomplete: "off", autocapitalize: "characters",
              spellcheck: "false", value: home.code, placeholder: "ABCD", "data-input": "home-field", "data-field": "code", "data-testid": "join-code" })),
          h("div.row",
            h("button.primary", { type: "submit", disabled: home.busy, "data-testid": "join-submit" }, "Join the game"),
            h("button.ghost", { type: "button", "data-action": "watch-room", "data-testid": "watch-room" }, icon("eye"), "Just watch"))));

  const createBlock = h("section.card.create", { "data-key": "create", "aria-labelledby": "create-title" },
    h("h2#create-title", "Start a new room"),
    h("p.muted", "You'll get a code and a link to share. 3 to 6 players, each on their own phone."),
    errorIn("create"),
    h("form", { "data-action": "create-room", "data-testid": "create-form" },
      nameField("create-name"),
      h("div.field-row",
        h("div.field",
          h("label", { for: "round-timer" }, "Max Round Timer"),
          timerSelect("round-timer", "roundTimer", ROUND_TIMERS, home.roundTimer),
          h("span.hint", "How long each pick or purchase may take.")),
        h("div.field",
          h("label", { for: "bribe-timer" }, "Bribery timer"),
          timerSelect("bribe-timer", "bribeTimer", BRIBE_TIMERS, home.bribeTimer),
          h("span.hint", "Length of each of the 3 bribery stages."))),
      h("button.primary", { type: "submit", disabled: home.busy, "data-testid": "create-submit" }, "Create room")));

  const mine = joinCode ? [] : savedRooms();
  const rejoin = mine.length
    ? h("section.card.rejoin", { "data-key": "rejoin", "aria-labelledby": "rejoin-title" },
        h("h2#rejoin-title", "Your rooms"),
        h("div.row", mine.map((code) => h("a.button-link", { href: `/r/${code}`, "data-action": "open-room", "data-code": code,
          "data-key": code, "data-testid": `rejoin-${code}` }, `Back to room ${code}`))))
    : null;
  return h("main.screen.home", { id: "main", "data-key": joinCode ? "join-screen" : "home-screen" },
    topbarHome(),
    h("section.hero",
      h("h1", "LaunderMat"),
      h("p.lead", "Grab cash, dodge the Alarms, buy up the laundromat, and hope the investigation looks the other way."),
      h("button.ghost.small", { type: "button", "data-action": "open-rules" }, icon("book"), "How to play (2 min)")),
    rejoin,
    h("div.home-grid", joinCode ? [joinBlock, createBlock] : [createBlock, joinBlock]));
}

function topbarHome() {
  return h("header.topbar", { "data-key": "topbar-home" },
    h("span.brand", h("span.brand-mark", { "aria-hidden": "true" }, "$"), h("span.brand-name", "LaunderMat")));
}
