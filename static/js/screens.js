// The screens a first visit to the home page does not draw: a room (its lobby and the frame
// of a game's screen, ui/room.js), the table screen, a replay and the history, and their
// controller (controller.js: a room's connection, the replay's and history's data), and the
// rules dialog. Each is fetched the first time a page needs it, as a game's screens are
// (games/index.js), so the home page's first visit downloads, over as many round trips, only
// what it draws. main.js asks at every drawing of the page; ui/shell.js draws a loading line
// until a screen is in.
import { offlineScreen } from "./text.js";

const RETRY_MS = 3000;
// By route (state.route.screen). Literal paths: tests/js/imports.test.mjs reads these edges.
const LOADERS = {
  room: () => import("./ui/room.js"),
  tv: () => import("./ui/tv.js"),
  replay: () => import("./ui/replay.js"),
  history: () => import("./ui/history.js"),
};
const loaded = new Map(); // route -> its module, once in

/** The controller of every screen above (main.js fetches it once, and again if it failed). */
export function loadController() {
  return import("./controller.js");
}

/** The rules dialog (ui/dialog.js), when a page first opens it. */
export function loadDialog() {
  return import("./ui/dialog.js");
}

/** The module that draws a route's screen, once fetched; null before (or for the home page,
 *  which the shell draws itself). */
export function screenModule(route) {
  return loaded.get(route) ?? null;
}

/** fetchScreen(route): fetch that route's screen once, then draw the page again; offline,
 *  say so and try again a little later. */
export function screenFetcher({ render, notify }) {
  const fetching = new Set();
  return function fetchScreen(route) {
    if (!(route in LOADERS) || loaded.has(route) || fetching.has(route)) return;
    fetching.add(route);
    LOADERS[route]()
      .then((module) => {
        loaded.set(route, module);
        fetching.delete(route);
        render();
      })
      .catch(() => {
        notify(offlineScreen());
        setTimeout(() => {
          fetching.delete(route); // the next drawing of the page tries again
          render();
        }, RETRY_MS);
      });
  };
}
