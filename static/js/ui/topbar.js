// The top bar of a room's screens (lobby and game): brand, room code, watching, the turn
// sound's mute toggle (a seated player's), reactions (ui/reactions.js), rules.
import { h } from "../dom.js";
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
      { href: "/", "data-action": "go-home", "aria-label": "LaunderMat home" },
      h("span.brand-mark", { "aria-hidden": "true" }, "$"),
      h("span.brand-name", "LaunderMat"),
    ),
    session ? h("span.room-chip", h("span.visually-hidden", "Room code "), session.code) : null,
    session?.role === "spectator" ? h("span.badge.watch", icon("eye"), "Watching") : null,
    h("span.spacer"),
    reactionButton(state),
    soundToggle(state),
    extra,
    h(
      "button.ghost.small",
      { type: "button", "data-action": "open-rules", "data-testid": "open-rules" },
      icon("book"),
      h("span", "Rules"),
    ),
  );
}

/** Online / away / offline, a bot, or away with a bot playing for them: an icon and words
 * (never colour alone). */
export function presence(player) {
  if (player.bot) return h("span.presence.bot", icon("bot"), "bot");
  if (player.stand_in) return h("span.presence.away", icon("bot"), "away, a bot plays");
  if (player.away) return h("span.presence.away", icon("clock"), "away");
  if (player.connected) return h("span.presence.online", icon("dot"), "online");
  return h("span.presence.offline", icon("wifi_off"), "offline");
}
