// The action panel for the open window: draft, Seniority, Alarm, purchases, bribery.
// Every choice offered comes from me.options; anything else is shown disabled with a reason.
import { h } from "../dom.js";
import {
  ADDITION_ORDER, ADDITIONS, WEAPONS, additionName, capital, list, money, plural, points, weaponName,
} from "../text.js";
import { copyBadges, pool } from "./game.js";
import { icon } from "./icons.js";
import { billPicker, evaluate } from "./pay.js";

const PROTECTION_MINIMUM = 50000;
const ENTRY_PRICE = 20000;

function tshirt(ctx) {
  return ctx.seat !== null && ctx.game.players[ctx.seat]?.weapon === "green_tshirt";
}

function exactBonus(ctx) {
  return ctx.seat !== null && ctx.game.players[ctx.seat]?.weapon === "budget_app" ? 10000 : 5000;
}

function cost(game, kind) {
  return game.market.find((m) => m.kind === kind)?.cost ?? 0;
}

/** The payment being built for the open window, as bill-picker options (or null). */
export function paymentFor(state) {
  const view = state.view;
  const game = view?.game;
  const me = game?.me;
  if (!me || !me.options.can_act) return null;
  const ui = state.ui;
  const base = { wallet: me.wallet, pay: ui.pay, forced: null, mode: "printed" };
  const owner = game.players[me.seat];
  switch (game.phase) {
    case "alarm":
      if (!game.alarm) return null;
      return { ...base, forced: { card: game.alarm.card, value: game.alarm.value }, mode: "addition",
        target: ui.alarmType ? cost(game, ui.alarmType) : 0, tshirt: owner.weapon === "green_tshirt" };
    case "purchase": {
      const choice = ui.choice;
      if (!choice) return null;
      if (choice.kind === "addition") {
        return { ...base, mode: "addition", target: cost(game, choice.id), tshirt: owner.weapon === "green_tshirt" };
      }
      return { ...base, target: game.weapon_price ?? 0 };
    }
    case "bribe_protect": {
      const copy = game.copies.find((c) => c.id === ui.target);
      if (!copy) return null;
      return { ...base, target: copy.protection > 0 ? 10000 : PROTECTION_MINIMUM };
    }
    case "bribe_counter": {
      const offer = (me.options.counter ?? []).find((o) => o.copy === ui.target);
      if (!offer) return null;
      return { ...base, target: offer.amount };
    }
    case "bribe_entries":
      return { ...base, target: ENTRY_PRICE };
    default:
      return null;
  }
}

export function actionPanel(ctx) {
  switch (ctx.game.phase) {
    case "draft":
      return draftPanel(ctx);
    case "seniority":
      return seniorityPanel(ctx);
    case "alarm":
      return alarmPanel(ctx);
    case "purchase":
      return purchasePanel(ctx);
    case "bribe_protect":
    case "bribe_counter":
    case "bribe_entries":
      return briberyPanel(ctx);
    default:
      return null;
  }
}

function panel(key, title, ...children) {
  return h("section.card.action", { "data-key": key, "data-testid": key, "aria-labelledby": `${key}-title` },
    h("h2", { id: `${key}-title`, tabindex: "-1" }, title), ...children);
}

function help(text) {
  return h("details.help", { "data-key": `help-${text.length}` }, h("summary", "How does this work?"), h("p", text));
}

// ------------------------------------------------------------------ draft

