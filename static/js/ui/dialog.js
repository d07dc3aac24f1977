// The rules dialog (index.html's <dialog id="rules">): the shell opens it, the game fills it.
// Fetched the first time a page opens it (screens.js), with the game's screens it shows.
import { gameClient, gameTitle, loadGame } from "../games/index.js";
import { t } from "../i18n.js";
import { catalogGame, state } from "../store.js";

let dialog;

function setupDialog() {
  dialog = document.getElementById("rules");
  dialog.querySelector("[data-close]").addEventListener("click", () => dialog.close());
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) dialog.close(); // a click on the backdrop
  });
}

/** The rules of `name` (a catalog name); by default the room's game, else the home form's. */
export function openRules(name) {
  if (!dialog) setupDialog();
  const game = name ?? state.view?.room?.game ?? state.home.room?.game ?? state.home.game;
  const client = gameClient(game);
  if (!client) {
    // Its screens (the rules dialog among them) are fetched on first need; the dialog opens
    // when they are in. A game this page does not know has no rules to show.
    loadGame(game).then(
      () => openRules(game),
      () => {},
    );
    return;
  }
  dialog.querySelector("#rules-title").textContent = t("rules.title", {
    title: gameTitle(state.catalog, game) || client.title,
  });
  dialog.querySelector("[data-close]").textContent = t("rules.close");
  dialog
    .querySelector(".dialog-body")
    .replaceChildren(
      ...client.rulesDialog(
        catalogGame(game),
        state.view?.room?.game === game ? state.view.game : null,
      ),
    );
  if (!dialog.open) dialog.showModal();
}
