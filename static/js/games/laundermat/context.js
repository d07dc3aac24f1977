// The render context of LaunderMat's screen: the viewer, the names at the table, the rules.
// Pure over a view (no DOM): the live room's (context) or a replay step's (viewContext).
import { paymentFor } from "./payment.js";
import { rulesOf } from "./rules.js";
import { logSentence } from "./sentences.js";
import { weapons } from "./text.js";

/** The live room's context, from the store's state. */
export function context(state, shell = {}) {
  return viewContext(state.view, {
    ui: state.ui,
    pending: !!state.pending,
    log: state.log,
    animateFrom: state.animateFrom,
    arrival: state.arrival,
    playerId: state.session?.playerId ?? null,
    end: shell.end ?? null,
  });
}

/**
 * Everything a render needs to know about the viewer and the names at the table, from a view
 * {room, game} alone. `opts`: ui (the per-window ui state), pending, log (defaults to the
 * view's own), animateFrom, arrival (log index -> batch), playerId, end (the shell's part of
 * the end screen), replay (true: a replay, no live controls, names instead of "you").
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
  const copies = new Map((game?.copies ?? []).map((c) => [c.id, c]));
  const rules = rulesOf(game);
  const ui = opts.ui ?? {};
  return {
    view, game, room, me, seat, replay,
    opts: me?.options ?? {},
    nameOf, who, roomPlayer,
    copyKind: (id) => copies.get(id)?.kind,
    copies,
    ui,
    pending: !!opts.pending,
    log: opts.log ?? game?.log ?? [],
    animateFrom: opts.animateFrom ?? Infinity,
    arrival: opts.arrival ?? {},
    playerId: opts.playerId ?? null,
    end: opts.end ?? null,
    rules,
    weapons: weapons(rules),
    payment: () => paymentFor(game, ui),
    sentence: (entry) => logSentence(entry, { who, copyKind: (id) => copies.get(id)?.kind, viewer: replay ? null : seat, rules }),
  };
}
