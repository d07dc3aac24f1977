// The shell's words: list and plural helpers, setting choices, and the server's error codes
// as sentences, from the catalogs (i18n.js; errors.<code> in static/locales/<lang>.json).
// Pure (no DOM, no storage), so tests/js runs it under node. A game's own words (its rule
// errors included) live in its folder under games/.
import { has, list as listOf, t } from "./i18n.js";

/** "a, b and c" in the person's language (Intl.ListFormat). */
export function list(items) {
  return listOf(items);
}

export function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/** One choice of a catalog setting as words: 15 seconds, 1 minute, 3 minutes. */
export function choiceLabel(value, unit) {
  if (unit === "seconds") {
    if (value >= 60 && value % 60 === 0) return t("units.minutes", { count: value / 60 });
    return t("units.seconds", { count: value });
  }
  if (unit && has(`units.${unit}`)) return t(`units.${unit}`, { count: value });
  return unit ? `${value} ${unit}` : String(value);
}

/** "3 to 6 players" (or "4 players" when the game takes exactly that many). */
export function playerRange(game) {
  if (!game) return "";
  return game.min_players === game.max_players
    ? t("units.players", { count: game.min_players })
    : t("units.player_range", { min: game.min_players, max: game.max_players });
}

/** A countdown's words: "42 s left", "2:05 left". */
export function timeLeft(ms) {
  return t("time.left", { time: timeSpan(ms) });
}

/** A time to come, rounded up to the second: "42 s", "2:05". */
export function timeSpan(ms) {
  const seconds = Math.ceil(Math.max(0, ms) / 1000);
  return seconds >= 60
    ? `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`
    : t("time.seconds", { seconds: String(seconds) });
}

// ------------------------------------------------------------------ errors

// The server's codes and the protocol's, the same for every game (docs/protocol.md), are the
// catalog's errors.<code>. A game's rule errors come from its client's `errors`.

export const offlineMove = () => t("offline.move");
export const offlineGame = () => t("offline.game");
export const offlineLobby = () => t("offline.lobby");
export const offlineScreen = () => t("offline.screen");

/** `gameErrors`: the room's game client's own codes (checked first). */
export function errorSentence(code, message, gameErrors = {}) {
  if (gameErrors[code]) return gameErrors[code];
  if (code && has(`errors.${code}`)) return t(`errors.${code}`);
  if (message) return message;
  return t("errors.unknown");
}
