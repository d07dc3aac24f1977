// LaunderMat as the registry (games/index.js) lists it before any of its screens is
// needed: what the home page and the history show. `load` fetches the screens (index.js) the
// first time a room, a replay or the rules of this game open, so a first visit does not
// download every game.
import { points, SETTING_HINTS, TAGLINE, TITLE } from "./text.js";

export default {
  name: "laundermat",
  title: TITLE,
  tagline: TAGLINE,
  scoreText: points,
  settingHints: SETTING_HINTS,
  stylesheet: new URL("./laundermat.css", import.meta.url).pathname,
  locales: new URL("./locales/", import.meta.url).pathname,
  load: () => import("./index.js"),
};
