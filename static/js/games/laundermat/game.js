// The game screen: where we are (round, stage, countdown, what to do), the action panel,
// this round's reveal (report.js), everyone's boards, the market, your wallet and the log.
import { h } from "../../dom.js";
import { markIntoView } from "../../landing.js";
import { capital, list, plural } from "../../text.js";
import { withCoach } from "../../ui/coach.js";
import { countdownBar, gameLog, logLink, screenData } from "../../ui/game-screen.js";
import { topbar } from "../../ui/topbar.js";
import { actionPanel } from "./actions.js";
import { boards, market, pool } from "./board.js";
import { context } from "./context.js";
import { renderEnd } from "./end.js";
import { revealNews } from "./news.js";
import { roundReport } from "./report.js";
import { money, PHASES } from "./text.js";

/** The live room's screen. `shell.end`: the shell's part of the end screen (fairness, links). */
export function renderGame(state, banner, shell = {}) {
  const ctx = context(state, shell);
  const over = ctx.game.phase === "over";
  const shopOpen = ctx.game.phase === "purchase" && ctx.opts.can_act;
  const revealFirst = ["seniority", "alarm", "purchase"].includes(ctx.game.phase);
  return h(
    "main.screen.game",
    screenData(ctx),
    topbar(state, logLink()),
    phaseBar(ctx, banner),
    h("p.instruction", { "data-testid": "instruction", role: "status" }, instruction(ctx)),
    // Always there (a region must exist before it changes), empty until the draft locks.
    h(
      "p.visually-hidden",
      { "data-key": "reveal-news", "data-testid": "reveal-news", role: "status" },
      revealNews(ctx.log, ctx.seat, ctx.sentence, ctx.who),
    ),
    h(
      "div.game-layout",
      h(
        "div.col-main",
        // What just happened comes first (the reveal); last round's story follows the draft.
        revealFirst ? roundReport(ctx) : null,
        intoView(ctx, over ? renderEnd(ctx) : withCoach(shell.coach, actionPanel(ctx))),
        over || revealFirst ? null : roundReport(ctx),
        boards(ctx),
        shopOpen || over ? null : market(ctx),
      ),
      h(
        "div.col-side",
        ctx.me && !over ? wallet(ctx, ctx.me) : null,
        over || ctx.game.phase === "bribe_entries" ? null : pool(ctx),
        gameLog(ctx),
      ),
    ),
  );
}

/** The panel that needs this player now (or the end) asks the shell to bring it into view. */
function intoView(ctx, el) {
  if (ctx.replay) return el;
  const key = ctx.opts.can_act ? `${ctx.game.phase}:${ctx.game.window?.id ?? ""}` : null;
  return markIntoView(el, { over: ctx.game.phase === "over", key });
}

// ------------------------------------------------------------------ where we are

export function phaseBar(ctx, banner) {
  const { game } = ctx;
  const phase = PHASES[game.phase] ?? { title: game.phase };
  const bribery = game.phase.startsWith("bribe");
  const roundText =
    game.phase === "over"
      ? "Final"
      : bribery
        ? `After round ${ctx.rules.rounds}`
        : `Round ${game.round} of ${game.rounds}`;
  return h(
    "section.phase-bar",
    { "data-key": "phase-bar", "data-testid": "phase-bar", "aria-label": "Game status" },
    banner,
    h(
      "div.phase-line",
      h("span.round", { "data-testid": "round" }, roundText),
      h(
        "h1.phase-title",
        { "data-testid": "phase-title", tabindex: "-1", "data-landing": "page" },
        phase.title,
      ),
    ),
    game.window && game.phase !== "over" ? countdownBar() : null,
    revealHint(ctx),
  );
}

/** While this round's dice still roll, say that the (server's) clock is already running. */
function revealHint(ctx) {
  if (!["purchase", "alarm", "seniority"].includes(ctx.game.phase) || !ctx.game.window) return null;
  let raids = 0;
  let last = -1;
  ctx.log.forEach((entry, i) => {
    if (entry.kind === "vault_raid" && i >= ctx.animateFrom) {
      raids += 1;
      last = i;
    }
  });
  if (!raids) return null;
  const seconds = (raids - 1) * 1.3 + 1.5;
  return h(
    "p.reveal-hint.small",
    {
      "data-key": `hint${last}`,
      "data-testid": "reveal-hint",
      style: { "--hide-after": `${seconds.toFixed(1)}s` },
    },
    "The dice are still rolling, but the timer is already running.",
  );
}

