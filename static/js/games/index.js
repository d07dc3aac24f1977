// The registry: a room's `game` name (GET /api/catalog, view.room.game) -> that game's client.
// A new game adds its folder under games/ and one entry here; no other shared module names a
// game.
//
// A game client is an object:
//   name, title, tagline    the catalog's name; its title until the catalog has loaded (the
//                           catalog's is the one shown: gameTitle); a line under the home
//                           page's heading
//   scoreText(total)        a result's total in the game's own unit ("445k pts", "42 Coins"),
//                           for the history
//   stylesheet              the path of its screens' CSS in its folder (main.js links it
//                           after the shell's css/app.css)
//   renderGame(state, banner, shell)   the room's screen once a game runs (view.game is set);
//                           it may use the shared ui/ modules (topbar, presence, icons) and
//                           dom.js. shell.end: the shell's part of the end screen (the
//                           fairness reveal, the replay and record links), to place on it
//                           when the game is over
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
//                           seat's player_id, looked up in the record (replay.js)
//   handlers(app)           its screen's data-action handlers; app is main.js's controller
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
//   settingHints            setting key -> a hint under the create form's field (optional)
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
import goblin from "./goblin/index.js";
import laundermat from "./laundermat/index.js";

const CLIENTS = [laundermat, goblin].map(completeClient);

export function gameClient(name) {
  return CLIENTS.find((c) => c.name === name) ?? null;
}

export function allClients() {
  return CLIENTS;
}

/** The game's name as people read it: the server's catalog title (the server names its
 * games), else its client's own until the catalog has loaded. */
export function gameTitle(catalog, name) {
  return catalog?.games?.find((g) => g.name === name)?.title ?? gameClient(name)?.title ?? "";
}
