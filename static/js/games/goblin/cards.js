// Cards on screen: a Clothing card (species, type, stain symbols, what it scores), a Program
// (Cycle, Coins, Temperature, direction, limits), and the rows they sit in. Stains are shown
// by letter and word, never by colour alone.
import { h } from "../../dom.js";
import {
  cardOf,
  cardText,
  cardValue,
  clothName,
  coins,
  g,
  programOf,
  STAIN_KEYS,
  speciesName,
  stainLetter,
  stainName,
} from "./text.js";

/** The stain symbols of a card: one mark per symbol ("D", "M", "S"), each labelled. */
export function stainMarks(stains, covered = false) {
  const marks = [];
  for (const type of STAIN_KEYS) {
    for (let i = 0; i < (stains?.[type] ?? 0); i++) {
      marks.push(
        h(
          `span.stain.stain-${type}`,
          { "aria-hidden": "true", "data-key": `${type}${i}` },
          stainLetter(type),
        ),
      );
    }
  }
  if (!marks.length) return h("span.stains.none", { "aria-hidden": "true" }, g("cards.clean"));
  return h("span.stains", { class: covered ? "covered" : null, "aria-hidden": "true" }, marks);
}

/** The inside of a Clothing card (for a chip, a button or a list item). */
function cardBody(ctx, id, { covered = false } = {}) {
  const card = cardOf(ctx.rules, id);
  if (!card) return [h("span.card-type", g("cards.hidden"))];
  return [
    h("span.card-species", speciesName(card.species)),
    h("span.card-type", clothName(card.type)),
    stainMarks(card.stains, covered),
    h("span.card-value", cardValue(ctx.rules, card)),
    covered ? h("span.card-note", g("cards.notCounted")) : null,
  ];
}

/** A card as a read-only tile. */
export function cardTile(ctx, id, opts = {}) {
  const card = cardOf(ctx.rules, id);
  return h(
    "li.gcard",
    {
      "data-key": opts.key ?? id,
      "data-card": id,
      "data-testid": opts.testid ?? null,
      class: [
        card ? `sp-${card.species}` : "hidden-card",
        opts.covered ? "is-covered" : null,
        opts.extra,
      ],
    },
    h(
      "span.visually-hidden",
      opts.covered
        ? g("cards.covered", { card: cardText(ctx.rules, id) })
        : cardText(ctx.rules, id),
    ),
    h("span.gcard-face", { "aria-hidden": "true" }, cardBody(ctx, id, opts)),
  );
}

/** A card the player can choose (pick, market, keep): a real button with a full label. */
export function cardButton(
  ctx,
  id,
  { action, testid, pressed = null, disabled = false, note = null },
) {
  const card = cardOf(ctx.rules, id);
  return h(
    "button.gcard.choose.own-look",
    {
      type: "button",
      "data-key": id,
      "data-action": action,
      "data-card": id,
      "data-testid": testid,
      class: card ? `sp-${card.species}` : null,
      "aria-pressed": pressed === null ? null : pressed ? "true" : "false",
      disabled,
    },
    // The name is the whole card in words (it starts with what the face shows: species, type).
    h("span.visually-hidden", cardText(ctx.rules, id)),
    h("span.gcard-face", { "aria-hidden": "true" }, cardBody(ctx, id)),
    note ? h("span.card-note", note) : null,
  );
}

/** A list of card tiles ("None yet." when empty). */
export function cardRow(ctx, ids, { label, testid = null, covered = null, empty = null } = {}) {
  if (!ids?.length)
    return h("p.small.muted", { "data-testid": testid }, empty ?? g("cards.noneYet"));
  return h(
    "ul.gcards",
    { "aria-label": label, "data-testid": testid },
    ids.map((id) => cardTile(ctx, id, { covered: covered === id })),
  );
}

/** A Program as a tile: its numbers and limits; a face-down one says only its type. */
export function programTile(ctx, id, type, { active = false, key = null } = {}) {
  const p = id ? programOf(ctx.rules, id) : null;
  if (!p) {
    return h(
      "li.program.face-down",
      { "data-key": key ?? `fd${type}`, "data-testid": `program-${type}`, "data-type": type },
      h("span.program-type", g("cards.programType", { type })),
      h("span.small", g("cards.faceDown")),
    );
  }
  return h(
    "li.program",
    {
      "data-key": key ?? id,
      class: active ? "active" : null,
      "data-program": id,
      "data-testid": `program-${p.type}`,
      "data-type": p.type,
    },
    h(
      "span.program-type",
      g("cards.programHead", { id, type: p.type }),
      active ? h("span.tag.now", g("cards.thisRound")) : null,
    ),
    h(
      "span.program-facts",
      g("cards.programFacts", {
        cycle: p.cycle,
        coins: coins(p.coins),
        temperature: p.temperature,
        direction: p.direction === "cw" ? `↻ ${g("cards.cw")}` : `↺ ${g("cards.ccw")}`,
      }),
    ),
    h(
      "span.program-limits",
      STAIN_KEYS.map((t) =>
        h(
          "span.limit",
          { "data-key": t },
          `${stainName(t)} ${p.limits[t] === null ? "—" : `≤ ${p.limits[t]}`}`,
        ),
      ),
    ),
  );
}
