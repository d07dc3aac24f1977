// Filling the Baskets: the pick-and-pass (your hand, where it goes next, who has picked;
// GFILL-1..3) and, with 2 players, the market (GMARKET-1..2). Choices come from me.options.
import { h } from "../../dom.js";
import { icon } from "../../ui/icons.js";
import { help, panel } from "../../ui/panel.js";
import { cardButton, cardRow } from "./cards.js";
import { directionWords, g, limitWords, neighbour, programOf, speciesName } from "./text.js";

/** Where hands go after this pick, from the viewer's seat (or in general for a spectator). */
function passLine(ctx) {
  const { game } = ctx;
  const n = game.players.length;
  const dir = directionWords(game.direction);
  if (ctx.seat === null) return g("fill.passGeneral", { direction: dir });
  const next = neighbour(ctx.seat, game.direction, n);
  const from = neighbour(ctx.seat, game.direction === "cw" ? "ccw" : "cw", n);
  const size = ctx.me.hand.length;
  const vars = { next: ctx.nameOf(next), from: ctx.nameOf(from), direction: dir };
  return g(size <= 2 ? "fill.passLast" : "fill.passRest", vars);
}

/** What to pick for: this round's Program (its limits) and your species. */
function pickingFor(ctx) {
  if (!ctx.me) return null;
  const type = ["I", "II", "III", "IV"][ctx.game.round - 1];
  const id = ctx.me.programs?.find((p) => p.type === type)?.id;
  const program = id ? programOf(ctx.rules, id) : null;
  const species = ctx.game.players[ctx.seat]?.species;
  return h(
    "p.small.picking-for",
    { "data-testid": "picking-for" },
    program
      ? [
          h("strong", g("fill.yourProgram", { id })),
          ` ${g("fill.programFacts", {
            cycle: program.cycle,
            limits: limitWords(program.limits),
          })} `,
        ]
      : null,
    g("fill.yourSpecies", { species: speciesName(species) }),
  );
}

export function pickedList(ctx) {
  return h(
    "ul.picked",
    { "data-testid": "who-picked" },
    ctx.game.players.map((p) =>
      h(
        "li",
        {
          "data-key": `p${p.seat}`,
          "data-testid": `picked-${p.seat}`,
          class: p.picked ? "ok" : null,
        },
        p.picked ? icon("check") : icon("clock"),
        h(
          "span",
          ctx.waitName(p.seat),
          p.seat === ctx.seat && !ctx.replay ? ` ${g("table.you")}` : "",
        ),
        h("span.visually-hidden", ` ${g(p.picked ? "fill.hasPicked" : "fill.stillChoosing")}`),
      ),
    ),
  );
}

export function pickPanel(ctx) {
  const { me, opts } = ctx;
  const acting = !!opts.can_act;
  const allowed = new Set(opts.pick ?? []);
  const inHand = me ? me.hand.length : 0;
  const body = me
    ? [
        h(
          "div.hand",
          { role: "group", "aria-label": g("fill.yourHand"), "data-testid": "hand" },
          me.hand.map((id) =>
            cardButton(ctx, id, {
              action: "pick",
              testid: `hand-${id}`,
              pressed: me.picked === id,
              disabled: !acting || ctx.pending || !allowed.has(id) || me.picked === id,
            }),
          ),
        ),
        pickingFor(ctx),
        h("p.note", { "data-testid": "pass-line" }, passLine(ctx)),
        me.picked ? h("p.small.muted", g("fill.canChange")) : null,
      ]
    : [h("p.note", { "data-testid": "pass-line" }, passLine(ctx))];
  const title = !me
    ? g("fill.filling")
    : ctx.replay
      ? g("fill.handOf", { name: ctx.nameOf(ctx.seat) })
      : g("fill.pickTitle", { count: inHand });
  return panel(
    "pick-panel",
    title,
    ...body,
    h("h3.small-head", g("fill.whoPicked")),
    pickedList(ctx),
    help(g("fill.help")),
  );
}

export function marketPanel(ctx) {
  const { game, opts } = ctx;
  const market = game.market;
  const picker = game.window?.actors?.[0];
  const acting = !!opts.can_act;
  const allowed = new Set(opts.pick ?? []);
  const cards = acting
    ? h(
        "div.hand",
        { role: "group", "aria-label": g("fill.marketLabel"), "data-testid": "market" },
        market.face_up.map((id) =>
          cardButton(ctx, id, {
            action: "pick",
            testid: `market-${id}`,
            disabled: ctx.pending || !allowed.has(id),
          }),
        ),
      )
    : cardRow(ctx, market.face_up, {
        label: g("fill.marketLabel"),
        testid: "market",
        empty: g("fill.noFaceUp"),
      });
  const title = acting
    ? g("fill.takeFromMarket")
    : picker === undefined
      ? g("fill.marketTitle")
      : g("fill.marketPicker", { name: ctx.nameOf(picker) });
  return panel(
    "market-panel",
    title,
    cards,
    acting ? pickingFor(ctx) : null,
    h(
      "p.small.muted",
      { "data-testid": "market-deck" },
      g("fill.deckLeft", { count: market.deck_size }),
    ),
    help(g("fill.marketHelp")),
  );
}
