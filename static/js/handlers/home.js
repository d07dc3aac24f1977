// Handlers of the home page and the join page: the forms to create, join or watch a room.

import { api } from "../api.js";
import { t } from "../i18n.js";
import { joinKeyFor, withRetries } from "../join-key.js";
import { catalogGame, deviceId, savedSeat, saveSeat, setWatching, state } from "../store.js";
import { errorSentence } from "../text.js";

/** The create form's settings: the catalog's defaults for `game`, keeping choices made. */
export function defaultSettings(game, chosen = {}) {
  const entry = catalogGame(game);
  return Object.fromEntries(
    (entry?.settings ?? []).map((s) => [
      s.key,
      s.choices.includes(chosen[s.key]) ? chosen[s.key] : s.default,
    ]),
  );
}

export function homeHandlers(app) {
  const { render, navigate } = app;

  /** Fill in the name, send `request`, keep the seat and go to the room. */
  async function takeSeat(name, request) {
    state.home.busy = true;
    state.home.error = null;
    render();
    try {
      const seat = await request();
      localStorage.setItem("laundermat.name", name);
      saveSeat(seat.code, { token: seat.token, player_id: seat.player_id, name });
      state.home.joinKey = null;
      setWatching(seat.code, false);
      state.home.busy = false;
      navigate(`/r/${seat.code}`);
    } catch (err) {
      state.home.busy = false;
      state.home.error = errorSentence(err.code, err.message);
      render();
    }
  }

  function fail(text) {
    state.home.error = text;
    render();
  }

  return {
    "home-field"(data, el) {
      state.home[data.field] = el.value;
      if (data.field === "code") {
        el.value = el.value.toUpperCase();
        state.home.code = el.value;
      }
    },
    "home-game"(_data, el) {
      state.home.game = el.value;
      state.home.settings = defaultSettings(el.value, state.home.settings);
      render();
    },
    "home-setting"(data, el) {
      state.home.settings = { ...state.home.settings, [data.setting]: Number(el.value) };
    },
    "create-room"() {
      state.home.errorFor = "create";
      const name = state.home.name.trim();
      if (!name) return fail(t("home.enter_name"));
      const { game, settings } = state.home;
      return takeSeat(name, () => api.createRoom(name, game, settings, deviceId()));
    },
    learn() {
      // A lesson (docs/protocol.md, "Learn to play"): the game starts at once, with bots.
      state.home.errorFor = "create";
      const name = state.home.name.trim() || t("home.learner");
      return takeSeat(name, () =>
        api.createRoom(name, state.home.game, {}, deviceId(), { learn: true }),
      );
    },
    "join-room"() {
      state.home.errorFor = "join";
      const name = state.home.name.trim();
      const code = state.home.code.trim().toUpperCase();
      if (!code) return fail(t("home.enter_code"));
      if (!name) return fail(t("home.enter_name"));
      if (savedSeat(code)?.token) return navigate(`/r/${code}`);
      // One key per join, kept until it is answered: pressing Join again after a lost
      // answer (or the retries below) gets the seat the first attempt took.
      const join = joinKeyFor(state.home.joinKey, code, name);
      state.home.joinKey = join;
      return takeSeat(name, () =>
        withRetries(() => api.joinRoom(code, name, join.key, deviceId())),
      );
    },
    "watch-room"() {
      state.home.errorFor = "join";
      const code = (state.route.code ?? state.home.code).trim().toUpperCase();
      if (!code) return fail(t("home.enter_code_watch"));
      setWatching(code, true);
      navigate(`/r/${code}`);
    },
  };
}
