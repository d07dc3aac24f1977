// Doing the laundry: the washing player's Program and its stain limits beside the running
// count (GWASH-3), the cards drawn, the odds that the next draw fails, and draw / stop /
// Potion (GWASH-6, GPOTION-1); after a failure, the card to keep (GWASH-5).
import { h } from "../../dom.js";
import { capital, list, plural } from "../../text.js";
import { icon } from "../../ui/icons.js";
import { help, panel } from "../../ui/panel.js";
import { cardButton, cardRow, programTile } from "./cards.js";
import { laundryOdds, percent } from "./odds.js";
import { STAIN_NAMES } from "./text.js";

/** Limit against count, one row per stain type; a type over its limit says so in words. */
function stainMeter(laundry) {
  const rows = Object.keys(STAIN_NAMES).map((type) => {
    const limit = laundry.limits[type];
    const count = laundry.counts[type];
    const ignored = limit === null || limit === undefined;
    const over = !ignored && count > limit;
    const state = ignored
      ? "ignored"
      : over
        ? "over the limit!"
        : count === limit
          ? "at the limit"
          : `${limit - count} more fit`;
    return h(
      "tr",
      {
        "data-key": type,
        "data-testid": `meter-${type}`,
        class: [`stain-row-${type}`, over ? "over" : null, ignored ? "ignored" : null],
      },
      h(
        "th",
        { scope: "row" },
        h(`span.stain.stain-${type}`, { "aria-hidden": "true" }, STAIN_NAMES[type][0]),
        ` ${STAIN_NAMES[type]}`,
      ),
      h("td.num", ignored ? "—" : String(count)),
      h("td.num", ignored ? "—" : String(limit)),
      h("td", over ? h("strong", icon("flag"), ` ${state}`) : state),
    );
  });
  return h(
    "table.meter",
    { "data-testid": "stain-meter" },
    h("caption.visually-hidden", "Stains counted against the Program's limits"),
    h(
      "thead",
      h(
        "tr",
        h("th", { scope: "col" }, "Stain"),
        h("th.num", { scope: "col" }, "Count"),
        h("th.num", { scope: "col" }, "Limit"),
        h("th", { scope: "col" }, h("span.visually-hidden", "Status")),
      ),
    ),
    h("tbody", rows),
  );
}

/** How the odds were reached, and the known cards; for a watcher, the odds themselves too
 * (the washer reads them in the decision bar, beside Draw). */
function oddsLine(ctx, odds, mine, deciding) {
  if (!odds || odds.fail === null) return null;
  const basis = odds.certain
    ? `You know every card left in ${mine ? "your" : "the"} Basket.`
    : mine
      ? `You know ${odds.known} of the ${plural(odds.known + odds.unknown, "card")} in your ` +
        "Basket; the others are estimated from the cards you haven't seen."
      : `An estimate from the ${plural(odds.known + odds.unknown, "card")} in the Basket and ` +
        "the cards you haven't seen.";
  const known = mine
    ? (ctx.me.basket_known ?? [])
    : (ctx.game.players[ctx.game.laundry.seat].market_picks ?? []);
  return h(
    "div.odds-line",
    { "data-testid": "fail-odds" },
    deciding ? null : h("p", h("strong", `Chance the next draw fails: ${percent(odds.fail)}`)),
    deciding ? null : oddsBar(odds),
    h("p.small.muted", basis),
    known.length
      ? h(
          "details.known",
          { "data-key": "known" },
          h(
            "summary",
            `The ${plural(known.length, "card")} known to be in ${mine ? "your" : "the"} Basket`,
          ),
          cardRow(ctx, known, { label: "Cards known to be in the Basket" }),
        )
      : null,
  );
}

function oddsBar(odds) {
  return h(
    "div.odds-bar",
    { "aria-hidden": "true" },
    h("span", { style: { width: `${Math.round((odds?.fail ?? 0) * 100)}%` } }),
  );
}

/** What each choice does, in the panel: the bar beside the buttons keeps to a few words. */
function choicesNote(ctx) {
  const up = ctx.game.laundry.drawn.length;
  const potion = ctx.opts.draw_with_potion;
  return h(
    "ul.choices-note.small.muted",
    { "data-testid": "choices-note" },
    h(
      "li",
      "Draw: the next card from your Basket; if a stain type goes over its limit, the " +
        "laundry fails and you keep one card.",
    ),
    potion
      ? h(
          "li",
          "Draw with the Stain Potion: the next card counts no stains, so it can't fail. " +
            "Once per game; an unused Potion is worth 3 Coins at the end.",
        )
      : null,
    h("li", `Stop: secure ${plural(up, "card")} in your Score Zone; the Program is lost.`),
  );
}

