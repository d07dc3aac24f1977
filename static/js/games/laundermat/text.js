// LaunderMat's words: money, names of things, what each thing does, its rule errors. Pure (no
// DOM), so tests/js runs it under node. Numbers that are rules come from game.rules (rules.js).
import { plural } from "../../text.js";

export const TITLE = "LaunderMat";
export const TAGLINE =
  "Grab cash, dodge the Alarms, buy up the laundromat, and hope the investigation looks the " +
  "other way.";

// Under the create form's and the lobby's fields, by setting key.
export const SETTING_HINTS = {
  round_timer: "How long each pick or purchase may take.",
  bribe_timer: "Length of each of the 3 bribery stages.",
};

export const ADDITIONS = {
  clearance_rack: { name: "Clearance Rack", short: "Rack" },
  vending_machines: { name: "Vending Machines", short: "Vending" },
  charging_stations: { name: "Charging Stations", short: "Charging" },
  pawn_shop: { name: "Pawn Shop", short: "Pawn" },
  slot_machine: { name: "Slot Machine", short: "Slots" },
};
export const ADDITION_ORDER = Object.keys(ADDITIONS);

export function money(value) {
  if (value === 0) return "$0";
  if (value % 1000 === 0) return `$${(value / 1000).toLocaleString("en-US")}k`;
  return `$${value.toLocaleString("en-US")}`;
}

export function points(value) {
  return `${(value / 1000).toLocaleString("en-US")}k pts`;
}

/** "1 → $10k, 2 → $30k, ..." from rules.review_bonus (index = distinct surviving types). */
function reviewScale(rules) {
  return rules.review_bonus
    .map((bonus, n) => [n, bonus])
    .filter(([n]) => n > 0)
    .map(([n, bonus]) => `${n} → ${money(bonus)}`)
    .join(", ");
}

/** The Secret Weapons: name, when it works and what it does (its numbers from `rules`). */
export function weapons(rules) {
  return {
    lost_and_found: {
      name: "Lost and Found",
      when: "Once per game · draft",
      does:
        "Instead of a bill on the table, take a hidden bill from the deck. Nobody can collide " +
        "with it. Its value stays secret (even from you) until the draft locks.",
    },
    anonymous_email: {
      name: "Anonymous Email",
      when: "Right away",
      does:
        "Pick an addition type: every copy of it, anyone's, now and later, becomes flagged (+1 " +
        "investigation entry). Your own copies of it are protected for free.",
    },
    two_for_one: {
      name: "2 for 1",
      when: "Your next addition",
      does:
        "Your next addition purchase gives you a second copy of the same type for free, if one " +
        "is left in stock.",
    },
    jackpot: {
      name: "Jackpot",
      when: "Right away",
      does: "Take one random bill from an opponent who owns a Slot Machine and holds a bill.",
    },
    seniority: {
      name: "Seniority",
      when: "Once per game · after a collision",
      does:
        "When you collide with other players on a bill, you may claim it for yourself. The " +
        "others get nothing from that collision.",
    },
    rubber_gloves: {
      name: "Rubber Gloves",
      when: "Always",
      does:
        "Add 2 to every Vault roll (up to 6), so fewer Alarms. Bills of $70k or more still " +
        "always sound the Alarm.",
    },
    five_star_review: {
      name: "5 Star Review",
      when: "At the end",
      does:
        "Bonus for the different addition types you own that were not shut down: " +
        `${reviewScale(rules)}.`,
    },
    green_tshirt: {
      name: "Green T-Shirt",
      when: "Every addition purchase",
      does:
        "When you pay for an addition you may name one of your committed bills as the " +
        "reference: every committed bill then counts as that bill's value.",
    },
    budget_app: {
      name: "Budget App",
      when: "At the end",
      does:
        `Every exact-payment bonus you earn is ${money(rules.budget_exact_bonus)} instead of ` +
        `${money(rules.exact_bonus)}, earlier ones included.`,
    },
    broken_machine: {
      name: "Broken Machine",
      when: "Once per game · draft",
      does:
        "During a draft, put the table back in the deck, clear every selection, deal a fresh " +
        "table and restart the draft timer.",
    },
  };
}

