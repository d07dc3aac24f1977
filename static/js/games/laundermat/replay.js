// A replay step of LaunderMat, drawn with the live screen's own parts (boards, reveal, wallet,
// market, odds, log, end) from the step's view alone: no socket, no controls that act.
import { h } from "../../dom.js";
import { replayRoom } from "../../replay.js";
import { gameLog } from "../../ui/game-screen.js";
import { boards, market, pool } from "./board.js";
import { viewContext } from "./context.js";
import { renderEnd } from "./end.js";
import { wallet } from "./game.js";
import { roundReport } from "./report.js";
import { phaseTitle } from "./text.js";
import { g } from "./words.js";

/**
 * replay: {record (GET /api/games/{id}/replay), view (the step's game view), step, viewer
 * (a seat or "all"), end (the shell's part of the end screen)}.
 */
export function renderReplay(replay) {
  const { record, view, viewer } = replay;
  const ctx = viewContext(
    { room: replayRoom(record), game: view },
    { replay: true, end: replay.end ?? null },
  );
  const over = view.phase === "over";
  const last = [...ctx.log].reverse().map(ctx.sentence).find(Boolean);
  const seats = viewer === "all" ? (view.all_seats ?? []) : ctx.me ? [ctx.me] : [];
  return h(
    "div.replay-board",
    {
      "data-key": "replay-board",
      "data-testid": "replay-board",
      "data-phase": view.phase,
      "data-round": view.round,
    },
    h(
      "section.phase-bar",
      { "data-key": "phase-bar", "aria-label": g("replay.step") },
      h(
        "div.phase-line",
        h(
          "span.round",
          { "data-testid": "replay-round" },
          over ? g("game.final") : g("game.round_of", { round: view.round, rounds: view.rounds }),
        ),
        h("h2.phase-title", { "data-testid": "replay-phase" }, phaseTitle(view.phase)),
      ),
      last ? h("p.instruction", { "data-testid": "replay-last" }, last) : null,
    ),
    h(
      "div.game-layout",
      h(
        "div.col-main",
        over ? renderEnd(ctx) : roundReport(ctx),
        // Whose secrets are on show comes before the table (on a phone, the side column
        // falls below everything).
        h(
          "div.replay-wallets",
          { "data-key": "wallets" },
          seats.map((me) =>
            wallet(
              ctx,
              me,
              g("game.wallet_of", { name: ctx.nameOf(me.seat) }),
              `wallet-${me.seat}`,
            ),
          ),
        ),
        boards(ctx),
        over ? null : market(ctx),
      ),
      h("div.col-side", over ? null : pool(ctx), gameLog(ctx)),
    ),
  );
}
