// The panels of a draft's collisions: Seniority (a collided owner may claim the bill) and the
// Alarm (a Vault raid that sounded it may buy a flagged addition or discard the bill).
import { h } from "../../dom.js";
import { capital, list } from "../../text.js";
import { icon } from "../../ui/icons.js";
import { panel } from "../../ui/panel.js";
import { billPicker } from "./pay.js";
import { evaluate } from "./payment.js";
import { ADDITION_ORDER, additionName, money, points } from "./text.js";

// ------------------------------------------------------------------ Seniority

export function seniorityPanel(ctx) {
  const { game, opts, seat } = ctx;
  const actor = game.window.actors[0];
  const collision = game.collisions.find((c) => c.seats.includes(actor));
  if (!opts.seniority) {
    return panel(
      "seniority-panel",
      "Seniority",
      h(
        "p",
        `${capital(ctx.who(actor))} collided on ` +
          `${collision ? money(collision.value) : "a bill"} and owns Seniority: they may claim ` +
          "the bill for themselves. Waiting for their decision.",
      ),
    );
  }
  const others = collision ? collision.seats.filter((s) => s !== seat) : [];
  return panel(
    "seniority-panel",
    "Use Seniority?",
    h(
      "p",
      `You collided with ${list(others.map(ctx.nameOf))} on a `,
      h("span.bill-chip", collision ? money(collision.value) : "?"),
      " bill.",
    ),
    h(
      "p",
      "Claim it and it's yours (and you may buy this round); the others get nothing from " +
        "this collision. Decline and everyone who collided raids the Vault as usual. Seniority " +
        "works once per game.",
    ),
    h(
      "div.row",
      h(
        "button.primary",
        {
          type: "button",
          "data-action": "seniority",
          "data-claim": "true",
          "data-testid": "seniority-claim",
          disabled: ctx.pending,
        },
        `Claim the ${collision ? money(collision.value) : ""} bill`,
      ),
      h(
        "button",
        {
          type: "button",
          "data-action": "seniority",
          "data-claim": "false",
          "data-testid": "seniority-decline",
          disabled: ctx.pending,
        },
        "Decline",
      ),
    ),
  );
}

// ------------------------------------------------------------------ Alarm

export function alarmPanel(ctx) {
  const { game, opts, ui } = ctx;
  const alarm = game.alarm;
  if (!opts.alarm_types) {
    return panel(
      "alarm-panel",
      "Alarm!",
      h(
        "p",
        h("strong.alarm-text", icon("bell"), " ALARM "),
        `${capital(ctx.who(alarm?.seat))} pulled a ${alarm ? money(alarm.value) : ""} bill ` +
          "from the Vault and the Alarm went off. They may spend it on a flagged addition or " +
          "discard it.",
      ),
    );
  }
  const p = ctx.payment();
  const result = p && ui.alarmType ? evaluate(p) : null;
  const types = opts.alarm_types.map((kind) =>
    h(
      "button.choice",
      {
        type: "button",
        "data-key": kind,
        "data-action": "alarm-type",
        "data-kind": kind,
        "data-testid": `alarm-type-${kind}`,
        "aria-pressed": ui.alarmType === kind ? "true" : "false",
      },
      h("strong", additionName(kind)),
      h(
        "span.small",
        `${money(game.market.find((m) => m.kind === kind).cost)} · ` +
          `${points(game.market.find((m) => m.kind === kind).points)}`,
      ),
    ),
  );
  return panel(
    "alarm-panel",
    "Alarm! Your Vault raid was caught",
    h(
      "p",
      "Your Vault bill ",
      h("span.bill-chip.clash", money(alarm.value)),
      " sounded the Alarm. Everyone knows about it now.",
    ),
    h(
      "p",
      "You may spend it (plus any of your bills) on one addition. That copy will be ",
      h("strong", "flagged"),
      ": if its type is investigated at the end, it scores nothing and you are caught unless " +
        "you protect it. Or discard the bill.",
    ),
    h("h3.small-head", "1. Choose an addition"),
    h("div.choices", types),
    opts.alarm_types.length < ADDITION_ORDER.length
      ? h(
          "p.small.muted",
          "Only additions you can afford are offered. If you already own a flagged type, you " +
            "must choose a different type when you can afford one.",
        )
      : null,
    ui.alarmType
      ? [
          h("h3.small-head", "2. Add bills if needed"),
          billPicker({ ...p, title: "The Alarm bill plus" }),
        ]
      : null,
    h(
      "div.row",
      h(
        "button.primary",
        {
          type: "button",
          "data-action": "alarm-buy",
          "data-testid": "alarm-buy",
          disabled: !ui.alarmType || !result?.ok || ctx.pending,
        },
        ui.alarmType
          ? `Buy ${additionName(ui.alarmType)} (flagged)`
          : "Buy (choose an addition first)",
      ),
      h(
        "button",
        {
          type: "button",
          "data-action": "alarm-discard",
          "data-testid": "alarm-discard",
          disabled: ctx.pending,
        },
        "Discard the Alarm bill",
      ),
    ),
  );
}