function draftPanel(ctx) {
  const { game, me, opts } = ctx;
  const acting = !!opts.can_act;
  const selection = me?.selection ?? null;
  const selectable = new Set(opts.select ?? []);
  const bills = game.display.map((b) => {
    const mine = selection === b.card;
    return h("button.bill.big", {
      type: "button",
      "data-key": `d${b.card}`,
      "data-action": "select-bill",
      "data-card": b.card,
      "data-testid": `draft-bill-${b.card}`,
      "aria-pressed": mine ? "true" : "false",
      "aria-label": `${money(b.value)} bill${mine ? ", your pick (press again to clear)" : ""}`,
      disabled: !acting || ctx.pending || !(selectable.has(b.card) || (mine && opts.clear)),
    }, h("span.bill-value", money(b.value)), mine ? h("span.bill-note", icon("check"), "your pick") : null);
  });
  const lfPicked = selection === "lost_and_found";
  const extras = [];
  if (opts.lost_and_found || lfPicked) {
    extras.push(h("button.special", {
      type: "button", "data-action": lfPicked ? "clear-selection" : "lost-and-found", "data-testid": "lost-and-found",
      "aria-pressed": lfPicked ? "true" : "false", disabled: ctx.pending,
    }, h("strong", "Lost and Found"), h("span.small", lfPicked
      ? "You picked a hidden bill from the deck. Press to put it back."
      : "Take a hidden bill from the deck instead (once per game).")));
  }
  if (opts.broken_machine) {
    extras.push(h("button.special", { type: "button", "data-action": "broken-machine", "data-testid": "broken-machine", disabled: ctx.pending },
      h("strong", "Broken Machine"), h("span.small", "Redeal the table and restart the draft for everyone (once per game).")));
  }
  const picked = game.players.map((p) => h("li", { "data-key": `p${p.seat}`, "data-testid": `picked-${p.seat}`, class: p.has_selected ? "ok" : null },
    p.has_selected ? icon("check") : icon("clock"),
    h("span", ctx.nameOf(p.seat), p.seat === ctx.seat ? " (you)" : ""),
    h("span.visually-hidden", p.has_selected ? " has picked" : " is still choosing")));
  return panel("draft-panel", `Pick a bill (${plural(game.display.length, "bill")} on the table)`,
    h("div.display", { role: "group", "aria-label": "Bills on the table" }, bills),
    extras.length ? h("div.specials", extras) : null,
    acting && opts.clear && !lfPicked
      ? h("button.ghost.small", { type: "button", "data-action": "clear-selection", "data-testid": "clear-selection", disabled: ctx.pending }, "Clear my pick")
      : null,
    h("h3.small-head", "Who has picked"),
    h("ul.picked", picked),
    help("Everyone picks at the same time and nobody sees what the others chose. A bill picked by only one player goes to that player, and only players who collect a bill this round may buy something. If two or more players pick the same bill, nobody gets it: it goes to the Vault, and each of them raids the Vault instead: a random secret bill, but a die roll may sound the Alarm."));
}

// ------------------------------------------------------------------ Seniority

function seniorityPanel(ctx) {
  const { game, opts, seat } = ctx;
  const actor = game.window.actors[0];
  const collision = game.collisions.find((c) => c.seats.includes(actor));
  if (!opts.seniority) {
    return panel("seniority-panel", "Seniority",
      h("p", `${capital(ctx.who(actor))} collided on ${collision ? money(collision.value) : "a bill"} and owns Seniority: they may claim the bill for themselves. Waiting for their decision.`));
  }
  const others = collision ? collision.seats.filter((s) => s !== seat) : [];
  return panel("seniority-panel", "Use Seniority?",
    h("p", `You collided with ${list(others.map(ctx.nameOf))} on a `, h("span.bill-chip", collision ? money(collision.value) : "?"), " bill."),
    h("p", "Claim it and it's yours (and you may buy this round); the others get nothing from this collision. Decline and everyone who collided raids the Vault as usual. Seniority works once per game."),
    h("div.row",
      h("button.primary", { type: "button", "data-action": "seniority", "data-claim": "true", "data-testid": "seniority-claim", disabled: ctx.pending },
        `Claim the ${collision ? money(collision.value) : ""} bill`),
      h("button", { type: "button", "data-action": "seniority", "data-claim": "false", "data-testid": "seniority-decline", disabled: ctx.pending }, "Decline")));
}

// ------------------------------------------------------------------ Alarm

