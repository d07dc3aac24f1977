// The client's controller: the room connection and rendering (routes.js: which screen a URL
// shows). What each button does is in handlers/ (per screen) and in the room's game client
// (games/).
import { alertTurn, keepAwake, resetTurns } from "./alerts.js";
import { tick } from "./countdown.js";
import { delegate, patch } from "./dom.js";
import { keptEnd, startedByMe } from "./ended.js";
import { checkReveal, nonceFor, nonceWanted, revealedGame, witnessed } from "./fair.js";
import { gameFetcher, shownGame } from "./game-fetch.js";
import { allCards, gameCard, gameClient, gameTitle } from "./games/index.js";
import { commonHandlers } from "./handlers/common.js";
import { defaultSettings, homeHandlers } from "./handlers/home.js";
import { lobbyHandlers } from "./handlers/lobby.js";
import { replayHandlers, replayKey } from "./handlers/replay.js";
import { t } from "./i18n.js";
import { loadLanguage, preferredLanguage } from "./i18n-load.js";
import { bringIntoView, keepReading, landFocus, readingAt } from "./landing.js";
import { findMoments, watchTaps } from "./moments-live.js";
import { api, RoomSocket } from "./net.js";
import { gameReactions, reactionsMuted, SHOWN_MS, withReaction } from "./reactions.js";
import { pages as makePages } from "./replay-page.js";
import { router } from "./routes.js";
import { screenFetcher } from "./screens.js";
import {
  dismissToast,
  fairMemory,
  forgetSeat,
  mergeLog,
  rememberGame,
  rememberPlayed,
  resetLog,
  savedSeat,
  saveFairMemory,
  state,
  toast,
} from "./store.js";
import { errorSentence, offlineLobby, offlineMove } from "./text.js";
import { windowSpan } from "./time.js";
import { gameName, roomTitle, tabTitle } from "./titles.js";
import { turnLabel, turnTitle } from "./turn.js";
import { coachHandlers } from "./ui/coach.js";
import { setupDialog } from "./ui/dialog.js";
import { renderApp } from "./ui/shell.js";
import { boardTurnDue } from "./ui/tv-pages.js";
import { checkForUpgrade, startWorker } from "./worker.js";

const root = document.getElementById("app");
let socket = null;
let renderQueued = false;
let reactionKey = 0; // each reaction on show has its own

export function render() {
  if (renderQueued) return;
  renderQueued = true;
  queueMicrotask(() => {
    renderQueued = false;
    const before = root.firstElementChild?.getAttribute("data-key");
    const hadFocus = root.contains(document.activeElement) && document.activeElement !== root;
    const reading = readingAt(root);
    fetchGame(shownGame(state));
    fetchScreen(state.route.screen);
    patch(root, renderApp(state));
    if (reading) keepReading(root, reading);
    const after = root.firstElementChild?.getAttribute("data-key");
    if (before !== after) window.scrollTo(0, 0); // a new screen starts at its top
    document.title = pageTitle();
    landFocus(root, hadFocus, reading);
    bringIntoView(root);
    tick(root);
    checkShownReveal();
    // The e2e suite's screen auditor (tests/e2e/screen_audit.js) reads each drawn screen beside
    // the state it was drawn from. Nothing defines the hook outside those tests.
    globalThis.__screenAudit?.rendered(state);
  });
}

/** Check the reveal on show (end screen, lobby, replay) once, in this browser. */
function checkShownReveal() {
  const record = state.route.screen === "replay" ? state.replay?.record : null;
  const revealed = record?.server_seed
    ? {
        game_id: record.game_id,
        commitment: record.commitment,
        server_seed: record.server_seed,
        nonces: record.nonces,
        seed: record.seed,
      }
    : state.view?.room?.fairness?.revealed;
  if (!revealed || revealed.game_id in state.checks) return;
  if (!record && state.route.code && savedSeat(state.route.code)) rememberGame(revealed.game_id);
  state.checks[revealed.game_id] = null;
  const room = record ? null : state.view?.room;
  const seen = room
    ? { memory: fairMemory(room.code), game: revealedGame(room), me: state.session?.playerId }
    : {};
  checkReveal(revealed, globalThis.crypto?.subtle, seen)
    .then((ok) => {
      state.checks[revealed.game_id] = ok;
      if (ok) render();
    })
    .catch(() => {});
}

