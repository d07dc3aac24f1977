// Words: money, names of things, what each thing does, errors and log entries as sentences.

// SETUP-4: the public deck composition; card ids 0..59 are dealt out in this order.
const DECK = [[10000, 8], [20000, 10], [30000, 10], [40000, 8], [50000, 8], [60000, 6], [70000, 4], [80000, 4], [100000, 2]];
export const BILL_VALUE = DECK.flatMap(([value, copies]) => Array(copies).fill(value));

export const ADDITIONS = {
  clearance_rack: { name: "Clearance Rack", short: "Rack" },
  vending_machines: { name: "Vending Machines", short: "Vending" },
  charging_stations: { name: "Charging Stations", short: "Charging" },
  pawn_shop: { name: "Pawn Shop", short: "Pawn" },
  slot_machine: { name: "Slot Machine", short: "Slots" },
};
export const ADDITION_ORDER = Object.keys(ADDITIONS);

export const WEAPONS = {
  lost_and_found: {
    name: "Lost and Found",
    when: "Once per game · draft",
    does: "Instead of a bill on the table, take a hidden bill from the deck. Nobody can collide with it. Its value stays secret (even from you) until the draft locks.",
  },
  anonymous_email: {
    name: "Anonymous Email",
    when: "Right away",
    does: "Pick an addition type: every copy of it, anyone's, now and later, becomes flagged (+1 investigation entry). Your own copies of it are protected for free.",
  },
  two_for_one: {
    name: "2 for 1",
    when: "Your next addition",
    does: "Your next addition purchase gives you a second copy of the same type for free, if one is left in stock.",
  },
  jackpot: {
    name: "Jackpot",
    when: "Right away",
    does: "Take one random bill from an opponent who owns a Slot Machine and holds a bill.",
  },
  seniority: {
    name: "Seniority",
    when: "Once per game · after a collision",
    does: "When you collide with other players on a bill, you may claim it for yourself. The others get nothing from that collision.",
  },
  rubber_gloves: {
    name: "Rubber Gloves",
    when: "Always",
    does: "Add 2 to every Vault roll (up to 6), so fewer Alarms. Bills of $70k or more still always sound the Alarm.",
  },
  five_star_review: {
    name: "5 Star Review",
    when: "At the end",
    does: "Bonus for the different addition types you own that were not shut down: 1 → $10k, 2 → $30k, 3 → $60k, 4 → $100k, 5 → $150k.",
  },
  green_tshirt: {
    name: "Green T-Shirt",
    when: "Every addition purchase",
    does: "When you pay for an addition you may name one of your committed bills as the reference: every committed bill then counts as that bill's value.",
  },
  budget_app: {
    name: "Budget App",
    when: "At the end",
    does: "Every exact-payment bonus you earn is $10k instead of $5k, earlier ones included.",
  },
  broken_machine: {
    name: "Broken Machine",
    when: "Once per game · draft",
    does: "During a draft, put the table back in the deck, clear every selection, deal a fresh table and restart the draft timer.",
  },
};

export const PHASES = {
  draft: { title: "Draft", tagline: "Everyone picks one bill at the same time" },
  seniority: { title: "Seniority", tagline: "A Seniority owner decides whether to claim a collided bill" },
  alarm: { title: "Alarm!", tagline: "An Alarm sounded in the Vault" },
  purchase: { title: "Purchases", tagline: "Players who collected a bill may buy one thing" },
  bribe_protect: { title: "Bribery 1 of 3 · Protection", tagline: "Pay to protect your flagged additions from being caught" },
  bribe_counter: { title: "Bribery 2 of 3 · Counterbribes", tagline: "Pay to cancel other players' protections" },
  bribe_entries: { title: "Bribery 3 of 3 · Investigation entries", tagline: "Pay to steer which type gets investigated" },
  over: { title: "Game over", tagline: "The investigation is in" },
};

export const ROUND_TIMERS = [
  [15, "15 seconds"], [30, "30 seconds"], [45, "45 seconds"], [60, "1 minute"],
  [180, "3 minutes"], [300, "5 minutes"], [600, "10 minutes"],
];
export const BRIBE_TIMERS = [[15, "15 seconds"], [30, "30 seconds"], [45, "45 seconds"]];

export function timerLabel(seconds) {
  const found = ROUND_TIMERS.find(([s]) => s === seconds);
  return found ? found[1] : `${seconds} seconds`;
}

export function money(value) {
  if (value === 0) return "$0";
  if (value % 1000 === 0) return `$${(value / 1000).toLocaleString("en-US")}k`;
  return `$${value.toLocaleString("en-US")}`;
}

export function points(value) {
  return `${(value / 1000).toLocaleString("en-US")}k pts`;
}

export function additionName(kind) {
  return ADDITIONS[kind]?.name ?? kind;
}

