// What a game's end screen offers, the same for every game: the host's "Play again", the way
// back to the start, and for everyone else who starts the next game and what leaving means.
import { h } from "../dom.js";

export function endActions(ctx) {
  if (ctx.replay) return null;
  const me = ctx.room.players.find((p) => p.player_id === ctx.playerId);
  const host = ctx.room.players.find((p) => p.host);
  const standIn = ctx.room.options?.stand_in;
  return [
    me?.host ? null : h("p.muted", { "data-testid": "next-game" },
      host ? `${host.name} (the host) can start another game with the same players. ` : "The host can start another game with the same players. ",
      standIn
        ? "Your seat stays yours if you go back to the start: a bot plays it until you return."
        : "Your seat stays yours if you go back to the start: its turns time out until you return."),
    h("div.row",
      me?.host ? h("button.primary", { type: "button", "data-action": "rematch", "data-testid": "rematch", disabled: ctx.pending }, "Play again with the same players") : null,
      h("button", { type: "button", "data-action": "go-home", "data-testid": "go-home" }, "Back to the start")),
  ];
}
