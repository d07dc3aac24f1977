// What this round's reveal did to you, in a few words (pure): when the draft locks, a polite
// live region (game.js) says it once, as the round report shows it; a screen reader need not
// read the report's list to learn its bill, its collision or its Vault die.
import { list } from "../../i18n.js";
import { money } from "./text.js";
import { g } from "./words.js";

const YOURS = new Set([
  "lost_found_collected",
  "seniority_claim",
  "seniority_decline",
  "vault_empty",
  "vault_raid",
]);
// The round's reveal lasts through these windows; the next one (bribery, after the last
// round) or the investigation ends it, and its news with it.
const REVEAL_WINDOWS = new Set(["seniority", "alarm", "purchase"]);

function revealOver(entry) {
  return (
    entry.kind === "investigation" || (entry.kind === "window" && !REVEAL_WINDOWS.has(entry.phase))
  );
}

/** log: the round's entries so far (whole log is fine); seat: the viewer's (null: nothing);
 * sentence(entry): the log's sentence for it; who(seat): "you" or a name. "" until the lock,
 * and again once the reveal is over (the bribery and the end say nothing of the last draft). */
export function revealNews(log, seat, sentence, who) {
  if (seat === null || seat === undefined) return "";
  let start = log.length;
  while (start > 0 && log[start - 1].kind !== "round") start -= 1;
  const round = log.slice(start);
  const locked = round.findIndex((e) => e.kind === "draft_locked");
  if (locked < 0 || round.slice(locked).some(revealOver)) return "";
  const parts = [];
  for (const entry of round) {
    if (entry.kind === "draft_locked") {
      for (const c of entry.collected)
        if (c.seat === seat) parts.push(g("log.collected.you", { value: money(c.value) }));
      for (const c of entry.collisions) {
        if (!c.seats.includes(seat)) continue;
        const others = c.seats.filter((s) => s !== seat).map(who);
        parts.push(g("news.collided", { names: list(others), value: money(c.value) }));
      }
      if (entry.timed_out.includes(seat)) parts.push(g("news.late"));
    } else if (YOURS.has(entry.kind) && (entry.seat === seat || entry.losers?.includes(seat))) {
      const text = sentence(entry);
      if (text) parts.push(text);
    }
  }
  return `${g("log.draft_locked")} ${parts.length ? parts.join(" ") : g("news.nothing")}`;
}
