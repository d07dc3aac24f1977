// Bribery 3 of 3: investigation entries, bought in steps of the entry price and placed on
// the addition types the player wants investigated.
import { h } from "../../dom.js";
import { pool } from "./board.js";
import { billPicker } from "./pay.js";
import { evaluate } from "./payment.js";
import { ADDITION_ORDER, additionName, entries, money } from "./text.js";
import { g, rich } from "./words.js";

/** The stage's body, and its confirm button (the bribery panel's foot holds it). */
export function entriesStage(ctx) {
  const { opts, ui } = ctx;
  const intro = h("p", rich(h, "entries.intro", { price: money(ctx.rules.entry_price) }));
  if (!ctx.me || !opts.can_act) return { body: h("div", intro, pool(ctx)) };
  if (!opts.entries) {
    const poor = h("p.note", g("entries.too_poor", { amount: money(ctx.me.wallet_total) }));
    return { body: h("div", intro, pool(ctx), poor) };
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
          "aria-label": g("entries.fewer", { addition: additionName(kind) }),
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
          "aria-label": g("entries.more", { addition: additionName(kind) }),
          "data-testid": `split-inc-${kind}`,
        },
        "+",
      ),
    );
  });
  let status;
  if (bought === 0) status = g("entries.pick_bills");
  else if (left > 0) status = g("entries.place_more", { entries: entries(bought), count: left });
  else if (left < 0) status = g("entries.too_many", { count: -left });
  else status = g("entries.all_placed", { entries: entries(bought), count: bought });
  const wasted = r.printed - bought * ctx.rules.entry_price;
  const body = h(
    "div",
    intro,
    pool(ctx),
    h(
      "div.checkout",
      { "data-testid": "entries-checkout" },
      billPicker({
        ...p,
        title: g("pay.with"),
        describe: () => ({
          tone: wasted ? "over" : "exact",
          summary: g("entries.buys", {
            amount: money(r.printed),
            entries: entries(bought),
            wasted: wastedWords(ctx, wasted),
          }),
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
    ),
  );
  const confirm = h(
    "button.primary",
    {
      type: "button",
      "data-action": "confirm-entries",
      "data-testid": "confirm-entries",
      disabled: !r.ok || bought === 0 || left !== 0 || ctx.pending,
    },
    bought
      ? g("entries.pay", { amount: money(r.printed), entries: entries(bought) })
      : g("entries.buy"),
  );
  return { body, confirm };
}

/** What of the payment buys no entry, in words, or "". */
function wastedWords(ctx, wasted) {
  if (!wasted) return "";
  const step = money(ctx.rules.entry_price);
  return g("entries.wasted", { amount: money(wasted), step });
}
