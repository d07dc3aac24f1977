// The top of the render tree: which screen, plus the toasts (and what a room's screen or the
// table screen draws over itself: its moments and reactions). The home page (and the join
// form) is drawn here; every other screen is fetched the first time a page needs it
// (screens.js), and until then a loading line stands in.
import { h } from "../dom.js";
import { t } from "../i18n.js";
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
  // A room's moments and reactions (ui/moments.js, ui/reactions.js): the table screen shows
  // them too (it sends no reaction, so it has no tray).
  const overlays = !screen
    ? []
    : name === "room"
      ? screen.roomOverlays(state)
      : name === "tv"
        ? screen.tvOverlays(state)
        : [];
  return [body, renderToasts(state), ...overlays];
}

/** Until a screen's module is in: what the server's first screen for these routes says. */
function loadingScreen() {
  return h(
    "main.screen.center",
    { "data-key": "loading", id: "main" },
    h("p.loading", { role: "status" }, t("shell.loading")),
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
