// The replay page, /replay/{game_id}: a finished game step by step, drawn by its game's client
// (renderReplay) with the same boards as the live game. The controls: first / back / forward
// / last, a step slider, a round to jump to, whose eyes to watch with. Data: ../replay-page.js.
import { h } from "../dom.js";
import { gameCard, gameClient, gameTitle } from "../games/index.js";
import { t } from "../i18n.js";
import { roundAt, roundNumbers, stepText } from "../replay.js";
import { errorSentence } from "../text.js";
import { gameName } from "../titles.js";
import { revealCard } from "./fairness.js";
import { icon } from "./icons.js";

function pageTop(title) {
  return h(
    "header.topbar",
    { "data-key": "topbar-replay" },
    h(
      "a.brand",
      { href: "/", "data-action": "go-home", "aria-label": t("titles.brand_home") },
      h("span.brand-mark", { "aria-hidden": "true" }, "$"),
      h("span.brand-name", "LaunderMat"),
    ),
    h("span.spacer"),
    title === "history"
      ? null
      : h(
          "a.ghost.small.button-link",
          { href: "/history", "data-action": "open-history", "data-testid": "history-link" },
          t("home.history"),
        ),
  );
}

export { pageTop };

export function renderReplayPage(state) {
  const replay = state.replay;
  const record = replay?.record;
  // The room's game number, as the history says it; the record's id is only in the address.
  const heading = record
    ? t("replay.heading", {
        game: gameName(gameTitle(state.catalog, record.game), record.game_number),
      })
    : t("titles.replay");
  const main = (...children) =>
    h(
      "main.screen.replay",
      { id: "main", "data-key": "replay", "data-testid": "replay" },
      pageTop("replay"),
      h("h1", heading),
      ...children,
    );
  if (replay?.error) {
    return main(
      h(
        "p.form-error",
        { role: "alert", "data-testid": "replay-error" },
        errorSentence(replay.error),
      ),
      h("a.button-link", { href: "/history", "data-action": "open-history" }, t("home.history")),
    );
  }
  if (!record) return main(h("p.loading", { role: "status" }, t("shell.loading_game")));
  const client = gameClient(record.game);
  const shown = replay.shown;
  const names = new Map(record.player_ids.map((id, seat) => [id, record.names[seat]]));
  const atEnd = shown?.step === record.steps;
  const reveal = !record.server_seed
    ? null
    : revealCard(
        {
          game_id: record.game_id,
          commitment: record.commitment,
          server_seed: record.server_seed,
          nonces: record.nonces,
          seed: record.seed,
        },
        names,
        state.catalog,
        { links: false, checks: state.checks },
      );
  return main(
    h(
      "p.muted",
      [
        record.code ? t("titles.room", { code: record.code }) : t("replay.room_open"),
        record.names.join(", "),
      ].join(" · "),
    ),
    controls(replay, record, client ? client.seatNames(record) : record.names),
    !client
      ? gameCard(record.game)
        ? h("p.loading", { role: "status" }, t("shell.loading_game"))
        : h("p", t("replay.unknown_game"))
      : shown
        ? client.renderReplay({
            record,
            view: shown.view,
            step: shown.step,
            viewer: shown.viewer,
            end: atEnd ? reveal : null,
          })
        : h("p.loading", { role: "status" }, t("replay.loading_step")),
    atEnd ? null : reveal,
    h(
      "p.row",
      h(
        "a.button-link.ghost",
        {
          href: `/api/games/${record.game_id}/replay`,
          download: `laundermat-game-${record.game_id}.json`,
          "data-testid": "record-link",
        },
        t("fairness.download"),
      ),
    ),
  );
}

function controls(replay, record, names) {
  const { step, viewer, playing } = replay;
  const steps = record.steps;
  const rounds = roundNumbers(record.round_starts);
  const round = roundAt(record.round_starts, step);
  const button = (action, label, glyph, disabled, testid, more = {}) =>
    h(
      "button.small",
      {
        type: "button",
        "data-action": action,
        "aria-label": label,
        title: label,
        disabled,
        "data-testid": testid,
        ...more,
      },
      h("span", { "aria-hidden": "true" }, glyph),
    );
  return h(
    "section.card.replay-controls",
    {
      "data-key": "replay-controls",
      "data-testid": "replay-controls",
      "aria-label": t("replay.controls"),
    },
    h(
      "div.replay-steps",
      button("replay-first", t("replay.first"), "|◀", step <= 0, "replay-first"),
      button("replay-prev", t("replay.prev"), "◁", step <= 0, "replay-prev"),
      // ▶ plays the game; pressed again (❚❚) it pauses. At the end it plays from the start.
      // Its name says what it will do (a media player's), so it is no aria-pressed toggle.
      button(
        "replay-play",
        playing ? t("replay.pause") : t("replay.play"),
        playing ? "❚❚" : "▶",
        steps === 0,
        "replay-play",
        { class: "primary" },
      ),
      button("replay-next", t("replay.next"), "▷", step >= steps, "replay-next"),
      button("replay-last", t("replay.last"), "▶|", step >= steps, "replay-last"),
    ),
    // Each step is announced when stepped to, not every 1.2 s while it plays.
    h(
      "p.step-counter",
      { "data-testid": "step-counter", "aria-live": playing ? "off" : "polite" },
      stepText(step, steps),
    ),
    h("label.visually-hidden", { for: "replay-slider" }, t("replay.step")),
    h("input#replay-slider", {
      type: "range",
      min: "0",
      max: String(steps),
      step: "1",
      value: String(step),
      "data-input": "replay-slide",
      "data-testid": "replay-slider",
      "aria-valuetext": stepText(step, steps),
    }),
    h(
      "div.field-row",
      h(
        "div.field",
        h("label", { for: "replay-round" }, t("replay.jump")),
        h(
          "select#replay-round",
          { "data-change": "replay-round", "data-testid": "replay-round-select" },
          round === 0 ? h("option", { value: "", selected: true }, t("replay.setup")) : null,
          rounds.map((r) =>
            h(
              "option",
              { value: String(r), selected: r === round },
              t("replay.round", { round: String(r) }),
            ),
          ),
        ),
      ),
      h(
        "div.field",
        h("label", { for: "replay-viewer" }, t("replay.watch_as")),
        h(
          "select#replay-viewer",
          { "data-change": "replay-viewer", "data-testid": "replay-viewer" },
          names.map((name, seat) =>
            h("option", { value: String(seat), selected: viewer === seat }, name),
          ),
          h("option", { value: "all", selected: viewer === "all" }, t("replay.everything")),
        ),
      ),
    ),
    // Only where a keyboard is likely (css: a fine pointer that hovers), not on a touch screen.
    h(
      "p.small.muted.keys-hint",
      { "data-testid": "keys-hint" },
      icon("list"),
      ` ${t("replay.keys")}`,
    ),
  );
}
