// The game screen: where we are (round, stage, countdown, what to do), the action panel,
// this round's reveal (report.js), everyone's boards, the market, your wallet and the log.
import { h } from "../../dom.js";
import { list } from "../../i18n.js";
import { markIntoView } from "../../landing.js";
import { capital } from "../../text.js";
import { withCoach } from "../../ui/coach.js";
import { countdownBar, gameLog, logLink, screenData } from "../../ui/game-screen.js";
import { topbar } from "../../ui/topbar.js";
import { actionPanel } from "./actions.js";
import { boards, market, pool } from "./board.js";
import { context } from "./context.js";
import { renderEnd } from "./end.js";
import { revealNews } from "./news.js";
import { roundReport } from "./report.js";
import { money, phaseTitle } from "./text.js";
import { g } from "./words.js";

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
  const bribery = game.phase.startsWith("bribe");
  const roundText =
    game.phase === "over"
      ? g("game.final")
      : bribery
        ? g("game.after_round", { round: ctx.rules.rounds })
        : g("game.round_of", { round: game.round, rounds: game.rounds });
  return h(
    "section.phase-bar",
    { "data-key": "phase-bar", "data-testid": "phase-bar", "aria-label": g("game.status") },
    banner,
    h(
      "div.phase-line",
      h("span.round", { "data-testid": "round" }, roundText),
      h(
        "h1.phase-title",
        { "data-testid": "phase-title", tabindex: "-1", "data-landing": "page" },
        phaseTitle(game.phase),
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
    g("game.dice_rolling"),
  );
}

function waitingFor(ctx, acted) {
  const { game } = ctx;
  const seats = (game.window?.actors ?? []).filter(
    (s) => !acted(game.players[s]) && s !== ctx.seat,
  );
  return seats.length ? g("game.waiting_for", { names: list(seats.map(ctx.waitName)) }) : "";
}

function theirDecision(ctx, seat) {
  return g(ctx.offline(seat) ? "game.their_decision_offline" : "game.their_decision");
}

// Each stage's line when this seat acts, and the line for everyone else (the phase's name,
// then who the table waits for).
const STAGE_LINES = {
  bribe_protect: ["game.protect_acting", "game.protect_waiting"],
  bribe_counter: ["game.counter_acting", "game.counter_waiting"],
  bribe_entries: ["game.entries_acting", "game.entries_waiting"],
};

function draftInstruction(ctx) {
  const { me } = ctx;
  const waiting = waitingFor(ctx, (p) => p.has_selected);
  if (!me) return g("game.draft_watching", { waiting });
  if (me.selection === null) return g("game.draft_pick");
  const key = me.selection === "lost_and_found" ? "game.draft_picked_hidden" : "game.draft_picked";
  return g(key, { waiting });
}

function purchaseInstruction(ctx, acting) {
  const { game, me, seat } = ctx;
  if (acting) return g("game.purchase_acting");
  const waiting = waitingFor(ctx, (p) => p.purchased);
  if (me && !game.window.actors.includes(seat)) return g("game.purchase_cannot", { waiting });
  return g("game.purchase_waiting", { waiting });
}

export function instruction(ctx) {
  const { game, opts } = ctx;
  const acting = !!opts.can_act;
  const actor = game.window?.actors?.[0];
  switch (game.phase) {
    case "draft":
      return draftInstruction(ctx).trim();
    case "seniority":
      return acting
        ? g("game.seniority_acting")
        : g("game.seniority_waiting", {
            name: capital(ctx.who(actor)),
            decision: theirDecision(ctx, actor),
          });
    case "alarm":
      return acting
        ? g("game.alarm_acting")
        : g("game.alarm_waiting", {
            name: capital(ctx.who(game.alarm?.seat ?? actor)),
            decision: theirDecision(ctx, actor),
          });
    case "purchase":
      return purchaseInstruction(ctx, acting).trim();
    case "bribe_protect":
    case "bribe_counter":
    case "bribe_entries": {
      const [mine, theirs] = STAGE_LINES[game.phase];
      return acting ? g(mine) : g(theirs, { waiting: waitingFor(ctx, (p) => p.done) }).trim();
    }
    case "over":
      return g("game.over");
    default:
      return "";
  }
}

/** A seat's wallet (`me`: the view's own part, or a replay's all_seats entry). */
export function wallet(ctx, me, title = g("game.wallet"), key = "wallet") {
  const bills = [...me.wallet].sort((a, b) => a.value - b.value);
  return h(
    "section.wallet",
    {
      "data-key": key,
      "data-testid": key,
      "data-seat": me.seat,
      "data-bottom-bar": key === "wallet",
      "aria-labelledby": `${key}-title`,
    },
    h(
      "div.wallet-head",
      h(`h2#${key}-title`, title),
      h(
        "span.wallet-total",
        { "data-testid": "wallet-total" },
        `${money(me.wallet_total)} · ${g("units.bills", { count: bills.length })}`,
      ),
      h("span.small.muted", g("game.secret")),
    ),
    bills.length
      ? // It scrolls sideways on a phone: focusable, so a keyboard can scroll it too.
        h(
          "ul.wallet-bills",
          { tabindex: "0", "aria-label": g("game.wallet_bills", { title }) },
          bills.map((b) => h("li.bill-chip", { "data-key": `w${b.card}` }, money(b.value))),
        )
      : h(
          "p.small.muted",
          ctx.game.phase.startsWith("bribe") || ctx.game.phase === "over"
            ? g("game.wallet_spent")
            : g("game.wallet_empty"),
        ),
  );
}
