// The controller of every screen but the home page (and the join form): a room's connection
// (its seat or watching, the table screen), what each view changes, this browser's nonce for
// each commitment, the reveal check, the replay and history pages' data, and which handler
// map answers there. main.js fetches it the first time a page needs it (screens.js), so the
// home page's first visit downloads none of it.
import { alertTurn, keepAwake, resetTurns } from "./alerts.js";
import { tick } from "./countdown.js";
import { keptEnd, startedByMe } from "./ended.js";
import { checkReveal, nonceFor, nonceWanted, revealedGame, witnessed } from "./fair.js";
import { gameFetcher, shownGame } from "./game-fetch.js";
import { gameClient, gameTitle } from "./games/index.js";
import { lobbyHandlers } from "./handlers/lobby.js";
import { replayHandlers, replayKey } from "./handlers/replay.js";
import { roomHandlers } from "./handlers/room.js";
import { t } from "./i18n.js";
import { mergeLog } from "./log.js";
import { findMoments, watchTaps } from "./moments-live.js";
import { RoomSocket } from "./net.js";
import { gameReactions, reactionsMuted, SHOWN_MS, withReaction } from "./reactions.js";
import { pages as makePages } from "./replay-page.js";
import {
  fairMemory,
  forgetSeat,
  rememberGame,
  rememberPlayed,
  resetLog,
  savedSeat,
  saveFairMemory,
  state,
} from "./store.js";
import { errorSentence, offlineLobby, offlineMove } from "./text.js";
import { windowSpan } from "./time.js";
import { gameName, roomTitle, tabTitle } from "./titles.js";
import { turnLabel, turnTitle } from "./turn.js";
import { watchBottomBar } from "./ui/bottom-bar.js";
import { coachHandlers } from "./ui/coach.js";
import { boardTurnDue } from "./ui/tv-pages.js";
import { checkForUpgrade } from "./worker.js";

/** shell: main.js's {render, navigate, notify, root, homeTitle}. Returns what main.js calls:
 *  {enterRoom, leaveRoom, pages, beforeRender, afterRender, title, sentence, handler, key}. */
export function controller(shell) {
  const { render, notify, root } = shell;
  let socket = null;
  let reactionKey = 0; // each reaction on show has its own
  let nonce = { sentFor: null, id: null }; // the commitment a nonce went out for on this socket

  /** The client of the room's game (null outside a room or before its first view). */
  function roomClient() {
    return gameClient(state.view?.room?.game);
  }

  /** The sentence for an error code, the room's game's own codes first. */
  function sentence(code, message) {
    return errorSentence(code, message, roomClient()?.errors(state.view?.game));
  }

  // ---------------------------------------------------------------- what the page is called

  /** The tab's title: what is on show, then the game and room (titles.js). */
  function title() {
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
    if (screen !== "room" || !state.view) return shell.homeTitle();
    const name = state.view.room?.game ?? state.home.room?.game;
    const room = roomTitle(name ? gameTitle(state.catalog, name) : "", code);
    const game = state.view.game;
    const client = roomClient();
    const tab = tabTitle(game ? client?.pageTitle(game) : t("titles.lobby"), room);
    return client ? turnTitle(turnLabel(state.view, state.session?.role, client), tab) : tab;
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

  // ---------------------------------------------------------------- the reveal

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

  // ---------------------------------------------------------------- the room connection

  function stopSocket() {
    if (socket) socket.stop();
    socket = null;
    state.conn = { status: "idle", retryAt: null, closed: null };
    nonce = { sentFor: null, id: null };
    keepAwake(false);
  }

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
    socket = new RoomSocket(code, session.token, listeners(code));
    socket.start();
    render();
  }

  function listeners(code) {
    return {
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
    };
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
    const complete = mergeLogPart(view.game, number);
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

  /** Merge the log part of a view. Returns false when entries are missing (ask for a
   *  resync). */
  function mergeLogPart(game, gameNumber) {
    const { log, logGame, animateFrom, arrival, batch } = state;
    const parts = { log, logGame, animateFrom, arrival, batch };
    const { next, complete } = mergeLog(parts, game, gameNumber);
    Object.assign(state, next);
    return complete;
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

  // ---------------------------------------------------------------- wiring

  const fetchGame = gameFetcher({ state, render, notify });
  const pages = makePages({ render });
  const app = { ...shell, state, send, lobby, enterRoom, pages, socket: () => socket };
  const room = { ...roomHandlers(app), ...coachHandlers(app) };
  const lobbyMap = lobbyHandlers(app);
  const replay = replayHandlers(app);
  const games = new Map();

  /** The handlers of the screen on show (each game client's are made once, when first
   *  needed); main.js asks here for what its own maps do not answer. */
  function handler(name) {
    if (room[name]) return room[name];
    if (state.route.screen === "replay") return replay[name];
    if (state.route.screen !== "room") return undefined;
    const client = state.view?.game ? roomClient() : null;
    if (client && !games.has(client.name)) games.set(client.name, client.handlers(app));
    return (client && games.get(client.name)[name]) ?? lobbyMap[name];
  }

  function key(event) {
    if (state.route.screen === "replay") replayKey(event, pages);
    if (event.key === "Escape" && state.reactionTray) room["toggle-reactions"]();
  }

  // The table screen's boards turn a page every few seconds (ui/tv-pages.js).
  setInterval(() => (state.route.screen === "tv" && boardTurnDue() ? render() : tick(root)), 250);
  watchTaps(state, render);

  return {
    enterRoom,
    leaveRoom: stopSocket,
    pages,
    beforeRender: () => fetchGame(shownGame(state)),
    afterRender() {
      tick(root);
      watchBottomBar(root);
      checkShownReveal();
    },
    title,
    sentence,
    handler,
    key,
  };
}