/** The tab's title: what is on show, then the game and room (titles.js). */
function pageTitle() {
  const { screen, code } = state.route;
  if (screen === "replay") {
    const record = state.replay?.record;
    return tabTitle(
      t("titles.replay"),
      record ? gameName(gameTitle(state.catalog, record.game), record.game_number) : "",
    );
  }
  if (screen === "history") return tabTitle(t("titles.history"));
  if (screen === "tv") return tvTitle();
  if (!code) return tabTitle();
  const name = state.view?.room?.game ?? state.home.room?.game;
  const room = roomTitle(name ? gameTitle(state.catalog, name) : "", code);
  const game = state.view?.game;
  if (screen !== "room" || !state.view)
    return tabTitle(state.home.room?.status === "lobby" ? t("titles.join") : "", room);
  const client = roomClient();
  const title = tabTitle(game ? client?.pageTitle(game) : t("titles.lobby"), room);
  return client ? turnTitle(turnLabel(state.view, state.session?.role, client), title) : title;
}

/** The table screen's tab: what it shows, then the room. */
function tvTitle() {
  const room = state.view?.room;
  const name = room ? gameTitle(state.catalog, room.game) : "";
  const game = state.view?.game;
  const what = game ? roomClient()?.pageTitle(game) : t("titles.lobby");
  const screen = room ? t("titles.tv_showing", { what }) : t("titles.tv");
  return tabTitle(screen, roomTitle(name, state.route.code));
}

/** The client of the room's game (null outside a room or before its first view). */
function roomClient() {
  return gameClient(state.view?.room?.game);
}

/** The sentence for an error code, the room's game's own codes first. */
function sentence(code, message) {
  return errorSentence(code, message, roomClient()?.errors(state.view?.game));
}

// ------------------------------------------------------------------ the room connection

function stopSocket() {
  if (socket) socket.stop();
  socket = null;
  state.conn = { status: "idle", retryAt: null, closed: null };
  nonce = { sentFor: null, id: null };
  keepAwake(false);
}

// ------------------------------------------------------------------ fairness: this browser's nonce

let nonce = { sentFor: null, id: null }; // the commitment a nonce went out for on this socket

/** A seated player adds a fresh nonce to each new commitment (lobby, and after a game). */
function contributeNonce(room) {
  const memory = fairMemory(room.code);
  const commitment = nonceWanted(room, state.session, nonce.sentFor);
  if (!commitment || !socket) {
    saveFairMemory(room.code, witnessed(memory, room));
    return;
  }
  // The same nonce for a commitment on every socket: a fresh one per reconnect would give
  // the server several to choose the seed from.
  const sent = nonceFor(memory, commitment);
  const id = socket.lobby("nonce", { nonce: sent });
  if (id) nonce = { sentFor: commitment, id };
  saveFairMemory(room.code, witnessed(memory, room, id ? sent : null));
}

