// A room's screen, drawn by the shell once the page shows one (/r/CODE): its lobby, the
// game's own screen in its frame, the finished game kept on show, the connection's banners
// and the reactions. Fetched the first time a page opens a room (screens.js): the home
// page's first visit needs none of it.
import { h } from "../dom.js";
import { nextGame } from "../ended.js";
import { gameCard, gameClient } from "../games/index.js";
import { t } from "../i18n.js";
import { coachPanel } from "./coach.js";
import { endExtras } from "./fairness.js";
import { icon } from "./icons.js";
import { renderLobby } from "./lobby.js";
import { renderMoments } from "./moments.js";
import { reactionTray, shownReactions } from "./reactions.js";
import { awayLine } from "./seats.js";
import { topbar } from "./topbar.js";

/** What a room shows over its screen: its moments, the reactions' tray and those on show. */
export function roomOverlays(state) {
  return [renderMoments(state), reactionTray(state), shownReactions(state, Date.now())];
}

export function renderRoom(state) {
  const view = state.view;
  const banner = connectionBanner(state);
  if (!view) {
    return h(
      "main.screen.center",
      { "data-key": "loading", id: "main" },
      banner,
      state.conn.closed ? null : h("p.loading", { role: "status" }, t("shell.connecting")),
    );
  }
  if (view.room.status === "lobby") return frozenIfClosed(state, renderLobby(state, banner));
  if (!view.game) {
    return h(
      "main.screen",
      { id: "main", "data-key": "nogame" },
      topbar(state),
      banner,
      h("p.loading", { role: "status" }, t("shell.setting_up")),
    );
  }
  if (state.ended) return frozenIfClosed(state, renderKept(state, banner));
  const client = gameClient(view.room.game);
  if (!client && gameCard(view.room.game)) {
    return h(
      "main.screen",
      { id: "main", "data-key": "loading-game" },
      topbar(state),
      banner,
      h("p.loading", { role: "status" }, t("shell.loading_game")),
    );
  }
  if (!client) {
    return h(
      "main.screen",
      { id: "main", "data-key": "unknown-game" },
      topbar(state),
      banner,
      h("p.loading", { role: "status" }, t("shell.unknown_game")),
    );
  }
  const over = view.room.status === "finished" || view.game.phase === "over";
  const notes = [banner, awayLine(view, state.session?.playerId)].filter(Boolean);
  return frozenIfClosed(
    state,
    client.renderGame(state, notes.length ? notes : null, {
      end: over ? endExtras(state) : null,
      coach: coachPanel(state, client),
    }),
  );
}

/** The finished game's end, kept while the next game runs until the player leaves it
 *  (ended.js): drawn from its own last view and log, with a bar that says the next started. */
function renderKept(state, banner) {
  const { view, log } = state.ended;
  const kept = { ...state, view, log, animateFrom: Infinity, arrival: {} }; // nothing replays
  const bar = h(
    "div.banner.next",
    { "data-testid": "next-bar" },
    h("p", t("shell.next_started")),
    h(
      "button.small",
      { type: "button", "data-action": "to-new-game", "data-testid": "to-new-game-bar" },
      t("shell.to_new_game"),
    ),
  );
  const notes = [banner, bar].filter(Boolean);
  return gameClient(view.room.game).renderGame(kept, notes, {
    end: endExtras(kept),
    next: nextGame(state.view),
  });
}

/** A socket closed for good (the seat is open in another tab, the room closed): the page stays
 *  in sight, but none of its controls acts until the banner's button is used; the top bar's
 *  and the banner's stay live. */
function frozenIfClosed(state, screen) {
  if (!state.conn.closed) return screen;
  for (const el of screen.querySelectorAll("button, input, select, textarea")) {
    if (!el.closest(".banner, header")) el.setAttribute("disabled", "");
  }
  screen.setAttribute("data-frozen", "true");
  return screen;
}

// What the server says when a room simply closes; anything else is the operator's own words.
const PLAIN_CLOSE = "The room has closed.";

function operatorSaid(message) {
  return message && message !== PLAIN_CLOSE ? message : null;
}

function connectionBanner(state) {
  const { status, closed } = state.conn;
  if (closed === "replaced") {
    return h(
      "div.banner.warn",
      { role: "alert", "data-testid": "banner-replaced" },
      h("p", t("shell.replaced")),
      h("button", { type: "button", "data-action": "reclaim-seat" }, t("shell.play_here")),
    );
  }
  if (closed === "room_closed" || closed === "room_not_found") {
    // An operator's message (docs/protocol.md, room_closed) is shown as they wrote it.
    const said = closed === "room_closed" ? operatorSaid(state.conn.closedBy) : null;
    return h(
      "div.banner.warn",
      { role: "alert" },
      h("p", closed === "room_closed" ? t("shell.room_closed") : t("shell.no_room")),
      said
        ? h("p", { "data-testid": "closed-by-operator" }, t("shell.operator_said", { said }))
        : null,
      h("button", { type: "button", "data-action": "go-home" }, t("shell.back_home")),
    );
  }
  if (closed === "left") {
    return h(
      "div.banner.warn",
      { role: "alert" },
      h("p", t("shell.left")),
      h("button", { type: "button", "data-action": "go-home" }, t("shell.back_home")),
    );
  }
  if (status === "reconnecting") {
    // Said once: the countdown (countdown.js rewrites it every second) is outside the live region.
    return h(
      "div.banner.reconnecting",
      { "data-testid": "reconnecting" },
      icon("wifi_off"),
      h(
        "p",
        h("strong", { role: "status" }, t("shell.lost")),
        h("span", { "data-role": "retry-in" }, ""),
      ),
      h("button.small", { type: "button", "data-action": "retry-now" }, t("shell.retry_now")),
    );
  }
  return null;
}
