// The action panel for the open window: the draft here; Seniority and the Alarm (vault.js),
// purchases (purchase.js) and bribery (bribery.js) in their own modules.
// Every choice offered comes from me.options; anything else is shown disabled with a reason.
import { h } from "../../dom.js";
import { capital, plural } from "../../text.js";
import { icon } from "../../ui/icons.js";
import { help, panel } from "../../ui/panel.js";
import { briberyPanel } from "./bribery.js";
import { purchasePanel } from "./purchase.js";
import { money } from "./text.js";
import { alarmPanel, seniorityPanel } from "./vault.js";

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
      h("strong", "Broken Machine"),
      h("span.small", "Redeal the table and restart the draft for everyone (once per game)."),
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
    h("strong#broken-title", "Use Broken Machine?"),
    h(
      "p#broken-text.small",
      "Every bill on the table goes away, a fresh table is dealt and everyone picks again. " +
        "You can't undo it, and it works once per game.",
    ),
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
        "Yes, redeal the table",
      ),
      h(
        "button",
        {
          type: "button",
          "data-action": "broken-machine-cancel",
          "data-testid": "broken-machine-cancel",
        },
        "Cancel",
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
    ` ${capital(ctx.who(entry.seat))} used Broken Machine: this is a fresh table and the ` +
      "draft started again. Pick again.",
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
        "aria-label": `${money(b.value)} bill${mine ? ", your pick (press again to clear)" : ""}`,
        disabled: !acting || ctx.pending || !(selectable.has(b.card) || (mine && opts.clear)),
      },
      h("span.bill-value", money(b.value)),
      mine ? h("span.bill-note", icon("check"), "your pick") : null,
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
        h("strong", "Lost and Found"),
        h(
          "span.small",
          lfPicked
            ? "You picked a hidden bill from the deck. Press to put it back."
            : "Take a hidden bill from the deck instead (once per game).",
        ),
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
      h("span", ctx.waitName(p.seat), p.seat === ctx.seat ? " (you)" : ""),
      h("span.visually-hidden", p.has_selected ? " has picked" : " is still choosing"),
    ),
  );
  const onTable = plural(game.display.length, "bill");
  return panel(
    "draft-panel",
    me ? `Pick a bill (${onTable} on the table)` : `The draft (${onTable} on the table)`,
    redealNotice(ctx),
    h("div.display", { role: "group", "aria-label": "Bills on the table" }, bills),
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
          "Clear my pick",
        )
      : null,
    h("h3.small-head", "Who has picked"),
    h("ul.picked", picked),
    help(
      "Everyone picks at the same time and nobody sees what the others chose. A bill picked " +
        "by only one player goes to that player, and only players who collect a bill this " +
        "round may buy something. If two or more players pick the same bill, nobody gets it: " +
        "it goes to the Vault, and each of them raids the Vault instead: a random secret bill, " +
        "but a die roll may sound the Alarm.",
    ),
  );
}