function enterRoom(code, session) {
  stopSocket();
  state.session = { code, ...session };
  state.route = { screen: session.tv ? "tv" : "room", code };
  state.view = null;
  state.ended = null;
  state.pending = null;
  state.hint = null;
  state.ui = { windowId: null, game: null };
  state.reactions = [];
  state.reactionTray = false;
  resetTurns();
  socket = new RoomSocket(code, session.token, {
    onStatus(status) {
      // Back after a drop: the server may have restarted with a new client.
      if (status === "open" && state.conn.status === "reconnecting") checkForUpgrade();
      state.conn = { ...state.conn, status, retryAt: socket?.retryAt ?? null };
      // A move in flight when the link drops is sent again on the next socket (net.js) and
      // answered there: it stays pending (its controls busy) until then, unless the room
      // is gone for good.
      if (status === "closed") state.pending = null;
      render();
    },
    onWelcome(msg) {
      state.session.role = msg.role;
      state.session.playerId = msg.player_id;
      state.conn.closed = null;
      // A new socket: the first view says which nonces the server holds.
      nonce = { sentFor: null, id: null };
      if (msg.role === "player") rememberPlayed(code);
    },
    onView(view, info) {
      return receiveView(view, info);
    },
    onAck(msg) {
      // The ack comes before the view that shows the change (alone, or inside it: net.js
      // hands it here first): stay busy until that view is in, so a quick second click
      // cannot repeat the command.
      if (state.pending?.id === msg.id) {
        state.pending.awaiting = msg.version;
        if ((state.view?.version ?? 0) >= msg.version) settlePending();
      }
      render();
    },
    onError(msg) {
      if (msg.id && msg.id === nonce.id) return; // e.g. not_in_lobby: the game started first
      if (msg.id && state.pending?.id === msg.id) state.pending = null;
      if (["bad_token", "kicked"].includes(msg.code)) forgetSeat(code);
      // The room's last word: the server operator's own sentence when they closed it.
      if (msg.code === "room_closed" && !msg.id) state.conn.closedBy = msg.message;
      if (!["replaced"].includes(msg.code) || msg.id) notify(sentence(msg.code, msg.message));
      render();
    },
    onHint(msg) {
      state.hint = msg.hint ? msg : null;
      render();
    },
    onClock(serverTime) {
      state.clockOffset = serverTime - Date.now();
    },
    onReaction(msg) {
      if (reactionsMuted()) return;
      const reactions = gameReactions(state.catalog, state.view?.room?.game);
      reactionKey += 1;
      state.reactions = withReaction(state.reactions, msg, reactions, Date.now(), reactionKey);
      render();
      setTimeout(render, SHOWN_MS + 50); // gone once its time is up
    },
    onClosed(reason) {
      state.conn.closed = reason;
      if (["room_not_found", "room_closed"].includes(reason)) forgetSeat(code);
      if (reason === "bad_token" || reason === "kicked") {
        forgetSeat(code);
        state.route = { screen: "join", code };
        state.home.error = sentence(reason);
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
    const ownStart = startedByMe(state.pending, view);
    state.ended = keptEnd(previous, view, { kept: state.ended, log: state.log, ownStart });
    resetLog();
  }
  const complete = mergeLog(view.game, number);
  state.view = view;
  findMoments(state, roomClient(), render);
  if (state.pending?.awaiting !== undefined && view.version >= state.pending.awaiting)
    settlePending();
  const windowId = view.game?.window?.id ?? null;
  const game = view.room?.game;
  if (windowId !== state.ui.windowId || game !== state.ui.game) {
    state.ui = { ...gameClient(game)?.freshUi(), windowId, game };
    state.pending = null;
  }
  state.span = windowSpan(
    state.span,
    view.game?.window,
    view.deadline,
    view.server_time,
    !!info.first,
  );
  contributeNonce(view.room);
  alertTurn(view, state.session, roomClient());
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
  else notify(notSent(offlineMove()));
  render();
}

function lobby(action, extra = {}, label = action) {
  if (!socket) return;
  const id = socket.lobby(action, extra);
  if (id) state.pending = { id, label };
  else notify(notSent(offlineLobby()));
  render();
}

/** Why nothing was sent: the room's socket closed for good (e.g. the seat is open in another
 *  tab) says so; otherwise the link is down for now. */
function notSent(offline) {
  const closed = state.conn.closed;
  return closed ? sentence(closed) : offline;
}

// The table screen's boards turn a page every few seconds (ui/tv-pages.js).
setInterval(() => (state.route.screen === "tv" && boardTurnDue() ? render() : tick(root)), 250);

// ------------------------------------------------------------------ the catalog

/** GET /api/catalog: the games and their settings, for the create form and the lobby. */
function loadCatalog() {
  api
    .catalog()
    .then((catalog) => {
      state.catalog = catalog;
      const names = catalog.games.map((g) => g.name).filter((name) => gameCard(name));
      if (!names.includes(state.home.game)) state.home.game = names[0] ?? null;
      state.home.settings = defaultSettings(state.home.game, state.home.settings);
      render();
    })
    .catch((err) => {
      state.home.error = sentence(err.code, err.message);
      state.home.errorFor = "create";
      render();
    });
}

// ------------------------------------------------------------------ wiring

const fetchGame = gameFetcher({ state, render, notify });
const fetchScreen = screenFetcher({ render, notify });
const pages = makePages({ render });
const routes = router({ render, enterRoom, leaveRoom: stopSocket, sentence, pages });
const route = routes.route;
/** Another page of the app: a moment to check for a new client too (worker.js). */
function navigate(path) {
  checkForUpgrade();
  routes.navigate(path);
}
const app = { state, render, navigate, send, lobby, enterRoom, root, pages, socket: () => socket };
const common = { ...commonHandlers(app), ...coachHandlers(app) };
const home = homeHandlers(app);
const room = lobbyHandlers(app);
const replay = replayHandlers(app);
const games = new Map();

/** The handlers of the screen on show (each game client's are made once, when first needed). */
function handler(name) {
  if (common[name]) return common[name];
  if (state.route.screen === "replay") return replay[name];
  if (state.route.screen !== "room") return home[name];
  const client = state.view?.game ? roomClient() : null;
  if (client && !games.has(client.name)) games.set(client.name, client.handlers(app));
  return (client && games.get(client.name)[name]) ?? room[name];
}

delegate(document.body, handler);
document.addEventListener("keydown", (event) => {
  if (state.route.screen === "replay") replayKey(event, pages);
  if (event.key === "Escape" && state.reactionTray) common["toggle-reactions"]();
});
setupDialog();
watchTaps(state, render);
// Until the catalog says which games the server hosts.
state.home.game = allCards()[0]?.name ?? null;
loadCatalog();
// The first render waits for the words; the page the server drew stays until then.
loadLanguage(preferredLanguage(), allCards())
  .catch((err) => console.error(err))
  .finally(route);
startWorker();
