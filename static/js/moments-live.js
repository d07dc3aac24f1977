// The live room's moments (moments.js has the list's arithmetic): found in each view's new
// log entries by the game's client, put on show, taken off when their beat is over or when
// the player taps anywhere. controller.js calls findMoments with every view.
import { addMoments, begin, dismiss, expire, nextChange } from "./moments.js";

let timer = null;

/** The game's moments among the entries seen live (not a page load's history), once each. */
export function findMoments(state, client, render) {
  const from = Math.max(state.momentsSeen, state.animateFrom);
  state.momentsSeen = state.log.length;
  // The table screen (ui/tv.js) stages more for its audience, where the game has more.
  const source = (state.route.screen === "tv" && client?.tvMoments) || client?.moments;
  if (!source || from >= state.log.length) return;
  const number = state.view.room?.game_number ?? 1;
  // Back from a long gap (a reconnect), only the newest few: not a parade of old news.
  const found = source(state, from)
    .slice(-3)
    .map((m) => ({ ...m, key: `${number}:${m.key}` }));
  if (found.length) show(state, render, addMoments(state.moments, found, Date.now()));
}

/** Put `list` on show, and render again whenever what is on show changes. */
function show(state, render, list) {
  clearTimeout(timer);
  state.moments = expire(begin(list, Date.now()), Date.now());
  const next = nextChange(state.moments, Date.now());
  if (next !== null)
    timer = setTimeout(() => show(state, render, state.moments), next - Date.now());
  render();
}

/** A tap anywhere, or Escape, ends the moments on show; the tap still does what it does
 *  underneath (a moment never blocks a control). */
export function watchTaps(state, render) {
  const end = () => {
    if (state.moments.length) show(state, render, dismiss(state.moments, Date.now()));
  };
  document.addEventListener("pointerdown", end, { capture: true, passive: true });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") end();
  });
}
