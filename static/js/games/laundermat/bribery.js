// The bribery panel, after the last round: protect, counterbribe, investigation entries.
import { h } from "../../dom.js";
import { capital } from "../../text.js";
import { icon } from "../../ui/icons.js";
import { copyBadges } from "./board.js";
import { entriesStage } from "./entries.js";
import { billPicker } from "./pay.js";
import { evaluate } from "./payment.js";
import { smallestBill } from "./rules.js";
import { additionName, money } from "./text.js";
import { g, rich } from "./words.js";

const STAGES = [
  ["bribe_protect", "bribery.stage.protect"],
  ["bribe_counter", "bribery.stage.counter"],
  ["bribe_entries", "bribery.stage.entries"],
];

export function briberyPanel(ctx) {
  const { game, opts } = ctx;
  const steps = h(
    "ol.stages",
    STAGES.map(([phase, label], i) =>
      h(
        "li",
        {
          "data-key": phase,
          class:
            phase === game.phase
              ? "current"
              : STAGES.findIndex(([p]) => p === game.phase) > i
                ? "past"
                : null,
          "aria-current": phase === game.phase ? "step" : null,
        },
        h("span.stage-num", String(i + 1)),
        g(label),
      ),
    ),
  );
  // A stage's body, and the button that confirms its checkout, if one is open: it goes in the
  // panel's foot beside Done, on the first screen however long the body.
  const stage = { bribe_protect: protectStage, bribe_counter: counterStage }[game.phase];
  const { body, confirm = null } = (stage ?? entriesStage)(ctx);
  const doneList = h(
    "ul.picked",
    game.players.map((p) =>
      h(
        "li",
        { "data-key": `d${p.seat}`, class: p.done ? "ok" : null },
        p.done ? icon("check") : icon("clock"),
        h("span", ctx.nameOf(p.seat), p.seat === ctx.seat ? ` ${g("board.you")}` : ""),
        h("span.visually-hidden", ` ${g(p.done ? "bribery.is_done" : "bribery.deciding")}`),
      ),
    ),
  );
  return h(
    "section.card.action.bribery",
    {
      "data-key": "bribery-panel",
      "data-testid": "bribery-panel",
      "data-stage": game.phase,
      "aria-labelledby": "bribery-title",
    },
    h("h2#bribery-title", { tabindex: "-1", "data-landing": "panel" }, g("bribery.title")),
    steps,
    body,
    ctx.me && !opts.done
      ? h("p.note", { "data-testid": "bribe-waiting" }, g("bribery.waiting"))
      : null,
    h("h3.small-head", g("bribery.who_done")),
    doneList,
    confirm || opts.done
      ? h(
          "div.action-foot",
          confirm,
          opts.done
            ? h(
                confirm ? "button" : "button.primary",
                {
                  type: "button",
                  "data-action": "bribe-done",
                  "data-testid": "bribe-done",
                  disabled: ctx.pending,
                },
                g("bribery.done"),
              )
            : null,
        )
      : null,
  );
}

/** A checkout's confirm (the panel's foot holds it): `action` names it for the handlers and
 *  the tests alike. */
function confirmButton(action, enabled, label) {
  const attrs = { type: "button", "data-action": action, "data-testid": action };
  return h("button.primary", { ...attrs, disabled: !enabled }, label);
}

function copyLabel(copy) {
  return g("bribery.copy", { addition: additionName(copy.kind), round: copy.round });
}

function protectStage(ctx) {
  const { game, opts, seat, ui } = ctx;
  const mine = game.copies
    .filter((c) => c.owner === seat)
    .sort((a, b) => Number(b.flagged) - Number(a.flagged));
  const legal = new Set(opts.protect ?? []);
  const intro = h(
    "p.bribe-intro",
    rich(h, "bribery.protect_intro", { amount: money(ctx.rules.protection_minimum) }),
  );
  if (!ctx.me) return { body: h("div", intro, protectionsList(ctx)) };
  const target = game.copies.find((c) => c.id === ui.target);
  if (target && opts.can_act) {
    // The checkout: the stage's rules at length, read before choosing, give way to it.
    const p = ctx.payment();
    const r = evaluate(p);
    const body = h(
      "div",
      h(
        "div.checkout",
        { "data-testid": "protect-checkout" },
        h(
          "button.ghost.small.back",
          { type: "button", "data-action": "bribe-untarget", "data-focus": "checkout" },
          g("bribery.back"),
        ),
        h(
          "p",
          h("strong", g("bribery.protect_yours", { copy: copyLabel(target) })),
          target.protection > 0
            ? ` ${g("bribery.already", { amount: money(target.protection) })}`
            : "",
        ),
        billPicker({
          ...p,
          title: g("pay.with"),
          describe: (res) => ({
            tone: "exact",
            summary: g("bribery.becomes", {
              amount: money(res.printed),
              total: money(res.printed + target.protection),
            }),
          }),
        }),
      ),
    );
    const label = r.ok
      ? g("bribery.pay_protect", { amount: money(r.printed) })
      : g("bribery.protect");
    return { body, confirm: confirmButton("confirm-protect", r.ok && !ctx.pending, label) };
  }
  const flagged = mine.filter((c) => c.flagged);
  const clean = mine.filter((c) => !c.flagged);
  const cash = ctx.me.wallet_total;
  const why = (c) => {
    if (c.email_protected) return g("bribery.by_email");
    const least = c.protection > 0 ? smallestBill(ctx.rules) : ctx.rules.protection_minimum;
    return g("bribery.needs", { amount: money(least), cash: money(cash) });
  };
  const body = h(
    "div",
    intro,
    flagged.length
      ? h(
          "ul.copy-actions",
          flagged.map((c) =>
            h(
              "li",
              { "data-key": `c${c.id}` },
              h("span.copy-name", copyLabel(c)),
              h("span.copy-tags", copyBadges(c)),
              legal.has(c.id)
                ? h(
                    "button.small",
                    {
                      type: "button",
                      "data-action": "bribe-target",
                      "data-copy": c.id,
                      "data-testid": `protect-${c.id}`,
                      disabled: ctx.pending,
                    },
                    g(c.protection > 0 ? "bribery.add_more" : "bribery.protect"),
                  )
                : h("span.small.muted", why(c)),
            ),
          ),
        )
      : h("p.note", g(mine.length ? "bribery.none_flagged" : "bribery.none_owned")),
    clean.length ? h("p.small.muted", g("bribery.clean", { count: clean.length })) : null,
    protectionsList(ctx),
  );
  return { body };
}

