// A game's screens are fetched the first time a page needs them (games/index.js loadGame):
// a first visit to the home page fetches none. controller.js asks at every drawing of the page.
import { gameCard, gameClient, loadGame } from "./games/index.js";
import { offlineGame } from "./text.js";

const RETRY_MS = 3000;

/** The game whose screens the page on show needs (a room's, its table screen's or a
 *  replay's), if any. */
export function shownGame(state) {
  const { screen, code } = state.route;
  if (screen === "replay") return state.replay?.record?.game ?? null;
  return code ? (state.view?.room?.game ?? state.home.room?.game ?? null) : null;
}

/** fetchGame(name): fetch that game's screens and stylesheet once, then draw the page again;
 *  offline, say so and try again a little later. */
export function gameFetcher({ state, render, notify }) {
  const fetching = new Set();
  return function fetchGame(name) {
    if (!name || gameClient(name) || !gameCard(name) || fetching.has(name)) return;
    fetching.add(name);
    loadGame(name)
      .then((client) => {
        // A view that came first drew its window's ui without the game's own fields.
        if (state.ui.game === name) state.ui = { ...client.freshUi(), ...state.ui };
        fetching.delete(name);
        render();
      })
      .catch(() => {
        notify(offlineGame());
        setTimeout(() => {
          fetching.delete(name); // the next drawing of the page tries again
          render();
        }, RETRY_MS);
      });
  };
}
