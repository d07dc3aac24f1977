// The history page's choice (pure): which finished games this browser took part in.
import { locale, t } from "./i18n.js";

const SLACK_MS = 60 * 60 * 1000; // clocks differ: a game that ended an hour "before" still counts

/**
 * The games of `history` (GET /api/history, newest first) played in a room this browser
 * joined: `played` is [{code, joined_at}] (ms). A code can come back for a new room later, so
 * a game counts only if it finished after the browser joined a room with that code. The server
 * lists no code while its room is open (anyone could join it): those games count by id,
 * `gameIds` being the ids this browser saw revealed at its own tables.
 */
export function playedGames(history, played, gameIds = []) {
  const seen = new Set((gameIds ?? []).map(Number));
  const joined = new Map();
  for (const p of played ?? []) {
    if (!p?.code) continue;
    const code = String(p.code).toUpperCase();
    const at = Number(p.joined_at) || 0;
    joined.set(code, Math.min(joined.get(code) ?? Infinity, at));
  }
  return (history ?? [])
    .filter(
      (g) =>
        seen.has(g.game_id) ||
        (joined.has(g.code) && (g.finished_ms ?? Infinity) + SLACK_MS >= joined.get(g.code)),
    )
    .sort((a, b) => (b.finished_ms ?? 0) - (a.finished_ms ?? 0));
}

/** Add (or keep) a room code in the played list; oldest entries go beyond `max`. */
export function withPlayed(played, code, now, max = 200) {
  const list = (played ?? []).filter((p) => p?.code);
  const upper = code.toUpperCase();
  if (list.some((p) => p.code === upper)) return list;
  return [...list, { code: upper, joined_at: now }].slice(-max);
}

/** Add (or keep) a game id in the list of games seen at this browser's tables. */
export function withGame(ids, id, max = 500) {
  const list = (ids ?? []).filter((g) => Number.isInteger(g));
  if (!Number.isInteger(id) || list.includes(id)) return list;
  return [...list, id].slice(-max);
}

/** A finished game's date and time, for a list: "30 Nov 2026, 12:34". */
export function finishedText(ms) {
  if (!ms) return t("history.not_finished");
  return new Date(ms).toLocaleString(locale(), {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });
}
