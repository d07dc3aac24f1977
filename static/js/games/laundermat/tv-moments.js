// LaunderMat's moments on the table screen (tv.js): beside the reveal and each Vault raid with
// its die and Alarm (moments.js), each collision, each bribery stage as it opens, every
// protection and counterbribe, and the investigation. Pure over the store's state, like
// moments.js; the shell times them (moments-live.js).
import { capital, list } from "../../text.js";
import { context } from "./context.js";
import { moments } from "./moments.js";
import { money, PHASES } from "./text.js";

const BRIBERY = ["bribe_protect", "bribe_counter", "bribe_entries"];

/** The table screen's moments among the log entries from index `from` on. */
export function tvMoments(state, from) {
  const ctx = context(state);
  const out = [...moments(state, from)];
  ctx.log.slice(from).forEach((entry, i) => {
    const key = from + i;
    if (entry.kind === "draft_locked") {
      entry.collisions.forEach((c, n) => {
        const all = c.seats.length === 2 ? "both" : "all";
        const who = `${capital(list(c.seats.map(ctx.nameOf)))} ${all}`;
        out.push({
          key: `${key}c${n}`,
          tone: "bad",
          title: "Collision!",
          // DRAFT-4; SENIORITY-*, DRAFT-8: it may yet be claimed, else it goes to the Vault.
          text: `${who} picked ${money(c.value)}: it goes to the Vault unless Seniority claims it.`,
        });
      });
    } else if (entry.kind === "window" && BRIBERY.includes(entry.phase)) {
      const phase = PHASES[entry.phase];
      out.push({ key: `${key}w`, title: phase.title, text: `${phase.tagline}.` });
    } else if (["protect", "counter"].includes(entry.kind)) {
      const title = entry.kind === "protect" ? "Protection bought" : "Counterbribe!";
      out.push({ key: `${key}b`, tone: "alarm", title, text: ctx.sentence(entry) });
    } else if (entry.kind === "investigation") {
      out.push({
        key: `${key}i`,
        tone: "alarm",
        title: "The investigation",
        text: ctx.sentence(entry),
      });
    }
  });
  return out;
}