function alarmPanel(ctx) {
  const { game, opts, ui } = ctx;
  const alarm = game.alarm;
  if (!opts.alarm_types) {
    return panel("alarm-panel", "Alarm!",
      h("p", h("strong.alarm-text", icon("bell"), " ALARM "), `${capital(ctx.who(alarm?.seat))} pulled a ${alarm ? money(alarm.value) : ""} bill from the Vault and the Alarm went off. They may spend it on a flagged addition or discard it.`));
  }
  const p = paymentFor(ctx.state);
  const result = p && ui.alarmType ? evaluate(p) : null;
  const types = opts.alarm_types.map((kind) => h("button.choice", {
    type: "button", "data-key": kind, "data-action": "alarm-type", "data-kind": kind, "data-testid": `alarm-type-${kind}`,
    "aria-pressed": ui.alarmType === kind ? "true" : "false",
  }, h("strong", additionName(kind)), h("span.small", `${money(cost(game, kind))} · ${points(game.market.find((m) => m.kind === kind).points)}`)));
  return panel("alarm-panel", "Alarm! Your Vault raid was caught",
    h("p", "Your Vault bill ", h("span.bill-chip.clash", money(alarm.value)), " sounded the Alarm. Everyone knows about it now."),
    h("p", "You may spend it (plus any of your bills) on one addition. That copy will be ", h("strong", "flagged"),
      ": if its type is investigated at the end, it scores nothing and you are caught unless you protect it. Or discard the bill."),
    h("h3.small-head", "1. Choose an addition"),
    h("div.choices", types),
    opts.alarm_types.length < ADDITION_ORDER.length
      ? h("p.small.muted", "Only additions you can afford are offered. If you already own a flagged type, you must choose a different type when you can afford one.")
      : null,
    ui.alarmType
      ? [h("h3.small-head", "2. Add bills if needed"),
         billPicker({ ...p, exactBonus: exactBonus(ctx), title: "The Alarm bill plus" })]
      : null,
    h("div.row",
      h("button.primary", { type: "button", "data-action": "alarm-buy", "data-testid": "alarm-buy",
        disabled: !ui.alarmType || !result?.ok || ctx.pending },
        ui.alarmType ? `Buy ${additionName(ui.alarmType)} (flagged)` : "Buy (choose an addition first)"),
      h("button", { type: "button", "data-action": "alarm-discard", "data-testid": "alarm-discard", disabled: ctx.pending }, "Discard the Alarm bill")));
}

// ------------------------------------------------------------------ purchases

