// The replay's arithmetic (pure): rounds from a record's round_starts, step bounds, the
// viewer choice (a record's names by seat: game-client.js's seatNames). A record has `steps`
// commands; step n is the state after the first n.
import { t } from "./i18n.js";

/** The room part of a step's render context (table-context.js): the record's players, by the
 *  order they joined, none of them connected. */
export function replayRoom(record) {
  const players = record.player_ids.map((id, seat) => ({
    player_id: id,
    name: record.names[seat],
    seat,
    connected: false,
    away: false,
  }));
  return { code: record.code, players };
}

/** The rounds a record has, in order: [1, 2, ...]. */
export function roundNumbers(roundStarts) {
  return Object.keys(roundStarts ?? {})
    .map(Number)
    .filter((r) => Number.isInteger(r))
    .sort((a, b) => a - b);
}

/** The round step n belongs to (the last round that starts at or before n; 0 before round 1). */
export function roundAt(roundStarts, step) {
  let found = 0;
  for (const r of roundNumbers(roundStarts)) if (roundStarts[r] <= step) found = r;
  return found;
}

/** The step at which `round` begins (null for a round the record does not have). */
export function roundStart(roundStarts, round) {
  const step = roundStarts?.[String(round)];
  return Number.isInteger(step) ? step : null;
}

/** n within 0..steps, as an integer (anything unreadable is 0). */
export function clampStep(n, steps) {
  const value = Math.trunc(Number(n));
  if (!Number.isFinite(value)) return 0;
  return Math.max(0, Math.min(steps, value));
}

/** The viewer query value: a seat number within the table, else "all". */
export function viewerParam(value, seats) {
  if (value === "all" || value === null || value === undefined || value === "") return "all";
  const seat = Number(value);
  return Number.isInteger(seat) && seat >= 0 && seat < seats ? seat : "all";
}

/** "Step 37 of 112". */
export function stepText(step, steps) {
  return t("replay.step_of", { step: String(step), steps: String(steps) });
}

// Playing (▶): a step every PLAY_MS, slow enough to read what changed; slower still when the
// system asks for reduced motion, since every step changes the board.
export const PLAY_MS = 1200;
export const PLAY_REDUCED_MS = 2400;

export function playDelay(reducedMotion) {
  return reducedMotion ? PLAY_REDUCED_MS : PLAY_MS;
}

/** Where ▶ starts: here, or from the beginning when the last step is on show. */
export function playStart(step, steps) {
  return step >= steps ? 0 : step;
}

/** The step after `step` while playing, or null at the end (playing stops there). */
export function nextPlayStep(step, steps) {
  return step < steps ? step + 1 : null;
}
