// "Play again?", at the top of every game's end screen (the first thing a phone shows there):
// each player says Ready or leaves, everyone sees who is ready, and the host may start with
// the ready players, filling empty seats with bots only if they tick it (docs/protocol.md,
// "Play again"). Once the next game has started, the final scores stay until the player
// taps "To the new game" (ended.js).
import { h } from "../dom.js";
import { readyWords } from "../ended.js";
import { t } from "../i18n.js";

export function endActions(ctx) {
  if (ctx.replay) return null;
  const room = ctx.next?.room ?? ctx.room; // the live room: the answers as they are now
  const me = room.players.find((p) => p.player_id === ctx.playerId && !p.bot);
  const body = ctx.next ? nextGame(ctx.next, me) : me ? answer(ctx, room, me) : watching(room);
  return h(
    "section.play-again",
    {
      "data-key": "play-again",
      "data-testid": "play-again",
      "aria-labelledby": "play-again-title",
    },
    h("h3#play-again-title", ctx.next ? t("end.next_started") : t("end.play_again")),
    body,
  );
}

function answer(ctx, room, me) {
  const host = room.players.find((p) => p.host);
  const busy = ctx.pending;
  return [
    h(
      "div.row",
      me.ready
        ? h(
            "button",
            {
              type: "button",
              "data-action": "ready",
              "data-on": "false",
              "data-testid": "ready",
              "aria-pressed": "true",
              disabled: busy,
            },
            t("end.ready_undo"),
          )
        : h(
            "button.primary",
            {
              type: "button",
              "data-action": "ready",
              "data-on": "true",
              "data-testid": "ready",
              "aria-pressed": "false",
              disabled: busy,
            },
            t("end.ready"),
          ),
      h(
        "button",
        { type: "button", "data-action": "leave-room", "data-testid": "leave" },
        t("end.leave"),
      ),
    ),
    h("p", { "data-testid": "ready-list", role: "status" }, readyWords(room.players)),
    me.host ? hostStart(ctx, busy) : null,
    h("p.small.muted", { "data-testid": "next-game" }, nextGameWords(host, me)),
  ];
}

function hostStart(ctx, busy) {
  const fill = !!ctx.ui?.fillBots;
  return h(
    "div.host-start",
    h(
      "button",
      {
        type: "button",
        "data-action": "start-ready",
        "data-testid": "start-ready",
        disabled: busy,
      },
      t("end.start_ready"),
    ),
    h(
      "div.field.check",
      h("input", {
        type: "checkbox",
        id: "fill-bots",
        checked: fill,
        "data-change": "fill-bots",
        "data-testid": "fill-bots",
      }),
      h("label", { for: "fill-bots" }, t("end.fill_bots")),
    ),
  );
}

function watching(room) {
  return [
    h("p", { "data-testid": "ready-list" }, readyWords(room.players)),
    h(
      "div.row",
      h(
        "button",
        { type: "button", "data-action": "go-home", "data-testid": "go-home" },
        t("shell.back_home"),
      ),
    ),
  ];
}

function nextGame(next, me) {
  const playing = me && me.seat !== null && me.seat !== undefined;
  return [
    h(
      "p",
      { "data-testid": "next-started" },
      !me
        ? t("end.can_watch")
        : playing
          ? next.yourMove
            ? t("end.your_move")
            : t("end.you_play")
          : t("end.sit_out"),
    ),
    h(
      "div.row",
      h(
        "button.primary",
        { type: "button", "data-action": "to-new-game", "data-testid": "to-new-game" },
        t("shell.to_new_game"),
      ),
    ),
  ];
}

/** When the next game starts: once all are ready, or when the host starts it (the host reads
 *  "you"). */
function nextGameWords(host, me) {
  if (!host) return t("end.starts_when_ready");
  if (me.host) return t("end.starts_or_you");
  return t("end.starts_or_host", { name: host.name });
}
