// Goblin Laundromat on the table screen (ui/tv.js, /tv/CODE): the public table laid out for a
// room to watch. The stage on the left is what the table waits on (who has picked, the market,
// the laundry with its stains against the Program's limits and the chance the next draw fails,
// a failed laundry's keep; at the end the scoring, majorities in words); the right is every
// player's area. Drawn from the spectator's view with the live screen's own parts, so it can
// show nothing the phones of watchers don't.
import { h } from "../../dom.js";
import { screenData, tvLayout } from "../../ui/game-screen.js";
import { context } from "./context.js";
import { renderEnd } from "./end.js";
import { actionPanel, instruction, phaseBar } from "./game.js";
import { latestSentences } from "./sentences.js";
import { table } from "./table.js";

/** shell: {banner (the link's state, or null), end (the shell's part of the end)}. */
export function renderTv(state, shell = {}) {
  const ctx = context(state, { end: shell.end });
  const { game } = ctx;
  const over = game.phase === "over";
  const latest = over ? [] : latestSentences(ctx.log, ctx.sentence, 3);
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
      stage: over ? renderEnd(ctx) : actionPanel(ctx),
      table: table(ctx),
    }),
  );
}