function waitingFor(ctx, acted) {
  const { game } = ctx;
  const seats = (game.window?.actors ?? []).filter(
    (s) => !acted(game.players[s]) && s !== ctx.seat,
  );
  return seats.length ? `Waiting for ${list(seats.map(ctx.waitName))}.` : "";
}

function theirDecision(ctx, seat) {
  return ctx.offline(seat)
    ? "Waiting for their decision; they are offline."
    : "Waiting for their decision.";
}

export function instruction(ctx) {
  const { game, opts, me, seat } = ctx;
  const acting = !!opts.can_act;
  const actor = game.window?.actors?.[0];
  switch (game.phase) {
    case "draft": {
      const waiting = waitingFor(ctx, (p) => p.has_selected);
      if (!me) return `Players are picking bills. ${waiting}`;
      if (me.selection === null)
        return "Tap a bill to pick it. If nobody else picks it, it's yours.";
      const hidden = me.selection === "lost_and_found" ? " a hidden Lost and Found bill" : "";
      return (
        `You've picked${hidden}. ` +
        `You can change until everyone has picked or time runs out. ${waiting}`
      );
    }
    case "seniority":
      return acting
        ? "You collided! Decide whether to use Seniority and claim the bill."
        : `${capital(ctx.who(actor))} may use Seniority to claim a collided bill. ` +
            `${theirDecision(ctx, actor)}`;
    case "alarm":
      return acting
        ? "Alarm! Buy a flagged addition using the Alarm bill, or discard it."
        : `${capital(ctx.who(game.alarm?.seat ?? actor))}'s Vault raid sounded the Alarm. ` +
            `${theirDecision(ctx, actor)}`;
    case "purchase":
      if (acting)
        return (
          "You collected a bill this round, so you may buy one addition or one Secret Weapon, " +
          "or skip."
        );
      if (me && !game.window.actors.includes(seat))
        return (
          "You didn't collect a bill this round, so you can't buy. " +
          `${waitingFor(ctx, (p) => p.purchased)}`
        );
      return `Purchases. ${waitingFor(ctx, (p) => p.purchased)}`;
    case "bribe_protect":
      return acting
        ? "Protect your flagged additions if you like, then press Done."
        : `Protection stage. ${waitingFor(ctx, (p) => p.done)}`;
    case "bribe_counter":
      return acting
        ? "Cancel someone's protection if you like, then press Done."
        : `Counterbribe stage. ${waitingFor(ctx, (p) => p.done)}`;
    case "bribe_entries":
      return acting
        ? "Buy investigation entries to steer the investigation, then press Done."
        : `Investigation entries. ${waitingFor(ctx, (p) => p.done)}`;
    case "over":
      return "The game is over. Here is how everyone did.";
    default:
      return "";
  }
}

/** A seat's wallet (`me`: the view's own part, or a replay's all_seats entry). */
export function wallet(ctx, me, title = "Your wallet", key = "wallet") {
  const bills = [...me.wallet].sort((a, b) => a.value - b.value);
  return h(
    "section.wallet",
    {
      "data-key": key,
      "data-testid": key,
      "data-seat": me.seat,
      "aria-labelledby": `${key}-title`,
    },
    h(
      "div.wallet-head",
      h(`h2#${key}-title`, title),
      h(
        "span.wallet-total",
        { "data-testid": "wallet-total" },
        `${money(me.wallet_total)} · ${plural(bills.length, "bill")}`,
      ),
      h("span.small.muted", "secret"),
    ),
    bills.length
      ? // It scrolls sideways on a phone: focusable, so a keyboard can scroll it too.
        h(
          "ul.wallet-bills",
          { tabindex: "0", "aria-label": `${title}: bills` },
          bills.map((b) => h("li.bill-chip", { "data-key": `w${b.card}` }, money(b.value))),
        )
      : h(
          "p.small.muted",
          ctx.game.phase.startsWith("bribe") || ctx.game.phase === "over"
            ? "Empty: nothing left to spend."
            : "Empty. Collect bills in the draft.",
        ),
  );
}