// The decision bar sticks to the bottom of the screen, so the choice and its odds are in
// sight however many cards are drawn (issue 30: with 4+ up they were below the fold). Draw and
// Stop look alike: the styling must not push a risk; the odds sit beside Draw instead.
function decisions(ctx, odds) {
  const { opts, game } = ctx;
  const up = game.laundry.drawn.length;
  const disabled = ctx.pending;
  const potion = opts.draw_with_potion || game.players[ctx.seat]?.potion === "unused";
  return h(
    "div.decision-bar",
    {
      role: "group",
      "aria-label": "Your decision",
      "data-testid": "decision-bar",
      class: potion ? "three" : null,
    },
    h(
      "div.decision-odds",
      { id: "decision-odds", "data-testid": "decision-odds" },
      h("strong", `Next draw fails: ${odds && odds.fail !== null ? percent(odds.fail) : "?"}`),
      oddsBar(odds),
    ),
    h(
      "button.decide",
      {
        type: "button",
        "data-action": "draw",
        "data-testid": "draw",
        "aria-describedby": "decision-odds",
        disabled: disabled || !opts.draw,
      },
      h("strong", "Draw"),
      h("span.small", "a card"),
    ),
    potion
      ? h(
          "button.decide.special",
          {
            type: "button",
            "data-action": "draw-potion",
            "data-testid": "draw-potion",
            disabled: disabled || !opts.draw_with_potion,
          },
          h("strong", "Potion draw"),
          h("span.small", "can't fail"),
        )
      : null,
    h(
      "button.decide",
      {
        type: "button",
        "data-action": "stop",
        "data-testid": "stop",
        disabled: disabled || !opts.stop,
      },
      h("strong", "Stop"),
      h("span.small", `secure ${plural(up, "card")}`),
    ),
  );
}

export function laundryPanel(ctx) {
  const { game, opts } = ctx;
  const laundry = game.laundry;
  if (!laundry) return null;
  const washer = laundry.seat;
  const mine = washer === ctx.seat && !ctx.replay;
  const odds = laundry.failed ? null : laundryOdds(game);
  const keeping = game.window?.kind === "keep";
  const deciding = mine && !keeping && !!opts.can_act;
  const title = mine ? "Your laundry" : `${capital(ctx.nameOf(washer))}'s laundry`;
  return panel(
    "laundry-panel",
    title,
    h(
      "div.laundry-top",
      h(
        "ul.programs",
        { "aria-label": "The Program in the machine" },
        programTile(ctx, laundry.program, "", { active: true, key: "active" }),
      ),
      h(
        "p.drawn-count",
        { "data-testid": "drawn-count" },
        `${laundry.drawn.length} of ${laundry.cycle} cards drawn`,
        h("span.small.muted", " (the Cycle: reach it and the laundry is complete)"),
      ),
    ),
    stainMeter(laundry),
    h("h3.small-head", "Drawn in this laundry"),
    cardRow(ctx, laundry.drawn, {
      label: "Cards drawn in this laundry",
      testid: "drawn",
      covered: laundry.covered,
    }),
    laundry.failed ? failedNote(ctx, laundry, mine) : oddsLine(ctx, odds, mine, deciding),
    keeping ? keepChoice(ctx, laundry, mine) : null,
    deciding ? choicesNote(ctx) : null,
    deciding ? decisions(ctx, odds) : null,
    !mine && !keeping && !laundry.failed
      ? h(
          "p.small.muted",
          `${capital(ctx.nameOf(washer))} decides: draw another card, use the Stain Potion, ` +
            "or stop.",
        )
      : null,
    orderLine(ctx),
    help(
      "Cards come off the top of the Basket one at a time. After each draw the stains on the " +
        "face-up cards are counted for each type the Program limits; one type over its limit " +
        "and the laundry fails: you keep one card and lose the rest and the Program. Reach the " +
        "Program's Cycle and it is complete: the cards and the Program score. You may stop " +
        "before that: the cards score, the Program doesn't.",
    ),
  );
}

function failedNote(ctx, laundry, mine) {
  const over = Object.keys(STAIN_NAMES).filter(
    (t) => laundry.limits[t] !== null && laundry.counts[t] > laundry.limits[t],
  );
  // Not a live region: the "Just now" line (game.js) already says it, with the draw.
  return h(
    "p.note.failed",
    { "data-testid": "failed-note" },
    icon("flag"),
    ` ${mine ? "Your" : `${capital(ctx.nameOf(laundry.seat))}'s`} laundry failed: too much ` +
      `${list(over.map((t) => STAIN_NAMES[t]))}.`,
  );
}

function keepChoice(ctx, laundry, mine) {
  const allowed = new Set(ctx.opts.keep ?? []);
  if (!mine || !ctx.opts.can_act) {
    return h(
      "p.small.muted",
      { "data-testid": "keep-wait" },
      `${capital(ctx.nameOf(laundry.seat))} keeps one of these cards; the others and the ` +
        "Program are out of the game.",
    );
  }
  return h(
    "div.keep",
    { "data-testid": "keep-panel" },
    h("h3", "Keep one card"),
    h(
      "p.small",
      "It goes to your Score Zone. The other cards and the Program are out of the game.",
    ),
    h(
      "div.hand",
      { role: "group", "aria-label": "Cards you may keep" },
      laundry.drawn.map((id) =>
        cardButton(ctx, id, {
          action: "keep",
          testid: `keep-${id}`,
          disabled: ctx.pending || !allowed.has(id),
        }),
      ),
    ),
  );
}

/** This round's laundry order, the one washing now marked (GWASH-1). */
function orderLine(ctx) {
  const { game } = ctx;
  const now = game.laundry?.seat;
  const at = game.order.indexOf(now);
  return h(
    "ol.order",
    { "aria-label": "Laundry order this round", "data-testid": "laundry-order" },
    game.order.map((s, i) =>
      h(
        "li",
        { "data-key": `o${s}`, class: s === now ? "now" : i < at ? "done" : null },
        i < at ? icon("check") : s === now ? icon("dot") : icon("clock"),
        h("span", ctx.nameOf(s), s === ctx.seat && !ctx.replay ? " (you)" : ""),
        h("span.visually-hidden", s === now ? " washing now" : i < at ? " done" : " still to wash"),
      ),
    ),
  );
}
