// The action panel for the open window: the draft here; Seniority and the Alarm (vault.js),
// purchases (purchase.js) and bribery (bribery.js) in their own modules.
// Every choice offered comes from me.options; anything else is shown disabled with a reason.
import { h } from "../../dom.js";
import { capital } from "../../text.js";
import { icon } from "../../ui/icons.js";
import { help, panel } from "../../ui/panel.js";
import { briberyPanel } from "./bribery.js";
import { purchasePanel } from "./purchase.js";
import { money } from "./text.js";
import { alarmPanel, seniorityPanel } from "./vault.js";
import { g } from "./words.js";

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

// ------------------------------------------------------------------ draft

/** Broken Machine is table-wide and can't be undone: the first press asks, the second acts. */
function brokenMachine(ctx) {
  if (ctx.ui.confirmBroken !== ctx.game.window?.id) {
    return h(
      "button.special",
      {
        type: "button",
        "data-action": "broken-machine",
        "data-testid": "broken-machine",
        disabled: ctx.pending,
      },
      h("strong", g("weapons.broken_machine.name")),
      h("span.small", g("draft.broken.button")),
    );
  }
  return h(
    "div.confirm",
    {
      role: "alertdialog",
      "aria-labelledby": "broken-title",
      "aria-describedby": "broken-text",
      "data-testid": "broken-confirm",
    },
    h("strong#broken-title", g("draft.broken.confirm_title")),
    h("p#broken-text.small", g("draft.broken.confirm_text")),
    h(
      "div.row",
      h(
        "button.primary",
        {
          type: "button",
          "data-action": "broken-machine-confirm",
          "data-testid": "broken-machine-confirm",
          "data-focus": "confirm",
          disabled: ctx.pending,
        },
        g("draft.broken.yes"),
      ),
      h(
        "button",
        {
          type: "button",
          "data-action": "broken-machine-cancel",
          "data-testid": "broken-machine-cancel",
        },
        g("draft.broken.cancel"),
      ),
    ),
  );
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
  return h(
    "p.note.notice",
    { "data-key": `redeal${index}`, "data-testid": "redeal-notice", role: "status" },
    icon("broken"),
    ` ${
      entry.seat === ctx.seat && !ctx.replay
        ? g("draft.redealt.you")
        : g("draft.redealt.named", { name: capital(ctx.who(entry.seat)) })
    }`,
  );
}

function draftPanel(ctx) {
  const { game, me, opts } = ctx;
  const acting = !!opts.can_act;
  const selection = me?.selection ?? null;
  const selectable = new Set(opts.select ?? []);
  const bills = game.display.map((b) => {
    const mine = selection === b.card;
    return h(
      "button.bill.big.own-look",
      {
        type: "button",
        "data-key": `d${b.card}`,
        "data-action": "select-bill",
        "data-card": b.card,
        "data-testid": `draft-bill-${b.card}`,
        "aria-pressed": mine ? "true" : "false",
        "aria-label": g(mine ? "draft.bill_mine" : "draft.bill", { value: money(b.value) }),
        disabled: !acting || ctx.pending || !(selectable.has(b.card) || (mine && opts.clear)),
      },
      h("span.bill-value", money(b.value)),
      mine ? h("span.bill-note", icon("check"), g("draft.your_pick")) : null,
    );
  });
  const lfPicked = selection === "lost_and_found";
  const extras = [];
  if (opts.lost_and_found || lfPicked) {
    extras.push(
      h(
        "button.special",
        {
          type: "button",
          "data-action": lfPicked ? "clear-selection" : "lost-and-found",
          "data-testid": "lost-and-found",
          "aria-pressed": lfPicked ? "true" : "false",
          disabled: ctx.pending,
        },
        h("strong", g("weapons.lost_and_found.name")),
        h("span.small", g(lfPicked ? "draft.lost_found_picked" : "draft.lost_found")),
      ),
    );
  }
  if (opts.broken_machine) extras.push(brokenMachine(ctx));
  const picked = game.players.map((p) =>
    h(
      "li",
      {
        "data-key": `p${p.seat}`,
        "data-testid": `picked-${p.seat}`,
        class: p.has_selected ? "ok" : null,
      },
      p.has_selected ? icon("check") : icon("clock"),
      h("span", ctx.waitName(p.seat), p.seat === ctx.seat ? ` ${g("board.you")}` : ""),
      h("span.visually-hidden", ` ${g(p.has_selected ? "draft.has_picked" : "draft.choosing")}`),
    ),
  );
  const onTable = g("units.bills", { count: game.display.length });
  return panel(
    "draft-panel",
    g(me ? "draft.title" : "draft.title_watching", { bills: onTable }),
    redealNotice(ctx),
    h("div.display", { role: "group", "aria-label": g("draft.display") }, bills),
    extras.length ? h("div.specials", extras) : null,
    acting && opts.clear && !lfPicked
      ? h(
          "button.ghost.small",
          {
            type: "button",
            "data-action": "clear-selection",
            "data-testid": "clear-selection",
            disabled: ctx.pending,
          },
          g("draft.clear"),
        )
      : null,
    h("h3.small-head", g("draft.who_picked")),
    h("ul.picked", picked),
    help(g("draft.help")),
  );
}
