// The history page, /history: the finished games of rooms this browser played in (the codes
// are kept in localStorage, store.js), newest first, with links to each replay and record.
import { h } from "../dom.js";
import { finishedText } from "../history.js";
import { errorSentence, list } from "../text.js";
import { gameLinks } from "./fairness.js";
import { pageTop } from "./replay.js";

export function renderHistory(state) {
  const history = state.history;
  let body;
  if (history?.error) body = h("p.form-error", { role: "alert" }, errorSentence(history.error));
  else if (!history?.games) body = h("p.loading", { role: "status" }, "Loading your games…");
  else if (!history.games.length) body = h("p.muted", { "data-testid": "history-empty" }, "No finished games yet from the rooms this browser played in.");
  else {
    body = h("ol.history-list", { "data-testid": "history-list" }, history.games.map((g) => h("li.card", {
      "data-key": `g${g.game_id}`, "data-testid": `history-game-${g.game_id}`, "data-code": g.code,
    },
      // The server names no room that is still open (anyone could join it with the code).
      h("h2", g.code ? `Room ${g.code} · game ${g.game_number}` : `Game ${g.game_number} · its room is still open`),
      h("p.small.muted", finishedText(g.finished_ms)),
      h("p", "Players: ", g.player_names.join(", ")),
      h("p", g.winners.length ? `${g.winners.length === 1 ? "Winner" : "Winners"}: ${list(g.winners)}` : "Nobody won."),
      gameLinks(g.game_id, { history: false }))));
  }
  return h("main.screen.history", { id: "main", "data-key": "history", "data-testid": "history" },
    pageTop("history"),
    h("h1", "Your past games"),
    h("p.muted", "Games from rooms this browser took part in. Step through any of them, or download its record."),
    state.catalog?.retention_days ? h("p.small.muted", `Finished games are kept for ${state.catalog.retention_days} days.`) : null,
    body);
}