function purchasePanel(ctx) {
  const { game, opts, seat, me } = ctx;
  if (!opts.can_act) {
    let text;
    if (!me) text = "Players who collected a bill this round are shopping.";
    else if (!game.window.actors.includes(seat)) {
      text = "You didn't collect a bill in this round's draft (a collision, a Vault raid or no pick), so you can't buy this round.";
    } else text = "You're done shopping for this round.";
    return panel("purchase-panel", "Purchases", h("p", text));
  }
  if (ctx.ui.choice) return checkout(ctx);
  const affordable = new Set(opts.additions ?? []);
  const walletTotal = me.wallet_total;
  const pending2for1 = game.players[seat]?.two_for_one_pending;
  const additions = game.market.map((m) => {
    const ok = affordable.has(m.kind);
    const reason = m.stock === 0 ? "Sold out" : ok ? null : `You can't afford it yet (you have ${money(walletTotal)})`;
    return h("li.shop-item", { "data-key": m.kind, class: ok ? null : "unavailable" },
      h("div.shop-main",
        h("strong", additionName(m.kind)),
        h("span.shop-facts", `Costs ${money(m.cost)} · scores ${points(m.points)} · ${m.stock === 0 ? "sold out" : `${m.stock} left`}`),
        game.email_type === m.kind ? h("span.tag.flagged", icon("flag"), "Flagged by Anonymous Email: new copies are flagged") : null,
        reason ? h("span.small.muted", reason) : null),
      h("button", { type: "button", "data-action": "choose", "data-kind": "addition", "data-id": m.kind, "data-testid": `choose-${m.kind}`,
        disabled: !ok || ctx.pending, "aria-label": `Buy ${additionName(m.kind)}` }, "Buy"));
  });
  const weaponOffers = opts.weapons ?? [];
  const ownsWeapon = !!game.players[seat]?.weapon;
  const weapons = weaponOffers.map((w) => {
    let reason = null;
    if (!w.buyable) {
      if (w.targets && !w.targets.length) reason = "No possible target right now";
      else reason = `Costs ${money(w.price)}; you have ${money(walletTotal)}`;
    }
    return h("li.shop-item", { "data-key": w.weapon, class: w.buyable ? null : "unavailable" },
      h("div.shop-main",
        h("strong", weaponName(w.weapon)), h("span.tag", WEAPONS[w.weapon]?.when ?? ""),
        h("span.small", WEAPONS[w.weapon]?.does ?? ""),
        reason ? h("span.small.muted", reason) : null),
      h("button", { type: "button", "data-action": "choose", "data-kind": "weapon", "data-id": w.weapon, "data-testid": `choose-${w.weapon}`,
        disabled: !w.buyable || ctx.pending, "aria-label": `Buy ${weaponName(w.weapon)} for ${money(w.price)}` }, `Buy · ${money(w.price)}`));
  });
  return panel("purchase-panel", "Buy one thing, or skip",
    h("p.small", "You collected a bill this round: buy one addition or one Secret Weapon. Pay exactly the cost of an addition to earn a bonus; overpayment is lost."),
    pending2for1 ? h("p.note", "2 for 1 is ready: your next addition comes with a free second copy if one is left.") : null,
    h("h3.small-head", "Additions (points at the end)"),
    h("ul.shop", additions),
    h("h3.small-head", "Secret Weapons ", game.weapon_price !== null ? h("span.price", `price now ${money(game.weapon_price)}`) : null),
    ownsWeapon
      ? h("p.small.muted", "You already own a Secret Weapon (one per player).")
      : weapons.length ? h("ul.shop", weapons) : h("p.small.muted", "No Secret Weapons left."),
    h("div.row.end",
      h("button", { type: "button", "data-action": "skip", "data-testid": "skip-purchase", disabled: ctx.pending }, "Skip: buy nothing this round")));
}

function checkout(ctx) {
  const { game, opts, ui } = ctx;
  const choice = ui.choice;
  const p = paymentFor(ctx.state);
  const result = evaluate(p);
  const isWeapon = choice.kind === "weapon";
  const name = isWeapon ? weaponName(choice.id) : additionName(choice.id);
  const offer = isWeapon ? (opts.weapons ?? []).find((w) => w.weapon === choice.id) : null;
  const still = isWeapon ? !!offer?.buyable : (opts.additions ?? []).includes(choice.id);
  let extra = null;
  let ready = result.ok && still;
  if (choice.id === "anonymous_email") {
    ready = ready && offer?.targets?.includes(ui.emailType);
    extra = [h("h3.small-head", "Which type do you flag?"),
      h("p.small", "Every copy of it (anyone's) becomes flagged; yours are protected for free."),
      h("div.choices", (offer?.targets ?? []).map((kind) => h("button.choice", {
        type: "button", "data-key": kind, "data-action": "email-type", "data-kind": kind, "data-testid": `email-type-${kind}`,
        "aria-pressed": ui.emailType === kind ? "true" : "false" }, additionName(kind))))];
  }
  if (choice.id === "jackpot") {
    ready = ready && offer?.targets?.includes(ui.jackpotTarget);
    extra = [h("h3.small-head", "Whose bill do you take?"),
      h("div.choices", (offer?.targets ?? []).map((s) => h("button.choice", {
        type: "button", "data-key": `j${s}`, "data-action": "jackpot-target", "data-seat": s, "data-testid": `jackpot-target-${s}`,
        "aria-pressed": ui.jackpotTarget === s ? "true" : "false" }, ctx.nameOf(s))))];
  }
  const m = isWeapon ? null : game.market.find((x) => x.kind === choice.id);
  return panel("purchase-panel", `Buy ${name}`,
    h("button.ghost.small.back", { type: "button", "data-action": "unchoose", "data-testid": "back-to-shop", "data-focus": "checkout" }, "← Back to the shop"),
    h("p", isWeapon
      ? [`${WEAPONS[choice.id]?.does ?? ""} `, h("strong", `Price: ${money(p.target)}.`)]
      : [`Costs ${money(m.cost)}, scores ${points(m.points)} at the end. `, game.email_type === choice.id ? h("strong", "It will be flagged (Anonymous Email).") : "It will be clean."]),
    still ? null : h("p.form-error", "This is no longer available."),
    extra,
    billPicker({ ...p, exactBonus: isWeapon ? 0 : exactBonus(ctx), tshirt: tshirt(ctx) && !isWeapon }),
    h("div.row",
      h("button.primary", { type: "button", "data-action": "confirm-purchase", "data-testid": "confirm-purchase", disabled: !ready || ctx.pending },
        result.ok ? `Pay ${money(result.printed)} and buy ${name}` : `Buy ${name}`),
      h("button", { type: "button", "data-action": "skip", "data-testid": "skip-purchase", disabled: ctx.pending }, "Skip this round")));
}

