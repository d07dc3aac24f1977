// The render context of Goblin Laundromat's screen: the viewer, the names at the table, the
// rules. Pure over a view (no DOM): the live room's (context) or a replay step's (viewContext).
import { liveOptions, tableContext } from "../../table-context.js";
import { logSentence } from "./sentences.js";

/** The live room's context, from the store's state. */
export function context(state, shell = {}) {
  return viewContext(state.view, liveOptions(state, shell));
}

/** Everything a render needs, from a view {room, game} alone (opts: tableContext's). */
export function viewContext(view, opts = {}) {
  const table = tableContext(view, opts);
  const { game, me, seat, replay, who } = table;
  const rules = game?.rules ?? {};
  return {
    ...table,
    rules,
    opts: (!replay && me?.options) || {},
    sentence: (entry) =>
      logSentence(entry, {
        who,
        rules,
        viewer: replay ? null : seat,
        players: game.players.length,
      }),
  };
}
