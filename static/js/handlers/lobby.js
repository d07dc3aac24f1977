// Handlers of a room outside the game's own screen: the lobby (share, settings, kick, unbar, start,
// leave) and what a finished game offers (ready, the host's start with the ready players, leave,
// and leaving the kept end screen for the new game: ended.js).
import { forgetSeat, setWatching, state } from "../store.js";

export function lobbyHandlers(app) {
  const { render, navigate, lobby } = app;
  return {
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
      // A partial dict: the server merges it into the room's settings.
      lobby("settings", { settings: { [data.setting]: Number(el.value) } });
    },
    kick(data) {
      lobby("kick", { player_id: data.player });
    },
    unbar(data) {
      lobby("unbar", { player_id: data.player });
    },
    "add-bot"() {
      lobby("add_bot");
    },
    "remove-bot"(data) {
      lobby("remove_bot", { player_id: data.player });
    },
    "lobby-stand-in"(_data, el) {
      lobby("stand_in", { on: el.checked });
    },
    "start-game"() {
      lobby("start");
    },
    ready(data) {
      lobby("ready", { on: data.on === "true" });
    },
    "start-ready"() {
      lobby("rematch", state.ui.fillBots ? { on: true } : {});
    },
    "fill-bots"(_data, el) {
      state.ui.fillBots = el.checked; // this page's choice, sent with the host's start
      render();
    },
    "to-new-game"() {
      state.ended = null;
      render();
      window.scrollTo(0, 0);
    },
    "leave-room"() {
      const code = state.session.code;
      if (state.session.role === "player" && app.socket()) {
        app.socket().lobby("leave");
        forgetSeat(code);
      }
      setWatching(code, false);
      setTimeout(() => navigate("/"), 150);
    },
  };
}
