// The registry: a room's `game` name (GET /api/catalog, view.room.game) -> that game's client.
// A new game adds its folder under games/ and one entry here; no other shared module names a
// game.
//
// A game's folder has two entry points, so that a first visit downloads no game's screens:
//   card.js    the default export is what the home page and the history need, loaded with
//              the shell: name, title and tagline (its title until the catalog has loaded;
//              the catalog's is the one shown: gameTitle), scoreText(total) (a result's total
//              in the game's own unit, "445k pts", "42 Coins"), settingHints (setting key ->
//              a hint under the create form's field, optional), stylesheet (the path of its
//              screens' CSS in its folder, linked after the shell's css/app.css when the game
//              loads), and load() (the dynamic import of its index.js).
//   index.js   the default export is the rest of the client, below; loadGame(name) fetches it
//              the first time a room, a replay or the rules of that game open.
//
// A game client is its card's members and these:
//   renderGame(state, banner, shell)   the room's screen once a game runs (view.game is set);
//                           it may use the shared ui/ modules (topbar, presence, icons) and
//                           dom.js. shell.end: the shell's part of the end screen (the
//                           fairness reveal, the replay and record links), to place on it
//                           when the game is over; shell.coach: a lesson's coach (or
//                           null), to place with the decision it is about (ui/coach.js's
//                           withCoach), so the hint and its controls share a screen
//   renderReplay(replay)    one step of a finished game: replay = {record, view (the step's
//                           game view), step, viewer (a seat or "all"; "all" views carry
//                           view.all_seats, every seat's `me`), end (the shell's part, at the
//                           last step)}; nothing in it acts
//   renderTv(state, shell)  optional: the table screen (/tv/CODE, ui/tv.js) once a game runs,
//                           drawn from the spectator's view it watches with; shell.banner
//                           (the link's state, or null) and shell.end (the shell's part of
//                           the end, when the game is over). Its root carries screenData()
//                           and the class tv; without it the table screen says it can't show
//                           the game
//   seatNames(record)       optional: the names by seat of a replay record (the shell's
//                           "Watch as"); by default the final view's players[].name, each
//                           seat's player_id, looked up in the record (game-client.js)
//   handlers(app)           its screen's data-action handlers; app is controller.js's
//                           {state, render, send, lobby, navigate, root, socket()}
//   moments(state, from)    optional: the dramatic moments among the new log entries
//                           (state.log from index `from` on), as [{key, title, text, tone
//                           ("good", "bad", "alarm" or null), delay (ms, optional)}]: the
//                           shell shows each for 2.5 s or until tapped (moments.js)
//   tvMoments(state, from)  optional: the table screen's moments, in the same shape (more of
//                           them: a room watches; by default `moments`)
//   freshUi()               the per-window ui state (state.ui), fresh when view.game.window
//                           changes (optional: {} by default)
//   rulesDialog(catalogEntry, game)   the rules dialog's content (nodes); game is view.game
//                           when the dialog opens in a room of this game, else null
//   pageTitle(game)         the tab's title in a game ("Round 2: Draft")
//   turnLabel(view)         what the open window asks of this seat, in a few words ("Your
//                           pick"), or null when nothing waits on it (it has picked and may
//                           only change its mind). The shell asks only while
//                           game.me.options.can_act; it marks the tab's title with it
//                           ("● Your pick — …") and says it in the turn alert (alerts.js).
//                           Optional: without it, "Your turn"
//   errors(game)            its rule errors, code -> sentence (game: view.game or undefined)
//   lobbyNote(catalogEntry)  the lobby's note under the settings (optional)
//   lobbyPrimer(catalogEntry)   the game in a few steps, [lead, text] pairs, which the lobby
//                           shows while the players wait (optional; null: not yet)
//
// A button drawn as a thing on the table (a bill, a card) may carry the class own-look: the
// shell's switched-off look for disabled controls then leaves it to the game's stylesheet.
//
// Its screen marks the headings focus lands on when the focused control goes away
// (data-landing="panel", else "page"; they carry tabindex=-1), and draws its countdown with
// ui/game-screen.js's countdownBar() (a [data-role=timer], which countdown.js drives).
//
// What the shell reads from a game's view is the protocol's (docs/protocol.md): game.window
// ({id, duration}) for the countdown and the per-window ui reset, game.me.options.window for
// commands, game.me.options.can_act (with its window) for the turn alert (turn.js), and
// game.log / game.log_from for the log merge.
//
// game-client.js checks each client and fills in the optional members' defaults.
import { completeClient } from "../game-client.js";
import { has, t } from "../i18n.js";
import goblin from "./goblin/card.js";
import laundermat from "./laundermat/card.js";

const CARDS = [laundermat, goblin];
const clients = new Map(); // name -> the complete client, once loaded
const loads = new Map(); // name -> the load in flight (or done)

/** The card of a game this client knows (null for a name it does not). */
export function gameCard(name) {
  return CARDS.find((c) => c.name === name) ?? null;
}

export function allCards() {
  return CARDS;
}

/** The whole client of a game, once loadGame has fetched it; null before, or for a name this
 *  client does not know. */
export function gameClient(name) {
  return clients.get(name) ?? null;
}

/** Fetch a game's screens and link its stylesheet, once: the promise of its complete client,
 *  settled when both are in. A failed fetch (the link dropped) is tried again by the next
 *  call. */
export function loadGame(name) {
  const card = gameCard(name);
  if (!card) return Promise.reject(new Error(`no game client ${name}`));
  if (!loads.has(name)) {
    const sheet = linkStylesheet(card.stylesheet);
    const load = Promise.all([card.load(), sheet]).then(([module]) => {
      const client = completeClient({ ...card, ...module.default });
      clients.set(name, client);
      return client;
    });
    load.catch(() => loads.delete(name));
    loads.set(name, load);
  }
  return loads.get(name);
}

/** Link a game's stylesheet, `href`, after the sheets already in the page, once; the promise
 *  settles when the sheet is in (or failed: a screen without its sheet beats no screen), so
 *  nothing is drawn unstyled for want of waiting. */
function linkStylesheet(href) {
  if (!href || document.querySelector(`link[href="${href}"]`)) return Promise.resolve();
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  const loaded = new Promise((resolve) => {
    link.onload = resolve;
    link.onerror = resolve;
  });
  document.head.append(link);
  return loaded;
}

/** The game's name as people read it: its client catalog's title in the person's language
 * (catalogWords), else the server's catalog title, else its card's own until the catalog
 * loads. */
export function gameTitle(catalog, name) {
  return (
    catalogWords(name, "title") ??
    catalog?.games?.find((g) => g.name === name)?.title ??
    gameCard(name)?.title ??
    ""
  );
}

/** The game's line under its title on the home page. */
export function gameTagline(name) {
  return catalogWords(name, "tagline") ?? gameCard(name)?.tagline ?? "";
}

/** What the server's catalog (GET /api/catalog) says of a game, in the person's language
 * from the game's own client catalog, by the field's path ("title", "tagline",
 * "settings.round_timer"): `<game>.catalog.<path>` or `<game>.<path>` (a setting's
 * `.label` there), or null when the catalog has neither. */
export function catalogWords(name, path) {
  if (!name) return null;
  const keys = [`${name}.catalog.${path}`, `${name}.${path}`, `${name}.${path}.label`];
  const key = keys.find((k) => has(k));
  return key ? t(key) : null;
}
