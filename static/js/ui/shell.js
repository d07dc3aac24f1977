// The top of the render tree: which screen, plus the toasts and the moments. The home page
// (and the join form) is drawn here; every other screen is fetched the first time a page
// needs it (screens.js), and until then a loading line stands in.
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { onShow } from "../moments.js";
import { screenModule } from "../screens.js";
import { renderHome } from "./home.js";
import { icon } from "./icons.js";

// Each screen fetched on first need, by route, and the function that draws it.
const DRAWN_BY = {
  room: "renderRoom",
  tv: "renderTvScreen",
  replay: "renderReplayPage",
  history: "renderHistory",
};

export function renderApp(state) {
  const name = state.route.screen;
  const screen = name in DRAWN_BY ? screenModule(name) : null;
  const body = !(name in DRAWN_BY)
    ? renderHome(state)
    : screen
      ? screen[DRAWN_BY[name]](state)
      : loadingScreen();
  // The table screen shows the table's reactions too (it sends none, so it has no tray).
  const overlays = !screen
    ? []
    : name === "room"
      ? screen.roomOverlays(state)
      : name === "tv"
        ? screen.tvOverlays(state)
        : [];
  return [body, renderToasts(state), renderMoments(state), ...overlays];
}

/** Until a screen's module is in: what the server's first screen for these routes says. */
function loadingScreen() {
  return h(
    "main.screen.center",
    { "data-key": "loading", id: "main" },
    h("p.loading", { role: "status" }, t("shell.loading")),
  );
}

/** A game's moments on show (moments.js), over the page but never in its way: they take no
 *  taps (a tap anywhere ends them, main.js), and a screen reader hears them politely. */
function renderMoments(state) {
  return h(
    "div.moments",
    { "data-key": "moments", "data-testid": "moments", role: "status", "aria-live": "polite" },
    onShow(state.moments, Date.now()).map((m) =>
      h(
        "div.moment",
        {
          "data-key": `m${m.key}`,
          "data-testid": "moment",
          class: m.tone ? `tone-${m.tone}` : null,
        },
        m.title ? h("strong.moment-title", m.title) : null,
        h("p", m.text),
      ),
    ),
  );
}

function renderToasts(state) {
  return h(
    "div.toasts",
    { "data-key": "toasts", role: "alert", "aria-live": "assertive" },
    state.toasts.map((toast) =>
      h(
        "div.toast",
        { class: `tone-${toast.tone}`, "data-key": `t${toast.id}`, "data-testid": "toast" },
        h("p", toast.text),
        h(
          "button.ghost.small",
          {
            type: "button",
            "data-action": "dismiss-toast",
            "data-id": toast.id,
            "aria-label": t("shell.dismiss"),
          },
          icon("x"),
        ),
      ),
    ),
  );
}
