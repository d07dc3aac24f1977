// Goblin Laundromat's moments on the table screen (tv.js): every draw is staged for the room,
// the Potion's too, beside the end of each laundry (moments.js: complete, stopped, failed).
// Pure over the store's state, like moments.js; the shell times them (moments-live.js).
import { capital } from "../../text.js";
import { context } from "./context.js";
import { moments } from "./moments.js";
import { g } from "./text.js";

/** The table screen's moments among the log entries from index `from` on. */
export function tvMoments(state, from) {
  const ctx = context(state);
  const draws = [];
  ctx.log.slice(from).forEach((entry, i) => {
    if (entry.kind !== "draw") return;
    draws.push({
      key: `${from + i}d`,
      title: g(entry.potion ? "moments.drawsPotion" : "moments.draws", {
        name: capital(ctx.nameOf(entry.seat)),
      }),
      text: ctx.sentence(entry),
    });
  });
  return [...draws, ...moments(state, from)];
}
