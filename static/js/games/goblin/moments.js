// Goblin Laundromat's moments (the shell's moments.js): the end of a laundry, yours or
// another's, is the table's moment: its result stays on screen while the next one starts.
import { capital } from "../../text.js";
import { context } from "./context.js";
import { g } from "./text.js";

/** The moments among the log entries from index `from` on (pure over the store's state). */
export function moments(state, from) {
  const ctx = context(state);
  const out = [];
  ctx.log.slice(from).forEach((entry, i) => {
    const kind = MOMENTS[entry.kind];
    if (!kind) return;
    const mine = entry.seat === ctx.seat && !ctx.replay;
    const title = mine
      ? g(`moments.${kind.title}.you`)
      : g(`moments.${kind.title}.named`, { name: capital(ctx.nameOf(entry.seat)) });
    out.push({
      key: from + i,
      tone: kind.tone,
      title,
      text: ctx.sentence(entry),
    });
  });
  return out;
}

const MOMENTS = {
  completed: { tone: "good", title: "completed" },
  stopped: { tone: null, title: "stopped" },
  failed: { tone: "bad", title: "failed" },
};
