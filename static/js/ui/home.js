// The home page (create a room, join one, your rooms) and the join page of a /r/CODE link.
// The create form's game and settings come from GET /api/catalog.
import { h } from "../dom.js";
import { allCards, gameCard, gameTagline, gameTitle } from "../games/index.js";
import { LANGUAGES, language, t } from "../i18n.js";
import { catalogGame, savedRooms } from "../store.js";
import { capital, list, playerRange } from "../text.js";
import { BRAND } from "../titles.js";
import { icon } from "./icons.js";
import { settingFields } from "./settings.js";

export function renderHome(state) {
  const home = state.home;
  const joinCode = state.route.screen === "join" ? state.route.code : null;
  const nameField = (id) =>
    h(
      "div.field",
      h("label", { for: id }, t("home.name")),
      h("input", {
        id,
        type: "text",
        maxlength: "24",
        autocomplete: "nickname",
        required: true,
        value: home.name,
        placeholder: t("home.name_placeholder"),
        "data-input": "home-field",
        "data-field": "name",
        "data-testid": id,
      }),
    );
  // An error shows in the card whose action caused it (the join card on a join link).
  const errorIn = (where) =>
    home.error && (home.errorFor ?? "join") === where
      ? h("p.form-error", { role: "alert", "data-testid": "home-error" }, home.error)
      : null;

  const room = home.room;
  const started = !!(joinCode && room && room.status !== "lobby");
  const seats = catalogGame(room?.game)?.max_players;
  // The game on show: a room link's own, else the one picked on the create form.
  const shownGame = joinCode && room ? room.game : home.game;
  const title = gameTitle(state.catalog, shownGame);
  const joinBlock = h(
    "section.card.join",
    { "data-key": "join", "aria-labelledby": "join-title" },
    h(
      "h2#join-title",
      joinCode ? t(started ? "join.room" : "join.title_code", { code: joinCode }) : t("join.title"),
    ),
    joinCode && room && title ? joinGame(title, playerRange(catalogGame(room.game))) : null,
    joinCode && room
      ? h(
          "p.muted",
          started
            ? t("join.started", { names: list(room.players.map((p) => p.name)) })
            : t(seats ? "join.waiting_of" : "join.waiting", {
                count: room.players.length,
                seats,
                names: list(room.players.map((p) => p.name)),
              }),
        )
      : h("p.muted", t("join.lead")),
    errorIn("join"),
    started
      ? h(
          "div.row",
          h(
            "button.primary",
            { type: "button", "data-action": "watch-room", "data-testid": "watch-room" },
            icon("eye"),
            t("join.watch_game"),
          ),
        )
      : h(
          "form",
          { "data-action": "join-room", "data-testid": "join-form" },
          nameField("join-name"),
          joinCode
            ? null
            : h(
                "div.field",
                h("label", { for: "join-code" }, t("join.code")),
                h("input.code-input", {
                  id: "join-code",
                  type: "text",
                  maxlength: "12",
                  autocomplete: "off",
                  autocapitalize: "characters",
                  spellcheck: "false",
                  value: home.code,
                  placeholder: "ABCDE",
                  "data-input": "home-field",
                  "data-field": "code",
                  "data-testid": "join-code",
                }),
              ),
          h(
            "div.row",
            h(
              "button.primary",
              { type: "submit", disabled: home.busy, "data-testid": "join-submit" },
              t("join.submit"),
            ),
            h(
              "button.ghost",
              { type: "button", "data-action": "watch-room", "data-testid": "watch-room" },
              icon("eye"),
              t("join.just_watch"),
            ),
          ),
        ),
  );

  const mine = joinCode ? [] : savedRooms();
  const rejoin = mine.length
    ? h(
        "section.card.rejoin",
        { "data-key": "rejoin", "aria-labelledby": "rejoin-title" },
        h("h2#rejoin-title", t("home.your_rooms")),
        h(
          "div.row",
          mine.map((code) =>
            h(
              "a.button-link",
              {
                href: `/r/${code}`,
                "data-action": "open-room",
                "data-code": code,
                "data-key": code,
                "data-testid": `rejoin-${code}`,
              },
              t("home.back_to_room", { code }),
            ),
          ),
        ),
      )
    : null;
  return h(
    "main.screen.home",
    { id: "main", "data-key": joinCode ? "join-screen" : "home-screen" },
    h(
      "header.topbar",
      { "data-key": "topbar-home" },
      h(
        "span.brand",
        h("span.brand-mark", { "aria-hidden": "true" }, "$"),
        h("span.brand-name", BRAND),
      ),
      h("span.spacer"),
      languageSwitch(),
    ),
    // The brand is in the top bar: the heading names the game on show, its line says what it is.
    h(
      "section.hero",
      h("h1", { "data-testid": "home-title" }, title || BRAND),
      h("p.lead", gameTagline(shownGame)),
      h(
        "div.row",
        h(
          "button.ghost.small",
          { type: "button", "data-action": "open-rules" },
          icon("book"),
          t("home.how_to_play"),
        ),
        h(
          "a.ghost.small.button-link",
          { href: "/history", "data-action": "open-history", "data-testid": "history-link" },
          icon("list"),
          t("home.history"),
        ),
      ),
    ),
    joinCode ? null : learnBlock(state),
    rejoin,
    h(
      "div.home-grid",
      joinCode
        ? [joinBlock, createBlock(state, nameField, errorIn)]
        : [createBlock(state, nameField, errorIn), joinBlock],
    ),
  );
}

