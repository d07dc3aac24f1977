// The table screen's boards in turns: a television can't scroll, and from four players on, late
// in a game, every board at once needs more room than a screen has (text under 24 px at
// 1920x1080 would be unreadable across a room). So a page of boards is shown at a time, the
// next one every few seconds, with which page is on show said on the screen. The boards of the
// players the table waits on stay on every page. A turn swaps the boards with no movement
// (nothing slides or fades), so it asks nothing of prefers-reduced-motion.
import { h } from "../dom.js";
import { t } from "../i18n.js";

/** How many boards a page holds at most, unless a game says fewer. */
export const BOARDS_PER_PAGE = 3;
export const TURN_MS = 8000;
// The screens app.css lays the table out for otherwise: stood up (a tablet), two columns under
// the stage, room for two boards; a phone's, which scrolls, so every board is on show.
const STOOD_UP = "(max-aspect-ratio: 1/1)";
const PHONE = "(max-aspect-ratio: 1/1) and (max-width: 600px)";

function forScreen(perPage) {
  const matches = (query) => globalThis.matchMedia?.(query).matches;
  if (matches(PHONE)) return Infinity;
  return matches(STOOD_UP) ? Math.min(perPage, 2) : perPage;
}

let drawnTurn = null; // the turn last drawn while boards were paged; null when they all fit

/** seats: every board's seat, in the order drawn; waitedOn: the seats whose turn it is; most:
 *  the boards a page holds at most (fewer on a screen stood up). Returns the seats to draw now,
 *  and the words for the page on show (null: one page). */
export function boardPage(seats, waitedOn = [], most = BOARDS_PER_PAGE, now = Date.now()) {
  const perPage = forScreen(most);
  if (seats.length <= perPage) {
    drawnTurn = null;
    return { shown: seats, label: null };
  }
  // Everyone waited on (e.g. the draft, picked all at once) is nobody in particular.
  const kept = waitedOn.length < perPage ? seats.filter((s) => waitedOn.includes(s)) : [];
  const others = seats.filter((s) => !kept.includes(s));
  const size = perPage - kept.length;
  const pages = Math.ceil(others.length / size);
  drawnTurn = Math.floor(now / TURN_MS);
  const page = drawnTurn % pages;
  const turning = others.slice(page * size, (page + 1) * size);
  const shown = seats.filter((s) => kept.includes(s) || turning.includes(s));
  return {
    shown,
    label: t("tv.boards_page", { page: page + 1, pages }),
  };
}

/** Whether the boards' page on show is due to turn (controller.js redraws the screen then). */
export function boardTurnDue(now = Date.now()) {
  return drawnTurn !== null && Math.floor(now / TURN_MS) !== drawnTurn;
}

/** The words over a page of boards, or nothing when every board is on show. */
export function boardPageLine(label) {
  if (!label) return null;
  return h("p.tv-board-page", { "data-key": "board-page", "data-testid": "tv-board-page" }, label);
}
