// The turn alerts' controls (alerts.js does the alerting): the sound toggle in a seated
// player's top bar, in the lobby and through the game, and the lobby's card with "Notify me",
// which asks the browser's permission only when tapped.
import { alertPrefs } from "../alerts.js";
import { h } from "../dom.js";
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
      title: muted ? "Turn sounds are off" : "Turn sounds are on",
    },
    icon(muted ? "sound_off" : "sound"),
    h("span.visually-hidden", "Mute turn sounds"),
  );
}

/** The lobby's card: what happens when it is your turn, and the notification opt-in. */
export function alertsCard(state) {
  if (state.session?.role !== "player") return null;
  const { notify } = alertPrefs();
  return h(
    "section.card.alerts-card",
    { "data-key": "alerts", "data-testid": "alerts-card", "aria-labelledby": "alerts-title" },
    h("h2#alerts-title", "When it's your turn"),
    h(
      "p.small.muted",
      "The tab's title says so, your phone vibrates and a short sound plays (the speaker at " +
        "the top mutes it).",
    ),
    notifyControl(notify),
  );
}

function notifyControl(notify) {
  if (notify === "unsupported") return h("p.small.muted", "This browser can't show notifications.");
  if (notify === "blocked")
    return h(
      "p.small.muted",
      { "data-testid": "notify-blocked" },
      "Notifications are blocked for this site in your browser's settings.",
    );
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
      on ? "Stop notifications" : "Notify me",
    ),
    on
      ? h(
          "p.small",
          { "data-testid": "notify-on" },
          "You'll get a notification when it's your turn while this tab is hidden.",
        )
      : h("p.small.muted", "A notification when it's your turn while this tab is hidden."),
  );
}
