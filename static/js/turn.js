// Whether something just became this player's to do, from successive views (pure). The rule
// knows no game: it reads the protocol's game.me.options (can_act and its window id,
// docs/protocol.md); each game's client only names the thing to do (its turnLabel).
import { t } from "./i18n.js";

/** The decision open to this browser's seat in a view, as a key ("game number:window id"),
 *  or null: nothing actionable, a spectator, the lobby, the game over. */
export function decisionKey(view, role) {
  if (role !== "player" || view?.room?.status !== "playing") return null;
  const options = view.game?.me?.options;
  if (!options?.can_act) return null;
  return `${view.room.game_number}:${options.window}`;
}

/**
 * The next turn tracker ({seen, alerted}) after a view whose decision key is `key`, and
 * whether to alert: once per new decision, never again for one it alerted for (a reconnect
 * brings the same window back), and not for the first view a room's page shows (the player
 * just opened it and is looking at it).
 */
export function nextTurn(tracker, key) {
  if (!tracker.seen) return { tracker: { seen: true, alerted: key }, alert: false };
  const alert = key !== null && key !== tracker.alerted;
  return { tracker: { seen: true, alerted: alert ? key : tracker.alerted }, alert };
}

/** What this seat has to do now, in the game's words ("Your pick"), or null: nothing, or
 *  nothing that waits on it (it has picked and may only change its mind). */
export function turnLabel(view, role, client) {
  if (!decisionKey(view, role)) return null;
  return client?.turnLabel ? (client.turnLabel(view) ?? null) : t("turn.your_turn");
}

/** The tab's title, marked while something is the player's to do. */
export function turnTitle(label, title) {
  return label ? `● ${label} — ${title}` : title;
}
