// Handlers for controls on every screen: the rules, toasts, the connection banner, going home,
// the turn alerts' sound and notifications, the language switch.
import { optInNotifications, optOutNotifications, toggleMute } from "../alerts.js";
import { allCards } from "../games/index.js";
import { chooseLanguage, loadLanguage } from "../i18n-load.js";
import { toggleReactionsMuted } from "../reactions.js";
import { dismissToast, setWatching, state } from "../store.js";
import { openRules } from "../ui/dialog.js";

const TRAY_BUTTON = "[data-testid=react-toggle]";

/** Focus `selector` once the render queued now has drawn (render() draws in a microtask). */
function focusAfterRender(selector) {
  queueMicrotask(() => document.querySelector(selector)?.focus());
}

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
    "toggle-sound"() {
      toggleMute();
      render();
    },
    "notify-me"() {
      optInNotifications().then(render);
    },
    "notify-off"() {
      optOutNotifications();
      render();
    },
    /** Open: its first button takes the focus; closed (Escape too, main.js): its button. */
    "toggle-reactions"() {
      state.reactionTray = !state.reactionTray;
      render();
      focusAfterRender(state.reactionTray ? "#reaction-tray button" : TRAY_BUTTON);
    },
    /** A reaction goes to the whole table; the tray closes, out of the game's way. */
    react(data) {
      app.socket()?.react(data.id);
      state.reactionTray = false;
      render();
      focusAfterRender(TRAY_BUTTON);
    },
    "toggle-reactions-mute"() {
      if (toggleReactionsMuted()) state.reactions = [];
      render();
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
