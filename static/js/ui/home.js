// The home page (create a room, join one, your rooms) and the join page of a /r/CODE link.
// The create form's game and settings come from GET /api/catalog.
import { h } from "../dom.js";
import { allCards, gameCard, gameTitle } from "../games/index.js";
import { catalogGame, savedRooms } from "../store.js";
import { playerRange } from "../text.js";
import { BRAND } from "../titles.js";
import { icon } from "./icons.js";
import { settingFields } from "./settings.js";

export function renderHome(state) {
  const home = state.home;
  const joinCode = state.route.screen === "join" ? state.route.code : null;
  const nameField = (id) =>
    h(
      "div.field",
      h("label", { for: id }, "Your name"),
      h("input", {
        id,
        type: "text",
        maxlength: "24",
        autocomplete: "nickname",
        required: true,
        value: home.name,
        placeholder: "e.g. Sam",
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
      joinCode ? (started ? `Room ${joinCode}` : `Join room ${joinCode}`) : "Join a room",
    ),
    joinCode && room && title ? joinGame(title, playerRange(catalogGame(room.game))) : null,
    joinCode && room
      ? h(
          "p.muted",
          started
            ? `This game has already started (${room.players.map((p) => p.name).join(", ")}). ` +
                "You can watch it."
            : `${room.players.length}${seats ? ` of ${seats}` : ""} players waiting: ` +
                `${room.players.map((p) => p.name).join(", ")}.`,
        )
      : h("p.muted", "Got a code from a friend? Type it here."),
    errorIn("join"),
    started
      ? h(
          "div.row",
          h(
            "button.primary",
            { type: "button", "data-action": "watch-room", "data-testid": "watch-room" },
            icon("eye"),
            "Watch the game",
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
                h("label", { for: "join-code" }, "Room code"),
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
              "Join the game",
            ),
            h(
              "button.ghost",
              { type: "button", "data-action": "watch-room", "data-testid": "watch-room" },
              icon("eye"),
              "Just watch",
            ),
          ),
        ),
  );

  const mine = joinCode ? [] : savedRooms();
  const rejoin = mine.length
    ? h(
        "section.card.rejoin",
        { "data-key": "rejoin", "aria-labelledby": "rejoin-title" },
        h("h2#rejoin-title", "Your rooms"),
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
              `Back to room ${code}`,
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
    ),
    // The brand is in the top bar: the heading names the game on show, its line says what it is.
    h(
      "section.hero",
      h("h1", { "data-testid": "home-title" }, title || BRAND),
      h("p.lead", gameCard(shownGame)?.tagline ?? ""),
      h(
        "div.row",
        h(
          "button.ghost.small",
          { type: "button", "data-action": "open-rules" },
          icon("book"),
          "How to play (2 min)",
        ),
        h(
          "a.ghost.small.button-link",
          { href: "/history", "data-action": "open-history", "data-testid": "history-link" },
          icon("list"),
          "Your past games",
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
    h("h2#learn-title", "New here? Learn to play"),
    h(
      "p.muted",
      "A first game against two bots, at an easy pace, with a coach who explains each " +
        "decision. You can turn the hints off at any time.",
    ),
    h(
      "button.primary",
      {
        type: "button",
        "data-action": "learn",
        "data-testid": "learn",
        disabled: state.home.busy || !state.catalog,
      },
      title ? `Learn ${title}` : "Learn to play",
    ),
  );
}

/** Which game a room link is for: "A game of Goblin Laundromat for 2 to 5 players." */
function joinGame(title, range) {
  return h(
    "p",
    { "data-testid": "join-game" },
    "A game of ",
    h("strong", title),
    range ? ` for ${range}.` : ".",
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
    h("h2#create-title", "Start a new room"),
    h(
      "p.muted",
      "You'll get a code and a link to " +
        `share.${entry ? ` ${playerRange(entry)}, each on their own phone.` : ""}`,
    ),
    errorIn("create"),
    h(
      "form",
      { "data-action": "create-room", "data-testid": "create-form" },
      nameField("create-name"),
      games.length > 1
        ? h(
            "div.field",
            h("label", { for: "create-game" }, "Game"),
            h(
              "select#create-game",
              { "data-change": "home-game", "data-testid": "create-game" },
              games.map((g) =>
                h("option", { value: g.name, selected: g.name === home.game }, g.title),
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
        : h("p.small.muted", { role: "status" }, "Loading the games…"),
      h(
        "button.primary",
        { type: "submit", disabled: home.busy || !entry, "data-testid": "create-submit" },
        "Create room",
      ),
    ),
  );
}
