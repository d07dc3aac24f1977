// The action panel for the open window: draft, Seniority, Alarm, purchases, bribery.
// Every choice offered comes from me.options; anything else is shown disabled with a reason.
import { h } from "../../dom.js";
import { capital, list, plural } from "../../text.js";
import { icon } from "../../ui/icons.js";
import { briberyPanel } from "./bribery.js";
import { billPicker } from "./pay.js";
import { evaluate } from "./payment.js";
import { ADDITION_ORDER, additionName, money, points, weaponName } from "./text.js";

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
    h("h2", { id: `${key}-title`, tabindex: "-1", "data-landing": "panel" }, title), ...children);
}

function help(text) {
  return h("details.help", { "data-key": `help-${text.length}` }, h("summary", "How does this work?"), h("p", text));
}

// ------------------------------------------------------------------ draft

/** Broken Machine is table-wide and can't be undone: the first press asks, the second acts. */
function brokenMachine(ctx) {
  if (ctx.ui.confirmBroken !== ctx.game.window?.id) {
    return h("button.special", { type: "button", "data-action": "broken-machine", "data-testid": "broken-machine", disabled: ctx.pending },
      h("strong", "Broken Machine"), h("span.small", "Redeal the table and restart the draft for everyone (once per game)."));
  }
  return h("div.confirm", { role: "alertdialog", "aria-labelledby": "broken-title", "aria-describedby": "broken-text", "data-testid": "broken-confirm" },
    h("strong#broken-title", "Use Broken Machine?"),
    h("p#broken-text.small", "Every bill on the table goes away, a fresh table is dealt and everyone picks again. You can't undo it, and it works once per game."),
    h("div.row",
      h("button.primary", { type: "button", "data-action": "broken-machine-confirm", "data-testid": "broken-machine-confirm", "data-focus": "confirm", disabled: ctx.pending },
        "Yes, redeal the table"),
      h("button", { type: "button", "data-action": "broken-machine-cancel", "data-testid": "broken-machine-cancel" }, "Cancel")));
}

/** After a Broken Machine this round, everyone is told why the table changed. */
function redealNotice(ctx) {
  let index = -1;
  for (let i = ctx.log.length - 1; i >= 0 && ctx.log[i].kind !== "round"; i--) {
    if (ctx.log[i].kind === "broken_machine") {
      index = i;
      break;
    }
  }
  if (index < 0) return null;
  const entry = ctx.log[index];
  return h("p.note.notice", { "data-key": `redeal${index}`, "data-testid": "redeal-notice", role: "status" },
    icon("broken"), ` ${capital(ctx.who(entry.seat))} used Broken Machine: this is a fresh table and the draft started again. Pick again.`);
}

function draftPanel(ctx) {
  const { game, me, opts } = ctx;
  const acting = !!opts.can_act;
  const selection = me?.selection ?? null;
  const selectable = new Set(opts.select ?? []);
  const bills = game.display.map((b) => {
    const mine = selection === b.card;
    return h("button.bill.big.own-look", {
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
  if (opts.broken_machine) extras.push(brokenMachine(ctx));
  const picked = game.players.map((p) => h("li", { "data-key": `p${p.seat}`, "data-testid": `picked-${p.seat}`, class: p.has_selected ? "ok" : null },
    p.has_selected ? icon("check") : icon("clock"),
    h("span", ctx.waitName(p.seat), p.seat === ctx.seat ? " (you)" : ""),
    h("span.visually-hidden", p.has_selected ? " has picked" : " is still choosing")));
  const onTable = plural(game.display.length, "bill");
  return panel("draft-panel", me ? `Pick a bill (${onTable} on the table)` : `The draft (${onTable} on the table)`,
    redealNotice(ctx),
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
  const p = ctx.payment();
  const result = p && ui.alarmType ? evaluate(p) : null;
  const types = opts.alarm_types.map((kind) => h("button.choice", {
    type: "button", "data-key": kind, "data-action": "alarm-type", "data-kind": kind, "data-testid": `alarm-type-${kind}`,
    "aria-pressed": ui.alarmType === kind ? "true" : "false",
  }, h("strong", additionName(kind)), h("span.small", `${money(game.market.find((m) => m.kind === kind).cost)} · ${points(game.market.find((m) => m.kind === kind).points)}`)));
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
         billPicker({ ...p, title: "The Alarm bill plus" })]
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
        h("strong", weaponName(w.weapon)), h("span.tag", ctx.weapons[w.weapon]?.when ?? ""),
        h("span.small", ctx.weapons[w.weapon]?.does ?? ""),
        reason ? h("span.small.muted", reason) : null),
      h("button", { type: "button", "data-action": "choose", "data-kind": "weapon", "data-id": w.weapon, "data-testid": `choose-${w.weapon}`,
        disabled: !w.buyable || ctx.pending, "aria-label": `Buy · ${money(w.price)}: ${weaponName(w.weapon)}` }, `Buy · ${money(w.price)}`));
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
  const p = ctx.payment();
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
      ? [`${ctx.weapons[choice.id]?.does ?? ""} `, h("strong", `Price: ${money(p.target)}.`)]
      : [`Costs ${money(m.cost)}, scores ${points(m.points)} at the end. `, game.email_type === choice.id ? h("strong", "It will be flagged (Anonymous Email).") : "It will be clean."]),
    still ? null : h("p.form-error", "This is no longer available."),
    extra,
    billPicker(p),
    h("div.row",
      h("button.primary", { type: "button", "data-action": "confirm-purchase", "data-testid": "confirm-purchase", disabled: !ready || ctx.pending },
        result.ok ? `Pay ${money(result.printed)} and buy ${name}` : `Buy ${name}`),
      h("button", { type: "button", "data-action": "skip", "data-testid": "skip-purchase", disabled: ctx.pending }, "Skip this round")));
}

