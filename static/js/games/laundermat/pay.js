// The bill picker: choose bills from your wallet with a running total that says whether the
// payment is short, exact or overpaid (overpayment is lost: no change is ever given). The
// arithmetic is payment.js's.
import { h } from "../../dom.js";
import { icon } from "../../ui/icons.js";
import { autoPick, evaluate } from "./payment.js";
import { money } from "./text.js";

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
    summary =
      mode === "addition" && exactBonus
        ? `${money(result.total)}: exact! This copy earns a ${money(exactBonus)} bonus.`
        : `${money(result.total)}: exact.`;
    tone = "exact";
  } else {
    summary =
      `${money(result.total)} picked: overpaid by ${money(result.over)}. The extra is lost (no ` +
      "change is given).";
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
  const tshirtRow =
    mode === "addition" && tshirt && result.committed.length
      ? h(
          "div.field.tshirt",
          h("label", { for: "pay-reference" }, "Green T-Shirt: count every bill as"),
          h(
            "select#pay-reference",
            { "data-change": "pay-reference", "data-testid": "pay-reference" },
            h("option", { value: "", selected: result.reference === null }, "its printed value"),
            result.committed.map((card) => {
              const bill = card === forced?.card ? forced : wallet.find((b) => b.card === card);
              return h(
                "option",
                { value: String(card), selected: result.reference === card },
                `${money(bill.value)} (${result.committed.length} × ${money(bill.value)} = ` +
                  `${money(result.committed.length * bill.value)})`,
              );
            }),
          ),
        )
      : null;
  return h(
    "div.picker",
    { "data-testid": "bill-picker" },
    h(
      "div.picker-head",
      h("span.picker-title", opts.title ?? "Pay with"),
      h(
        "span.picker-actions",
        h(
          "button.small",
          {
            type: "button",
            "data-action": "pay-auto",
            "data-testid": "pay-auto",
            disabled: autoPick(wallet, target - (forced ? forced.value : 0)) === null,
          },
          "Pick for me",
        ),
        h(
          "button.small.ghost",
          { type: "button", "data-action": "pay-clear", disabled: !pay.bills.length },
          "Clear",
        ),
      ),
    ),
    h(
      "div.bills",
      { role: "group", "aria-label": "Your bills" },
      forced
        ? h(
            "button.bill.forced.own-look",
            {
              type: "button",
              "aria-pressed": "true",
              disabled: true,
              "data-key": `f${forced.card}`,
              title: "The Alarm bill is always part of this payment",
            },
            h("span.bill-value", money(forced.value)),
            h("span.bill-note", "Alarm bill"),
          )
        : null,
      wallet.length
        ? wallet.map((bill) =>
            h(
              "button.bill.own-look",
              {
                type: "button",
                "data-key": `b${bill.card}`,
                "aria-pressed": chosen.has(bill.card) ? "true" : "false",
                "data-action": "pay-toggle",
                "data-card": bill.card,
                "data-testid": `pay-bill-${bill.card}`,
              },
              chosen.has(bill.card) ? icon("check") : null,
              h("span.bill-value", money(bill.value)),
            ),
          )
        : h("p.muted", "Your wallet is empty."),
    ),
    tshirtRow,
    h(
      "p.pay-summary",
      { class: `tone-${tone}`, "data-testid": "pay-summary", "aria-live": "polite" },
      summary,
    ),
  );
}
