// Goblin Laundromat on the table screen (ui/tv.js, /tv/CODE): the public table laid out for a
// room to watch. The stage on the left is what the table waits on (who has picked, the market,
// the laundry with its stains against the Program's limits and the chance the next draw fails,
// a failed laundry's keep); the right is every player's area. At the end, "Play again?", the
// scores in one table (a column per player, a row per part: five players' breakdowns fit one
// screen) and the majorities in words. Drawn from the spectator's view with the live screen's
// own parts, so it can show nothing the phones of watchers don't.
import { h } from "../../dom.js";
import { endActions } from "../../ui/end-actions.js";
import { screenData, tvLayout } from "../../ui/game-screen.js";
import { icon } from "../../ui/icons.js";
import { boardPage, boardPageLine } from "../../ui/tv-pages.js";
import { context } from "./context.js";
import { headline, majorities, parts, tieBreak } from "./end.js";
import { actionPanel, instruction, phaseBar } from "./game.js";
import { latestSentences } from "./sentences.js";
import { table } from "./table.js";
import { coins, g, phaseName, speciesName } from "./text.js";

/** shell: {banner (the link's state, or null), end (the shell's part of the end)}. */
export function renderTv(state, shell = {}) {
  const ctx = context(state, { end: shell.end });
  const { game } = ctx;
  const over = game.phase === "over";
  const latest = over ? [] : latestSentences(ctx.log, ctx.sentence, 3);
  const seats = game.players.map((p) => p.seat);
  const page = boardPage(seats, waitedOn(game));
  return h(
    "main.screen.tv.tv-game.goblin",
    {
      ...screenData(ctx),
      "data-game": "goblin",
      "data-kind": game.window?.kind ?? "",
      "data-stage": over ? "over" : (game.window?.kind ?? game.phase),
    },
    phaseBar(ctx, shell.banner),
    h("p.tv-whose", { "data-testid": "instruction", role: "status" }, instruction(ctx)),
    tvLayout({
      latest: latest.length ? latest.join(" ") : null,
      stage: over ? tvEnd(ctx) : actionPanel(ctx),
      // At the end the scores take the screen (as LaunderMat's end does): the areas are the
      // phones'. Beside them, with long names or a tie's break, the end ran off the screen.
      table: over ? null : [boardPageLine(page.label), table(ctx, page.shown)],
    }),
  );
}

/** The seats the table waits on: the one washing, or the window's. */
function waitedOn(game) {
  const washer = game.laundry?.seat;
  return washer === undefined || washer === null ? (game.window?.actors ?? []) : [washer];
}

function tvEnd(ctx) {
  const result = ctx.game.result;
  if (!result) return null;
  return h(
    "section.card.final",
    { "data-key": "final", "data-testid": "final-standings", "aria-labelledby": "final-title" },
    h("h2#final-title", phaseName("over")),
    endActions(ctx),
    // The winner and a tie's break share a cell (goblin.css: beside the majorities).
    h(
      "div.verdict",
      h("p.headline", { "data-testid": "headline" }, icon("crown"), headline(ctx, result)),
      tieBreak(result) ? h("p.small", { "data-testid": "tie-break" }, tieBreak(result)) : null,
    ),
    scoreTable(ctx, result),
    majorities(ctx, result),
  );
}

/** Every total broken down (GSCORE-1..6), the winners first. */
function scoreTable(ctx, result) {
  const standings = [...result.players].sort(
    (a, b) => (a.rank ?? 0) - (b.rank ?? 0) || b.total - a.total,
  );
  const won = (ps) => (result.winners ?? []).includes(ps.seat);
  const species = (ps) => ctx.game.players[ps.seat]?.species;
  return h(
    "table.breakdown.score-table",
    { "data-testid": "score-table" },
    h("caption.visually-hidden", phaseName("over")),
    h(
      "thead",
      h(
        "tr",
        h("td"),
        standings.map((ps) =>
          h(
            "th",
            { scope: "col", "data-key": `h${ps.seat}`, class: won(ps) ? "won" : null },
            won(ps) ? icon("crown", g("end.winner")) : null,
            ctx.nameOf(ps.seat),
            h("span.part-hint", ` ${speciesName(species(ps))}`),
          ),
        ),
      ),
    ),
    h(
      "tbody",
      parts(ctx.rules, null).map(([key, label, hint]) =>
        h(
          "tr",
          { "data-key": key },
          h(
            "th",
            { scope: "row" },
            label,
            key === "species" ? null : h("span.part-hint", ` ${hint}`),
          ),
          standings.map((ps) => h("td", { "data-key": `${key}${ps.seat}` }, String(ps[key] ?? 0))),
        ),
      ),
      h(
        "tr.total",
        { "data-key": "total" },
        h("th", { scope: "row" }, g("end.total")),
        standings.map((ps) =>
          h(
            "td",
            { "data-key": `t${ps.seat}`, "data-testid": `total-${ps.seat}` },
            coins(ps.total),
          ),
        ),
      ),
    ),
  );
}
