// The history page, /history: the finished games of rooms this browser played in (the codes
// are kept in localStorage, store.js), newest first, with links to each replay and record.
import { h } from "../dom.js";
import { gameCard, gameTitle } from "../games/index.js";
import { finishedText } from "../history.js";
import { t } from "../i18n.js";
import { errorSentence } from "../text.js";
import { gameName, ordinal } from "../titles.js";
import { gameLinks } from "./fairness.js";
import { icon } from "./icons.js";
import { pageTop } from "./replay.js";

export function renderHistory(state) {
  const history = state.history;
  let body;
  if (history?.error) body = h("p.form-error", { role: "alert" }, errorSentence(history.error));
  else if (!history?.games) body = h("p.loading", { role: "status" }, t("history.loading"));
  else if (!history.games.length)
    body = h("p.muted", { "data-testid": "history-empty" }, t("history.empty"));
  else {
    body = h(
      "ol.history-list",
      { "data-testid": "history-list" },
      history.games.map((g) => entry(state, g)),
    );
  }
  return h(
    "main.screen.history",
    { id: "main", "data-key": "history", "data-testid": "history" },
    pageTop("history"),
    h("h1", t("home.history")),
    h("p.muted", t("history.lead")),
    state.catalog?.retention_days
      ? h("p.small.muted", t("fairness.kept", { count: state.catalog.retention_days }))
      : null,
    body,
  );
}

/** One finished game: its game and number (the room's, as its replay says), when, and where
 * each player finished. */
function entry(state, g) {
  const name = gameName(gameTitle(state.catalog, g.game), g.game_number);
  return h(
    "li.card",
    {
      "data-key": `g${g.game_id}`,
      "data-testid": `history-game-${g.game_id}`,
      "data-code": g.code,
    },
    // The server names no room that is still open (anyone could join it with the code).
    h(
      "h2",
      { "data-testid": "history-title" },
      name,
      g.code ? t("history.room", { code: g.code }) : t("history.room_open"),
    ),
    h("p.small.muted", finishedText(g.finished_ms)),
    standings(g, gameCard(g.game)?.scoreText ?? String),
    g.winners.length ? null : h("p", t("history.nobody_won")),
    gameLinks(g.game_id, { history: false }),
  );
}

/** Everyone, best first: "1st Cyd 445k pts Winner". Players the server could not place (no
 * result) are listed by name. */
function standings(g, scoreText) {
  const players =
    g.players ?? g.player_names.map((name) => ({ name, place: null, score: null, winner: false }));
  return h(
    "ol.history-players",
    { "data-testid": "history-players", "aria-label": t("history.standings") },
    players.map((p) =>
      h(
        "li",
        { "data-key": p.name },
        h("span.place", p.place ? ordinal(p.place) : ""),
        h("strong", p.name),
        p.winner ? h("span.tag.winner", icon("crown"), t("history.winner")) : null,
        p.score === null || p.score === undefined
          ? null
          : h("span.history-score", scoreText(p.score)),
      ),
    ),
  );
}
