// Goblin Laundromat's log entries as sentences (pure). An entry's owner-only fields (a card
// given, a card picked) appear only in the views that may see them (docs/goblin.md).
import { capital, list, plural } from "../../text.js";
import { cardName, directionWords, PHASES, programText, STAIN_NAMES } from "./text.js";

const WINDOWS = {
  pick: "pick",
  market: "market pick",
  laundry: "draw-or-stop decision",
  keep: "keep decision",
};

/** ctx: {who (seat -> "you" or a name), rules, viewer, players (how many)}. */
export function logSentence(entry, ctx) {
  const who = (s) => ctx.who(s);
  const Who = (s) => capital(ctx.who(s));
  // At the end and in a replay every owner-only field is shown: whose it is must be said.
  const whose = (s) => (s === ctx.viewer ? "your" : `${ctx.who(s)}'s`);
  const card = (id) => cardName(ctx.rules, id);
  const cards = (ids) => list((ids ?? []).map(card));
  switch (entry.kind) {
    case "setup":
      return (
        `The game is set up: ${plural(entry.seats?.length ?? ctx.players, "player")}, each ` +
        "with a Goblin Basket card, a Stain Potion and a row of four Programs."
      );
    case "round":
      return (
        `Round ${entry.round} begins. ${Who(entry.lead)} ` +
        `${entry.lead === ctx.viewer ? "have" : "has"} the hottest Program and leads; this ` +
        `round goes ${directionWords(entry.direction)}.`
      );
    case "hands":
      return `Everyone draws a hand of ${plural(entry.size, "card")}.`;
    case "picked":
      // Others only learn that a player chose (the board shows it).
      return entry.card ? `${Who(entry.seat)} chose ${card(entry.card)}.` : null;
    case "lock":
      return entry.defaulted?.length
        ? `Picks locked (step ${entry.step}). Out of time: ${list(entry.defaulted.map(who))} ` +
            "got a random card."
        : `Picks locked (step ${entry.step}).`;
    case "into_basket":
      return entry.card
        ? `${card(entry.card)} went into ${whose(entry.seat)} Basket${chosenFor(entry, ctx)}.`
        : null;
    case "pass":
      return `Hands pass ${directionWords(entry.direction)}.`;
    case "gift":
      return (
        `${capital(whose(entry.from))} last card${entry.card ? `, ${card(entry.card)},` : ""} ` +
        `went face down into ${whose(entry.to)} Basket.`
      );
    case "market_open":
      return (
        `The market opens: ${cards(entry.face_up)} face up, ${plural(entry.deck_size, "card")} ` +
        "in its deck."
      );
    case "market_pick":
      return (
        `${Who(entry.seat)} took ` +
        `${card(entry.card)}${entry.revealed ? `; ${card(entry.revealed)} is turned up` : ""}.`
      );
    case "shuffle":
      return "Every Basket is shuffled.";
    case "laundry":
      return (
        `${Who(entry.seat)} ${entry.seat === ctx.viewer ? "start" : "starts"} a laundry with ` +
        `${programText(ctx.rules, entry.program)}.`
      );
    case "draw":
      return (
        `${Who(entry.seat)} drew ` +
        `${card(entry.card)}${entry.potion ? ", covered by the Stain Potion" : ""}. ` +
        `${countsText(entry.counts)}`
      );
    case "failed":
      return (
        `${entry.seat === ctx.viewer ? "Your" : `${Who(entry.seat)}'s`} laundry failed: too ` +
        `much ${list((entry.over ?? []).map((t) => STAIN_NAMES[t] ?? t))}.`
      );
    case "kept":
      return `${Who(entry.seat)} kept ${card(entry.card)}; ${outOfTheGame(entry.removed, cards)}.`;
    case "stopped":
      return (
        `${Who(entry.seat)} stopped and secured ${cards(entry.cards)}; the Program is out of ` +
        "the game."
      );
    case "completed":
      return (
        `${Who(entry.seat)} completed the laundry: ${cards(entry.cards)} and ${entry.program} ` +
        "go to the Score Zone."
      );
    case "away":
      return entry.away
        ? `${Who(entry.seat)} ${entry.seat === ctx.viewer ? "are" : "is"} away.`
        : `${Who(entry.seat)} ${entry.seat === ctx.viewer ? "are" : "is"} back.`;
    case "over":
      return `${PHASES.over}: ${winnersWin(entry.winners ?? [], who, ctx.viewer)}.`;
    case "timeout":
      return entry.away
        ? `The away player's ${WINDOWS[entry.window_kind] ?? "decision"} was made for them.`
        : `Time ran out for the ${WINDOWS[entry.window_kind] ?? "step"}.`;
    case "window":
      return null;
    default:
      return null;
  }
}

function countsText(counts) {
  if (!counts) return "";
  const parts = Object.entries(counts)
    .filter(([, n]) => n !== null && n !== undefined)
    .map(([t, n]) => `${STAIN_NAMES[t] ?? t} ${n}`);
  return parts.length ? `Stains now: ${parts.join(", ")}.` : "";
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

/** " (chosen for you)" when the server picked a timed-out player's card, else "". */
function chosenFor(entry, ctx) {
  if (!entry.default) return "";
  return ` (chosen for ${entry.seat === ctx.viewer ? "you" : "them"})`;
}

/** What a failed laundry's keep takes out of the game, with the Program. */
function outOfTheGame(removed, cards) {
  if (!removed?.length) return "the Program is out of the game";
  return `${cards(removed)} and the Program are out of the game`;
}

function winnersWin(winners, who, viewer) {
  if (!winners.length) return "nobody wins";
  if (winners.length > 1) return `${list(winners.map(who))} share the win`;
  return `${who(winners[0])} ${winners[0] === viewer ? "win" : "wins"}`;
}
