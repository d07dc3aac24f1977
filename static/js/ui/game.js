// The game screen: where we are (round, stage, countdown, what to do), the action panel,
// this round's reveal, everyone's boards, the market, your wallet and the log.
import { h } from "../dom.js";
import {
  ADDITION_ORDER, BILL_VALUE, PHASES, WEAPONS, additionName, capital, list, logSentence, money, plural, points, weaponName,
} from "../text.js";
import { actionPanel } from "./actions.js";
import { topbar } from "./app.js";
import { renderEnd } from "./end.js";
import { icon } from "./icons.js";
import { presence } from "./lobby.js";

/** Everything a render needs to know about the viewer and the names at the table. */
export function context(state) {
  const view = state.view;
  const game = view.game;
  const room = view.room;
  const byId = new Map(room.players.map((p) => [p.player_id, p]));
  const me = game?.me ?? null;
  const seat = me ? me.seat : null;
  const roomPlayer = (s) => byId.get(game.players[s]?.name);
  const nameOf = (s) => roomPlayer(s)?.name ?? game.players[s]?.name ?? `Seat ${s + 1}`;
  const who = (s) => (s === seat ? "you" : nameOf(s));
  const copies = new Map((game?.copies ?? []).map((c) => [c.id, c]));
  return {
    state, view, game, room, me, seat,
    opts: me?.options ?? {},
    nameOf, who, roomPlayer,
    copyKind: (id) => copies.get(id)?.kind,
    copies,
    ui: state.ui,
    pending: !!state.pending,
    log: state.log,
    animateFrom: state.animateFrom,
    sentence: (entry) => logSentence(entry, { who, copyKind: (id) => copies.get(id)?.kind, viewer: seat }),
  };
}

export function renderGame(state, banner) {
  if (!state.view.game) {
    return h("main.screen", { id: "main", "data-key": "nogame" }, topbar(state), banner,
      h("p.loading", { role: "status" }, "Setting up the game…"));
  }
  const ctx = context(state);
  const over = ctx.game.phase === "over";
  const shopOpen = ctx.game.phase === "purchase" && ctx.opts.can_act;
  const revealFirst = ["seniority", "alarm", "purchase"].includes(ctx.game.phase);
  return h("main.screen.game", {
    id: "main", "data-key": "game", "data-testid": "game", "data-phase": ctx.game.phase,
    "data-round": ctx.game.round, "data-window": ctx.game.window?.id ?? "", "data-can-act": ctx.opts.can_act ? "true" : "false",
    "data-pending": ctx.pending ? "true" : "false", "data-seat": ctx.seat ?? "",
  },
    topbar(state, h("a.ghost.small.button-link", { href: "#log", "data-testid": "log-link" }, icon("list"), h("span", "Log"))),
    phaseBar(ctx, banner),
    h("div.game-layout",
      h("div.col-main",
        // What just happened comes first (the reveal); last round's story follows the draft.
        revealFirst ? roundReport(ctx) : null,
        over ? renderEnd(ctx) : actionPanel(ctx),
        over || revealFirst ? null : roundReport(ctx),
        boards(ctx),
        shopOpen || over ? null : market(ctx)),
      h("div.col-side",
        ctx.me && !over ? wallet(ctx) : null,
        over || ctx.game.phase === "bribe_entries" ? null : pool(ctx),
        gameLog(ctx))));
}

// ------------------------------------------------------------------ where we are

function phaseBar(ctx, banner) {
  const { game } = ctx;
  const phase = PHASES[game.phase] ?? { title: game.phase };
  const bribery = game.phase.startsWith("bribe");
  const roundText = game.phase === "over" ? "Final" : bribery ? "After round 8" : `Round ${game.round} of ${game.rounds}`;
  return h("section.phase-bar", { "data-key": "phase-bar", "data-testid": "phase-bar", "aria-label": "Game status" },
    banner,
    h("div.phase-line",
      h("span.round", { "data-testid": "round" }, roundText),
      h("h1.phase-title", { "data-testid": "phase-title", tabindex: "-1" }, phase.title)),
    game.window && game.phase !== "over"
      ? h("div.timer", { "data-role": "timer", role: "timer", "aria-label": "Time left in this step" },
          h("div.timer-track", h("div.timer-fill")),
          h("span.timer-text"))
      : null,
    h("p.instruction", { "data-testid": "instruction", role: "status" }, instruction(ctx)));
}

