// Goblin Laundromat's screen: where we are (round, phase, lead and direction, countdown, what
// to do now), the open window's panel, the table and the log.
import { h } from "../../dom.js";
import { markIntoView } from "../../landing.js";
import { capital } from "../../text.js";
import { withCoach } from "../../ui/coach.js";
import { countdownBar, gameLog, logLink, screenData } from "../../ui/game-screen.js";
import { topbar } from "../../ui/topbar.js";
import { context } from "./context.js";
import { renderEnd } from "./end.js";
import { marketPanel, pickPanel } from "./fill.js";
import { laundryPanel } from "./laundry.js";
import { latestSentences } from "./sentences.js";
import { table } from "./table.js";
import { directionWords, g, phaseName } from "./text.js";

/** The live room's screen. `shell.end`: the shell's part of the end screen (fairness, links). */
export function renderGame(state, banner, shell = {}) {
  const ctx = context(state, shell);
  const { game } = ctx;
  const over = game.phase === "over";
  return h(
    "main.screen.game.goblin",
    { ...screenData(ctx), "data-game": "goblin", "data-kind": game.window?.kind ?? "" },
    topbar(state, logLink()),
    phaseBar(ctx, banner),
    h("p.instruction", { "data-testid": "instruction", role: "status" }, instruction(ctx)),
    over ? null : latest(ctx),
    h(
      "div.game-layout",
      h(
        "div.col-main",
        intoView(ctx, over ? renderEnd(ctx) : withCoach(shell.coach, actionPanel(ctx))),
        table(ctx),
      ),
      h("div.col-side", gameLog(ctx)),
    ),
  );
}

export function actionPanel(ctx) {
  const { game } = ctx;
  if (game.phase === "fill") return pickPanel(ctx);
  if (game.phase === "market" && game.market) return marketPanel(ctx);
  if (game.phase === "laundry") return laundryPanel(ctx);
  return null;
}

/** The panel that needs this player now (or the end) asks the shell to bring it into view. */
function intoView(ctx, el) {
  if (ctx.replay) return el;
  const key = ctx.opts.can_act ? `${ctx.game.window?.kind}:${ctx.game.window?.id ?? ""}` : null;
  return markIntoView(el, { over: ctx.game.phase === "over", key });
}

export function phaseBar(ctx, banner, { replay = false } = {}) {
  const { game } = ctx;
  const over = game.phase === "over";
  return h(
    "section.phase-bar",
    { "data-key": "phase-bar", "data-testid": "phase-bar", "aria-label": g("game.status") },
    banner,
    h(
      "div.phase-line",
      h(
        "span.round",
        { "data-testid": "round" },
        over ? g("game.final") : g("game.roundOf", { round: game.round, rounds: game.rounds }),
      ),
      h(
        replay ? "h2.phase-title" : "h1.phase-title",
        { "data-testid": "phase-title", tabindex: "-1", "data-landing": replay ? null : "page" },
        phaseName(game.phase),
      ),
    ),
    !over && game.lead !== null && game.lead !== undefined
      ? h(
          "p.lead-line.small",
          { "data-testid": "lead-line" },
          `${about(ctx, game.lead, "game.leads")} · ` +
            `${game.direction === "cw" ? "↻" : "↺"} ${directionWords(game.direction)}`,
        )
      : null,
    game.window && !over && !replay ? countdownBar() : null,
  );
}

function waitingFor(ctx) {
  const { game } = ctx;
  const seats = (game.window?.actors ?? []).filter(
    (s) => !game.players[s].picked && s !== ctx.seat,
  );
  return seats.length
    ? ` ${g("game.waitingFor", { names: seats.map(ctx.waitName).join(", ") })}`
    : "";
}

/** The one actor the table waits for has no connection (ui/seats.js counts down to the bot). */
function offlineNote(ctx, seat) {
  return seat !== undefined && ctx.offline(seat) ? ` ${g("game.offline")}` : "";
}

/** A sentence whose subject is `seat`: its "you" form for this live viewer, else named. */
export function about(ctx, seat, key, vars = {}) {
  return seat === ctx.seat && !ctx.replay
    ? g(`${key}.you`, vars)
    : g(`${key}.named`, { ...vars, name: capital(ctx.nameOf(seat)) });
}

export function instruction(ctx) {
  const { game, opts, me } = ctx;
  const kind = game.window?.kind;
  const actor = game.window?.actors?.[0];
  switch (game.phase) {
    case "fill":
      if (!me) return `${g("game.everyonePicks")}${waitingFor(ctx)}`;
      return me.picked ? `${g("game.youPicked")}${waitingFor(ctx)}` : g("game.tapToPick");
    case "market":
      if (opts.can_act) return g("game.yourMarketTurn");
      return `${about(ctx, actor, "game.picksFromMarket")}${offlineNote(ctx, actor)}`;
    case "laundry": {
      const washer = game.laundry?.seat;
      if (kind === "keep")
        return opts.can_act
          ? g("game.yourKeep")
          : `${about(ctx, washer, "game.failedKeeps")}${offlineNote(ctx, washer)}`;
      if (opts.can_act) return g("game.yourDecision");
      return washer === undefined
        ? g("game.doingLaundry")
        : `${about(ctx, washer, "game.isWashing")}${offlineNote(ctx, washer)}`;
    }
    case "over":
      return g("game.over");
    default:
      return "";
  }
}

/** The newest move and what followed, so nobody has to scroll to the log to follow the table;
 * a polite live region, so a screen reader hears a draw's result and a laundry's end. */
function latest(ctx) {
  const text = latestSentences(ctx.log, ctx.sentence).join(" ");
  return text
    ? h(
        "p.latest.small",
        { "data-key": "latest", "data-testid": "latest", role: "status" },
        h("strong", g("game.justNow")),
        text,
      )
    : null;
}
