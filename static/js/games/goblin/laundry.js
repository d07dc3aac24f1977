// Doing the laundry: the washing player's Program and its stain limits beside the running
// count (GWASH-3), the cards drawn, the odds that the next draw fails, and draw / stop /
// Potion (GWASH-6, GPOTION-1); after a failure, the card to keep (GWASH-5).
import { h } from "../../dom.js";
import { list } from "../../i18n.js";
import { capital } from "../../text.js";
import { icon } from "../../ui/icons.js";
import { help, panel } from "../../ui/panel.js";
import { cardButton, cardRow, programTile } from "./cards.js";
import { laundryOdds, percent } from "./odds.js";
import { coins, g, STAIN_KEYS, stainLetter, stainName } from "./text.js";

/** Limit against count, one row per stain type; a type over its limit says so in words. */
function stainMeter(laundry) {
  const rows = STAIN_KEYS.map((type) => {
    const limit = laundry.limits[type];
    const count = laundry.counts[type];
    const ignored = limit === null || limit === undefined;
    const over = !ignored && count > limit;
    const state = ignored
      ? g("laundry.ignored")
      : over
        ? g("laundry.over")
        : count === limit
          ? g("laundry.atLimit")
          : g("laundry.moreFit", { count: limit - count });
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
        h(`span.stain.stain-${type}`, { "aria-hidden": "true" }, stainLetter(type)),
        ` ${stainName(type)}`,
      ),
      h("td.num", ignored ? "—" : String(count)),
      h("td.num", ignored ? "—" : String(limit)),
      h("td", over ? h("strong", icon("flag"), ` ${state}`) : state),
    );
  });
  return h(
    "table.meter",
    { "data-testid": "stain-meter" },
    h("caption.visually-hidden", g("laundry.meterCaption")),
    h(
      "thead",
      h(
        "tr",
        h("th", { scope: "col" }, g("laundry.stain")),
        h("th.num", { scope: "col" }, g("laundry.count")),
        h("th.num", { scope: "col" }, g("laundry.limit")),
        h("th", { scope: "col" }, h("span.visually-hidden", g("laundry.status"))),
      ),
    ),
    h("tbody", rows),
  );
}

/** How the odds were reached, and the known cards; for a watcher, the odds themselves too
 * (the washer reads them in the decision bar, beside Draw). */
