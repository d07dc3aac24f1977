// The table: everyone's boards with their additions' public marks, the market and the
// investigation odds.
import { h } from "../../dom.js";
import { icon } from "../../ui/icons.js";
import { presence } from "../../ui/topbar.js";
import { runningScore } from "./score.js";
import { ADDITION_ORDER, additionName, entries, money, points, weaponName } from "./text.js";
import { g, percent } from "./words.js";

/** Points if nobody is investigated, and what each flagged type would cost (public facts). */
export function scoreLines(ctx, seat) {
  const { total, risks } = runningScore(ctx.rules, ctx.game, seat);
  return h(
    "div.score",
    { "data-testid": `score-${seat}` },
    h(
      "p.score-total",
      h("strong", { "data-testid": `points-${seat}` }, points(total)),
      ` ${g("board.if_nobody")}`,
    ),
    risks.length
      ? h(
          "ul.risks",
          { "aria-label": g("board.at_risk") },
          risks.map((r) =>
            h(
              "li",
              { "data-key": r.kind, "data-testid": `risk-${seat}-${r.kind}` },
              icon("flag"),
              ` ${g("board.risk", { addition: additionName(r.kind), lose: points(r.lose) })}`,
              r.caught ? h("strong", ` ${g("board.and_caught")}`) : ` ${g("board.protected")}`,
            ),
          ),
        )
      : null,
  );
}

export function copyBadges(copy) {
  const badges = [];
  badges.push(
    copy.flagged
      ? h("span.tag.flagged", icon("flag"), g("board.flagged"))
      : h("span.tag.clean", icon("check"), g("board.clean")),
  );
  if (copy.email_protected)
    badges.push(h("span.tag.protected", icon("shield"), g("board.email_protected")));
  if (copy.protection > 0) {
    badges.push(
      copy.countered
        ? h(
            "span.tag.countered",
            icon("broken"),
            g("board.countered", { amount: money(copy.protection) }),
          )
        : h(
            "span.tag.protected",
            icon("shield"),
            g("board.protected_by", { amount: money(copy.protection) }),
          ),
    );
  }
  if (copy.bonus_copy) badges.push(h("span.tag", g("board.free_copy")));
  if (copy.bonus)
    badges.push(
      h("span.tag.bonus", icon("star"), g("board.exact_bonus", { amount: money(copy.bonus) })),
    );
  return badges;
}

