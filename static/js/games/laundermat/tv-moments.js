// LaunderMat's moments on the table screen (tv.js): beside the reveal and each Vault raid with
// its die and Alarm (moments.js), each collision, each bribery stage as it opens, every
// protection and counterbribe, and the investigation. Pure over the store's state, like
// moments.js; the shell times them (moments-live.js).
import { list } from "../../i18n.js";
import { capital } from "../../text.js";
import { context } from "./context.js";
import { moments } from "./moments.js";
import { money, phaseText } from "./text.js";
import { g } from "./words.js";

const BRIBERY = ["bribe_protect", "bribe_counter", "bribe_entries"];

/** The table screen's moments among the log entries from index `from` on. */
export function tvMoments(state, from) {
  const ctx = context(state);
  const out = [...moments(state, from)];
  ctx.log.slice(from).forEach((entry, i) => {
    const key = from + i;
    if (entry.kind === "draft_locked") {
      entry.collisions.forEach((c, n) => {
        const names = capital(list(c.seats.map(ctx.nameOf)));
        out.push({
          key: `${key}c${n}`,
          tone: "bad",
          title: g("moments.collision"),
          // DRAFT-4; SENIORITY-*, DRAFT-8: it may yet be claimed, else it goes to the Vault.
          text: g(c.seats.length === 2 ? "moments.collided_both" : "moments.collided_all", {
            names,
            value: money(c.value),
          }),
        });
      });
    } else if (entry.kind === "window" && BRIBERY.includes(entry.phase)) {
      const phase = phaseText(entry.phase);
      out.push({ key: `${key}w`, title: phase.title, text: `${phase.tagline}.` });
    } else if (["protect", "counter"].includes(entry.kind)) {
      const title = g(entry.kind === "protect" ? "moments.protection" : "moments.counter");
      out.push({ key: `${key}b`, tone: "alarm", title, text: ctx.sentence(entry) });
    } else if (entry.kind === "investigation") {
      out.push({
        key: `${key}i`,
        tone: "alarm",
        title: g("moments.investigation"),
        text: ctx.sentence(entry),
      });
    }
  });
  return out;
}
