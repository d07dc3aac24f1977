// What every game's render context starts from: the viewer and the names at the table, from a
// view {room, game} alone (no DOM). A game's context.js adds its own on top (games/*/context.js).
import { t } from "./i18n.js";

/** The live room's render options, from the store's state (a game may add its own). */
export function liveOptions(state, shell = {}) {
  return {
    ui: state.ui,
    pending: !!state.pending,
    log: state.log,
    playerId: state.session?.playerId ?? null,
    end: shell.end ?? null,
    next: shell.next ?? null,
  };
}

/**
 * The seat-and-name part of a render context. `opts`: ui (the per-window ui state), pending,
 * log (defaults to the view's own), playerId, end (the shell's part of the end screen), next
 * (a finished game kept on screen while the next runs: its live room), replay
 * (true: no live controls, names instead of "you"). A seat's name in a game view is its
 * player id; the room's player list gives the name people typed.
 */
export function tableContext(view, opts = {}) {
  const game = view.game;
  const room = view.room;
  const byId = new Map(room.players.map((p) => [p.player_id, p]));
  const me = game?.me ?? null;
  const seat = me ? me.seat : null;
  const replay = !!opts.replay;
  const roomPlayer = (s) => byId.get(game.players[s]?.name);
  const nameOf = (s) =>
    roomPlayer(s)?.name ?? game.players[s]?.name ?? t("replay.seat", { seat: String(s + 1) });
  const who = (s) => (s === seat && !replay ? "you" : nameOf(s));
  // A person the table waits for who has no connection (a bot standing in is no wait): the
  // shell's away line counts down to their stand-in (ui/seats.js).
  const offline = (s) => {
    const p = roomPlayer(s);
    return !replay && !!p && !p.connected && !p.stand_in && s !== seat;
  };
  return {
    view,
    game,
    room,
    me,
    seat,
    replay,
    nameOf,
    who,
    /** A name in a "waiting for" text: "Cal (offline)" when Cal has no connection. */
    waitName: (s) => (offline(s) ? t("game.offline_name", { name: nameOf(s) }) : nameOf(s)),
    offline,
    roomPlayer,
    ui: opts.ui ?? {},
    pending: !!opts.pending,
    log: opts.log ?? game?.log ?? [],
    playerId: opts.playerId ?? null,
    end: opts.end ?? null,
    next: opts.next ?? null, // the next game has started: {room, yourMove} (ended.js)
  };
}