// ------------------------------------------------------------------ bribery

const STAGES = [
  ["bribe_protect", "Protect"],
  ["bribe_counter", "Counter"],
  ["bribe_entries", "Entries"],
];

function briberyPanel(ctx) {
  const { game, opts } = ctx;
  const steps = h("ol.stages", STAGES.map(([phase, label], i) => h("li", {
    "data-key": phase,
    class: phase === game.phase ? "current" : STAGES.findIndex(([p]) => p === game.phase) > i ? "past" : null,
    "aria-current": phase === game.phase ? "step" : null,
  }, h("span.stage-num", String(i + 1)), label)));
  let body;
  if (game.phase === "bribe_protect") body = protectStage(ctx);
  else if (game.phase === "bribe_counter") body = counterStage(ctx);
  else body = entriesStage(ctx);
  const doneList = h("ul.picked", game.players.map((p) => h("li", { "data-key": `d${p.seat}`, class: p.done ? "ok" : null },
    p.done ? icon("check") : icon("clock"), h("span", ctx.nameOf(p.seat), p.seat === ctx.seat ? " (you)" : ""),
    h("span.visually-hidden", p.done ? " is done" : " is still deciding"))));
  return h("section.card.action.bribery", { "data-key": "bribery-panel", "data-testid": "bribery-panel", "data-stage": game.phase, "aria-labelledby": "bribery-title" },
    h("h2#bribery-title", { tabindex: "-1" }, "Bribery"),
    steps,
    body,
    opts.done
      ? h("div.row.end", h("button.primary", { type: "button", "data-action": "bribe-done", "data-testid": "bribe-done", disabled: ctx.pending },
          "I'm done with this stage"))
      : ctx.me ? h("p.note", { "data-testid": "bribe-waiting" }, "You're done with this stage. It ends when everyone is done or time runs out.") : null,
    h("h3.small-head", "Who is done"),
    doneList);
}

function copyLabel(ctx, copy) {
  return `${additionName(copy.kind)} (round ${copy.round})`;
}

