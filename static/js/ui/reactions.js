// Reactions on screen: the top bar's button, the tray it opens (the game's reactions for a
// seated player, the mute for everyone), and the reactions on show, each by its player's name.
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { gameReactions, onShow, reactionsMuted } from "../reactions.js";
import { icon } from "./icons.js";

/** The top bar's button that opens the tray (in a room, once its view is in). */
export function reactionButton(state) {
  if (!state.view) return null;
  const open = !!state.reactionTray;
  return h(
    "button.ghost.small.react-toggle",
    {
      type: "button",
      "data-action": "toggle-reactions",
      "data-testid": "react-toggle",
      "aria-expanded": open ? "true" : "false",
      "aria-controls": "reaction-tray",
      title: t("reactions.title"),
    },
    icon("smile"),
    h("span.visually-hidden", t("reactions.title")),
  );
}

/** The open tray: a seated player's reactions, then the mute (remembered in this browser). */
export function reactionTray(state) {
  if (!state.reactionTray || !state.view) return null;
  const player = state.session?.role === "player";
  const reactions = player ? gameReactions(state.catalog, state.view.room.game) : [];
  const muted = reactionsMuted();
  return h(
    "div.reaction-tray",
    {
      id: "reaction-tray",
      "data-key": "reaction-tray",
      "data-testid": "reaction-tray",
      role: "group",
      "aria-label": t("reactions.title"),
    },
    reactions.length
      ? h(
          "div.reaction-choices",
          reactions.map((r) =>
            h(
              "button.reaction-choice",
              {
                type: "button",
                "data-action": "react",
                "data-id": r.id,
                "data-testid": `react-${r.id}`,
                "aria-label": r.label,
                title: r.label,
              },
              r.text,
            ),
          ),
        )
      : null,
    h(
      "button.ghost.small",
      {
        type: "button",
        "data-action": "toggle-reactions-mute",
        "data-testid": "reactions-mute",
        "aria-pressed": muted ? "true" : "false",
      },
      muted ? t("reactions.show") : t("reactions.mute"),
    ),
  );
}

/** The reactions on show, over the page and never in its way (they take no taps). */
export function shownReactions(state, now) {
  const shown = onShow(state.reactions, now);
  return h(
    "div.reactions",
    { "data-key": "reactions", "data-testid": "reactions", role: "status", "aria-live": "polite" },
    shown.map((r) =>
      h(
        "div.reaction",
        { "data-key": `r${r.key}`, "data-testid": "reaction" },
        h("span.reaction-name", r.name),
        h("span.reaction-text", { "aria-label": r.label }, r.text),
      ),
    ),
  );
}