function waitingFor(ctx, acted) {
  const { game } = ctx;
  const seats = (game.window?.actors ?? []).filter((s) => !acted(game.players[s]) && s !== ctx.seat);
  return seats.length ? `Waiting for ${list(seats.map(ctx.nameOf))}.` : "";
}

function instruction(ctx) {
  const { game, opts, me, seat } = ctx;
  const acting = !!opts.can_act;
  const actor = game.window?.actors?.[0];
  switch (game.phase) {
    case "draft":
      if (!me) return "Players are picking bills. " + waitingFor(ctx, (p) => p.has_selected);
      if (me.selection === null) return "Tap a bill to pick it. If nobody else picks it, it's yours.";
      return `You've picked${me.selection === "lost_and_found" ? " a hidden Lost and Found bill" : ""}. You can change until everyone has picked or time runs out. ${waitingFor(ctx, (p) => p.has_selected)}`;
    case "seniority":
      return acting ? "You collided! Decide whether to use Seniority and claim the bill." : `${capital(ctx.who(actor))} may use Seniority to claim a collided bill. Waiting for their decision.`;
    case "alarm":
      return acting
        ? "Alarm! Buy a flagged addition using the Alarm bill, or discard it."
        : `${capital(ctx.who(game.alarm?.seat ?? actor))}'s Vault raid sounded the Alarm. Waiting for their decision.`;
    case "purchase":
      if (acting) return "You collected a bill this round, so you may buy one addition or one Secret Weapon, or skip.";
      if (me && !game.window.actors.includes(seat)) return `You didn't collect a bill this round, so you can't buy. ${waitingFor(ctx, (p) => p.purchased)}`;
      return `Purchases. ${waitingFor(ctx, (p) => p.purchased)}`;
    case "bribe_protect":
      return acting ? "Protect your flagged additions if you like, then press Done." : `Protection stage. ${waitingFor(ctx, (p) => p.done)}`;
    case "bribe_counter":
      return acting ? "Cancel someone's protection if you like, then press Done." : `Counterbribe stage. ${waitingFor(ctx, (p) => p.done)}`;
    case "bribe_entries":
      return acting ? "Buy investigation entries to steer the investigation, then press Done." : `Investigation entries. ${waitingFor(ctx, (p) => p.done)}`;
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
  const pips = { 1: [5], 2: [1, 9], 3: [1, 5, 9], 4: [1, 3, 7, 9], 5: [1, 3, 5, 7, 9], 6: [1, 3, 4, 6, 7, 9] }[value] ?? [];
  return h("span.die", { class: animate ? "rolling" : null, "data-key": key, role: "img", "aria-label": `Die showing ${value}`, "data-testid": "die" },
    h("span.die-face", Array.from({ length: 9 }, (_, i) => h("span.pip", { class: pips.includes(i + 1) ? "on" : null }))));
}

function reportItem(ctx, entry, index) {
  const animate = index >= ctx.animateFrom;
  const key = `r${index}`;
  if (entry.kind === "draft_locked") {
    const rows = [];
    for (const c of entry.collected) {
      rows.push(h("li", { "data-key": `c${c.card}` }, h("span.bill-chip", money(c.value)), ` ${capital(ctx.who(c.seat))} collected it.`));
    }
    for (const c of entry.collisions) {
      rows.push(h("li.collision", { "data-key": `x${c.card}` }, h("span.bill-chip.clash", money(c.value)),
        ` Collision: ${list(c.seats.map(ctx.who))} picked it. Nobody collects it; instead, ${c.seats.includes(ctx.seat) ? "you each raid" : "each of them raids"} the Vault.`));
    }
    for (const s of entry.lost_and_found) rows.push(h("li", { "data-key": `l${s}` }, `${capital(ctx.who(s))} used Lost and Found and collected a hidden bill.`));
    if (entry.timed_out.length) rows.push(h("li", { "data-key": "t" }, `${capital(list(entry.timed_out.map(ctx.who)))} picked nothing in time.`));
    if (entry.unselected.length) {
      rows.push(h("li", { "data-key": "u" }, "Nobody picked ", entry.unselected.map((c, i) => [i ? " " : null, h("span.bill-chip", money(BILL_VALUE[c]))]), "."));
    }
    return h("li.report-item", { "data-key": key }, h("strong", "Draft results"), h("ul.report-rows", rows));
  }
  if (entry.kind === "vault_raid") {
    // Raids that arrived together roll one after another.
    const batch = ctx.state.arrival[index];
    let order = 0;
    for (let i = index - 1; i >= 0 && ctx.state.arrival[i] === batch; i--) {
      if (ctx.log[i].kind === "vault_raid") order += 1;
    }
    const delay = animate ? { "--delay": `${(order * 1.3).toFixed(1)}s` } : null;
    return h("li.report-item.raid", { "data-key": key, class: entry.alarm ? "alarm" : null, style: delay },
      dieFace(entry.roll, animate, `die${index}`),
      h("span.after-roll", { class: animate ? "delayed" : null },
        entry.alarm ? h("strong.alarm-text", icon("bell"), " ALARM! ") : null,
        ctx.sentence(entry)));
  }
  const text = ctx.sentence(entry);
  if (!text || ["round", "timeout", "done", "away"].includes(entry.kind)) return null;
  return h("li.report-item", { "data-key": key }, text);
}

function roundReport(ctx) {
  const { log, game } = ctx;
  const starts = roundSlices(log);
  if (!starts.length) starts.push(-1); // a log that starts mid-round
  const current = starts[starts.length - 1];
  const previous = starts.length > 1 ? starts[starts.length - 2] : null;
  const items = (from, to) => log.slice(from, to).map((e, i) => reportItem(ctx, e, from + i)).filter(Boolean);
  if (game.phase === "draft" || game.phase.startsWith("bribe")) {
    const from = game.phase === "draft" ? previous : current;
    if (from === null || from < 0) return null;
    const to = game.phase === "draft" ? current : log.length;
    const rows = items(from, to);
    if (!rows.length) return null;
    return h("details.card.report", { "data-key": `report-prev-${from}`, "data-testid": "last-round" },
      h("summary", game.phase === "draft" ? `What happened in round ${game.round - 1}` : "What happened in round 8"),
      h("ol.report-list", rows));
  }
  const rows = items(current + 1, log.length);
  if (!rows.length) return null;
  return h("section.card.report", { "data-key": `report-${current}`, "data-testid": "round-report", "aria-labelledby": "report-title" },
    h("h2#report-title", `Round ${game.round}: the reveal`),
    h("ol.report-list", rows));
}

// ------------------------------------------------------------------ boards

export function copyBadges(ctx, copy) {
  const badges = [];
  badges.push(copy.flagged
    ? h("span.tag.flagged", icon("flag"), "Flagged")
    : h("span.tag.clean", icon("check"), "Clean"));
  if (copy.email_protected) badges.push(h("span.tag.protected", icon("shield"), "Protected (Email)"));
  if (copy.protection > 0) {
    badges.push(copy.countered
      ? h("span.tag.countered", icon("broken"), `Protection ${money(copy.protection)} cancelled`)
      : h("span.tag.protected", icon("shield"), `Protected ${money(copy.protection)}`));
  }
  if (copy.bonus_copy) badges.push(h("span.tag", "Free (2 for 1)"));
  if (copy.bonus) badges.push(h("span.tag.bonus", icon("star"), `+${money(copy.bonus)} exact`));
  return badges;
}

/** Identical copies (same type and the same public marks) share a line: "Pawn Shop ×2". */
function groupCopies(copies) {
  const groups = new Map();
  for (const c of copies) {
    const key = [c.kind, c.flagged, c.protection, c.countered, c.email_protected, c.bonus_copy, c.bonus ?? 0].join("|");
    const group = groups.get(key);
    if (group) {
      group.count += 1;
      group.ids.push(c.id);
    } else groups.set(key, { copy: c, count: 1, ids: [c.id] });
  }
  return [...groups.values()];
}

function roundStatus(ctx, p) {
  const { game } = ctx;
  const acting = game.window?.actors?.includes(p.seat);
  switch (game.phase) {
    case "draft":
      return p.has_selected ? h("span.status.ok", icon("check"), "picked") : h("span.status.wait", icon("clock"), "choosing");
    case "purchase":
      if (!acting) return h("span.status.muted", "can't buy");
      return p.purchased ? h("span.status.ok", icon("check"), "done") : h("span.status.wait", icon("clock"), "shopping");
    case "bribe_protect":
    case "bribe_counter":
    case "bribe_entries":
      return p.done ? h("span.status.ok", icon("check"), "done") : h("span.status.wait", icon("clock"), "deciding");
    case "seniority":
    case "alarm":
      return acting ? h("span.status.wait", icon("clock"), "deciding") : null;
    default:
      return null;
  }
}

function board(ctx, p) {
  const { game } = ctx;
  const mine = game.copies.filter((c) => c.owner === p.seat);
  const rp = ctx.roomPlayer(p.seat);
  const lead = game.turn_order?.[0] === p.seat && game.phase !== "over";
  const used = [];
  if (p.weapon === "lost_and_found" && p.lost_and_found_used) used.push("used");
  if (p.weapon === "seniority" && p.seniority_used) used.push("used");
  if (p.weapon === "broken_machine" && p.broken_machine_used) used.push("used");
  if (p.weapon === "two_for_one" && p.two_for_one_pending) used.push("ready");
  return h("article.board", { "data-key": `b${p.seat}`, "data-testid": `board-${p.seat}`, class: p.seat === ctx.seat ? "mine" : null,
    "aria-label": `${ctx.nameOf(p.seat)}'s board` },
    h("header.board-head",
      h("h3.board-name", ctx.nameOf(p.seat), p.seat === ctx.seat ? h("span.you", " (you)") : null),
      lead ? h("span.tag", { title: "First in this round's turn order (Vault raids go in turn order)" }, "goes 1st") : null,
      rp ? presence(p.away ? { ...rp, away: true } : rp) : null,
      roundStatus(ctx, p)),
    h("p.weapon-line",
      p.weapon
        ? [h("strong", weaponName(p.weapon)), used.length ? h("span.muted", ` (${used.join(", ")})`) : null]
        : h("span.muted", "No Secret Weapon")),
    "holds_bills" in p ? h("p.small.muted", p.holds_bills ? "Holds at least one bill (Jackpot target)" : "Holds no bills") : null,
    mine.length
      ? h("ul.copies", groupCopies(mine).map(({ copy, count, ids }) => h("li", { "data-key": `k${ids.join("-")}` },
          h("span.copy-name", additionName(copy.kind), count > 1 ? h("span.count", ` ×${count}`) : null),
          h("span.copy-tags", copyBadges(ctx, copy)))))
      : h("p.small.muted", "No additions yet."));
}

function boards(ctx) {
  const { game } = ctx;
  const order = [...game.players].sort((a, b) => (a.seat === ctx.seat ? -1 : b.seat === ctx.seat ? 1 : a.seat - b.seat));
  return h("section.boards-section", { "data-key": "boards", "aria-labelledby": "boards-title" },
    h("h2#boards-title", "The table"),
    h("p.small.muted", "Additions are public, and so is whether each copy is flagged (bought with an Alarm bill or hit by Anonymous Email) or clean. Wallets are secret."),
    h("div.boards", order.map((p) => board(ctx, p))));
}

// ------------------------------------------------------------------ market, pool, wallet, log

export function market(ctx) {
  const { game } = ctx;
  return h("section.card.market", { "data-key": "market", "data-testid": "market", "aria-labelledby": "market-title" },
    h("h2#market-title", "Market"),
    h("table.market-table",
      h("caption.visually-hidden", "Additions for sale"),
      h("thead", h("tr", h("th", { scope: "col" }, "Addition"), h("th", { scope: "col" }, "Cost"), h("th", { scope: "col" }, "Scores"), h("th", { scope: "col" }, "Left"))),
      h("tbody", game.market.map((m) => h("tr", { "data-key": m.kind, class: m.stock === 0 ? "sold-out" : null },
        h("th", { scope: "row" }, additionName(m.kind), game.email_type === m.kind ? h("span.tag.flagged", icon("flag"), "Email") : null),
        h("td", money(m.cost)),
        h("td", points(m.points)),
        h("td", m.stock === 0 ? "Sold out" : m.stock))))),
    h("p.small.muted", "Pay exactly the cost to earn a $5k bonus. Overpayment is lost."),
    h("h3", "Secret Weapons ", game.weapon_price !== null ? h("span.price", `next one costs ${money(game.weapon_price)}`) : null),
    game.weapon_market.length
      ? h("ul.weapon-list", game.weapon_market.map((w) => h("li", { "data-key": w },
          h("strong", weaponName(w)), h("span.tag", WEAPONS[w]?.when ?? ""), h("p.small", WEAPONS[w]?.does ?? ""))))
      : h("p.muted", "All Secret Weapons are sold."));
}

export function pool(ctx) {
  const { game } = ctx;
  const total = Object.values(game.entries).reduce((a, b) => a + b, 0);
  return h("section.card.pool", { "data-key": "pool", "data-testid": "pool", "aria-labelledby": "pool-title" },
    h("h2#pool-title", "Investigation odds"),
    h("p.small.muted", "At the end one type is investigated, drawn by these entries. Flagged copies of it score 0 and their owners are caught unless protected."),
    h("ul.odds", ADDITION_ORDER.map((kind) => {
      const n = game.entries[kind] ?? 0;
      const pct = total ? Math.round((100 * n) / total) : 0;
      return h("li", { "data-key": kind, class: game.email_type === kind ? "emailed" : null },
        h("span.odds-name", additionName(kind)),
        h("span.odds-num", `${plural(n, "entry", "entries")} · ${pct}%`),
        h("span.odds-bar", { "aria-hidden": "true" }, h("span", { style: { width: `${pct}%` } })));
    })));
}

function wallet(ctx) {
  const { me } = ctx;
  const bills = [...me.wallet].sort((a, b) => a.value - b.value);
  return h("section.wallet", { "data-key": "wallet", "data-testid": "wallet", "aria-labelledby": "wallet-title" },
    h("div.wallet-head",
      h("h2#wallet-title", "Your wallet"),
      h("span.wallet-total", { "data-testid": "wallet-total" }, `${money(me.wallet_total)} · ${plural(bills.length, "bill")}`),
      h("span.small.muted", "secret")),
    bills.length
      ? h("ul.wallet-bills", bills.map((b) => h("li.bill-chip", { "data-key": `w${b.card}` }, money(b.value))))
      : h("p.small.muted", "Empty. Collect bills in the draft."));
}

function gameLog(ctx) {
  const rows = [];
  ctx.log.forEach((entry, i) => {
    const text = ctx.sentence(entry);
    if (text) rows.push(h("li", { "data-key": `g${i}`, class: entry.kind === "round" ? "round-start" : null }, text));
  });
  rows.reverse();
  return h("section.card.log", { id: "log", "data-key": "log", "data-testid": "game-log", "aria-labelledby": "log-title", tabindex: "-1" },
    h("h2#log-title", "Game log ", h("span.small.muted", "(newest first)")),
    h("ol.log-list", rows));
}
