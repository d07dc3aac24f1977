// A game's settings as form fields, built from its catalog entry (GET /api/catalog): the home
// page's create form and the host's lobby settings use the same fields.
import { h } from "../dom.js";
import { catalogWords } from "../games/index.js";
import { choiceLabel } from "../text.js";

/** The element id of a setting's field: round_timer -> "round-timer" (prefix "lobby-" in the
 *  lobby). */
export function settingId(key, prefix = "") {
  return `${prefix}${key.replaceAll("_", "-")}`;
}

/** One <select> per setting. `change` names the data-change handler; `values` the chosen ones. */
export function settingFields(entry, values, { change, prefix = "", hints = {} }) {
  return (entry?.settings ?? []).map((s) => {
    const id = settingId(s.key, prefix);
    const value = values[s.key] ?? s.default;
    return h(
      "div.field",
      { "data-key": `setting-${s.key}` },
      h("label", { for: id }, settingLabel(entry, s)),
      h(
        "select",
        { id, "data-change": change, "data-setting": s.key, "data-testid": id },
        s.choices.map((choice) =>
          h(
            "option",
            { value: String(choice), selected: choice === value },
            choiceLabel(choice, s.unit),
          ),
        ),
      ),
      hints[s.key] ? h("span.hint", hints[s.key]) : null,
    );
  });
}

/** The settings as a read-only list (for players who are not the host). */
export function settingList(entry, values) {
  return h(
    "dl.settings",
    (entry?.settings ?? []).flatMap((s) => [
      h("dt", settingLabel(entry, s)),
      h("dd", choiceLabel(values[s.key] ?? s.default, s.unit)),
    ]),
  );
}

/** A setting's name in the person's language (its game's client catalog), else the
 *  server's label. */
export function settingLabel(entry, setting) {
  return catalogWords(entry?.name, `settings.${setting.key}`) ?? setting.label;
}
