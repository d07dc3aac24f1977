// The turn alerts' controls (alerts.js does the alerting): the sound toggle in a seated
// player's top bar, in the lobby and through the game, and the lobby's card with "Notify me",
// which asks the browser's permission only when tapped.
import { alertPrefs } from "../alerts.js";
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { icon } from "./icons.js";

/** The mute toggle: a speaker, pressed when muted (its name says what pressing does). */
export function soundToggle(state) {
  if (state.session?.role !== "player") return null;
  const { muted } = alertPrefs();
  return h(
    "button.ghost.small.sound-toggle",
    {
      type: "button",
      "data-action": "toggle-sound",
      "data-testid": "sound-toggle",
      "aria-pressed": muted ? "true" : "false",
      title: muted ? t("alerts.sound_off") : t("alerts.sound_on"),
    },
    icon(muted ? "sound_off" : "sound"),
    h("span.visually-hidden", t("alerts.mute")),
  );
}

/** The lobby's card: what happens when it is your turn, and the notification opt-in. */
export function alertsCard(state) {
  if (state.session?.role !== "player") return null;
  const { notify } = alertPrefs();
  return h(
    "section.card.alerts-card",
    { "data-key": "alerts", "data-testid": "alerts-card", "aria-labelledby": "alerts-title" },
    h("h2#alerts-title", t("alerts.title")),
    h("p.small.muted", t("alerts.how")),
    notifyControl(notify),
  );
}

function notifyControl(notify) {
  if (notify === "unsupported") return h("p.small.muted", t("alerts.unsupported"));
  if (notify === "blocked")
    return h("p.small.muted", { "data-testid": "notify-blocked" }, t("alerts.blocked"));
  const on = notify === "on";
  // One button (one data-key) that changes its words: the focus stays on it when tapped.
  return h(
    "div.notify-row",
    { "data-key": "notify" },
    h(
      "button.small",
      {
        type: "button",
        "data-key": "notify-button",
        "data-action": on ? "notify-off" : "notify-me",
        "data-testid": on ? "notify-off" : "notify-me",
      },
      icon("bell"),
      on ? t("alerts.stop") : t("alerts.notify_me"),
    ),
    on
      ? h("p.small", { "data-testid": "notify-on" }, t("alerts.on"))
      : h("p.small.muted", t("alerts.off")),
  );
}
