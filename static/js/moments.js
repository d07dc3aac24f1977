// A game's dramatic moments (a laundry's end, an Alarm, the round's reveal) get their beat:
// each stays on screen for MOMENT_MS, or until the player taps, while play goes on underneath
// (issue 30: your own laundry's result vanished within 400 ms as the screen moved on). The
// game's client says which new log entries are moments and what they say (its `moments`,
// games/index.js); this module keeps the list (pure, no DOM, no clock of its own);
// moments-live.js sets the timers and ui/moments.js draws the ones on show. The server's bots
// wait as long (games/protocol.py, Beats).

export const MOMENT_MS = 2500;

/** `list` with the moments `found` added ({key, title, text, tone, delay ms}), each on show
 * from now + delay for MOMENT_MS; a key already listed is not added again. */
export function addMoments(list, found, now) {
  const keys = new Set(list.map((m) => m.key));
  const fresh = found
    .filter((m) => !keys.has(m.key))
    .map((m) => {
      const from = now + (m.delay ?? 0);
      return {
        key: m.key,
        title: m.title ?? null,
        text: m.text,
        tone: m.tone ?? null,
        from,
        until: from + MOMENT_MS,
      };
    });
  return [...list, ...fresh];
}

/** Each moment whose start has come gets its whole beat from `now`, the moment the page
 *  can first draw it: a timer that fires late (a busy phone) must not eat into it. Once. */
export function begin(list, now) {
  return list.map((m) =>
    m.from <= now && !m.begun
      ? { ...m, begun: true, until: Math.max(m.until, now + MOMENT_MS) }
      : m,
  );
}

/** The moments on show at `now`, oldest first. */
export function onShow(list, now) {
  return list.filter((m) => m.from <= now && now < m.until);
}

/** Without the moments that are over. */
export function expire(list, now) {
  return list.filter((m) => now < m.until);
}

/** A tap: the moments on show end now; those still to come (a die still rolling) stay. */
export function dismiss(list, now) {
  return list.filter((m) => m.from > now);
}

/** When what is on show next changes (ms since the epoch), or null. */
export function nextChange(list, now) {
  const times = list.flatMap((m) => [m.from, m.until]).filter((t) => t > now);
  return times.length ? Math.min(...times) : null;
}