function oddsLine(ctx, odds, mine, deciding) {
  if (!odds || odds.fail === null) return null;
  const total = odds.known + odds.unknown;
  const basis = odds.certain
    ? g(mine ? "laundry.certainYours" : "laundry.certainTheirs")
    : mine
      ? g("laundry.estimateYours", { known: odds.known, count: total })
      : g("laundry.estimateTheirs", { count: total });
  const known = mine
    ? (ctx.me.basket_known ?? [])
    : (ctx.game.players[ctx.game.laundry.seat].market_picks ?? []);
  return h(
    "div.odds-line",
    { "data-testid": "fail-odds" },
    deciding ? null : h("p", h("strong", g("laundry.chance", { percent: percent(odds.fail) }))),
    deciding ? null : oddsBar(odds),
    h("p.small.muted", basis),
    known.length
      ? h(
          "details.known",
          { "data-key": "known" },
          h(
            "summary",
            g(mine ? "laundry.knownYours" : "laundry.knownTheirs", { count: known.length }),
          ),
          cardRow(ctx, known, { label: g("laundry.knownLabel") }),
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
    h("li", g("laundry.noteDraw")),
    potion ? h("li", g("laundry.notePotion", { coins: coins(ctx.rules.potion_coins ?? 3) })) : null,
    h("li", g("laundry.noteStop", { count: up })),
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
      "aria-label": g("laundry.yourDecision"),
      "data-testid": "decision-bar",
      class: potion ? "three" : null,
    },
    h(
      "div.decision-odds",
      // The chance as a number, for tools and tests that read it in any language.
      { id: "decision-odds", "data-testid": "decision-odds", "data-fail": odds?.fail ?? "" },
      h(
        "strong",
        g("laundry.nextFails", { percent: odds && odds.fail !== null ? percent(odds.fail) : "?" }),
      ),
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
      h("strong", g("laundry.draw")),
      h("span.small", g("laundry.aCard")),
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
          h("strong", g("laundry.potionDraw")),
          h("span.small", g("laundry.cantFail")),
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
      h("strong", g("laundry.stop")),
      h("span.small", g("laundry.secure", { count: up })),
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
  const title = mine
    ? g("laundry.titleYours")
    : g("laundry.titleOf", { name: capital(ctx.nameOf(washer)) });
  return panel(
    "laundry-panel",
    title,
    h(
      "div.laundry-top",
      h(
        "ul.programs",
        { "aria-label": g("laundry.inMachine") },
        programTile(ctx, laundry.program, "", { active: true, key: "active" }),
      ),
      h(
        "p.drawn-count",
        { "data-testid": "drawn-count" },
        g("laundry.drawnCount", { drawn: laundry.drawn.length, count: laundry.cycle }),
        h("span.small.muted", ` ${g("laundry.cycleNote")}`),
      ),
    ),
    stainMeter(laundry),
    h("h3.small-head", g("laundry.drawnHead")),
    cardRow(ctx, laundry.drawn, {
      label: g("laundry.drawnLabel"),
      testid: "drawn",
      covered: laundry.covered,
    }),
    laundry.failed ? failedNote(ctx, laundry, mine) : oddsLine(ctx, odds, mine, deciding),
    keeping ? keepChoice(ctx, laundry, mine) : null,
    deciding ? choicesNote(ctx) : null,
    deciding ? decisions(ctx, odds) : null,
    !mine && !keeping && !laundry.failed
      ? h("p.small.muted", g("laundry.decides", { name: capital(ctx.nameOf(washer)) }))
      : null,
    orderLine(ctx),
    help(g("laundry.help")),
  );
}

function failedNote(ctx, laundry, mine) {
  const over = STAIN_KEYS.filter(
    (t) => laundry.limits[t] !== null && laundry.counts[t] > laundry.limits[t],
  );
  // Not a live region: the "Just now" line (game.js) already says it, with the draw.
  return h(
    "p.note.failed",
    { "data-testid": "failed-note" },
    icon("flag"),
    ` ${
      mine
        ? g("laundry.failedYours", { stains: list(over.map(stainName)) })
        : g("laundry.failedOf", {
            name: capital(ctx.nameOf(laundry.seat)),
            stains: list(over.map(stainName)),
          })
    }`,
  );
}

function keepChoice(ctx, laundry, mine) {
  const allowed = new Set(ctx.opts.keep ?? []);
  if (!mine || !ctx.opts.can_act) {
    return h(
      "p.small.muted",
      { "data-testid": "keep-wait" },
      g("laundry.keepWait", { name: capital(ctx.nameOf(laundry.seat)) }),
    );
  }
  return h(
    "div.keep",
    { "data-testid": "keep-panel" },
    h("h3", g("laundry.keepTitle")),
    h("p.small", g("laundry.keepNote")),
    h(
      "div.hand",
      { role: "group", "aria-label": g("laundry.keepLabel") },
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
    { "aria-label": g("laundry.order"), "data-testid": "laundry-order" },
    game.order.map((s, i) =>
      h(
        "li",
        { "data-key": `o${s}`, class: s === now ? "now" : i < at ? "done" : null },
        i < at ? icon("check") : s === now ? icon("dot") : icon("clock"),
        h("span", ctx.nameOf(s), s === ctx.seat && !ctx.replay ? ` ${g("table.you")}` : ""),
        h(
          "span.visually-hidden",
          ` ${g(s === now ? "laundry.washingNow" : i < at ? "laundry.done" : "laundry.toWash")}`,
        ),
      ),
    ),
  );
}