export function weaponName(kind) {
  return WEAPONS[kind]?.name ?? kind;
}

export function list(items) {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

export function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

export function plural(n, one, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

// ------------------------------------------------------------------ errors

const ERRORS = {
  // the engine's own
  malformed: "That move was incomplete, so nothing happened. Please try again.",
  not_your_turn: "You have no decision to make in this step.",
  wrong_phase: "That step is already over.",
  stale_window: "Too late: that step had already ended.",
  game_over: "The game is over.",
  already_acted: "You have already made this round's purchase.",
  card_not_on_display: "That bill is no longer on the table.",
  weapon_not_owned: "You don't own that Secret Weapon.",
  ability_used: "You have already used that ability this game.",
  deck_empty: "The deck is empty, so Lost and Found has nothing to draw.",
  bill_not_held: "One of those bills is no longer in your wallet.",
  duplicate_bill: "A bill can be used only once in a payment.",
  no_bills: "Pick at least one bill to pay with.",
  payment_short: "Those bills don't add up to the price. Nothing was spent.",
  sold_out: "Sold out: someone bought the last copy just before you. Nothing was spent.",
  flagged_type_restricted: "You already own a flagged copy of that type; while another type is affordable you must pick that one.",
  bad_reference: "The Green T-Shirt reference must be one of the bills you pay with.",
  weapon_not_offered: "Someone bought that Secret Weapon just before you. Nothing was spent.",
  weapon_limit: "You already own a Secret Weapon; each player may own only one.",
  no_legal_target: "That Secret Weapon has no possible target right now.",
  illegal_target: "That target is no longer possible. Nothing was spent.",
  not_eligible: "You can't do that this round.",
  copy_not_found: "That addition doesn't exist.",
  copy_not_owned: "You can only protect your own additions.",
  email_protected: "Anonymous Email already protects that addition.",
  protection_too_small: "A new protection costs at least $50k.",
  not_protected: "That addition has no protection to cancel.",
  own_protection: "You can't cancel your own protection.",
  already_countered: "That protection has already been cancelled.",
  bad_split: "Place every entry you bought, and no more.",
  stage_done: "You already said you're done with this stage.",
  nothing_selected: "You have no selection to clear.",
  presence_unchanged: "Nothing changed.",
  // the server's
  bad_json: "The game couldn't read that message. Please reload the page.",
  bad_message: "The game couldn't understand that message. Please reload the page.",
  too_big: "That message was too large.",
  rate_limited: "Too many actions too quickly. Slow down a little.",
  hello_first: "The connection wasn't ready yet. Please try again.",
  bad_token: "Your seat in this room is no longer valid.",
  room_not_found: "There is no room with that code. Check the code and try again.",
  room_full: "That room already has six players. You can still watch.",
  game_started: "That game has already started. You can watch it as a spectator.",
  not_host: "Only the host can do that.",
  not_in_lobby: "That can only be done before the game starts.",
  not_enough_players: "A game needs at least three players.",
  spectator: "Spectators can watch but not play.",
  no_game: "No game is running yet.",
  origin_not_allowed: "This page isn't allowed to connect to the game server.",
  too_many_requests: "Too many requests. Wait a moment and try again.",
  name_taken: "Someone in that room already uses that name. Pick another one.",
  not_a_player_command: "Players can't send that.",
  not_found: "That game could not be found.",
  not_finished: "That game hasn't finished yet.",
  kicked: "The host removed you from the room.",
  replaced: "You opened this seat in another tab or device.",
  room_closed: "This room has closed.",
  bad_name: "That name can't be used: letters, digits and spaces, 1 to 24 characters.",
  hello_timeout: "The connection took too long to start. Reconnecting…",
  unavailable: "The game's server is catching its breath. Nothing changed; try again in a moment.",
  internal: "Something went wrong on the server. Please try again.",
  network: "Can't reach the game server. Check your connection and try again.",
  validation: "Please check what you typed: a name needs 1 to 24 characters.",
};

export function errorSentence(code, message) {
  if (ERRORS[code]) return ERRORS[code];
  if (message) return message;
  return "Something went wrong. Please try again.";
}

// ------------------------------------------------------------------ the game log

/**
 * One log entry as a sentence (or null to leave it out). `who(seat)` names a seat ("You" for
 * the viewer); `copyKind(id)` names an addition copy's type.
 */
export function logSentence(entry, ctx) {
  const { who, copyKind, viewer } = ctx;
  const Who = (seat) => capital(who(seat));
  const their = (seat) => (seat === viewer ? "your" : "their");
  const whose = (seat) => (seat === viewer ? "your" : `${who(seat)}'s`);
  const is = (seat) => (seat === viewer ? "are" : "is");
  switch (entry.kind) {
    case "setup":
      return `The game begins. Secret Weapons on offer: ${list(entry.weapons.map(weaponName))}.`;
    case "round":
      return `Round ${entry.round} begins with ${plural(entry.display.length, "bill")} on the table.`;
    case "broken_machine":
      return `${Who(entry.seat)} used Broken Machine: a fresh table was dealt and the draft restarted.`;
    case "lost_found_collected":
      return `${Who(entry.seat)} used Lost and Found and collected a hidden bill${entry.value ? ` (${money(entry.value)})` : ""}.`;
    case "draft_locked": {
      const parts = ["The draft locked."];
      for (const c of entry.collected) parts.push(`${Who(c.seat)} collected ${money(c.value)}.`);
      for (const c of entry.collisions) {
        parts.push(`${capital(list(c.seats.map(who)))} collided on ${money(c.value)}.`);
      }
      if (entry.timed_out.length) parts.push(`${capital(list(entry.timed_out.map(who)))} picked nothing.`);
      return parts.join(" ");
    }
    case "seniority_claim":
      return `${Who(entry.seat)} used Seniority to claim the ${money(entry.value)} bill${entry.losers.length ? `; ${list(entry.losers.map(who))} ${entry.losers.length === 1 && entry.losers[0] !== viewer ? "gets" : "get"} nothing from it` : ""}.`;
    case "seniority_decline":
      return `${Who(entry.seat)} did not use Seniority.`;
    case "to_vault": {
      const moved = entry.cards.length;
      const values = entry.cards.map((c) => money(BILL_VALUE[c])).filter(Boolean);
      let text = moved
        ? `${list(values)} went into the Vault, which now holds ${plural(entry.vault_size, "bill")}.`
        : `Nothing went into the Vault (it holds ${plural(entry.vault_size, "bill")}).`;
      if (entry.returned.length) {
        text += ` ${list(entry.returned.map((b) => money(b.value)))} went back into the deck (Lost and Found).`;
      }
      return text;
    }
    case "vault_empty":
      return `${Who(entry.seat)} raided the Vault, but it was empty.`;
    case "vault_raid": {
      const bonus = entry.roll !== entry.die ? ` (${entry.die} + Rubber Gloves)` : "";
      if (entry.alarm) {
        return `${Who(entry.seat)} raided the Vault and rolled ${entry.roll}${bonus}: ALARM! The bill was ${money(entry.value)}.`;
      }
      const got = entry.value ? ` and kept a ${money(entry.value)} bill` : " and quietly kept a secret bill";
      return `${Who(entry.seat)} raided the Vault, rolled ${entry.roll}${bonus}: no Alarm${got}.`;
    }
    case "alarm_discard":
      return entry.forced
        ? `${Who(entry.seat)} could not afford any Alarm purchase, so the ${money(entry.value)} Alarm bill was discarded.`
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
      return `${Who(entry.seat)} bought the Secret Weapon ${weaponName(entry.weapon)} for ${money(entry.price)}.`;
    case "email":
      return `${capital(whose(entry.seat))} Anonymous Email flagged every ${additionName(entry.addition)}.`;
    case "jackpot":
      return `${Who(entry.seat)} hit ${who(entry.target)} with Jackpot and took a random bill${entry.value ? ` (${money(entry.value)})` : ""}.`;
    case "skip":
      return `${Who(entry.seat)} bought nothing this round.`;
    case "protect":
      return `${Who(entry.seat)} paid ${money(entry.amount)} to protect ${their(entry.seat)} ${additionName(copyKind(entry.copy))} (protection now ${money(entry.protection)}).`;
    case "counter":
      return `${Who(entry.seat)} paid ${money(entry.amount)} to cancel ${whose(entry.owner)} protection on ${additionName(copyKind(entry.copy))}.`;
    case "entries": {
      const split = Object.entries(entry.split).map(([k, n]) => `${additionName(k)} +${n}`);
      const total = Object.values(entry.split).reduce((a, b) => a + b, 0);
      return `${Who(entry.seat)} paid ${money(entry.amount)} for ${plural(total, "investigation entry", "investigation entries")}: ${split.join(", ")}.`;
    }
    case "done":
      return `${Who(entry.seat)} ${is(entry.seat)} done with ${PHASES[entry.phase]?.title.split("· ")[1]?.toLowerCase() ?? "this stage"}.`;
    case "timeout":
      return `Time ran out (${PHASES[entry.phase]?.title ?? entry.phase}).`;
    case "away":
      return entry.away ? `${Who(entry.seat)} lost the connection and ${is(entry.seat)} away.` : `${Who(entry.seat)} ${is(entry.seat)} back.`;
    case "investigation":
      return `The investigation targets ${additionName(entry.addition)}!`;
    case "window":
    case "selected":
      return null;
    default:
      return null;
  }
}
