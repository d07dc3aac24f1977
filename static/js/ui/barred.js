// The players the host removed (room.barred): they stay out, by name and by browser, until
// the host lets them back in (docs/protocol.md, "Kick means gone"). Only the host sees the
// list: it is theirs to act on.
import { h } from "../dom.js";
import { t } from "../i18n.js";

/** The host's list of barred players, each with "Let back in" (null when there are none). */
export function barredList(room, host, pending) {
  const barred = room.barred ?? [];
  if (!host || !barred.length) return null;
  return h(
    "div.barred",
    { "data-key": "barred", "data-testid": "barred" },
    h("h3.small-head", t("barred.title")),
    h(
      "ul.player-list",
      barred.map((b) =>
        h(
          "li",
          { "data-key": b.player_id },
          h("span.player-name", b.name),
          h(
            "button.small.ghost",
            {
              type: "button",
              "data-action": "unbar",
              "data-player": b.player_id,
              "data-testid": `unbar-${b.name}`,
              disabled: !!pending,
              "aria-label": t("barred.let_in_label", { name: b.name }),
            },
            t("barred.let_in"),
          ),
        ),
      ),
    ),
  );
}
