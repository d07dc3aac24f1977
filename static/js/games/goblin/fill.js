// Filling the Baskets: the pick-and-pass (your hand, where it goes next, who has picked;
// GFILL-1..3) and, with 2 players, the market (GMARKET-1..2). Choices come from me.options.
import { h } from "../../dom.js";
import { plural } from "../../text.js";
import { icon } from "../../ui/icons.js";
import { help, panel } from "../../ui/panel.js";
import { cardButton, cardRow } from "./cards.js";
import { directionWords, limitWords, neighbour, programOf, speciesName } from "./text.js";

/** Where hands go after this pick, from the viewer's seat (or in general for a spectator). */
function passLine(ctx) {
  const { game } = ctx;
  const n = game.players.length;
  const dir = directionWords(game.direction);
  if (ctx.seat === null) return `Hands pass ${dir} after each pick.`;
  const next = neighbour(ctx.seat, game.direction, n);
  const from = neighbour(ctx.seat, game.direction === "cw" ? "ccw" : "cw", n);
  const size = ctx.me.hand.length;
  const after =
    size <= 2
      ? `Your last card then goes face down into ${ctx.nameOf(next)}'s Basket (they won't see ` +
        `it), and ${ctx.nameOf(from)}'s last card into yours.`
      : `Then the rest of your hand passes ${dir} to ${ctx.nameOf(next)}, and you get ` +
        `${ctx.nameOf(from)}'s.`;
  return after;
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
          h("strong", `Your Program this round: ${id}`),
          ` (Cycle ${program.cycle}; ${limitWords(program.limits)}). `,
        ]
      : null,
    `Your species: ${speciesName(species)}.`,
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
        h("span", ctx.waitName(p.seat), p.seat === ctx.seat && !ctx.replay ? " (you)" : ""),
        h("span.visually-hidden", p.picked ? " has picked" : " is still choosing"),
      ),
    ),
  );
}

export function pickPanel(ctx) {
  const { me, opts } = ctx;
  const acting = !!opts.can_act;
  const allowed = new Set(opts.pick ?? []);
  const step = me ? `(${plural(me.hand.length, "card")} in your hand)` : "";
  const body = me
    ? [
        h(
          "div.hand",
          { role: "group", "aria-label": "Your hand", "data-testid": "hand" },
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
        me.picked
          ? h(
              "p.small.muted",
              "You can change your pick until everyone has picked or time runs out.",
            )
          : null,
      ]
    : [h("p.note", { "data-testid": "pass-line" }, passLine(ctx))];
  const title = !me
    ? "Filling the Baskets"
    : ctx.replay
      ? `${ctx.nameOf(ctx.seat)}'s hand`
      : `Pick a card for your Basket ${step}`;
  return panel(
    "pick-panel",
    title,
    ...body,
    h("h3.small-head", "Who has picked"),
    pickedList(ctx),
    help(
      "Everyone picks one card of their hand at the same time and puts it face down into " +
        "their own Basket. Then every hand passes to the next player in this round's " +
        "direction, and you pick again. When a hand is down to its last card, that card goes " +
        "face down into the next player's Basket without them seeing it. Your Basket's cards " +
        "are what you will wash in the laundry.",
    ),
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
        { role: "group", "aria-label": "Face-up market cards", "data-testid": "market" },
        market.face_up.map((id) =>
          cardButton(ctx, id, {
            action: "pick",
            testid: `market-${id}`,
            disabled: ctx.pending || !allowed.has(id),
          }),
        ),
      )
    : cardRow(ctx, market.face_up, {
        label: "Face-up market cards",
        testid: "market",
        empty: "No card is face up.",
      });
  const title = acting
    ? "Take a card from the market"
    : `The market: ${picker === undefined ? "" : `${ctx.nameOf(picker)} picks`}`;
  return panel(
    "market-panel",
    title,
    cards,
    acting ? pickingFor(ctx) : null,
    h(
      "p.small.muted",
      { "data-testid": "market-deck" },
      `${plural(market.deck_size, "card")} left in the market deck; one is turned up after ` +
        "each pick.",
    ),
    help(
      "With 2 players there is a market instead of passing hands. The player whose Program " +
        "is cooler picks first, then you take turns: take one face-up card into your Basket, " +
        "then the next card of the market deck is turned up. Every pick is public.",
    ),
  );
}
