// Handlers of the replay page: play and pause, step, jump to a round, watch as a seat or
// everything. The arrow keys step too (controller.js's keydown calls replayKey). Any way of moving
// but ▶ pauses the play (replay-page.js).
export function replayHandlers(app) {
  const { pages, state } = app;
  return {
    "replay-first"() {
      pages.showStep(0);
    },
    "replay-play"() {
      pages.togglePlay();
    },
    "replay-prev"() {
      pages.stepBy(-1);
    },
    "replay-next"() {
      pages.stepBy(1);
    },
    "replay-last"() {
      pages.showStep(state.replay?.record?.steps ?? 0);
    },
    "replay-slide"(_data, el) {
      pages.showStep(Number(el.value));
    },
    "replay-round"(_data, el) {
      if (el.value) pages.jumpToRound(Number(el.value));
    },
    "replay-viewer"(_data, el) {
      pages.setViewer(el.value);
    },
  };
}

/** The arrow keys on the replay page (not while a field that uses them has focus). */
export function replayKey(event, pages) {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return false;
  const target = event.target;
  if (target?.closest?.("input, select, textarea, [contenteditable]")) return false;
  if (event.key === "ArrowLeft") pages.stepBy(-1);
  else if (event.key === "ArrowRight") pages.stepBy(1);
  else return false;
  event.preventDefault();
  return true;
}
