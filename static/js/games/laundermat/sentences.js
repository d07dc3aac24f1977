// Log entries as sentences, in the viewer's language: a sentence about the viewer has its own
// message ("You bought…", "Compraste…"), since a verb conjugates by person. Pure (no DOM), so
// tests/js checks them under node.
import { list } from "../../i18n.js";
import { capital } from "../../text.js";
import { billValues } from "./rules.js";
import { additionName, money, phaseTitle, weaponName } from "./text.js";
import { g } from "./words.js";

const STAGES = new Set(["bribe_protect", "bribe_counter", "bribe_entries"]);

/**
 * One log entry as a sentence (or null to leave it out). `who(seat)` names a seat other than
 * the viewer; `copyKind(id)` names an addition copy's type; `rules` is game.rules.
 */
export function logSentence(entry, ctx) {
  const say = speaker(ctx);
  const sentence = SENTENCES[entry.kind];
  return sentence ? sentence(entry, say, ctx) : null;
}

/** `said(key, seat, vars)`: log.<key>.you for the viewer, else log.<key>.named with its name. */
function speaker({ who, viewer }) {
  const person = (seat) => (seat === viewer ? g("log.you") : who(seat));
  return {
    said: (key, seat, vars = {}) =>
      seat === viewer
        ? g(`log.${key}.you`, vars)
        : g(`log.${key}.named`, { ...vars, name: who(seat) }),
    people: (seats) => capital(list(seats.map(person))),
    person,
  };
}

function draftLocked(entry, say) {
  const parts = [g("log.draft_locked")];
  for (const c of entry.collected)
    parts.push(say.said("collected", c.seat, { value: money(c.value) }));
  for (const c of entry.collisions) {
    parts.push(g("log.collided", { names: say.people(c.seats), value: money(c.value) }));
  }
  const late = entry.timed_out;
  if (late.length === 1) parts.push(say.said("picked_nothing", late[0]));
  else if (late.length) parts.push(g("log.picked_nothing.many", { names: say.people(late) }));
  return parts.join(" ");
}

/** "; Bo and Cy get nothing from it" (a Seniority claim's other colliders), or "". */
function losersGetNothing(losers, say) {
  if (!losers.length) return "";
  if (losers.length > 1) return g("log.losers.many", { names: list(losers.map(say.person)) });
  return say.said("losers", losers[0]);
}

function toVault(entry, _say, { rules }) {
  const bills = g("units.bills", { count: entry.vault_size });
  const values = entry.cards.map((c) => money(billValues(rules)[c])).filter(Boolean);
  let text = entry.cards.length
    ? g("log.to_vault.moved", { values: list(values), bills })
    : g("log.to_vault.none", { bills });
  if (entry.returned.length) {
    const values = list(entry.returned.map((b) => money(b.value)));
    text += ` ${g("log.to_vault.returned", { values })}`;
  }
  return text;
}

function vaultRaid(entry, say) {
  const bonus = entry.roll !== entry.die ? g("log.gloves", { die: entry.die }) : "";
  const vars = { roll: entry.roll, bonus, value: money(entry.value ?? 0) };
  if (entry.alarm) return say.said("raid_alarm", entry.seat, vars);
  return say.said(entry.value ? "raid_kept" : "raid_secret", entry.seat, vars);
}

function purchase(entry, say) {
  let text = say.said(entry.kind, entry.seat, {
    addition: additionName(entry.addition),
    state: g(entry.flagged ? "log.flagged" : "log.clean"),
    free: entry.copies.length > 1 ? say.said("free_copy", entry.seat) : "",
  });
  if (entry.paid !== undefined) {
    const paid = { amount: money(entry.paid) };
    text += ` ${say.said(entry.exact ? "paid_exact" : "paid", entry.seat, paid)}`;
  }
  return text;
}

function jackpot(entry, say, { viewer, who }) {
  const value = entry.value ? ` (${money(entry.value)})` : "";
  if (entry.target === viewer) return g("log.jackpot.on_you", { name: who(entry.seat), value });
  return say.said("jackpot", entry.seat, { target: who(entry.target), value });
}

function counter(entry, say, { viewer, who, copyKind }) {
  const vars = { amount: money(entry.amount), addition: additionName(copyKind(entry.copy)) };
  if (entry.owner === viewer) return g("log.counter.on_you", { ...vars, name: who(entry.seat) });
  return say.said("counter", entry.seat, { ...vars, owner: who(entry.owner) });
}

function investigationEntries(entry, say) {
  const split = Object.entries(entry.split).map(([k, n]) => `${additionName(k)} +${n}`);
  const total = Object.values(entry.split).reduce((a, b) => a + b, 0);
  return say.said("entries", entry.seat, {
    amount: money(entry.amount),
    entries: g("units.investigation_entries", { count: total }),
    split: split.join(", "),
  });
}

const SENTENCES = {
  setup: (e) => g("log.setup", { weapons: list(e.weapons.map(weaponName)) }),
  round: (e) =>
    g("log.round", { round: e.round, bills: g("units.bills", { count: e.display.length }) }),
  broken_machine: (e, say) => say.said("broken_machine", e.seat),
  lost_found_collected: (e, say) =>
    say.said("lost_found", e.seat, { value: e.value ? ` (${money(e.value)})` : "" }),
  draft_locked: draftLocked,
  seniority_claim: (e, say) =>
    say.said("seniority_claim", e.seat, {
      value: money(e.value),
      losers: losersGetNothing(e.losers, say),
    }),
  seniority_decline: (e, say) => say.said("seniority_decline", e.seat),
  to_vault: toVault,
  vault_empty: (e, say) => say.said("vault_empty", e.seat),
  vault_raid: vaultRaid,
  alarm_discard: (e, say) =>
    say.said(e.forced ? "alarm_forced" : "alarm_discard", e.seat, { value: money(e.value) }),
  alarm_purchase: purchase,
  purchase,
  weapon: (e, say) =>
    say.said("weapon", e.seat, { weapon: weaponName(e.weapon), price: money(e.price) }),
  email: (e, say) => say.said("email", e.seat, { addition: additionName(e.addition) }),
  jackpot,
  skip: (e, say) => say.said("skip", e.seat),
  protect: (e, say, { copyKind }) =>
    say.said("protect", e.seat, {
      amount: money(e.amount),
      addition: additionName(copyKind(e.copy)),
      protection: money(e.protection),
    }),
  counter,
  entries: investigationEntries,
  done: (e, say) =>
    say.said("done", e.seat, { stage: g(`log.stages.${STAGES.has(e.phase) ? e.phase : "any"}`) }),
  timeout: (e) => g("log.timeout", { phase: phaseTitle(e.phase) }),
  away: (e, say) => say.said(e.away ? "away" : "back", e.seat),
  investigation: (e) => g("log.investigation", { addition: additionName(e.addition) }),
};
