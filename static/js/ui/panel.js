// What a game's action panels are drawn in: a card whose heading focus lands on when the
// focused control goes away (landing.js), and the "How does this work?" fold.
import { h } from "../dom.js";
import { t } from "../i18n.js";

export function panel(key, title, ...children) {
  return h(
    "section.card.action",
    { "data-key": key, "data-testid": key, "aria-labelledby": `${key}-title` },
    h("h2", { id: `${key}-title`, tabindex: "-1", "data-landing": "panel" }, title),
    ...children,
  );
}

export function help(text) {
  return h(
    "details.help",
    { "data-key": `help-${text.length}` },
    h("summary", t("game.how_does_it_work")),
    h("p", text),
  );
}
