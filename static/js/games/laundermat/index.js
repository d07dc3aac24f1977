// LaunderMat's client, as the registry (games/index.js) expects a game client to be.
import { renderGame } from "./game.js";
import { handlers } from "./handlers.js";
import { lobbyNote, lobbyPrimer, SETTING_HINTS } from "./lobby.js";
import { moments } from "./moments.js";
import { renderReplay } from "./replay.js";
import { rulesOf } from "./rules.js";
import { rulesDialog } from "./rules-dialog.js";
import { errors, pageTitle, points, TAGLINE, TITLE, turnLabel } from "./text.js";
import { renderTv } from "./tv.js";
import { tvMoments } from "./tv-moments.js";

export default {
  name: "laundermat",
  stylesheet: new URL("./laundermat.css", import.meta.url).pathname,
  title: TITLE,
  tagline: TAGLINE,
  scoreText: points,
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
  freshUi() {
    return {
      choice: null, // purchase: {kind: "addition"|"weapon", id}
      emailType: null,
      jackpotTarget: null,
      target: null, // bribery: copy id
      pay: { key: null, bills: [], reference: null },
      split: {},
      alarmType: null,
    };
  },
};
