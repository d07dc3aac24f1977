// Goblin Laundromat's log entries as sentences (pure). An entry's owner-only fields (a card
// given, a card picked) appear only in the views that may see them (docs/goblin.md). A
// sentence about the viewer has its own message ("You drew…"; Spanish conjugates apart), so
// each is looked up as `<kind>.you` or `<kind>.named`.
import { list } from "../../i18n.js";
import { capital } from "../../text.js";
import { cardName, directionWords, g, phaseName, programText, stainName } from "./text.js";

const WINDOW_KINDS = ["pick", "market", "laundry", "keep"];

/** ctx: {who (seat -> "you" or a name), rules, viewer, players (how many)}. */
export function logSentence(entry, ctx) {
  const say = SENTENCES[entry.kind];
  return say ? say(entry, helpers(ctx)) : null;
}

function helpers(ctx) {
  const card = (id) => cardName(ctx.rules, id);
  return {
    ctx,
    who: (s) => (s === ctx.viewer ? g("log.you") : ctx.who(s)),
    card,
    cards: (ids) => list((ids ?? []).map(card)),
    /** The message for a sentence whose subject is `seat`: its "you" form for the viewer. */
    about: (key, seat, vars = {}) =>
      seat === ctx.viewer
        ? g(`log.${key}.you`, vars)
        : g(`log.${key}.named`, { ...vars, name: capital(ctx.who(seat)) }),
    /** "your Basket" or "Ben's Basket" (a possessive, by whether the seat is the viewer). */
    basketOf: (seat) =>
      seat === ctx.viewer ? g("log.yourBasket") : g("log.theirBasket", { name: ctx.who(seat) }),
  };
}

const SENTENCES = {
  setup: (e, { ctx }) => g("log.setup", { count: e.seats?.length ?? ctx.players }),
  round: (e, { about }) =>
    about("round", e.lead, { round: e.round, direction: directionWords(e.direction) }),
  hands: (e) => g("log.hands", { count: e.size }),
  // Others only learn that a player chose (the board shows it).
  picked: (e, { about, card }) => (e.card ? about("picked", e.seat, { card: card(e.card) }) : null),
  lock: (e, { who }) =>
    e.defaulted?.length
      ? g("log.lockDefaulted", {
          step: e.step,
          names: list(e.defaulted.map(who)),
          count: e.defaulted.length,
        })
      : g("log.lock", { step: e.step }),
  into_basket: (e, { card, basketOf, ctx }) => {
    if (!e.card) return null;
    const key = !e.default
      ? "intoBasket"
      : e.seat === ctx.viewer
        ? "intoBasketForYou"
        : "intoBasketForThem";
    return g(`log.${key}`, { card: card(e.card), basket: basketOf(e.seat) });
  },
  pass: (e) => g("log.pass", { direction: directionWords(e.direction) }),
  gift: giftSentence,
  market_open: (e, { cards }) =>
    g("log.marketOpen", { cards: cards(e.face_up), count: e.deck_size }),
  market_pick: (e, { about, card }) =>
    e.revealed
      ? about("marketPickRevealed", e.seat, { card: card(e.card), revealed: card(e.revealed) })
      : about("marketPick", e.seat, { card: card(e.card) }),
  shuffle: () => g("log.shuffle"),
  laundry: (e, { about, ctx }) =>
    about("laundry", e.seat, { program: programText(ctx.rules, e.program) }),
  draw: (e, { about, card }) => {
    const drew = about(e.potion ? "drawPotion" : "draw", e.seat, { card: card(e.card) });
    const counts = countsText(e.counts);
    return counts ? `${drew} ${counts}` : `${drew} `;
  },
  failed: (e, { about }) =>
    about("failed", e.seat, { stains: list((e.over ?? []).map(stainName)) }),
  kept: (e, { about, card, cards }) =>
    e.removed?.length
      ? about("keptRemoved", e.seat, { card: card(e.card), removed: cards(e.removed) })
      : about("kept", e.seat, { card: card(e.card) }),
  stopped: (e, { about, cards }) => about("stopped", e.seat, { cards: cards(e.cards) }),
  completed: (e, { about, cards }) =>
    about("completed", e.seat, { cards: cards(e.cards), program: e.program }),
  away: (e, { about }) => about(e.away ? "away" : "back", e.seat),
  over: (e, { who, ctx }) =>
    g("log.over", { phase: phaseName("over"), result: winnersWin(e.winners ?? [], who, ctx) }),
  timeout: (e) => {
    const known = WINDOW_KINDS.includes(e.window_kind);
    const kind = known ? e.window_kind : e.away ? "otherAway" : "other";
    return g(e.away ? "log.timeoutAway" : "log.timeout", { decision: g(`log.window.${kind}`) });
  },
};

function giftSentence(e, { ctx, card, basketOf }) {
  const mine = e.from === ctx.viewer;
  const vars = { basket: basketOf(e.to), name: capital(ctx.who(e.from)) };
  if (e.card)
    return g(mine ? "log.giftCard.you" : "log.giftCard.named", { ...vars, card: card(e.card) });
  return g(mine ? "log.gift.you" : "log.gift.named", vars);
}

function countsText(counts) {
  if (!counts) return "";
  const parts = Object.entries(counts)
    .filter(([, n]) => n !== null && n !== undefined)
    .map(([t, n]) => g("log.stainNow", { stain: stainName(t), n }));
  return parts.length ? g("log.stainsNow", { counts: parts.join(", ") }) : "";
}

// A player's move and what followed from it in the same breath (a draw that failed, a laundry
// completed and the next one started): the "Just now" line, a polite live region, says them
// together, so a screen reader hears what a draw did without opening the log.
const MOVES = new Set(["draw", "stopped", "kept", "market_pick", "picked", "lock"]);

/** The newest move's sentence and those after it (at most `max`), oldest first. */
export function latestSentences(log, sentence, max = 4) {
  const out = [];
  for (let i = log.length - 1; i >= 0 && out.length < max; i--) {
    const text = sentence(log[i]);
    if (text) out.unshift(text);
    if (text && MOVES.has(log[i].kind)) break;
  }
  return out;
}

function winnersWin(winners, who, ctx) {
  if (!winners.length) return g("log.nobodyWins");
  if (winners.length > 1) return g("log.shareWin", { names: list(winners.map(who)) });
  return winners[0] === ctx.viewer
    ? g("log.win.you")
    : g("log.win.named", { name: who(winners[0]) });
}