/** Learn to play (issue 33): a first game of the game on show with two bots and a coach. */
function learnBlock(state) {
  const title = gameTitle(state.catalog, state.home.game);
  return h(
    "section.card.learn",
    { "data-key": "learn", "aria-labelledby": "learn-title" },
    h("h2#learn-title", t("learn.title")),
    h("p.muted", t("learn.lead")),
    h(
      "button.primary",
      {
        type: "button",
        "data-action": "learn",
        "data-testid": "learn",
        disabled: state.home.busy || !state.catalog,
      },
      title ? t("learn.button_game", { title }) : t("learn.button"),
    ),
  );
}

/** Which game a room link is for: "A game of Goblin Laundromat for 2 to 5 players." */
function joinGame(title, range) {
  return h(
    "p",
    { "data-testid": "join-game" },
    ...withStrong(range ? t("join.game_for", { range }) : t("join.game"), title),
  );
}

function createBlock(state, nameField, errorIn) {
  const home = state.home;
  const entry = catalogGame(home.game);
  // Only games this client can show are offered (the server may host more).
  const games = (state.catalog?.games ?? []).filter((g) =>
    allCards().some((c) => c.name === g.name),
  );
  return h(
    "section.card.create",
    { "data-key": "create", "aria-labelledby": "create-title" },
    h("h2#create-title", t("create.title")),
    h(
      "p.muted",
      entry ? t("create.lead_players", { players: capital(playerRange(entry)) }) : t("create.lead"),
    ),
    errorIn("create"),
    h(
      "form",
      { "data-action": "create-room", "data-testid": "create-form" },
      nameField("create-name"),
      games.length > 1
        ? h(
            "div.field",
            h("label", { for: "create-game" }, t("create.game")),
            h(
              "select#create-game",
              { "data-change": "home-game", "data-testid": "create-game" },
              games.map((g) =>
                h(
                  "option",
                  { value: g.name, selected: g.name === home.game },
                  gameTitle(state.catalog, g.name),
                ),
              ),
            ),
          )
        : null,
      state.catalog
        ? h(
            "div.field-row",
            { "data-key": `settings-${home.game}` },
            settingFields(entry, home.settings, {
              change: "home-setting",
              hints: gameCard(home.game)?.settingHints,
            }),
          )
        : h("p.small.muted", { role: "status" }, t("create.loading")),
      h(
        "button.primary",
        { type: "submit", disabled: home.busy || !entry, "data-testid": "create-submit" },
        t("create.submit"),
      ),
    ),
  );
}

/** A sentence with {{title}} in bold: "A game of <strong>Goblin Laundromat</strong> for …". */
function withStrong(sentence, title) {
  const [before, after = ""] = sentence.split("{{title}}");
  return [before, h("strong", title), after];
}

/** The language switch: a labelled select, each language named in itself. */
function languageSwitch() {
  return h(
    "div.language-switch",
    { "data-key": "language" },
    h("label", { for: "language" }, t("language.label")),
    h(
      "select#language",
      { "data-change": "choose-language", "data-testid": "language" },
      Object.entries(LANGUAGES).map(([code, name]) =>
        h("option", { value: code, lang: code, selected: code === language() }, name),
      ),
    ),
  );
}