function protectStage(ctx) {
  const { game, opts, seat, ui } = ctx;
  const mine = game.copies.filter((c) => c.owner === seat).sort((a, b) => Number(b.flagged) - Number(a.flagged));
  const legal = new Set(opts.protect ?? []);
  const intro = h("p", "Pay at least ", h("strong", money(PROTECTION_MINIMUM)), " to protect one of your additions. If its type is investigated, a protected ", h("strong", "flagged"),
    " copy still scores 0, but you are not caught (disqualified). Clean copies can't get you caught. Bribes are public.");
  if (!ctx.me) return h("div", intro, protectionsList(ctx));
  const target = game.copies.find((c) => c.id === ui.target);
  if (target && opts.can_act) {
    const p = paymentFor(ctx.state);
    const r = evaluate(p);
    return h("div", intro,
      h("div.checkout", { "data-testid": "protect-checkout" },
        h("button.ghost.small.back", { type: "button", "data-action": "bribe-untarget", "data-focus": "checkout" }, "← Choose another"),
        h("p", h("strong", `Protect your ${copyLabel(ctx, target)}`), target.protection > 0 ? ` (already ${money(target.protection)}: any amount adds to it)` : ""),
        billPicker({ ...p, title: "Pay with", describe: (res) => ({
          tone: "exact",
          summary: `${money(res.printed)}: the protection becomes ${money(res.printed + target.protection)}. Cancelling it will cost at least that much.`,
        }) }),
        h("button.primary", { type: "button", "data-action": "confirm-protect", "data-testid": "confirm-protect", disabled: !r.ok || ctx.pending },
          r.ok ? `Pay ${money(r.printed)} to protect it` : "Protect")));
  }
  const flagged = mine.filter((c) => c.flagged);
  const clean = mine.filter((c) => !c.flagged);
  const cash = ctx.me.wallet_total;
  const why = (c) => {
    if (c.email_protected) return "Protected by Anonymous Email";
    return `Needs ${money(c.protection > 0 ? 10000 : PROTECTION_MINIMUM)}; you have ${money(cash)}`;
  };
  return h("div", intro,
    flagged.length
      ? h("ul.copy-actions", flagged.map((c) => h("li", { "data-key": `c${c.id}` },
          h("span.copy-name", copyLabel(ctx, c)), h("span.copy-tags", copyBadges(ctx, c)),
          legal.has(c.id)
            ? h("button.small", { type: "button", "data-action": "bribe-target", "data-copy": c.id, "data-testid": `protect-${c.id}`, disabled: ctx.pending },
                c.protection > 0 ? "Add more" : "Protect")
            : h("span.small.muted", why(c)))))
      : h("p.note", mine.length ? "None of your additions is flagged, so none of them can get you caught." : "You own no additions, so there is nothing to protect."),
    clean.length ? h("p.small.muted", `Your ${plural(clean.length, "clean addition")} can't get you caught, so they need no protection.`) : null,
    protectionsList(ctx));
}

function protectionsList(ctx) {
  const protectedCopies = ctx.game.copies.filter((c) => c.protection > 0);
  if (!protectedCopies.length) return h("p.small.muted", "No protections bought yet.");
  return h("div",
    h("h3.small-head", "Protections so far"),
    h("ul.copy-actions", protectedCopies.map((c) => h("li", { "data-key": `pp${c.id}` },
      h("span.copy-name", `${capital(ctx.who(c.owner))}: ${copyLabel(ctx, c)}`), h("span.copy-tags", copyBadges(ctx, c))))));
}

function counterStage(ctx) {
  const { game, opts, ui } = ctx;
  const offers = opts.counter ?? [];
  const intro = h("p", "Pay at least a protection's amount to cancel it: that player can be caught again. You can't cancel your own; each protection can be cancelled once. Anonymous Email's free protection can't be cancelled.");
  const target = offers.find((o) => o.copy === ui.target);
  if (target && opts.can_act) {
    const copy = game.copies.find((c) => c.id === target.copy);
    const p = paymentFor(ctx.state);
    const r = evaluate(p);
    return h("div", intro,
      h("div.checkout", { "data-testid": "counter-checkout" },
        h("button.ghost.small.back", { type: "button", "data-action": "bribe-untarget", "data-focus": "checkout" }, "← Choose another"),
        h("p", h("strong", `Cancel ${ctx.nameOf(copy.owner)}'s protection on ${copyLabel(ctx, copy)}`), ` (at least ${money(target.amount)})`),
        billPicker({ ...p, title: "Pay with" }),
        h("button.primary", { type: "button", "data-action": "confirm-counter", "data-testid": "confirm-counter", disabled: !r.ok || ctx.pending },
          r.ok ? `Pay ${money(r.printed)} to cancel it` : "Cancel the protection")));
  }
  const others = game.copies.filter((c) => c.protection > 0 && c.owner !== ctx.seat);
  const legal = new Map(offers.map((o) => [o.copy, o]));
  return h("div", intro,
    others.length
      ? h("ul.copy-actions", others.map((c) => h("li", { "data-key": `o${c.id}` },
          h("span.copy-name", `${ctx.nameOf(c.owner)}: ${copyLabel(ctx, c)}`), h("span.copy-tags", copyBadges(ctx, c)),
          legal.has(c.id)
            ? h("button.small", { type: "button", "data-action": "bribe-target", "data-copy": c.id, "data-testid": `counter-${c.id}`, disabled: ctx.pending },
                `Cancel · ${money(legal.get(c.id).amount)}+`)
            : h("span.small.muted", c.countered ? "Already cancelled" : ctx.me ? "Not enough money" : ""))))
      : h("p.muted", "Nobody else bought a protection, so there is nothing to cancel."));
}

