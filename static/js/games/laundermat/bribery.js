// The bribery panel, after the last round: protect, counterbribe, investigation entries.
import { h } from "../../dom.js";
import { capital, plural } from "../../text.js";
import { icon } from "../../ui/icons.js";
import { copyBadges } from "./board.js";
import { entriesStage } from "./entries.js";
import { billPicker } from "./pay.js";
import { evaluate } from "./payment.js";
import { smallestBill } from "./rules.js";
import { additionName, money } from "./text.js";

const STAGES = [
  ["bribe_protect", "Protect"],
  ["bribe_counter", "Counter"],
  ["bribe_entries", "Entries"],
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
        label,
      ),
    ),
  );
  let body;
  if (game.phase === "bribe_protect") body = protectStage(ctx);
  else if (game.phase === "bribe_counter") body = counterStage(ctx);
  else body = entriesStage(ctx);
  const doneList = h(
    "ul.picked",
    game.players.map((p) =>
      h(
        "li",
        { "data-key": `d${p.seat}`, class: p.done ? "ok" : null },
        p.done ? icon("check") : icon("clock"),
        h("span", ctx.nameOf(p.seat), p.seat === ctx.seat ? " (you)" : ""),
        h("span.visually-hidden", p.done ? " is done" : " is still deciding"),
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
    h("h2#bribery-title", { tabindex: "-1", "data-landing": "panel" }, "Bribery"),
    steps,
    body,
    opts.done
      ? h(
          "div.row.end",
          h(
            "button.primary",
            {
              type: "button",
              "data-action": "bribe-done",
              "data-testid": "bribe-done",
              disabled: ctx.pending,
            },
            "I'm done with this stage",
          ),
        )
      : ctx.me
        ? h(
            "p.note",
            { "data-testid": "bribe-waiting" },
            "You're done with this stage. It ends when everyone is done or time runs out.",
          )
        : null,
    h("h3.small-head", "Who is done"),
    doneList,
  );
}

function copyLabel(copy) {
  return `${additionName(copy.kind)} (round ${copy.round})`;
}

function protectStage(ctx) {
  const { game, opts, seat, ui } = ctx;
  const mine = game.copies
    .filter((c) => c.owner === seat)
    .sort((a, b) => Number(b.flagged) - Number(a.flagged));
  const legal = new Set(opts.protect ?? []);
  const intro = h(
    "p",
    "Pay at least ",
    h("strong", money(ctx.rules.protection_minimum)),
    " to protect one of your additions. If its type is investigated, a protected ",
    h("strong", "flagged"),
    " copy still scores 0, but you are not caught (disqualified). Clean copies can't get you " +
      "caught. Bribes are public.",
  );
  if (!ctx.me) return h("div", intro, protectionsList(ctx));
  const target = game.copies.find((c) => c.id === ui.target);
  if (target && opts.can_act) {
    const p = ctx.payment();
    const r = evaluate(p);
    return h(
      "div",
      intro,
      h(
        "div.checkout",
        { "data-testid": "protect-checkout" },
        h(
          "button.ghost.small.back",
          { type: "button", "data-action": "bribe-untarget", "data-focus": "checkout" },
          "← Choose another",
        ),
        h(
          "p",
          h("strong", `Protect your ${copyLabel(target)}`),
          target.protection > 0
            ? ` (already ${money(target.protection)}: any amount adds to it)`
            : "",
        ),
        billPicker({
          ...p,
          title: "Pay with",
          describe: (res) => ({
            tone: "exact",
            summary:
              `${money(res.printed)}: the protection becomes ` +
              `${money(res.printed + target.protection)}. Cancelling it will cost at least ` +
              "that much.",
          }),
        }),
        h(
          "button.primary",
          {
            type: "button",
            "data-action": "confirm-protect",
            "data-testid": "confirm-protect",
            disabled: !r.ok || ctx.pending,
          },
          r.ok ? `Pay ${money(r.printed)} to protect it` : "Protect",
        ),
      ),
    );
  }
  const flagged = mine.filter((c) => c.flagged);
  const clean = mine.filter((c) => !c.flagged);
  const cash = ctx.me.wallet_total;
  const why = (c) => {
    if (c.email_protected) return "Protected by Anonymous Email";
    const least = c.protection > 0 ? smallestBill(ctx.rules) : ctx.rules.protection_minimum;
    return `Needs ${money(least)}; you have ${money(cash)}`;
  };
  return h(
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
                    c.protection > 0 ? "Add more" : "Protect",
                  )
                : h("span.small.muted", why(c)),
            ),
          ),
        )
      : h(
          "p.note",
          mine.length
            ? "None of your additions is flagged, so none of them can get you caught."
            : "You own no additions, so there is nothing to protect.",
        ),
    clean.length
      ? h(
          "p.small.muted",
          `Your ${plural(clean.length, "clean addition")} can't get you caught, so they need ` +
            "no protection.",
        )
      : null,
    protectionsList(ctx),
  );
}

function protectionsList(ctx) {
  const protectedCopies = ctx.game.copies.filter((c) => c.protection > 0);
  if (!protectedCopies.length) return h("p.small.muted", "No protections bought yet.");
  return h(
    "div",
    h("h3.small-head", "Protections so far"),
    h(
      "ul.copy-actions",
      protectedCopies.map((c) =>
        h(
          "li",
          { "data-key": `pp${c.id}` },
          h("span.copy-name", `${capital(ctx.who(c.owner))}: ${copyLabel(c)}`),
          h("span.copy-tags", copyBadges(c)),
        ),
      ),
    ),
  );
}

function counterStage(ctx) {
  const { game, opts, ui } = ctx;
  const offers = opts.counter ?? [];
  const intro = h(
    "p",
    "Pay at least a protection's amount to cancel it: that player can be caught again. You " +
      "can't cancel your own; each protection can be cancelled once. Anonymous Email's free " +
      "protection can't be cancelled.",
  );
  const target = offers.find((o) => o.copy === ui.target);
  if (target && opts.can_act) {
    const copy = game.copies.find((c) => c.id === target.copy);
    const p = ctx.payment();
    const r = evaluate(p);
    return h(
      "div",
      intro,
      h(
        "div.checkout",
        { "data-testid": "counter-checkout" },
        h(
          "button.ghost.small.back",
          { type: "button", "data-action": "bribe-untarget", "data-focus": "checkout" },
          "← Choose another",
        ),
        h(
          "p",
          h("strong", `Cancel ${ctx.nameOf(copy.owner)}'s protection on ${copyLabel(copy)}`),
          ` (at least ${money(target.amount)})`,
        ),
        billPicker({ ...p, title: "Pay with" }),
        h(
          "button.primary",
          {
            type: "button",
            "data-action": "confirm-counter",
            "data-testid": "confirm-counter",
            disabled: !r.ok || ctx.pending,
          },
          r.ok ? `Pay ${money(r.printed)} to cancel it` : "Cancel the protection",
        ),
      ),
    );
  }
  const others = game.copies.filter((c) => c.protection > 0 && c.owner !== ctx.seat);
  const legal = new Map(offers.map((o) => [o.copy, o]));
  return h(
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
                    `Cancel · ${money(legal.get(c.id).amount)}+`,
                  )
                : h(
                    "span.small.muted",
                    c.countered ? "Already cancelled" : ctx.me ? "Not enough money" : "",
                  ),
            ),
          ),
        )
      : h("p.muted", "Nobody else bought a protection, so there is nothing to cancel."),
  );
}