const WEAPON_NAMES = Object.fromEntries(
  Object.entries(weapons({ review_bonus: [], exact_bonus: 0, budget_exact_bonus: 0 })).map(
    ([k, w]) => [k, w.name],
  ),
);

export const PHASES = {
  draft: { title: "Draft", tagline: "Everyone picks one bill at the same time" },
  seniority: {
    title: "Seniority",
    tagline: "A Seniority owner decides whether to claim a collided bill",
  },
  alarm: { title: "Alarm!", tagline: "An Alarm sounded in the Vault" },
  purchase: { title: "Purchases", tagline: "Players who collected a bill may buy one thing" },
  bribe_protect: {
    title: "Bribery 1 of 3 · Protection",
    tagline: "Pay to protect your flagged additions from being caught",
  },
  bribe_counter: {
    title: "Bribery 2 of 3 · Counterbribes",
    tagline: "Pay to cancel other players' protections",
  },
  bribe_entries: {
    title: "Bribery 3 of 3 · Investigation entries",
    tagline: "Pay to steer which type gets investigated",
  },
  over: { title: "Game over", tagline: "The investigation is in" },
};

/** The tab's title in a game: "Round 2: Draft", "Bribery 1 of 3 · Protection". */
export function pageTitle(game) {
  const phase = PHASES[game.phase]?.title ?? game.phase;
  return game.phase.startsWith("bribe") || game.phase === "over"
    ? phase
    : `Round ${game.round}: ${phase}`;
}

export function additionName(kind) {
  return ADDITIONS[kind]?.name ?? kind;
}

export function weaponName(kind) {
  return WEAPON_NAMES[kind] ?? kind;
}

export function entries(n) {
  return plural(n, "entry", "entries");
}

// ------------------------------------------------------------------ errors

/** The engine's rule errors (the shell's text.js has the server's and the protocol's). */
export function errors(rules) {
  return {
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
    flagged_type_restricted:
      "You already own a flagged copy of that type; while another type is affordable you " +
      "must pick that one.",
    bad_reference: "The Green T-Shirt reference must be one of the bills you pay with.",
    weapon_not_offered: "Someone bought that Secret Weapon just before you. Nothing was spent.",
    weapon_limit: "You already own a Secret Weapon; each player may own only one.",
    no_legal_target: "That Secret Weapon has no possible target right now.",
    illegal_target: "That target is no longer possible. Nothing was spent.",
    copy_not_found: "That addition doesn't exist.",
    copy_not_owned: "You can only protect your own additions.",
    email_protected: "Anonymous Email already protects that addition.",
    protection_too_small: rules
      ? `A new protection costs at least ${money(rules.protection_minimum)}.`
      : "That protection is too small.",
    not_protected: "That addition has no protection to cancel.",
    own_protection: "You can't cancel your own protection.",
    already_countered: "That protection has already been cancelled.",
    bad_split: "Place every entry you bought, and no more.",
    stage_done: "You already said you're done with this stage.",
    nothing_selected: "You have no selection to clear.",
    room_full: rules
      ? `That room already has ${rules.max_players} players. You can still watch.`
      : "That room is full. You can still watch.",
    not_enough_players: rules
      ? `A game needs at least ${rules.min_players} players.`
      : "The game needs more players.",
  };
}

// What the open window asks of this seat, for the tab's title and the turn alert.
const TURN_LABELS = {
  draft: "Your pick",
  seniority: "Your Seniority call",
  alarm: "Your Alarm decision",
  purchase: "Your purchase",
  bribe_protect: "Your protection",
  bribe_counter: "Your counterbribe",
  bribe_entries: "Your investigation entries",
};

/** The client's turnLabel (games/index.js): null once this seat has picked in the draft (it
 *  may still change, but the draft waits on the others). */
export function turnLabel(view) {
  const game = view.game;
  const me = game?.me;
  if (!me?.options?.can_act) return null;
  if (game.phase === "draft" && me.selection !== null && me.selection !== undefined) return null;
  return TURN_LABELS[game.phase] ?? "Your turn";
}
