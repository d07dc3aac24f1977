// The bill picker: choose bills from your wallet with a running total that says whether the
// payment is short, exact or overpaid (overpayment is lost: no change is ever given). The
// arithmetic is payment.js's.
import { h } from "../../dom.js";
import { icon } from "../../ui/icons.js";
import { autoPick, evaluate } from "./payment.js";
import { money } from "./text.js";
import { g } from "./words.js";

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
    summary = g("pay.at_least", { amount: money(target) });
    tone = "short";
  } else if (result.short > 0) {
    summary = g("pay.short", {
      total: money(result.total),
      short: money(result.short),
      target: money(target),
    });
    tone = "short";
  } else if (result.exact) {
    summary =
      mode === "addition" && exactBonus
        ? g("pay.exact_bonus", { total: money(result.total), bonus: money(exactBonus) })
        : g("pay.exact", { total: money(result.total) });
    tone = "exact";
  } else {
    summary = g("pay.over", { total: money(result.total), over: money(result.over) });
    tone = "over";
  }
  if (target === 0 && !result.committed.length) {
    summary = g("pay.free");
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
          h("label", { for: "pay-reference" }, g("pay.tshirt")),
          h(
            "select#pay-reference",
            { "data-change": "pay-reference", "data-testid": "pay-reference" },
            h("option", { value: "", selected: result.reference === null }, g("pay.printed")),
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
      h("span.picker-title", opts.title ?? g("pay.with")),
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
          g("pay.auto"),
        ),
        h(
          "button.small.ghost",
          { type: "button", "data-action": "pay-clear", disabled: !pay.bills.length },
          g("pay.clear"),
        ),
      ),
    ),
    h(
      "div.bills",
      { role: "group", "aria-label": g("pay.your_bills") },
      forced
        ? h(
            "button.bill.forced.own-look",
            {
              type: "button",
              "aria-pressed": "true",
              disabled: true,
              "data-key": `f${forced.card}`,
              title: g("pay.forced_title"),
            },
            h("span.bill-value", money(forced.value)),
            h("span.bill-note", g("pay.alarm_bill")),
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
        : h("p.muted", g("pay.empty")),
    ),
    tshirtRow,
    h(
      "p.pay-summary",
      { class: `tone-${tone}`, "data-testid": "pay-summary", "aria-live": "polite" },
      summary,
    ),
  );
}