function entriesStage(ctx) {
  const { opts, ui } = ctx;
  const intro = h("p", "Every ", h("strong", money(ENTRY_PRICE)), " buys one investigation entry. Place them on the types you want investigated (your rivals' flagged ones?) to change the odds below.");
  if (!ctx.me || !opts.can_act) return h("div", intro, pool(ctx));
  if (!opts.entries) {
    return h("div", intro, pool(ctx),
      h("p.note", `You have ${money(ctx.me.wallet_total)}: not enough for an entry. Press Done when you're ready.`));
  }
  const p = paymentFor(ctx.state);
  const r = evaluate(p);
  const bought = Math.floor(r.printed / ENTRY_PRICE);
  const placed = ADDITION_ORDER.reduce((sum, k) => sum + (ui.split[k] ?? 0), 0);
  const left = bought - placed;
  const steppers = ADDITION_ORDER.map((kind) => {
    const n = ui.split[kind] ?? 0;
    return h("li.stepper", { "data-key": `s${kind}` },
      h("span.stepper-name", ADDITIONS[kind].name),
      h("button.small.step", { type: "button", "data-action": "split-dec", "data-kind": kind, disabled: n === 0,
        "aria-label": `One fewer entry on ${additionName(kind)}`, "data-testid": `split-dec-${kind}` }, "−"),
      h("span.stepper-value", { "aria-live": "polite", "data-testid": `split-${kind}` }, String(n)),
      h("button.small.step", { type: "button", "data-action": "split-inc", "data-kind": kind, disabled: left <= 0,
        "aria-label": `One more entry on ${additionName(kind)}`, "data-testid": `split-inc-${kind}` }, "+"));
  });
  let status;
  if (bought === 0) status = "Pick bills to buy entries.";
  else if (left > 0) status = `You're buying ${plural(bought, "entry", "entries")}: place ${left} more.`;
  else if (left < 0) status = `You placed ${-left} too many: remove some or add bills.`;
  else status = `All ${plural(bought, "entry", "entries")} placed.`;
  const wasted = r.printed - bought * ENTRY_PRICE;
  return h("div", intro,
    pool(ctx),
    h("div.checkout", { "data-testid": "entries-checkout" },
      billPicker({ ...p, title: "Pay with", describe: () => ({
        tone: wasted ? "over" : "exact",
        summary: `${money(r.printed)} buys ${plural(bought, "entry", "entries")}${wasted ? `; ${money(wasted)} of it buys nothing (entries come in ${money(ENTRY_PRICE)} steps)` : ""}.`,
      }) }),
      h("ul.steppers", steppers),
      h("p.pay-summary", { class: left === 0 && bought > 0 ? "tone-exact" : "tone-short", "data-testid": "split-status", "aria-live": "polite" }, status),
      h("button.primary", { type: "button", "data-action": "confirm-entries", "data-testid": "confirm-entries",
        disabled: !r.ok || bought === 0 || left !== 0 || ctx.pending },
        bought ? `Pay ${money(r.printed)} for ${plural(bought, "entry", "entries")}` : "Buy entries")));
}
