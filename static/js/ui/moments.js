// A game's dramatic moments on show (moments.js has their arithmetic, moments-live.js finds
// them): drawn over a room's screen and the table screen (ui/room.js, ui/tv.js), the only
// pages that have any, so the home page loads none of this.
import { h } from "../dom.js";
import { onShow } from "../moments.js";

/** A game's moments on show (moments.js), over the page but never in its way: they take no
 *  taps (a tap anywhere ends them, moments-live.js), and a screen reader hears them politely. */
export function renderMoments(state) {
  return h(
    "div.moments",
    { "data-key": "moments", "data-testid": "moments", role: "status", "aria-live": "polite" },
    onShow(state.moments, Date.now()).map((m) =>
      h(
        "div.moment",
        {
          "data-key": `m${m.key}`,
          "data-testid": "moment",
          class: m.tone ? `tone-${m.tone}` : null,
        },
        m.title ? h("strong.moment-title", m.title) : null,
        h("p", m.text),
      ),
    ),
  );
}
