// Which screen a URL shows: / (home), /r/CODE (a room: its seat, watching, or the join form),
// /tv/CODE (the table screen: the room watched on a TV, ui/tv.js), /replay/ID and /history
// (pages without a room connection). Every route leaves the room it
// was in and starts from a clean state.

import { api } from "./api.js";
import { gameCard } from "./games/index.js";
import { defaultSettings } from "./handlers/home.js";
import { resetLog, savedSeat, state, watching } from "./store.js";

/** route() shows what location names; navigate(path) goes there (history.pushState). The
 *  parts it needs come from main.js: {render, enterRoom, leaveRoom, sentence, pages}. */
export function router({ render, enterRoom, leaveRoom, sentence, pages }) {
  function parsePath() {
    const match = location.pathname.match(/^\/r\/([A-Za-z0-9_-]+)\/?$/);
    return match ? match[1].toUpperCase() : null;
  }

  /** /replay/{game_id} and /history: pages without a room connection. */
  function routePage() {
    const replay = location.pathname.match(/^\/replay\/(\d+)\/?$/);
    if (replay) {
      state.route = { screen: "replay", code: null, gameId: Number(replay[1]) };
      pages.openReplay(Number(replay[1]));
      return true;
    }
    if (/^\/history\/?$/.test(location.pathname)) {
      state.route = { screen: "history", code: null };
      pages.openHistory();
      return true;
    }
    return false;
  }

  /** /tv/CODE: the table screen watches the room, whatever seat this browser holds there. */
  function tvCode() {
    const match = location.pathname.match(/^\/tv\/([A-Za-z0-9_-]+)\/?$/);
    return match ? match[1].toUpperCase() : null;
  }

  function route() {
    const code = parsePath();
    const tv = tvCode();
    leaveRoom();
    state.replay = null;
    state.history = null;
    state.view = null;
    state.ended = null;
    resetLog();
    state.session = null;
    state.moments = [];
    state.home.error = null;
    state.home.errorFor = null;
    state.home.room = null;
    if (tv) {
      enterRoom(tv, { token: null, playerId: null, role: "spectator", tv: true });
      return;
    }
    if (!code && routePage()) return;
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
      api
        .getRoom(code)
        .then((room) => {
          if (state.route.code === code) {
            state.home.room = room;
            presetGame(room.game);
            render();
          }
        })
        .catch((err) => {
          if (state.route.code === code) {
            state.home.error = sentence(err.code, err.message);
            render();
          }
        });
    }
  }

  /** A room's link shows that game: its create form too offers the room's game, with that
   * game's settings and player counts (a friend who wants a table of their own wants the same). */
  function presetGame(name) {
    if (!gameCard(name) || state.home.game === name) return;
    state.home.game = name;
    state.home.settings = defaultSettings(name);
  }

  function navigate(path) {
    if (`${location.pathname}${location.search}` !== path) history.pushState({}, "", path);
    route();
  }

  window.addEventListener("popstate", route);
  return { route, navigate };
}
