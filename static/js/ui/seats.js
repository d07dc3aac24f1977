// Bots and stand-ins, a platform feature (every game has them; nothing here names one): the
// host's lobby controls (add a bot, remove one, the stand-in option), and the line a game
// screen shows about who is away and what happens to their seat.
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { serverNow } from "../store.js";
import { timeLeft, timeSpan } from "../text.js";
import { icon } from "./icons.js";

/** The host's "Add a bot" (while a seat is free). */
export function addBotButton(room, max, pending) {
  if (max && room.players.length >= max) return null;
  return h(
    "button.small",
    { type: "button", "data-action": "add-bot", "data-testid": "add-bot", disabled: !!pending },
    icon("bot"),
    t("seats.add_bot"),
  );
}

/** The host's "Remove" next to a bot. */
export function removeBotButton(p) {
  return h(
    "button.small.ghost.danger",
    {
      type: "button",
      "data-action": "remove-bot",
      "data-player": p.player_id,
      "data-testid": "remove-bot",
      "aria-label": t("seats.remove_label", { name: p.name }),
    },
    t("lobby.remove"),
  );
}

/** The platform's setting in the lobby's settings card: the host's checkbox, or a sentence. */
export function standInField(room, host) {
  const on = room.options?.stand_in !== false;
  if (!host) {
    return h(
      "p.small.muted",
      { "data-key": "stand-in" },
      on ? t("seats.stand_in_on") : t("seats.stand_in_off"),
    );
  }
  return h(
    "div.field.check",
    { "data-key": "stand-in" },
    h("input", {
      type: "checkbox",
      id: "lobby-stand-in",
      checked: on,
      "data-change": "lobby-stand-in",
      "data-testid": "lobby-stand-in",
    }),
    h("label", { for: "lobby-stand-in" }, t("seats.stand_in_label")),
  );
}

/** During a game: who is away, and whether a bot plays for them or the game goes on without
 * them; who is offline, and when a bot stands in (or the game goes on without them); and to a
 * player who is back, what a bot did in their name meanwhile (the log says "you"). The live
 * region says it once: the countdowns (the open window's and each offline player's, redrawn
 * every second by countdown.js) sit beside it, outside the region. */
export function awayLine(view, playerId) {
  if (!view?.game || view.room.status !== "playing") return null;
  const gone = view.room.players.filter((p) => p.away && !p.bot);
  const offline = view.room.players.filter((p) => p.away_at && p.player_id !== playerId);
  const me = view.room.players.find((p) => p.player_id === playerId && !p.away);
  const moves = me?.stood_in_moves ?? 0;
  const back = moves
    ? h(
        "p",
        { "data-key": "stood-in", "data-testid": "stood-in-for-you" },
        icon("bot"),
        t("seats.stood_in", { count: moves }),
      )
    : null;
  if (!gone.length && !offline.length && !back) return null;
  const waiting = gone.some((p) => !p.stand_in);
  return h(
    "div.away-notes",
    { "data-key": "away-notes" },
    h(
      "div.away-line",
      { role: "status", "data-key": "away-line", "data-testid": "away-line" },
      back,
      gone.map((p) =>
        p.stand_in
          ? h(
              "p",
              { "data-key": p.player_id, "data-testid": "stand-in" },
              icon("bot"),
              t("seats.bot_plays_for", { name: p.name }),
            )
          : h(
              "p",
              { "data-key": p.player_id, "data-testid": "away" },
              icon("clock"),
              t("seats.away", { name: p.name }),
            ),
      ),
      offline.map((p) =>
        h(
          "p",
          { "data-key": `off-${p.player_id}`, "data-testid": "offline" },
          icon("wifi_off"),
          t("seats.offline", { name: p.name }),
        ),
      ),
    ),
    offline.map((p) => offlineClock(view.room, p)),
    waiting && view.deadline
      ? h(
          "p.away-clock",
          { "data-key": "away-clock", "data-testid": "away-clock", "data-role": "timer" },
          "(",
          h("span.timer-text", timeLeft(view.deadline - serverNow())),
          ")",
        )
      : null,
  );
}

/** When an offline player will be away (room.players[].away_at, GEN-4), counted down. */
function offlineClock(room, p) {
  const [then, after] = t(
    room.options?.stand_in !== false ? "seats.bot_plays_in" : "seats.goes_on_in",
    { name: p.name },
  ).split("{{time}}");
  return h(
    "p.away-clock",
    {
      "data-key": `clock-${p.player_id}`,
      "data-testid": "offline-clock",
      "data-role": "timer",
      "data-deadline": p.away_at,
    },
    then,
    h("span.timer-text", timeSpan(p.away_at - serverNow())),
    after ?? "",
  );
}
