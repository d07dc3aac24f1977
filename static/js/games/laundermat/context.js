// The render context of LaunderMat's screen: the viewer, the names at the table, the rules.
// Pure over the store's state (no DOM).
import { paymentFor } from "./payment.js";
import { rulesOf } from "./rules.js";
import { logSentence } from "./sentences.js";
import { weapons } from "./text.js";

/** Everything a render needs to know about the viewer and the names at the table. */
export function context(state) {
  const view = state.view;
  const game = view.game;
  const room = view.room;
  const byId = new Map(room.players.map((p) => [p.player_id, p]));
  const me = game?.me ?? null;
  const seat = me ? me.seat : null;
  const roomPlayer = (s) => byId.get(game.players[s]?.name);
  const nameOf = (s) => roomPlayer(s)?.name ?? game.players[s]?.name ?? `Seat ${s + 1}`;
  const who = (s) => (s === seat ? "you" : nameOf(s));
  const copies = new Map((game?.copies ?? []).map((c) => [c.id, c]));
  const rules = rulesOf(game);
  return {
    state, view, game, room, me, seat,
    opts: me?.options ?? {},
    nameOf, who, roomPlayer,
    copyKind: (id) => copies.get(id)?.kind,
    copies,
    ui: state.ui,
    pending: !!state.pending,
    log: state.log,
    animateFrom: state.animateFrom,
    rules,
    weapons: weapons(rules),
    payment: () => paymentFor(game, state.ui),
    sentence: (entry) => logSentence(entry, { who, copyKind: (id) => copies.get(id)?.kind, viewer: seat, rules }),
  };
}

