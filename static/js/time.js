// The countdown's arithmetic, pure (the DOM side is countdown.js).

/** The bar's full length for a window: its duration, or, when this client saw the window
 *  open (servers may scale durations, e.g. in tests), the time it had then. Returns the
 *  previous span while the window is the same. */
export function windowSpan(previous, window, deadline, serverTime, first) {
  if (!window || !deadline) return null;
  if (previous?.id === window.id) return previous;
  const full = window.duration * 1000;
  const left = Math.max(1, deadline - serverTime);
  return { id: window.id, total: first ? Math.max(full, left) : Math.min(full, left) };
}

/** The fraction of the bar still full (0..1). */
export function fractionLeft(left, total) {
  return Math.min(1, Math.max(0, left) / total);
}
