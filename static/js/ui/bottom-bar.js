// The bar a game sticks to the bottom of a phone's screen (marked data-bottom-bar: LaunderMat's
// wallet), measured: its height is --bottom-bar-h on the page, so a panel's own buttons
// (.action-foot) stick just above it rather than under it. 0 where nothing is stuck there (on
// a laptop the wallet is a panel of the side column).
const observer = typeof ResizeObserver === "function" ? new ResizeObserver(measure) : null;
let watched = null;

/** After each render: follow the bar the screen now has (a screen change replaces it). */
export function watchBottomBar(root) {
  const bar = root.querySelector("[data-bottom-bar]");
  if (bar === watched) return;
  if (watched) observer?.unobserve(watched);
  watched = bar;
  if (bar) observer?.observe(bar);
  measure();
}

function measure() {
  const stuck = watched?.isConnected && getComputedStyle(watched).position === "sticky";
  const height = stuck ? `${watched.offsetHeight}px` : "0px";
  document.documentElement.style.setProperty("--bottom-bar-h", height);
}
