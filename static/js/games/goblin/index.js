// Goblin Laundromat's client, as the registry (games/index.js) expects a game client to be.
import { renderGame } from "./game.js";
import { handlers } from "./handlers.js";
import { lobbyNote, lobbyPrimer, SETTING_HINTS } from "./lobby.js";
import { moments } from "./moments.js";
import { renderReplay } from "./replay.js";
import { rulesDialog, rulesOf } from "./rules-dialog.js";
import { coins, errors, pageTitle, TAGLINE, TITLE, turnLabel } from "./text.js";
import { renderTv } from "./tv.js";
import { tvMoments } from "./tv-moments.js";

export default {
  name: "goblin",
  stylesheet: new URL("./goblin.css", import.meta.url).pathname,
  title: TITLE,
  tagline: TAGLINE,
  scoreText: coins,
  renderGame,
  renderReplay,
  renderTv,
  handlers,
  moments,
  tvMoments,
  rulesDialog,
  pageTitle,
  turnLabel,
  errors: (game) => errors(rulesOf(game)),
  lobbyNote,
  lobbyPrimer,
  settingHints: SETTING_HINTS,
};
