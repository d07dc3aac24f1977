// Merging the log part of a view into what the client already holds. Pure: it takes the
// previous log state and returns the next, so tests/js checks every case under node.
//
// A log state is {log, logGame, animateFrom, arrival, batch}: the entries so far, the game
// number they belong to, the index from which entries were seen live (they animate), and
// for each index the batch (view) it arrived in, so raids that arrived together roll in turn.

export function emptyLog() {
  return { log: [], logGame: null, animateFrom: Infinity, arrival: {}, batch: 0 };
}

/**
 * `game` is the view's game part ({log, log_from}) or null; `gameNumber` is the room's.
 * Returns {next, complete}; complete is false when entries are missing (ask for a resync).
 */
export function mergeLog(prev, game, gameNumber) {
  if (!game) return { next: { ...prev, log: [], logGame: null }, complete: true };
  const from = game.log_from ?? 0;
  if (from === 0) {
    const fresh = prev.logGame !== gameNumber || prev.animateFrom === Infinity;
    return {
      next: {
        ...prev,
        log: [...game.log],
        logGame: gameNumber,
        arrival: {},
        animateFrom: fresh ? game.log.length : prev.animateFrom,
      },
      complete: true,
    };
  }
  if (prev.logGame !== gameNumber) {
    return {
      next: { ...prev, log: [], logGame: gameNumber, animateFrom: Infinity },
      complete: false,
    };
  }
  if (from > prev.log.length) return { next: prev, complete: false };
  const log = [...prev.log.slice(0, from), ...game.log];
  const batch = prev.batch + 1; // entries that arrived together animate one after another
  const arrival = { ...prev.arrival };
  for (let i = from; i < log.length; i++) arrival[i] = batch;
  return { next: { ...prev, log, batch, arrival }, complete: true };
}
