// The render context of LaunderMat's screen: the viewer, the names at the table, the rules.
// Pure over a view (no DOM): the live room's (context) or a replay step's (viewContext).
import { liveOptions, tableContext } from "../../table-context.js";
import { paymentFor } from "./payment.js";
import { rulesOf } from "./rules.js";
import { logSentence } from "./sentences.js";
import { weapons } from "./text.js";
import { g } from "./words.js";

/** The live room's context, from the store's state. */
export function context(state, shell = {}) {
  return viewContext(state.view, {
    ...liveOptions(state, shell),
    animateFrom: state.animateFrom,
    arrival: state.arrival,
  });
}

/**
 * Everything a render needs to know about the viewer and the names at the table, from a view
 * {room, game} alone. `opts`: tableContext's, and animateFrom, arrival (log index -> batch).
 */
export function viewContext(view, opts = {}) {
  const table = tableContext(view, opts);
  const { game, me, seat, replay, nameOf, ui } = table;
  // The viewer is "you" in the person's language ("tú"), everyone else their name.
  const who = (s) => (s === seat && !replay ? g("log.you") : nameOf(s));
  const copies = new Map((game?.copies ?? []).map((c) => [c.id, c]));
  const copyKind = (id) => copies.get(id)?.kind;
  const rules = rulesOf(game);
  return {
    ...table,
    who,
    opts: me?.options ?? {},
    copyKind,
    copies,
    animateFrom: opts.animateFrom ?? Infinity,
    arrival: opts.arrival ?? {},
    rules,
    weapons: weapons(rules),
    payment: () => paymentFor(game, ui),
    sentence: (entry) => logSentence(entry, { who, copyKind, viewer: replay ? null : seat, rules }),
  };
}
