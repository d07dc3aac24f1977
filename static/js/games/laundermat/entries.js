// Bribery 3 of 3: investigation entries, bought in steps of the entry price and placed on
// the addition types the player wants investigated.
import { h } from "../../dom.js";
import { pool } from "./board.js";
import { billPicker } from "./pay.js";
import { evaluate } from "./payment.js";
import { ADDITION_ORDER, additionName, entries, money } from "./text.js";

export function entriesStage(ctx) {
  const { opts, ui } = ctx;
  const intro = h(
    "p",
    "Every ",
    h("strong", money(ctx.rules.entry_price)),
    " buys one investigation entry. Place them on the types you want investigated (your " +
      "rivals' flagged ones?) to change the odds below.",
  );
  if (!ctx.me || !opts.can_act) return h("div", intro, pool(ctx));
  if (!opts.entries) {
    return h(
      "div",
      intro,
      pool(ctx),
      h(
        "p.note",
        `You have ${money(ctx.me.wallet_total)}: not enough for an entry. Press Done when ` +
          "you're ready.",
      ),
    );
  }
  const p = ctx.payment();
  const r = evaluate(p);
  const bought = Math.floor(r.printed / ctx.rules.entry_price);
  const placed = ADDITION_ORDER.reduce((sum, k) => sum + (ui.split[k] ?? 0), 0);
  const left = bought - placed;
  const steppers = ADDITION_ORDER.map((kind) => {
    const n = ui.split[kind] ?? 0;
    return h(
      "li.stepper",
      { "data-key": `s${kind}` },
      h("span.stepper-name", additionName(kind)),
      h(
        "button.small.step",
        {
          type: "button",
          "data-action": "split-dec",
          "data-kind": kind,
          disabled: n === 0,
          "aria-label": `One fewer entry on ${additionName(kind)}`,
          "data-testid": `split-dec-${kind}`,
        },
        "−",
      ),
      h("span.stepper-value", { "aria-live": "polite", "data-testid": `split-${kind}` }, String(n)),
      h(
        "button.small.step",
        {
          type: "button",
          "data-action": "split-inc",
          "data-kind": kind,
          disabled: left <= 0,
          "aria-label": `One more entry on ${additionName(kind)}`,
          "data-testid": `split-inc-${kind}`,
        },
        "+",
      ),
    );
  });
  let status;
  if (bought === 0) status = "Pick bills to buy entries.";
  else if (left > 0) status = `You're buying ${entries(bought)}: place ${left} more.`;
  else if (left < 0) status = `You placed ${-left} too many: remove some or add bills.`;
  else status = `All ${entries(bought)} placed.`;
  const wasted = r.printed - bought * ctx.rules.entry_price;
  return h(
    "div",
    intro,
    pool(ctx),
    h(
      "div.checkout",
      { "data-testid": "entries-checkout" },
      billPicker({
        ...p,
        title: "Pay with",
        describe: () => ({
          tone: wasted ? "over" : "exact",
          summary: `${money(r.printed)} buys ${entries(bought)}${wastedWords(ctx, wasted)}.`,
        }),
      }),
      h("ul.steppers", steppers),
      h(
        "p.pay-summary",
        {
          class: left === 0 && bought > 0 ? "tone-exact" : "tone-short",
          "data-testid": "split-status",
          "aria-live": "polite",
        },
        status,
      ),
      h(
        "button.primary",
        {
          type: "button",
          "data-action": "confirm-entries",
          "data-testid": "confirm-entries",
          disabled: !r.ok || bought === 0 || left !== 0 || ctx.pending,
        },
        bought ? `Pay ${money(r.printed)} for ${entries(bought)}` : "Buy entries",
      ),
    ),
  );
}

/** What of the payment buys no entry, in words, or "". */
function wastedWords(ctx, wasted) {
  if (!wasted) return "";
  const step = money(ctx.rules.entry_price);
  return `; ${money(wasted)} of it buys nothing (entries come in ${step} steps)`;
}
