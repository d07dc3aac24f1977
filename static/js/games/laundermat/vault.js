// The panels of a draft's collisions: Seniority (a collided owner may claim the bill) and the
// Alarm (a Vault raid that sounded it may buy a flagged addition or discard the bill).
import { h } from "../../dom.js";
import { list } from "../../i18n.js";
import { capital } from "../../text.js";
import { icon } from "../../ui/icons.js";
import { panel } from "../../ui/panel.js";
import { billPicker } from "./pay.js";
import { evaluate } from "./payment.js";
import { ADDITION_ORDER, additionName, money, points } from "./text.js";
import { g, rich } from "./words.js";

// ------------------------------------------------------------------ Seniority

export function seniorityPanel(ctx) {
  const { game, opts, seat } = ctx;
  const actor = game.window.actors[0];
  const collision = game.collisions.find((c) => c.seats.includes(actor));
  if (!opts.seniority) {
    return panel(
      "seniority-panel",
      g("weapons.seniority.name"),
      h(
        "p",
        g("vault.seniority_waiting", {
          name: capital(ctx.who(actor)),
          value: collision ? money(collision.value) : g("vault.a_bill"),
        }),
      ),
    );
  }
  const others = collision ? collision.seats.filter((s) => s !== seat) : [];
  return panel(
    "seniority-panel",
    g("vault.seniority_title"),
    h(
      "p",
      rich(h, "vault.collided_with", {
        names: list(others.map(ctx.nameOf)),
        bill: h("span.bill-chip", collision ? money(collision.value) : "?"),
      }),
    ),
    h("p", g("vault.seniority_text")),
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
        g("vault.claim", { value: collision ? money(collision.value) : "" }),
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
        g("vault.decline"),
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
      g("phases.alarm.title"),
      h(
        "p",
        h("strong.alarm-text", icon("bell"), ` ${g("moments.alarm_word")} `),
        g("vault.alarm_waiting", {
          name: capital(ctx.who(alarm?.seat)),
          value: alarm ? money(alarm.value) : "",
        }),
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
    g("vault.alarm_title"),
    h("p", rich(h, "vault.sounded", { bill: h("span.bill-chip.clash", money(alarm.value)) })),
    h("p", rich(h, "vault.alarm_text")),
    h("h3.small-head", g("vault.step1")),
    h("div.choices", types),
    opts.alarm_types.length < ADDITION_ORDER.length
      ? h("p.small.muted", g("vault.only_affordable"))
      : null,
    ui.alarmType
      ? [h("h3.small-head", g("vault.step2")), billPicker({ ...p, title: g("vault.plus") })]
      : null,
    h(
      "div.action-foot",
      h(
        "button.primary",
        {
          type: "button",
          "data-action": "alarm-buy",
          "data-testid": "alarm-buy",
          disabled: !ui.alarmType || !result?.ok || ctx.pending,
        },
        ui.alarmType
          ? g("vault.buy", { addition: additionName(ui.alarmType) })
          : g("vault.buy_first"),
      ),
      h(
        "button",
        {
          type: "button",
          "data-action": "alarm-discard",
          "data-testid": "alarm-discard",
          disabled: ctx.pending,
        },
        g("vault.discard"),
      ),
    ),
  );
}
