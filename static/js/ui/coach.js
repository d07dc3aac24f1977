// A lesson's coach (Learn to play, docs/protocol.md "Learn to play"): the server's `hint`
// for this seat's decision, in a panel just above the decision's own, with its suggested move
// one tap away and a switch to turn hints off (or on again). Drawn only in a lesson room, for
// its learner. The panel and its buttons are keyed, and withCoach always wraps the panel, so
// every render patches the same elements: a tap that lands as the window changes is not lost
// to a panel drawn anew, nor taken by a button that became another ("Turn hints off" turned
// into "Do that" when the next hint came).
import { h } from "../dom.js";
import { t } from "../i18n.js";

/** Whether this browser turned the coach off in room `code` (remembered across reloads, as
 *  the server remembers it with the room). */
export function coachOff(code) {
  return localStorage.getItem(`laundermat.coach.${code}`) === "off";
}

export function setCoachOff(code, off) {
  if (off) localStorage.setItem(`laundermat.coach.${code}`, "off");
  else localStorage.removeItem(`laundermat.coach.${code}`);
}

/** `client`: the room's game client, which words the hint in the person's language. */
export function coachPanel(state, client = null) {
  const view = state.view;
  const learning = view?.room?.options?.learning;
  if (!learning || state.session?.role !== "player" || !view.game || view.game.result) return null;
  if (coachOff(state.session.code)) {
    return h(
      "div.banner.coach.off",
      { "data-key": "coach", "data-testid": "coach", "data-coach": "off" },
      h("p", t("coach.off")),
      h(
        "button.small.ghost",
        {
          type: "button",
          "data-key": "coach-on",
          "data-action": "coach-on",
          "data-testid": "coach-on",
        },
        t("coach.turn_on"),
      ),
    );
  }
  const hint = state.hint?.hint ?? null;
  const current = hint && state.hint.window === (view.game.window?.id ?? null);
  return h(
    "section.banner.coach",
    {
      "data-key": "coach",
      "data-testid": "coach",
      "data-coach": "on",
      role: "status",
      "aria-live": "polite",
      "aria-label": t("coach.label"),
    },
    h(
      "p",
      h("strong", t("coach.prefix")),
      current ? hintText(client, view, hint) : t("coach.wait"),
    ),
    current && hint.command
      ? h(
          "button.small",
          {
            type: "button",
            "data-key": "coach-do",
            "data-action": "coach-do",
            "data-testid": "coach-do",
          },
          t("coach.do"),
        )
      : null,
    h(
      "button.small.ghost",
      {
        type: "button",
        "data-key": "coach-off",
        "data-action": "coach-off",
        "data-testid": "coach-off",
      },
      t("coach.turn_off"),
    ),
  );
}

/** A hint in the person's language: the game's client words it from the hint's `key` and
 *  `vars` (its `hintText`), else the server's English `text`. */
function hintText(client, view, hint) {
  return client?.hintText ? client.hintText(hint, view.game) : hint.text;
}

/** The coach with the decision it is about, brought into view as one: above the game, the
 *  hint sat a scroll away from the hand it was about on a phone. Wrapped even between
 *  decisions (no panel): a coach alone where the wrapper was would be a new element. */
export function withCoach(coach, panel) {
  if (!coach) return panel;
  return h("div.coached", { "data-key": "coached" }, coach, panel);
}

/** The panel's buttons. app: main.js's controller. */
export function coachHandlers(app) {
  const { state, render, send, lobby } = app;
  return {
    "coach-off"() {
      setCoachOff(state.session.code, true);
      state.hint = null;
      lobby("coach", { on: false }, "coach");
      render();
    },
    "coach-on"() {
      setCoachOff(state.session.code, false);
      lobby("coach", { on: true }, "coach");
      render();
    },
    "coach-do"() {
      const command = state.hint?.hint?.command;
      if (command) send(command, "coach");
    },
  };
}
