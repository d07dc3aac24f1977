// The bill picker: choose bills from your wallet with a running total that says whether the
// payment is short, exact or overpaid (overpayment is lost: no change is ever given).
import { h } from "../dom.js";
import { money } from "../text.js";
import { icon } from "./icons.js";

/** A subset of `bills` ({card, value}) reaching `target`: exact when possible (fewest bills),
 *  else the smallest overpayment. Returns card ids, or null when the wallet cannot reach it. */
export function autoPick(bills, target) {
  if (target <= 0) return [];
  const total = bills.reduce((sum, b) => sum + b.value, 0);
  if (total < target) return null;
  // best[sum] = fewest cards reaching exactly `sum`
  let best = new Map([[0, []]]);
  for (const bill of bills) {
    const next = new Map(best);
    for (const [sum, cards] of best) {
      const s = sum + bill.value;
      const prev = next.get(s);
      if (!prev || prev.length > cards.length + 1) next.set(s, [...cards, bill.card]);
    }
    best = next;
  }
  const reachable = [...best.keys()].filter((s) => s >= target).sort((a, b) => a - b);
  return best.get(reachable[0]);
}

/**
 * Work out a payment.
 * pay: {bills: [card], reference: card|null}; forced: a bill always committed (the Alarm bill).
 * mode "addition" (Green T-Shirt may apply, exact earns a bonus) or "printed" (weapons, bribes).
 */
export function evaluate({ wallet, forced, pay, target, mode }) {
  const byCard = new Map(wallet.map((b) => [b.card, b]));
  if (forced) byCard.set(forced.card, forced);
  const committed = [...(forced ? [forced.card] : []), ...pay.bills.filter((c) => byCard.has(c))];
  const reference = mode === "addition" && pay.reference !== null && committed.includes(pay.reference) ? pay.reference : null;
  const printed = committed.reduce((sum, c) => sum + byCard.get(c).value, 0);
  const total = reference !== null ? committed.length * byCard.get(reference).value : printed;
  return {
    committed,
    bills: pay.bills.filter((c) => wallet.some((b) => b.card === c)),
    reference,
    total,
    printed,
    short: Math.max(0, target - total),
    over: Math.max(0, total - target),
    ok: total >= target,
    exact: total === target,
  };
}

/**
 * Render a picker. `key` names this payment in the store (it resets when the key changes).
 * opts: {wallet, forced, pay, target, mode, tshirt, exactBonus, title, describe(result)}
 */
export function billPicker(opts) {
  const { wallet, forced, pay, target, mode, tshirt, exactBonus } = opts;
  const result = evaluate(opts);
  const chosen = new Set(result.committed);
  let summary;
  let tone;
  if (!result.committed.length && target > 0) {
    summary = `Pick bills worth at least ${money(target)}.`;
    tone = "short";
  } else if (result.short > 0) {
    summary = `${money(result.total)} picked: ${money(result.short)} short of ${money(target)}.`;
    tone = "short";
  } else if (result.exact) {
    summary = mode === "addition" && exactBonus
      ? `${money(result.total)}: exact! This copy earns a ${money(exactBonus)} bonus.`
      : `${money(result.total)}: exact.`;
    tone = "exact";
  } else {
    summary = `${money(result.total)} picked: overpaid by ${money(result.over)}. The extra is lost (no change is given).`;
    tone = "over";
  }
  if (target === 0 && !result.committed.length) {
    summary = "Free: no bills needed.";
    tone = "exact";
  }
  if (opts.describe && result.ok && result.committed.length) {
    // Where more money is not simply lost (a protection, entries), say what it buys.
    ({ summary, tone } = opts.describe(result));
  }
  const tshirtRow = mode === "addition" && tshirt && result.committed.length
    ? h("div.field.tshirt",
        h("label", { for: "pay-reference" }, "Green T-Shirt: count every bill as"),
        h("select#pay-reference", { "data-change": "pay-reference", "data-testid": "pay-reference" },
          h("option", { value: "", selected: result.reference === null }, "its printed value"),
          result.committed.map((card) => {
            const bill = card === forced?.card ? forced : wallet.find((b) => b.card === card);
            return h("option", { value: String(card), selected: result.reference === card },
              `${money(bill.value)} (${result.committed.length} × ${money(bill.value)} = ${money(result.committed.length * bill.value)})`);
          })))
    : null;
  return h("div.picker", { "data-testid": "bill-picker" },
    h("div.picker-head",
      h("span.picker-title", opts.title ?? "Pay with"),
      h("span.picker-actions",
        h("button.small", { type: "button", "data-action": "pay-auto", "data-testid": "pay-auto",
          disabled: autoPick(wallet, target - (forced ? forced.value : 0)) === null }, "Pick for me"),
        h("button.small.ghost", { type: "button", "data-action": "pay-clear", disabled: !pay.bills.length }, "Clear"))),
    h("div.bills", { role: "group", "aria-label": "Your bills" },
      forced
        ? h("button.bill.forced", { type: "button", "aria-pressed": "true", disabled: true, "data-key": `f${forced.card}`,
            title: "The Alarm bill is always part of this payment" },
            h("span.bill-value", money(forced.value)), h("span.bill-note", "Alarm bill"))
        : null,
      wallet.length
        ? wallet.map((bill) => h("button.bill", {
            type: "button",
            "data-key": `b${bill.card}`,
            "aria-pressed": chosen.has(bill.card) ? "true" : "false",
            "data-action": "pay-toggle",
            "data-card": bill.card,
            "data-testid": `pay-bill-${bill.card}`,
          }, chosen.has(bill.card) ? icon("check") : null, h("span.bill-value", money(bill.value))))
        : h("p.muted", "Your wallet is empty.")),
    tshirtRow,
    h("p.pay-summary", { class: `tone-${tone}`, "data-testid": "pay-summary", "aria-live": "polite" }, summary));
}
