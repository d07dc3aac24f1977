// The shell's words: list and plural helpers, setting choices, and the server's error codes
// as sentences. Pure (no DOM, no storage), so tests/js runs it under node. A game's own
// words (its rule errors included) live in its folder under games/.

export function list(items) {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

export function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

export function plural(n, one, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

/** One choice of a catalog setting as words: 15 seconds, 1 minute, 3 minutes. */
export function choiceLabel(value, unit) {
  if (unit === "seconds") {
    if (value >= 60 && value % 60 === 0) return plural(value / 60, "minute");
    return plural(value, "second");
  }
  return unit ? `${value} ${unit}` : String(value);
}

/** "3 to 6 players" (or "4 players" when the game takes exactly that many). */
export function playerRange(game) {
  if (!game) return "";
  return game.min_players === game.max_players
    ? plural(game.min_players, "player")
    : `${game.min_players} to ${game.max_players} players`;
}

/** A countdown's words: "42 s left", "2:05 left". */
export function timeLeft(ms) {
  return `${timeSpan(ms)} left`;
}

/** A time to come, rounded up to the second: "42 s", "2:05". */
export function timeSpan(ms) {
  const seconds = Math.ceil(Math.max(0, ms) / 1000);
  return seconds >= 60
    ? `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`
    : `${seconds} s`;
}

// ------------------------------------------------------------------ errors

// The server's codes and the protocol's, the same for every game (docs/protocol.md). A game's
// rule errors come from its client's `errors` and are looked up first.
const ERRORS = {
  malformed: "That move was incomplete, so nothing happened. Please try again.",
  not_your_turn: "You have no decision to make in this step.",
  wrong_phase: "That step is already over.",
  stale_window: "Too late: that step had already ended.",
  game_over: "The game is over.",
  presence_unchanged: "Nothing changed.",
  bad_json: "The game couldn't read that message. Please reload the page.",
  bad_message: "The game couldn't understand that message. Please reload the page.",
  too_big: "That message was too large.",
  rate_limited: "Too many actions too quickly. Slow down a little.",
  hello_first: "The connection wasn't ready yet. Please try again.",
  bad_token: "Your seat in this room is no longer valid.",
  room_not_found: "There is no room with that code. Check the code and try again.",
  room_full: "That room is full. You can still watch.",
  too_many_spectators: "That room has as many spectators as it takes. Try again later.",
  game_started: "That game has already started. You can watch it as a spectator.",
  not_host: "Only the host can do that.",
  not_in_lobby: "That can only be done before the game starts.",
  not_enough_players:
    "The game needs more players before it can start: wait for more to be ready, or add bots.",
  spectator: "Spectators can watch but not play.",
  too_many_reactions: "Easy there: 3 reactions at once, then one every 2 seconds.",
  unknown_reaction: "That reaction isn't one this game has. Please reload the page.",
  no_game: "No game is running yet.",
  origin_not_allowed: "This page isn't allowed to connect to the game server.",
  bad_host:
    "This server does not answer to the address in your browser. Ask whoever runs it for the " +
    "right link.",
  unknown_game: "This server doesn't host that game. Pick one from the list.",
  forbidden: "This address may not read that page.",
  too_many_requests: "Too many requests. Wait a moment and try again.",
  name_taken: "Someone in that room already uses that name. Pick another one.",
  not_a_player_command: "Players can't send that.",
  not_found: "That game could not be found.",
  not_finished: "That game hasn't finished yet, or the next one has already started.",
  kicked: "The host removed you from the room. You can join again only if they let you back in.",
  barred:
    "The host removed that player from this room. You can join again once the host lets you " +
    "back in.",
  replaced: "You opened this seat in another tab or device.",
  room_closed: "This room has closed.",
  not_learning: "Hints are only for a Learn to play game.",
  bad_name:
    "That name can't be used: 1 to 24 characters you can see (no invisible or control characters).",
  hello_timeout: "The connection took too long to start. Reconnecting…",
  unavailable: "The game's server is catching its breath. Nothing changed; try again in a moment.",
  bad_request: "The game couldn't handle that request. Please reload the page.",
  internal: "Something went wrong on the server. Please try again.",
  draining: "This server is about to restart and takes no new rooms. Try again in a moment.",
  blocked: "This network is blocked from the game for a while.",
  unauthorized: "That token is not the operator's.",
  network: "Can't reach the game server. Check your connection and try again.",
  validation: "Please check what you typed: a name needs 1 to 24 characters.",
};

export const OFFLINE_MOVE = "You're offline right now. Your move wasn't sent.";
export const OFFLINE_GAME = "You're offline right now. The game will appear when you're back.";
export const OFFLINE_SCREEN = "You're offline right now. The page will appear when you're back.";
export const OFFLINE_LOBBY =
  "You're offline right now. Please wait for the connection to come back.";

/** `gameErrors`: the room's game client's own codes (checked first). */
export function errorSentence(code, message, gameErrors = {}) {
  if (gameErrors[code]) return gameErrors[code];
  if (ERRORS[code]) return ERRORS[code];
  if (message) return message;
  return "Something went wrong. Please try again.";
}
