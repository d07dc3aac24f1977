// LaunderMat on the table screen (ui/tv.js, /tv/CODE): the public table laid out for a room to
// watch. The stage on the left is the round as it unfolds: the draft (who has picked), then the
// reveal with its collisions, Vault raids, dice and Alarms (report.js), Seniority, the Alarm
// and purchases, the three bribery stages, and at the end the investigation, the
// disqualifications and the standings; the right is every board, the market while players
// shop and the investigation's odds, flowing down its columns.
// Drawn from the spectator's view with the live screen's own parts: it shows nothing a
// watcher's phone doesn't.
import { h } from "../../dom.js";
import { screenData, tvLayout } from "../../ui/game-screen.js";
import { boardPage, boardPageLine } from "../../ui/tv-pages.js";
import { actionPanel } from "./actions.js";
import { boards, market, pool } from "./board.js";
import { context } from "./context.js";
import { renderEnd } from "./end.js";
import { instruction, phaseBar } from "./game.js";
import { roundReport } from "./report.js";

/** shell: {banner (the link's state, or null), end (the shell's part of the end)}. */
export function renderTv(state, shell = {}) {
  const ctx = context(state, { end: shell.end });
  const { game } = ctx;
  const over = game.phase === "over";
  const revealFirst = ["seniority", "alarm", "purchase"].includes(game.phase);
  // In bribery the odds are what the stages play for: beside the stage, under its short panel
  // (the entries' panel has them), not after every board.
  const bribery = game.phase.startsWith("bribe");
  const seats = game.players.map((p) => p.seat);
  // Late in a game a board runs most of a column: from four players on, two at a time
  // (test_tv_crowd.py); three players' all fit (test_tv.py).
  const page = boardPage(seats, game.window?.actors ?? [], seats.length > 3 ? 2 : 3);
  return h(
    "main.screen.tv.tv-game.laundermat",
    { ...screenData(ctx), "data-game": "laundermat", "data-stage": game.phase },
    phaseBar(ctx, shell.banner),
    h("p.tv-whose", { "data-testid": "instruction", role: "status" }, instruction(ctx)),
    tvLayout({
      stage: [
        over ? renderEnd(ctx) : null,
        revealFirst ? roundReport(ctx) : null,
        over ? null : actionPanel(ctx),
        bribery && game.phase !== "bribe_entries" ? pool(ctx) : null,
        over || revealFirst ? null : roundReport(ctx),
      ],
      // The market matters to a room while players shop; the odds after the boards until
      // the bribery.
      table: [
        boardPageLine(page.label),
        boards(ctx, page.shown),
        game.phase === "purchase" ? market(ctx) : null,
        over || bribery ? null : pool(ctx),
      ],
    }),
  );
}
