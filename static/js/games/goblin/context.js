// The render context of Goblin Laundromat's screen: the viewer, the names at the table, the
// rules. Pure over a view (no DOM): the live room's (context) or a replay step's (viewContext).
import { logSentence } from "./sentences.js";

/** The live room's context, from the store's state. */
export function context(state, shell = {}) {
  return viewContext(state.view, {
    ui: state.ui,
    pending: !!state.pending,
    log: state.log,
    playerId: state.session?.playerId ?? null,
    end: shell.end ?? null,
  });
}

/**
 * Everything a render needs, from a view {room, game} alone. opts: ui, pending, log (defaults
 * to the view's own), playerId, end (the shell's part of the end screen), replay (true: no
 * live controls, names instead of "you").
 */
export function viewContext(view, opts = {}) {
  const game = view.game;
  const room = view.room;
  const byId = new Map(room.players.map((p) => [p.player_id, p]));
  const me = game?.me ?? null;
  const seat = me ? me.seat : null;
  const replay = !!opts.replay;
  const roomPlayer = (s) => byId.get(game.players[s]?.name);
  const nameOf = (s) => roomPlayer(s)?.name ?? game.players[s]?.name ?? `Seat ${s + 1}`;
  const who = (s) => (s === seat && !replay ? "you" : nameOf(s));
  const rules = game?.rules ?? {};
  return {
    view, game, room, me, seat, replay, rules,
    opts: (!replay && me?.options) || {},
    nameOf, who, roomPlayer,
    ui: opts.ui ?? {},
    pending: !!opts.pending,
    log: opts.log ?? game?.log ?? [],
    playerId: opts.playerId ?? null,
    end: opts.end ?? null,
    sentence: (entry) => logSentence(entry, { who, rules, viewer: replay ? null : seat, players: game.players.length }),
  };
}
