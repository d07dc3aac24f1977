// Handlers for controls on every screen: the rules, toasts, the connection banner, going home.
import { openRules } from "../ui/dialog.js";
import { dismissToast, setWatching, state } from "../store.js";

/** app: main.js's controller {render, navigate, send, lobby, enterRoom, root, socket()} */
export function commonHandlers(app) {
  const { render, navigate, enterRoom } = app;
  return {
    "go-home"() {
      if (state.session?.role === "spectator") setWatching(state.session.code, false);
      navigate("/");
    },
    "open-room"(data) {
      navigate(`/r/${data.code}`);
    },
    "open-replay"(data) {
      navigate(`/replay/${data.id}`);
    },
    "open-history"() {
      navigate("/history");
    },
    "open-rules"(data) {
      openRules(data.game);
    },
    "retry-now"() {
      app.socket()?.retryNow();
    },
    "reclaim-seat"() {
      if (state.session) enterRoom(state.session.code, state.session);
    },
    "dismiss-toast"(data) {
      dismissToast(Number(data.id));
      render();
    },
  };
}