/** The protections bought (`copies`: every one, unless given), a line a player: a room reads
 *  who is covered at a glance, and a table of six with 24-letter names still fits a screen. */
function protectionsList(ctx, copies = ctx.game.copies.filter((c) => c.protection > 0)) {
  if (!copies.length) return h("p.small.muted", g("bribery.no_protections"));
  const byOwner = new Map(); // Map.groupBy: Safari only from 17.4
  for (const c of copies) byOwner.set(c.owner, [...(byOwner.get(c.owner) ?? []), c]);
  return h(
    "div.protections-so-far",
    h("h3.small-head", g("bribery.so_far")),
    h(
      "ul.protections",
      [...byOwner].map(([owner, theirs]) =>
        h(
          "li",
          { "data-key": `po${owner}` },
          h("strong.protections-owner", capital(ctx.who(owner))),
          protectedSum(theirs),
          theirs.map((c) =>
            h(
              "span.protection",
              { "data-key": `pp${c.id}` },
              h("span.copy-name", copyLabel(c)),
              copyBadges(c),
            ),
          ),
        ),
      ),
    ),
  );
}

/** How many of a player's copies are protected (not cancelled), and for how much in all: what
 *  a table screen whose boards take turns says of them (laundermat.css). */
function protectedSum(copies) {
  const standing = copies.filter((c) => !c.countered);
  const amount = standing.reduce((sum, c) => sum + c.protection, 0);
  return h(
    "span.protections-sum",
    g("bribery.protected_sum", { count: standing.length, amount: money(amount) }),
  );
}

function counterStage(ctx) {
  const { game, opts, ui } = ctx;
  const offers = opts.counter ?? [];
  const intro = h("p.bribe-intro", g("bribery.counter_intro"));
  const target = offers.find((o) => o.copy === ui.target);
  if (target && opts.can_act) {
    // The checkout: the stage's rules at length, read before choosing, give way to it.
    const copy = game.copies.find((c) => c.id === target.copy);
    const p = ctx.payment();
    const r = evaluate(p);
    const body = h(
      "div",
      h(
        "div.checkout",
        { "data-testid": "counter-checkout" },
        h(
          "button.ghost.small.back",
          { type: "button", "data-action": "bribe-untarget", "data-focus": "checkout" },
          g("bribery.back"),
        ),
        h(
          "p",
          h(
            "strong",
            g("bribery.cancel_whose", { name: ctx.nameOf(copy.owner), copy: copyLabel(copy) }),
          ),
          ` ${g("bribery.at_least", { amount: money(target.amount) })}`,
        ),
        billPicker({ ...p, title: g("pay.with") }),
      ),
    );
    const label = r.ok
      ? g("bribery.pay_cancel", { amount: money(r.printed) })
      : g("bribery.cancel");
    return { body, confirm: confirmButton("confirm-counter", r.ok && !ctx.pending, label) };
  }
  const others = game.copies.filter((c) => c.protection > 0 && c.owner !== ctx.seat);
  if (!ctx.me) {
    const list = others.length ? protectionsList(ctx, others) : null;
    return { body: h("div", intro, list ?? h("p.muted", g("bribery.nothing_to_cancel"))) };
  }
  const legal = new Map(offers.map((o) => [o.copy, o]));
  const body = h(
    "div",
    intro,
    others.length
      ? h(
          "ul.copy-actions",
          others.map((c) =>
            h(
              "li",
              { "data-key": `o${c.id}` },
              h("span.copy-name", `${ctx.nameOf(c.owner)}: ${copyLabel(c)}`),
              h("span.copy-tags", copyBadges(c)),
              legal.has(c.id)
                ? h(
                    "button.small",
                    {
                      type: "button",
                      "data-action": "bribe-target",
                      "data-copy": c.id,
                      "data-testid": `counter-${c.id}`,
                      disabled: ctx.pending,
                    },
                    g("bribery.cancel_for", { amount: money(legal.get(c.id).amount) }),
                  )
                : h(
                    "span.small.muted",
                    g(c.countered ? "bribery.already_cancelled" : "bribery.not_enough"),
                  ),
            ),
          ),
        )
      : h("p.muted", g("bribery.nothing_to_cancel")),
  );
  return { body };
}
