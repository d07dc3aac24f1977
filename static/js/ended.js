// After a game (pure): its final view stays on screen while the next game runs, until the
// player leaves it ("To the new game", ui/end-actions.js). A new game must not pull the final
// scores away from someone still reading them; only the player whose own tap started it
// (the last "Ready", or the host's start) goes straight to the new game.
import { t } from "./i18n.js";
import { list } from "./text.js";

/**
 * What to keep on screen when `view` arrives over `previous`: {view, log} of the finished
 * game, or null. `kept`: what is kept now (it stays until the player leaves it, or a newer
 * game ends); `log`: the finished game's merged log; `ownStart`: this client's request
 * started the new game (startedByMe).
 */
export function keptEnd(previous, view, { kept = null, log = [], ownStart = false } = {}) {
  const before = previous?.room?.game_number ?? 0;
  const now = view?.room?.game_number ?? 0;
  if (!previous?.game || now <= before || previous.room.status !== "finished") return kept;
  return ownStart ? null : { view: previous, log };
}

/** This client's own `ready` or `rematch` is answered by this view: it started the game. */
export function startedByMe(pending, view) {
  if (!pending || !["ready", "rematch"].includes(pending.label)) return false;
  return pending.awaiting !== undefined && (view?.version ?? 0) >= pending.awaiting;
}

/** What the kept end screen says of the live game: its room, and whether it waits for me. */
export function nextGame(live) {
  return { room: live.room, yourMove: !!live.game?.me?.options?.can_act };
}

/** Who is ready, and whom the table waits for (away players are not waited for). */
export function readyWords(players) {
  const people = players.filter((p) => !p.bot);
  const ready = people.filter((p) => p.ready).map((p) => p.name);
  const waiting = people.filter((p) => !p.ready && !p.away).map((p) => p.name);
  const parts = [
    ready.length ? t("end.ready_list", { names: list(ready) }) : t("end.nobody_ready"),
  ];
  if (waiting.length) parts.push(t("end.waiting_for", { names: list(waiting) }));
  return parts.join(" ");
}
