// LaunderMat's screens, which its card (card.js) loads when first needed.
import { hintText } from "./coach.js";
import { renderGame } from "./game.js";
import { handlers } from "./handlers.js";
import { lobbyNote, lobbyPrimer } from "./lobby.js";
import { moments } from "./moments.js";
import { renderReplay } from "./replay.js";
import { rulesOf } from "./rules.js";
import { rulesDialog } from "./rules-dialog.js";
import { errors, pageTitle, turnLabel } from "./text.js";
import { renderTv } from "./tv.js";
import { tvMoments } from "./tv-moments.js";

export default {
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
  hintText,
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