/** Identical copies (same type and the same public marks) share a line: "Pawn Shop ×2". */
function groupCopies(copies) {
  const groups = new Map();
  for (const c of copies) {
    const key = [
      c.kind,
      c.flagged,
      c.protection,
      c.countered,
      c.email_protected,
      c.bonus_copy,
      c.bonus ?? 0,
    ].join("|");
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
      return p.has_selected
        ? h("span.status.ok", icon("check"), g("board.status.picked"))
        : h("span.status.wait", icon("clock"), g("board.status.choosing"));
    case "purchase":
      if (!acting) return h("span.status.muted", g("board.status.cannot_buy"));
      return p.purchased
        ? h("span.status.ok", icon("check"), g("board.status.done"))
        : h("span.status.wait", icon("clock"), g("board.status.shopping"));
    case "bribe_protect":
    case "bribe_counter":
    case "bribe_entries":
      return p.done
        ? h("span.status.ok", icon("check"), g("board.status.done"))
        : h("span.status.wait", icon("clock"), g("board.status.deciding"));
    case "seniority":
    case "alarm":
      return acting ? h("span.status.wait", icon("clock"), g("board.status.deciding")) : null;
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
  if (p.weapon === "lost_and_found" && p.lost_and_found_used) used.push(g("board.used"));
  if (p.weapon === "seniority" && p.seniority_used) used.push(g("board.used"));
  if (p.weapon === "broken_machine" && p.broken_machine_used) used.push(g("board.used"));
  if (p.weapon === "two_for_one" && p.two_for_one_pending) used.push(g("board.ready"));
  return h(
    "article.board",
    {
      "data-key": `b${p.seat}`,
      "data-testid": `board-${p.seat}`,
      class: p.seat === ctx.seat ? "mine" : null,
      "aria-label": g("board.board_of", { name: ctx.nameOf(p.seat) }),
    },
    h(
      "header.board-head",
      h(
        "h3.board-name",
        ctx.nameOf(p.seat),
        p.seat === ctx.seat
          ? h("span.you", ` ${g(ctx.replay ? "board.watching" : "board.you")}`)
          : null,
      ),
      lead ? h("span.tag", { title: g("board.first_title") }, g("board.first")) : null,
      rp && !ctx.replay ? presence(p.away ? { ...rp, away: true } : rp) : null,
      roundStatus(ctx, p),
    ),
    h(
      "p.weapon-line",
      p.weapon
        ? [
            h("strong", weaponName(p.weapon)),
            used.length ? h("span.muted", ` (${used.join(", ")})`) : null,
          ]
        : h("span.muted", g("board.no_weapon")),
    ),
    mine.length ? scoreLines(ctx, p.seat) : null, // "No additions yet" says it all
    "holds_bills" in p && game.weapon_market.includes("jackpot")
      ? h("p.small.muted", g(p.holds_bills ? "board.holds_bills" : "board.holds_none"))
      : null,
    mine.length
      ? h(
          "ul.copies",
          groupCopies(mine).map(({ copy, count, ids }) =>
            h(
              "li",
              { "data-key": `k${ids.join("-")}` },
              h(
                "span.copy-name",
                additionName(copy.kind),
                count > 1 ? h("span.count", ` ×${count}`) : null,
              ),
              h("span.copy-tags", copyBadges(copy)),
            ),
          ),
        )
      : h("p.small.muted", g("board.no_additions")),
  );
}

/** shown: the seats whose boards to draw (the table screen's page of them), or all. */
export function boards(ctx, shown = null) {
  const { game } = ctx;
  const players = shown ? game.players.filter((p) => shown.includes(p.seat)) : game.players;
  const order = [...players].sort((a, b) =>
    a.seat === ctx.seat ? -1 : b.seat === ctx.seat ? 1 : a.seat - b.seat,
  );
  return h(
    "section.boards-section",
    { "data-key": "boards", "aria-labelledby": "boards-title" },
    h("h2#boards-title", g("board.table")),
    h("p.small.muted", g("board.table_note")),
    h(
      "div.boards",
      order.map((p) => board(ctx, p)),
    ),
  );
}

// ------------------------------------------------------------------ market, pool, wallet, log

export function market(ctx) {
  const { game } = ctx;
  return h(
    "section.card.market",
    { "data-key": "market", "data-testid": "market", "aria-labelledby": "market-title" },
    h("h2#market-title", g("market.title")),
    h(
      "table.market-table",
      h("caption.visually-hidden", g("market.caption")),
      h(
        "thead",
        h(
          "tr",
          h("th", { scope: "col" }, g("market.addition")),
          h("th", { scope: "col" }, g("market.cost")),
          h("th", { scope: "col" }, g("market.scores")),
          h("th", { scope: "col" }, g("market.left")),
        ),
      ),
      h(
        "tbody",
        game.market.map((m) =>
          h(
            "tr",
            { "data-key": m.kind, class: m.stock === 0 ? "sold-out" : null },
            h(
              "th",
              { scope: "row" },
              additionName(m.kind),
              game.email_type === m.kind
                ? h("span.tag.flagged", icon("flag"), g("market.email"))
                : null,
            ),
            h("td", money(m.cost)),
            h("td", points(m.points)),
            h("td", m.stock === 0 ? g("market.sold_out") : m.stock),
          ),
        ),
      ),
    ),
    h("p.small.muted", g("market.exact", { amount: money(ctx.rules.exact_bonus) })),
    h(
      "h3",
      `${g("market.weapons")} `,
      game.weapon_price !== null
        ? h("span.price", g("market.next_price", { amount: money(game.weapon_price) }))
        : null,
    ),
    game.weapon_market.length
      ? h(
          "ul.weapon-list",
          game.weapon_market.map((w) =>
            h(
              "li",
              { "data-key": w },
              h("strong", weaponName(w)),
              h("span.tag", ctx.weapons[w]?.when ?? ""),
              h("p.small", ctx.weapons[w]?.does ?? ""),
            ),
          ),
        )
      : h("p.muted", g("market.all_sold")),
  );
}

export function pool(ctx) {
  const { game } = ctx;
  const total = Object.values(game.entries).reduce((a, b) => a + b, 0);
  return h(
    "section.card.pool",
    { "data-key": "pool", "data-testid": "pool", "aria-labelledby": "pool-title" },
    h("h2#pool-title", g("pool.title")),
    h("p.small.muted", g("pool.note")),
    h(
      "ul.odds",
      ADDITION_ORDER.map((kind) => {
        const n = game.entries[kind] ?? 0;
        const share = total ? n / total : 0;
        const pct = Math.round(100 * share);
        return h(
          "li",
          { "data-key": kind, class: game.email_type === kind ? "emailed" : null },
          h("span.odds-name", additionName(kind)),
          h("span.odds-num", `${entries(n)} · ${percent(share)}`),
          h("span.odds-bar", { "aria-hidden": "true" }, h("span", { style: { width: `${pct}%` } })),
        );
      }),
    ),
  );
}
