// What a page is called (pure): the tab's title, and a place in words. The site's name is the
// platform's brand; a game's name is its catalog title (games/index.js gameTitle).
import { ordinalForm, t } from "./i18n.js";

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
  return title ? `${title} ${code}` : t("titles.room", { code });
}

/** A game of a room, as the history and the replay call it: "game 2" is the room's second
 * game (its game_number), never the record's id, which only the address and file name show. */
export function gameName(title, number) {
  const numbered = Number.isInteger(number) && number > 0;
  if (!title) return numbered ? t("titles.game_number_capital", { number }) : t("titles.a_game");
  return numbered ? t("titles.game_of_title", { title, number }) : title;
}

/** 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st (1.º, 2.º in Spanish): the language's ordinal
 *  plural rules pick the form. */
export function ordinal(n) {
  const form = ordinalForm(n);
  return t(`titles.ordinal_${form}`, { n: String(n) });
}
