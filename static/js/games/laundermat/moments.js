// LaunderMat's moments (the shell's moments.js): the round's reveal when the draft locks, and
// each Vault raid once its die has rolled (an Alarm above all), so bots' quick moves no longer
// make them flash by.
import { context } from "./context.js";
import { g } from "./words.js";

// The dice roll one after another (game.js reportItem, laundermat.css): a raid's result shows
// when its die settles. The server's beat (games/laundermat.py) counts the same.
const DIE_STAGGER_MS = 1300;
const DIE_ROLL_MS = 1500;

/** The moments among the log entries from index `from` on (pure over the store's state). */
export function moments(state, from) {
  const ctx = context(state);
  const out = [];
  let raids = 0;
  ctx.log.slice(from).forEach((entry, i) => {
    const key = from + i;
    if (entry.kind === "draft_locked") {
      out.push({ key, title: g("moments.reveal"), text: ctx.sentence(entry) });
    } else if (entry.kind === "vault_raid") {
      const delay = raids * DIE_STAGGER_MS + DIE_ROLL_MS;
      raids += 1;
      out.push({
        key,
        delay,
        tone: entry.alarm ? "alarm" : null,
        title: g(entry.alarm ? "moments.alarm" : "moments.raid"),
        text: ctx.sentence(entry),
      });
    }
  });
  return out;
}
