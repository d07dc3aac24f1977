// What a page is called (pure): the tab's title, and a place in words. The site's name is the
// platform's brand; a game's name is its catalog title (games/index.js gameTitle).

export const BRAND = "LaunderMat";

/** The tab's title: what is on show first (a tab cuts the end off), then the site, unless a
 * part already carries its name ("Lobby · LaunderMat ABCDE" for a game of that name). */
export function tabTitle(...parts) {
  const shown = parts.filter(Boolean);
  if (!shown.some((part) => part.includes(BRAND))) shown.push(BRAND);
  return shown.join(" · ");
}

/** "Goblin Laundromat ABCDE": a room by its game and code (just the code before the game is
 *  known). */
export function roomTitle(title, code) {
  return title ? `${title} ${code}` : `Room ${code}`;
}

/** A game of a room, as the history and the replay call it: "game 2" is the room's second
 * game (its game_number), never the record's id, which only the address and file name show. */
export function gameName(title, number) {
  const game = Number.isInteger(number) && number > 0 ? `game ${number}` : "";
  if (!title) return game ? game[0].toUpperCase() + game.slice(1) : "A game";
  return game ? `${title}, ${game}` : title;
}

/** 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st. */
export function ordinal(n) {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? "th" : ({ 1: "st", 2: "nd", 3: "rd" }[n % 10] ?? "th");
  return `${n}${suffix}`;
}
