// LaunderMat as the registry (games/index.js) lists it before any of its screens is
// needed: what the home page and the history show. `load` fetches the screens (index.js) the
// first time a room, a replay or the rules of this game open, so a first visit does not
// download every game. The words are getters, read at render time in the person's language.
import { points, settingHints, TITLE, tagline } from "./text.js";

export default {
  name: "laundermat",
  title: TITLE,
  get tagline() {
    return tagline();
  },
  scoreText: points,
  get settingHints() {
    return settingHints();
  },
  stylesheet: new URL("./laundermat.css", import.meta.url).pathname,
  locales: new URL("./locales/", import.meta.url).pathname,
  load: () => import("./index.js"),
};
