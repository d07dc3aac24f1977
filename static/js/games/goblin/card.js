// Goblin Laundromat as the registry (games/index.js) lists it before any of its screens is
// needed: what the home page and the history show. `load` fetches the screens (index.js) the
// first time a room, a replay or the rules of this game open, so a first visit does not
// download every game.
import { coins, gameTagline, gameTitle, settingHints } from "./text.js";

// The words are getters: the shell reads `card.title` (a string) when it renders, in the
// language of that moment.
export default {
  name: "goblin",
  get title() {
    return gameTitle();
  },
  get tagline() {
    return gameTagline();
  },
  scoreText: coins,
  get settingHints() {
    return settingHints();
  },
  stylesheet: new URL("./goblin.css", import.meta.url).pathname,
  locales: new URL("./locales/", import.meta.url).pathname,
  load: () => import("./index.js"),
};
