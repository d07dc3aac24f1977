// The table: every player's area (Goblin Basket card, Potion, Basket, Programs row, Score
// Zone), all public (GPUBLIC-1); the viewer's own area adds what only they know (GPRIVATE-1).
import { h } from "../../dom.js";
import { icon } from "../../ui/icons.js";
import { presence } from "../../ui/topbar.js";
import { cardRow, programTile } from "./cards.js";
import { visibleRow } from "./programs.js";
import { cardName, coins, g, programOf, speciesName } from "./text.js";

function status(ctx, p) {
  const { game } = ctx;
  if (game.phase === "fill" && game.window?.kind === "pick") {
    return p.picked
      ? h("span.status.ok", icon("check"), g("table.picked"))
      : h("span.status.wait", icon("clock"), g("table.choosing"));
  }
  if (game.window?.actors?.includes(p.seat))
    return h(
      "span.status.wait",
      icon("clock"),
      g(game.window.kind === "market" ? "table.picking" : "table.deciding"),
    );
  if (game.laundry?.seat === p.seat) return h("span.status.wait", icon("dot"), g("table.washing"));
  return null;
}

/** The Programs row still in front of a player: face up ones by id; the owner sees their own
 *  face-down ids (programs.js). */
function programRow(ctx, p) {
  const own = p.seat === ctx.seat && ctx.me ? ctx.me.programs : null;
  const now = ctx.game.phase !== "over" ? ["I", "II", "III", "IV"][ctx.game.round - 1] : null;
  const row = visibleRow(p.programs, own).map(({ type, id, secret }) => {
    const tile = programTile(ctx, id, type, { active: type === now, key: `row${type}` });
    if (secret) tile.append(h("span.small.muted", g("table.onlyYouSee")));
    return tile;
  });
  return row.length
    ? h("ul.programs", { "aria-label": g("table.programsOf", { name: ctx.nameOf(p.seat) }) }, row)
    : null;
}

/** Score Zone: Programs completed, and the Clothing grouped by type then species. */
function scoreZone(ctx, p) {
  const ids = [...p.score_zone.cards].sort((a, b) =>
    sortKey(ctx, a).localeCompare(sortKey(ctx, b)),
  );
  const programs = p.score_zone.programs.map(
    (id) => `${id} (${coins(programOf(ctx.rules, id)?.coins ?? 0)})`,
  );
  return h(
    "div.zone",
    { "data-testid": `zone-${p.seat}` },
    h("h4.small-head", g("table.scoreZone", { count: ids.length })),
    cardRow(ctx, ids, {
      label: g("table.scoreZoneOf", { name: ctx.nameOf(p.seat) }),
      empty: g("table.emptySoFar"),
    }),
    programs.length ? h("p.small", g("table.completedPrograms"), programs.join(", ")) : null,
  );
}

function sortKey(ctx, id) {
  const card = ctx.rules.clothing?.[id];
  return card ? `${card.type}-${card.species}-${id.padStart(4, "0")}` : id;
}

function ownBasket(ctx, p) {
  const me = ctx.me;
  const known = me.basket_known ?? [];
  return h(
    "div.own",
    { "data-testid": "my-basket" },
    h("h4.small-head", g("table.yourBasket")),
    h("p.small", g("table.faceDown", { count: p.basket_size, known: known.length })),
    cardRow(ctx, known, { label: g("table.knownLabel"), empty: g("table.noneKnown") }),
    me.gave?.length
      ? h(
          "p.small.muted",
          g("table.gave", { cards: me.gave.map((id) => cardName(ctx.rules, id)).join(", ") }),
        )
      : null,
  );
}

function playerArea(ctx, p) {
  const mine = p.seat === ctx.seat && !ctx.replay;
  const roomPlayer = ctx.roomPlayer(p.seat);
  const lead = ctx.game.lead === p.seat && ctx.game.phase !== "over";
  return h(
    "li.board",
    { "data-key": `b${p.seat}`, "data-testid": `board-${p.seat}`, class: mine ? "mine" : null },
    h(
      "div.board-head",
      h("h3.board-name", ctx.nameOf(p.seat), mine ? h("span.you", ` ${g("table.you")}`) : null),
      // A replay has no live table: nobody in it is online or offline.
      roomPlayer && !ctx.replay ? presence(roomPlayer) : null,
      lead ? h("span.tag.leader", g("table.lead")) : null,
      status(ctx, p),
    ),
    h(
      "p.facts.small",
      h("span.tag.species", g("table.goblinBasket", { species: speciesName(p.species) })),
      h(
        "span.tag",
        { class: p.potion === "unused" ? "potion" : "potion-used" },
        p.potion === "unused"
          ? g("table.potionReady")
          : p.potion_card
            ? g("table.potionUsedOn", { card: cardName(ctx.rules, p.potion_card) })
            : g("table.potionUsed"),
      ),
      h("span", g("table.basketSize", { n: p.basket_size })),
      ctx.game.phase === "fill" ? h("span", g("table.handSize", { n: p.hand_size })) : null,
    ),
    mine && ctx.me ? ownBasket(ctx, p) : null,
    p.market_picks?.length && !mine
      ? h(
          "p.small",
          g("table.fromMarket", {
            cards: p.market_picks.map((id) => cardName(ctx.rules, id)).join(", "),
          }),
        )
      : null,
    programRow(ctx, p),
    scoreZone(ctx, p),
  );
}

/** shown: the seats whose areas to draw (the table screen's page of them), or all. */
export function table(ctx, shown = null) {
  const players = ctx.game.players.filter((p) => !shown || shown.includes(p.seat));
  // Your own area first: on a phone it's the one you look at most.
  if (ctx.seat !== null && !ctx.replay)
    players.sort((a, b) => (a.seat === ctx.seat ? -1 : b.seat === ctx.seat ? 1 : a.seat - b.seat));
  return h(
    "section.boards-section",
    { "data-key": "table", "aria-labelledby": "table-title" },
    h("h2#table-title", g("table.title")),
    h(
      "ul.boards",
      players.map((p) => playerArea(ctx, p)),
    ),
    ctx.game.removed.cards.length || ctx.game.removed.programs.length
      ? h(
          "details.card.removed",
          { "data-key": "removed", "data-testid": "removed" },
          h(
            "summary",
            g("table.outOfGame", {
              cards: g("table.cards", { count: ctx.game.removed.cards.length }),
              programs: g("table.programs", { count: ctx.game.removed.programs.length }),
            }),
          ),
          cardRow(ctx, ctx.game.removed.cards, {
            label: g("table.outLabel"),
            empty: g("table.noCards"),
          }),
          ctx.game.removed.programs.length
            ? h("p.small", g("table.programList", { ids: ctx.game.removed.programs.join(", ") }))
            : null,
        )
      : null,
  );
}
