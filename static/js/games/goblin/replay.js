// A replay step of Goblin Laundromat, drawn with the live screen's own parts (status, the
// laundry, the table, the log, the end) from the step's view alone: nothing in it acts.
import { h } from "../../dom.js";
import { replayRoom } from "../../replay.js";
import { gameLog } from "../../ui/game-screen.js";
import { viewContext } from "./context.js";
import { renderEnd } from "./end.js";
import { marketPanel, pickPanel } from "./fill.js";
import { phaseBar } from "./game.js";
import { laundryPanel } from "./laundry.js";
import { table } from "./table.js";
import { cardName, g } from "./text.js";

/** Watching "everything": each seat's own part (hand, known Basket cards). */
function secrets(ctx, seats) {
  if (!seats.length) return null;
  return h(
    "section.card.replay-secrets",
    { "data-key": "secrets", "aria-labelledby": "secrets-title" },
    h("h2#secrets-title", g("replay.knows")),
    h(
      "ul",
      seats.map((me) =>
        h(
          "li",
          { "data-key": `m${me.seat}` },
          h("strong", ctx.nameOf(me.seat)),
          ": ",
          me.hand?.length ? `${g("replay.hand", { cards: cardList(ctx, me.hand) })} ` : "",
          g("replay.inBasket", { cards: cardList(ctx, me.basket_known) || g("replay.nothing") }),
        ),
      ),
    ),
  );
}

export function renderReplay(replay) {
  const { record, view, viewer } = replay;
  const ctx = viewContext(
    { room: replayRoom(record), game: view },
    { replay: true, end: replay.end ?? null },
  );
  const over = view.phase === "over";
  const last = [...ctx.log].reverse().map(ctx.sentence).find(Boolean);
  const panel = over
    ? renderEnd(ctx)
    : view.phase === "laundry"
      ? laundryPanel(ctx)
      : view.phase === "market" && view.market
        ? marketPanel(ctx)
        : view.me
          ? pickPanel(ctx)
          : null;
  return h(
    "div.replay-board.goblin",
    {
      "data-key": "replay-board",
      "data-testid": "replay-board",
      "data-phase": view.phase,
      "data-round": view.round,
    },
    phaseBar(ctx, null, { replay: true }),
    last ? h("p.instruction", { "data-testid": "replay-last" }, last) : null,
    h(
      "div.game-layout",
      h(
        "div.col-main",
        panel,
        viewer === "all" ? secrets(ctx, view.all_seats ?? []) : null,
        table(ctx),
      ),
      h("div.col-side", gameLog(ctx)),
    ),
  );
}

function cardList(ctx, ids) {
  return (ids ?? []).map((id) => cardName(ctx.rules, id)).join(", ");
}
