// Handlers for controls on every screen: the rules, toasts, going home, the language switch
// (a room's own: handlers/room.js).
import { allCards } from "../games/index.js";
import { chooseLanguage, loadLanguage } from "../i18n-load.js";
import { loadDialog } from "../screens.js";
import { dismissToast, setWatching, state } from "../store.js";

/** app: main.js's {state, render, navigate, root} */
export function commonHandlers(app) {
  const { render, navigate } = app;
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
      // Nothing to show offline: the game's rules come with its screens, fetched too.
      loadDialog().then(
        (dialog) => dialog.openRules(data.game),
        () => {},
      );
    },
    /** A link to a part of the page (href="#id") that focuses a control in it (data-focus, a
     * selector: the log's scrollable list), so the keyboard can go on from there. */
    "jump-to"(data, el, event) {
      const part = document.querySelector(el.getAttribute("href"));
      const target = data.focus ? document.querySelector(data.focus) : null;
      if (!part || !target) return; // the browser's own jump to the fragment
      event.preventDefault();
      part.scrollIntoView({ block: "start" });
      target.focus({ preventScroll: true });
    },
    /** The home page's language switch: remembered, and every screen redrawn in it at once. */
    "choose-language"(_data, el) {
      chooseLanguage(el.value);
      loadLanguage(el.value, allCards())
        .catch((err) => console.error(err))
        .finally(render);
    },
    "dismiss-toast"(data) {
      dismissToast(Number(data.id));
      render();
    },
  };
}
