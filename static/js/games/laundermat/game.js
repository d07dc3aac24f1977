// The game screen: where we are (round, stage, countdown, what to do), the action panel,
// this round's reveal, everyone's boards, the market, your wallet and the log.
import { h } from "../../dom.js";
import { markIntoView } from "../../landing.js";
import { capital, list, plural } from "../../text.js";
import { gameLog, logLink } from "../../ui/game-log.js";
import { icon } from "../../ui/icons.js";
import { topbar } from "../../ui/topbar.js";
import { actionPanel } from "./actions.js";
import { boards, market, pool } from "./board.js";
import { context } from "./context.js";
import { renderEnd } from "./end.js";
import { revealNews } from "./news.js";
import { billValues } from "./rules.js";
import { money, PHASES } from "./text.js";

/** The live room's screen. `shell.end`: the shell's part of the end screen (fairness, links). */
export function renderGame(state, banner, shell = {}) {
  const ctx = context(state, shell);
  const over = ctx.game.phase === "over";
  const shopOpen = ctx.game.phase === "purchase" && ctx.opts.can_act;
  const revealFirst = ["seniority", "alarm", "purchase"].includes(ctx.game.phase);
  return h(
    "main.screen.game",
    {
      id: "main",
      "data-key": "game",
      "data-testid": "game",
      "data-phase": ctx.game.phase,
      "data-round": ctx.game.round,
      "data-window": ctx.game.window?.id ?? "",
      "data-can-act": ctx.opts.can_act ? "true" : "false",
      "data-pending": ctx.pending ? "true" : "false",
      "data-seat": ctx.seat ?? "",
    },
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
        intoView(ctx, over ? renderEnd(ctx) : actionPanel(ctx)),
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

function phaseBar(ctx, banner) {
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
    game.window && game.phase !== "over"
      ? h(
          "div.timer",
          { "data-role": "timer", role: "timer", "aria-label": "Time left in this step" },
          h("div.timer-track", h("div.timer-fill")),
          h("span.timer-text"),
        )
      : null,
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

function instruction(ctx) {
  const { game, opts, me, seat } = ctx;
  const acting = !!opts.can_act;
  const actor = game.window?.actors?.[0];
  switch (game.phase) {
    case "draft":
      if (!me) return `Players are picking bills. ${waitingFor(ctx, (p) => p.has_selected)}`;
      if (me.selection === null)
        return "Tap a bill to pick it. If nobody else picks it, it's yours.";
      return `You've picked${me.selection === "lost_and_found" ? " a hidden Lost and Found bill" : ""}. You can change until everyone has picked or time runs out. ${waitingFor(ctx, (p) => p.has_selected)}`;
    case "seniority":
      return acting
        ? "You collided! Decide whether to use Seniority and claim the bill."
        : `${capital(ctx.who(actor))} may use Seniority to claim a collided bill. ${theirDecision(ctx, actor)}`;
    case "alarm":
      return acting
        ? "Alarm! Buy a flagged addition using the Alarm bill, or discard it."
        : `${capital(ctx.who(game.alarm?.seat ?? actor))}'s Vault raid sounded the Alarm. ${theirDecision(ctx, actor)}`;
    case "purchase":
      if (acting)
        return "You collected a bill this round, so you may buy one addition or one Secret Weapon, or skip.";
      if (me && !game.window.actors.includes(seat))
        return `You didn't collect a bill this round, so you can't buy. ${waitingFor(ctx, (p) => p.purchased)}`;
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

// ------------------------------------------------------------------ this round's reveal

function roundSlices(log) {
  const starts = [];
  log.forEach((entry, i) => {
    if (entry.kind === "round") starts.push(i);
  });
  return starts;
}

export function dieFace(value, animate, key) {
  const pips =
    { 1: [5], 2: [1, 9], 3: [1, 5, 9], 4: [1, 3, 7, 9], 5: [1, 3, 5, 7, 9], 6: [1, 3, 4, 6, 7, 9] }[
      value
    ] ?? [];
  return h(
    "span.die",
    {
      class: animate ? "rolling" : null,
      "data-key": key,
      role: "img",
      "aria-label": `Die showing ${value}`,
      "data-testid": "die",
    },
    h(
      "span.die-face",
      Array.from({ length: 9 }, (_, i) =>
        h("span.pip", { class: pips.includes(i + 1) ? "on" : null }),
      ),
    ),
  );
}

function reportItem(ctx, entry, index) {
  const animate = index >= ctx.animateFrom;
  const key = `r${index}`;
  if (entry.kind === "draft_locked") {
    const rows = [];
    for (const c of entry.collected) {
      rows.push(
        h(
          "li",
          { "data-key": `c${c.card}` },
          h("span.bill-chip", money(c.value)),
          ` ${capital(ctx.who(c.seat))} collected it.`,
        ),
      );
    }
    for (const c of entry.collisions) {
      rows.push(
        h(
          "li.collision",
          { "data-key": `x${c.card}` },
          h("span.bill-chip.clash", money(c.value)),
          ` Collision: ${list(c.seats.map(ctx.who))} picked it. Nobody collects it; instead, ${c.seats.includes(ctx.seat) ? "you each raid" : "each of them raids"} the Vault.`,
        ),
      );
    }
    for (const s of entry.lost_and_found)
      rows.push(
        h(
          "li",
          { "data-key": `l${s}` },
          `${capital(ctx.who(s))} used Lost and Found and collected a hidden bill.`,
        ),
      );
    if (entry.timed_out.length)
      rows.push(
        h(
          "li",
          { "data-key": "t" },
          `${capital(list(entry.timed_out.map(ctx.who)))} picked nothing in time.`,
        ),
      );
    if (entry.unselected.length) {
      rows.push(
        h(
          "li",
          { "data-key": "u" },
          "Nobody picked ",
          entry.unselected.map((c, i) => [
            i ? " " : null,
            h("span.bill-chip", money(billValues(ctx.rules)[c])),
          ]),
          ".",
        ),
      );
    }
    return h(
      "li.report-item",
      { "data-key": key },
      h("strong", "Draft results"),
      h("ul.report-rows", rows),
    );
  }
  if (entry.kind === "vault_raid") {
    // Raids that arrived together roll one after another.
    const batch = ctx.arrival[index];
    let order = 0;
    for (let i = index - 1; i >= 0 && ctx.arrival[i] === batch; i--) {
      if (ctx.log[i].kind === "vault_raid") order += 1;
    }
    const delay = animate ? { "--delay": `${(order * 1.3).toFixed(1)}s` } : null;
    return h(
      "li.report-item.raid",
      { "data-key": key, class: entry.alarm ? "alarm" : null, style: delay },
      dieFace(entry.roll, animate, `die${index}`),
      h(
        "span.after-roll",
        { class: animate ? "delayed" : null },
        entry.alarm ? [h("strong.alarm-text", icon("bell"), "ALARM!"), " "] : null,
        ctx.sentence(entry),
      ),
    );
  }
  const text = ctx.sentence(entry);
  if (!text || ["round", "timeout", "done", "away"].includes(entry.kind)) return null;
  return h("li.report-item", { "data-key": key }, text);
}

export function roundReport(ctx) {
  const { log, game } = ctx;
  const starts = roundSlices(log);
  if (!starts.length) starts.push(-1); // a log that starts mid-round
  const current = starts[starts.length - 1];
  const previous = starts.length > 1 ? starts[starts.length - 2] : null;
  const items = (from, to) =>
    log
      .slice(from, to)
      .map((e, i) => reportItem(ctx, e, from + i))
      .filter(Boolean);
  if (game.phase === "draft" || game.phase.startsWith("bribe")) {
    const from = game.phase === "draft" ? previous : current;
    if (from === null || from < 0) return null;
    const to = game.phase === "draft" ? current : log.length;
    const rows = items(from, to);
    if (!rows.length) return null;
    return h(
      "details.card.report",
      { "data-key": `report-prev-${from}`, "data-testid": "last-round" },
      h(
        "summary",
        game.phase === "draft"
          ? `What happened in round ${game.round - 1}`
          : `What happened in round ${ctx.rules.rounds}`,
      ),
      h("ol.report-list", rows),
    );
  }
  const rows = items(current + 1, log.length);
  if (!rows.length) return null;
  return h(
    "section.card.report",
    {
      "data-key": `report-${current}`,
      "data-testid": "round-report",
      "aria-labelledby": "report-title",
    },
    h("h2#report-title", `Round ${game.round}: the reveal`),
    h("ol.report-list", rows),
  );
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
