// Log entries as sentences. Pure (no DOM), so tests/js checks them under node.
import { capital, list, plural } from "../../text.js";
import { billValues } from "./rules.js";
import { additionName, money, PHASES, weaponName } from "./text.js";

/**
 * One log entry as a sentence (or null to leave it out). `who(seat)` names a seat ("you" for
 * the viewer); `copyKind(id)` names an addition copy's type; `rules` is game.rules.
 */
export function logSentence(entry, ctx) {
  const { who, copyKind, viewer, rules } = ctx;
  const Who = (seat) => capital(who(seat));
  const their = (seat) => (seat === viewer ? "your" : "their");
  const whose = (seat) => (seat === viewer ? "your" : `${who(seat)}'s`);
  const is = (seat) => (seat === viewer ? "are" : "is");
  switch (entry.kind) {
    case "setup":
      return `The game begins. Secret Weapons on offer: ${list(entry.weapons.map(weaponName))}.`;
    case "round": {
      const bills = plural(entry.display.length, "bill");
      return `Round ${entry.round} begins with ${bills} on the table.`;
    }
    case "broken_machine":
      return (
        `${Who(entry.seat)} used Broken Machine: a fresh table was dealt and the draft ` +
        "restarted."
      );
    case "lost_found_collected":
      return (
        `${Who(entry.seat)} used Lost and Found and collected a hidden ` +
        `bill${entry.value ? ` (${money(entry.value)})` : ""}.`
      );
    case "draft_locked": {
      const parts = ["The draft locked."];
      for (const c of entry.collected) parts.push(`${Who(c.seat)} collected ${money(c.value)}.`);
      for (const c of entry.collisions) {
        parts.push(`${capital(list(c.seats.map(who)))} collided on ${money(c.value)}.`);
      }
      if (entry.timed_out.length)
        parts.push(`${capital(list(entry.timed_out.map(who)))} picked nothing.`);
      return parts.join(" ");
    }
    case "seniority_claim":
      return (
        `${Who(entry.seat)} used Seniority to claim the ${money(entry.value)} ` +
        `bill${losersGetNothing(entry.losers, who, viewer)}.`
      );
    case "seniority_decline":
      return `${Who(entry.seat)} did not use Seniority.`;
    case "to_vault": {
      const moved = entry.cards.length;
      const values = entry.cards.map((c) => money(billValues(rules)[c])).filter(Boolean);
      let text = moved
        ? `${list(values)} went into the Vault, which now holds ` +
          `${plural(entry.vault_size, "bill")}.`
        : `Nothing went into the Vault (it holds ${plural(entry.vault_size, "bill")}).`;
      if (entry.returned.length) {
        text +=
          ` ${list(entry.returned.map((b) => money(b.value)))} went back into the deck (Lost ` +
          "and Found).";
      }
      return text;
    }
    case "vault_empty":
      return `${Who(entry.seat)} raided the Vault, but it was empty.`;
    case "vault_raid": {
      const bonus = entry.roll !== entry.die ? ` (${entry.die} + Rubber Gloves)` : "";
      if (entry.alarm) {
        return (
          `${Who(entry.seat)} raided the Vault and rolled ${entry.roll}${bonus}: ALARM! The ` +
          `bill was ${money(entry.value)}.`
        );
      }
      const got = entry.value
        ? ` and kept a ${money(entry.value)} bill`
        : " and quietly kept a secret bill";
      return `${Who(entry.seat)} raided the Vault, rolled ${entry.roll}${bonus}: no Alarm${got}.`;
    }
    case "alarm_discard":
      return entry.forced
        ? `${Who(entry.seat)} could not afford any Alarm purchase, so the ` +
            `${money(entry.value)} Alarm bill was discarded.`
        : `${Who(entry.seat)} discarded the ${money(entry.value)} Alarm bill.`;
    case "alarm_purchase":
    case "purchase": {
      const how = entry.kind === "alarm_purchase" ? "made an Alarm purchase:" : "bought";
      const state = entry.flagged ? "flagged" : "clean";
      let text = `${Who(entry.seat)} ${how} ${additionName(entry.addition)} (${state})`;
      if (entry.copies.length > 1) text += ` and got a second copy free with 2 for 1`;
      text += ".";
      if (entry.paid !== undefined) {
        text += ` Paid ${money(entry.paid)}${entry.exact ? ", exactly: bonus earned" : ""}.`;
      }
      return text;
    }
    case "weapon":
      return (
        `${Who(entry.seat)} bought the Secret Weapon ${weaponName(entry.weapon)} for ` +
        `${money(entry.price)}.`
      );
    case "email":
      return (
        `${capital(whose(entry.seat))} Anonymous Email flagged every ` +
        `${additionName(entry.addition)}.`
      );
    case "jackpot":
      return (
        `${Who(entry.seat)} hit ${who(entry.target)} with Jackpot and took a random ` +
        `bill${entry.value ? ` (${money(entry.value)})` : ""}.`
      );
    case "skip":
      return `${Who(entry.seat)} bought nothing this round.`;
    case "protect":
      return (
        `${Who(entry.seat)} paid ${money(entry.amount)} to protect ${their(entry.seat)} ` +
        `${additionName(copyKind(entry.copy))} (protection now ${money(entry.protection)}).`
      );
    case "counter":
      return (
        `${Who(entry.seat)} paid ${money(entry.amount)} to cancel ${whose(entry.owner)} ` +
        `protection on ${additionName(copyKind(entry.copy))}.`
      );
    case "entries": {
      const split = Object.entries(entry.split).map(([k, n]) => `${additionName(k)} +${n}`);
      const total = Object.values(entry.split).reduce((a, b) => a + b, 0);
      return (
        `${Who(entry.seat)} paid ${money(entry.amount)} for ` +
        `${plural(total, "investigation entry", "investigation entries")}: ${split.join(", ")}.`
      );
    }
    case "done":
      return (
        `${Who(entry.seat)} ${is(entry.seat)} done with ` +
        `${PHASES[entry.phase]?.title.split("· ")[1]?.toLowerCase() ?? "this stage"}.`
      );
    case "timeout":
      return `Time ran out (${PHASES[entry.phase]?.title ?? entry.phase}).`;
    case "away":
      return entry.away
        ? `${Who(entry.seat)} lost the connection and ${is(entry.seat)} away.`
        : `${Who(entry.seat)} ${is(entry.seat)} back.`;
    case "investigation":
      return `The investigation targets ${additionName(entry.addition)}!`;
    case "window":
    case "selected":
      return null;
    default:
      return null;
  }
}

/** "; Bo and Cy get nothing from it" (a Seniority claim's other colliders), or "". */
function losersGetNothing(losers, who, viewer) {
  if (!losers.length) return "";
  const verb = losers.length === 1 && losers[0] !== viewer ? "gets" : "get";
  return `; ${list(losers.map(who))} ${verb} nothing from it`;
}
