// The table: every player's area (Goblin Basket card, Potion, Basket, Programs row, Score
// Zone), all public (GPUBLIC-1); the viewer's own area adds what only they know (GPRIVATE-1).
import { h } from "../../dom.js";
import { plural } from "../../text.js";
import { icon } from "../../ui/icons.js";
import { presence } from "../../ui/topbar.js";
import { cardRow, programTile } from "./cards.js";
import { visibleRow } from "./programs.js";
import { cardName, coins, programOf, speciesName } from "./text.js";

function status(ctx, p) {
  const { game } = ctx;
  if (game.phase === "fill" && game.window?.kind === "pick") {
    return p.picked
      ? h("span.status.ok", icon("check"), "picked")
      : h("span.status.wait", icon("clock"), "choosing");
  }
  if (game.window?.actors?.includes(p.seat))
    return h(
      "span.status.wait",
      icon("clock"),
      game.window.kind === "market" ? "picking" : "deciding",
    );
  if (game.laundry?.seat === p.seat) return h("span.status.wait", icon("dot"), "washing");
  return null;
}

/** The Programs row still in front of a player: face up ones by id; the owner sees their own
 *  face-down ids (programs.js). */
function programRow(ctx, p) {
  const own = p.seat === ctx.seat && ctx.me ? ctx.me.programs : null;
  const now = ctx.game.phase !== "over" ? ["I", "II", "III", "IV"][ctx.game.round - 1] : null;
  const row = visibleRow(p.programs, own).map(({ type, id, secret }) => {
    const tile = programTile(ctx, id, type, { active: type === now, key: `row${type}` });
    if (secret) tile.append(h("span.small.muted", "face down: only you see it"));
    return tile;
  });
  return row.length
    ? h("ul.programs", { "aria-label": `${ctx.nameOf(p.seat)}'s Programs` }, row)
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
    h("h4.small-head", `Score Zone · ${plural(ids.length, "card")}`),
    cardRow(ctx, ids, { label: `${ctx.nameOf(p.seat)}'s Score Zone`, empty: "Empty so far." }),
    programs.length ? h("p.small", "Completed Programs: ", programs.join(", ")) : null,
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
    h("h4.small-head", "Your Basket"),
    h(
      "p.small",
      `${plural(p.basket_size, "card")} face down. You know ${known.length} of them (your ` +
        "picks still in it):",
    ),
    cardRow(ctx, known, {
      label: "Cards you know are in your Basket",
      empty: "None that you know of.",
    }),
    me.gave?.length
      ? h(
          "p.small.muted",
          `You gave your neighbour: ${me.gave.map((id) => cardName(ctx.rules, id)).join(", ")}.`,
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
      h("h3.board-name", ctx.nameOf(p.seat), mine ? h("span.you", " (you)") : null),
      // A replay has no live table: nobody in it is online or offline.
      roomPlayer && !ctx.replay ? presence(roomPlayer) : null,
      lead ? h("span.tag.leader", "lead") : null,
      status(ctx, p),
    ),
    h(
      "p.facts.small",
      h("span.tag.species", `Goblin Basket: ${speciesName(p.species)}`),
      h(
        "span.tag",
        { class: p.potion === "unused" ? "potion" : "potion-used" },
        p.potion === "unused"
          ? "Potion ready"
          : `Potion used${p.potion_card ? ` on ${cardName(ctx.rules, p.potion_card)}` : ""}`,
      ),
      h("span", `Basket ${p.basket_size}`),
      ctx.game.phase === "fill" ? h("span", `Hand ${p.hand_size}`) : null,
    ),
    mine && ctx.me ? ownBasket(ctx, p) : null,
    p.market_picks?.length && !mine
      ? h(
          "p.small",
          "In their Basket from the market: " +
            `${p.market_picks.map((id) => cardName(ctx.rules, id)).join(", ")}.`,
        )
      : null,
    programRow(ctx, p),
    scoreZone(ctx, p),
  );
}

export function table(ctx) {
  const players = [...ctx.game.players];
  // Your own area first: on a phone it's the one you look at most.
  if (ctx.seat !== null && !ctx.replay)
    players.sort((a, b) => (a.seat === ctx.seat ? -1 : b.seat === ctx.seat ? 1 : a.seat - b.seat));
  return h(
    "section.boards-section",
    { "data-key": "table", "aria-labelledby": "table-title" },
    h("h2#table-title", "The table"),
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
            `Out of the game: ${plural(ctx.game.removed.cards.length, "card")}, ` +
              `${plural(ctx.game.removed.programs.length, "Program")}`,
          ),
          cardRow(ctx, ctx.game.removed.cards, {
            label: "Cards out of the game",
            empty: "No cards.",
          }),
          ctx.game.removed.programs.length
            ? h("p.small", `Programs: ${ctx.game.removed.programs.join(", ")}`)
            : null,
        )
      : null,
  );
}
