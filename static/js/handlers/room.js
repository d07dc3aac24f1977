// Handlers for controls on every screen of a room (its game's too): the connection banner,
// the turn alerts' sound and notifications, the reactions. Loaded with the room's controller
// (controller.js), not with the home page.
import { optInNotifications, optOutNotifications, toggleMute } from "../alerts.js";
import { toggleReactionsMuted } from "../reactions.js";
import { state } from "../store.js";

const TRAY_BUTTON = "[data-testid=react-toggle]";

/** Focus `selector` once the render queued now has drawn (render() draws in a microtask). */
function focusAfterRender(selector) {
  queueMicrotask(() => document.querySelector(selector)?.focus());
}

/** app: the controller {render, enterRoom, socket(), ...} (controller.js) */
export function roomHandlers(app) {
  const { render, enterRoom } = app;
  return {
    "retry-now"() {
      app.socket()?.retryNow();
    },
    "reclaim-seat"() {
      if (state.session) enterRoom(state.session.code, state.session);
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
    /** Open: its first button takes the focus; closed (Escape too, controller.js): its
     *  button. */
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
  };
}
