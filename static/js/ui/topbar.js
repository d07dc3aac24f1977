// The top bar of a room's screens (lobby and game): brand, room code, watching, the turn
// sound's mute toggle (a seated player's), reactions (ui/reactions.js), rules.
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { soundToggle } from "./alerts.js";
import { icon } from "./icons.js";
import { reactionButton } from "./reactions.js";

export function topbar(state, extra) {
  const session = state.session;
  return h(
    "header.topbar.in-room",
    { "data-key": "topbar" },
    h(
      "a.brand",
      { href: "/", "data-action": "go-home", "aria-label": t("titles.brand_home") },
      h("span.brand-mark", { "aria-hidden": "true" }, "$"),
      h("span.brand-name", "LaunderMat"),
    ),
    session
      ? h("span.room-chip", h("span.visually-hidden", t("topbar.room_code")), session.code)
      : null,
    session?.role === "spectator" ? h("span.badge.watch", icon("eye"), t("topbar.watching")) : null,
    h("span.spacer"),
    reactionButton(state),
    soundToggle(state),
    extra,
    h(
      "button.ghost.small",
      { type: "button", "data-action": "open-rules", "data-testid": "open-rules" },
      icon("book"),
      h("span", t("topbar.rules")),
    ),
  );
}

/** Online / away / offline, a bot, or away with a bot playing for them: an icon and words
 * (never colour alone). */
export function presence(player) {
  if (player.bot) return h("span.presence.bot", icon("bot"), t("presence.bot"));
  if (player.stand_in) return h("span.presence.away", icon("bot"), t("presence.stand_in"));
  if (player.away) return h("span.presence.away", icon("clock"), t("presence.away"));
  if (player.connected) return h("span.presence.online", icon("dot"), t("presence.online"));
  return h("span.presence.offline", icon("wifi_off"), t("presence.offline"));
}
