// The lobby: the code to share, who is here, and (for the host) settings, kick (and who was
// removed, to let back in) and start.
// The settings and player counts come from the room's game's catalog entry; the words about
// the game itself (a note under the settings, a primer) from its client.
import { h } from "../dom.js";
import { gameClient, gameTitle } from "../games/index.js";
import { t } from "../i18n.js";
import { catalogGame } from "../store.js";
import { playerRange } from "../text.js";
import { alertsCard } from "./alerts.js";
import { barredList } from "./barred.js";
import { commitmentCard, revealCard } from "./fairness.js";
import { icon } from "./icons.js";
import { addBotButton, removeBotButton, standInField } from "./seats.js";
import { settingFields, settingList } from "./settings.js";
import { presence, topbar } from "./topbar.js";

export function renderLobby(state, banner) {
  const { room } = state.view;
  const me = room.players.find((p) => p.player_id === state.session.playerId);
  const host = !!me?.host;
  const link = `${location.origin}/r/${room.code}`;
  const entry = catalogGame(room.game);
  const client = gameClient(room.game);
  const min = entry?.min_players ?? 1;
  const max = entry?.max_players;
  const enough = room.players.length >= min;

  const settings = h(
    "section.card",
    { "aria-labelledby": "settings-title", "data-key": "settings" },
    h("h2#settings-title", t("lobby.settings")),
    host
      ? h(
          "div.field-row",
          settingFields(entry, room.settings, { change: "lobby-settings", prefix: "lobby-" }),
        )
      : settingList(entry, room.settings),
    client?.lobbyNote ? h("p.muted.small.lobby-note", client.lobbyNote(entry)) : null,
    standInField(room, host),
  );

  const players = h(
    "section.card",
    { "aria-labelledby": "players-title", "data-key": "players", "data-testid": "lobby-players" },
    h("h2#players-title", playersHeading(room, max)),
    h(
      "ul.player-list",
      room.players.map((p) =>
        h(
          "li",
          { "data-key": p.player_id, "data-testid": "lobby-player" },
          h(
            "span.player-name",
            p.name,
            p.player_id === state.session.playerId ? h("span.you", t("lobby.you")) : null,
          ),
          p.host ? h("span.badge", icon("crown"), t("lobby.host")) : null,
          presence(p),
          host && p.bot ? removeBotButton(p) : null,
          host && !p.host && !p.bot
            ? h(
                "button.small.ghost.danger",
                {
                  type: "button",
                  "data-action": "kick",
                  "data-player": p.player_id,
                  "data-testid": `kick-${p.name}`,
                  "aria-label": t("lobby.remove_label", { name: p.name }),
                },
                t("lobby.remove"),
              )
            : null,
        ),
      ),
    ),
    host ? addBotButton(room, max, state.pending) : null,
    barredList(room, host, state.pending),
    room.spectators ? h("p.muted.small", t("lobby.watching", { count: room.spectators })) : null,
    enough
      ? null
      : h(
          "p.muted",
          t("lobby.waiting_more", {
            count: min - room.players.length,
            range: playerRange(entry),
          }),
        ),
  );

  const share = h(
    "section.card.share",
    { "aria-labelledby": "share-title", "data-key": "share" },
    h("h2#share-title.visually-hidden", t("lobby.invite")),
    h("p.muted", t("join.code")),
    h("p.big-code", { "data-testid": "room-code" }, room.code),
    h(
      "div.share-row",
      h("img.qr", {
        src: `/r/${room.code}/qr.svg`,
        alt: t("lobby.qr_alt", { link }),
        width: "160",
        height: "160",
        "data-testid": "qr",
      }),
      h(
        "div.share-text",
        h("p", ...withLink(t("lobby.friends_open"), h("strong.link-text", link))),
        h(
          "button",
          { type: "button", "data-action": "copy-link", "data-testid": "copy-link" },
          icon("copy"),
          state.copied === true ? t("lobby.copied") : t("lobby.copy"),
        ),
        state.copied === "manual" ? h("p.small", t("lobby.copy_blocked")) : null,
        // The table screen (ui/tv.js): the room on a screen everyone can see, in a new tab.
        h(
          "a.button-link.ghost",
          {
            href: `/tv/${room.code}`,
            target: "_blank",
            rel: "noopener",
            "data-testid": "tv-link",
          },
          icon("tv"),
          t("lobby.tv"),
        ),
      ),
    ),
  );

  const primer = primerCard(client?.lobbyPrimer?.(entry));

  const actions = h(
    "section.lobby-actions",
    { "data-key": "actions" },
    host
      ? h(
          "button.primary.big",
          {
            type: "button",
            "data-action": "start-game",
            disabled: !enough || !!state.pending,
            "data-testid": "start-game",
          },
          enough ? t("lobby.start") : t("lobby.start_needs", { count: min }),
        )
      : state.session.role === "player"
        ? h("p.waiting", { role: "status" }, t("lobby.waiting_host"))
        : h("p.waiting", { role: "status" }, t("lobby.watching_you")),
    h(
      "button.ghost",
      { type: "button", "data-action": "leave-room", "data-testid": "leave-room" },
      state.session.role === "player" ? t("lobby.leave") : t("lobby.stop_watching"),
    ),
  );

  return h(
    "main.screen.lobby",
    { id: "main", "data-key": "lobby", "data-testid": "lobby" },
    topbar(state),
    banner,
    // Host and guests alike see which game the room is for (the catalog's title).
    h(
      "h1.lobby-title",
      { tabindex: "-1", "data-landing": "page", "data-testid": "lobby-title" },
      gameTitle(state.catalog, room.game) || t("lobby.room"),
      h("span.muted", t("lobby.lobby_suffix")),
    ),
    h("div.lobby-grid", share, players, settings),
    actions,
    alertsCard(state),
    commitmentCard(room, state.session),
    revealCard(
      room.fairness?.revealed,
      new Map(room.players.map((p) => [p.player_id, p.name])),
      state.catalog,
      { checks: state.checks },
    ),
    primer,
  );
}

/** The game's primer, its steps as [lead, text] pairs (null until the catalog is in), on the
 *  card every game's lobby shows while the players wait. */
function primerCard(steps) {
  if (!steps) return null;
  return h(
    "section.card.primer",
    { "aria-labelledby": "primer-title", "data-key": "primer" },
    h("h2#primer-title", t("lobby.primer")),
    h(
      "ol",
      steps.map(([lead, text]) => h("li", h("strong", lead), text)),
    ),
    h(
      "button.ghost.small",
      { type: "button", "data-action": "open-rules" },
      icon("book"),
      t("lobby.full_rules"),
    ),
  );
}

/** "Players (3 of 6)", or "Players (3)" for a game without a cap. */
export function playersHeading(room, max) {
  const count = room.players.length;
  return max ? t("lobby.players_of", { count, max }) : t("lobby.players", { count });
}

/** A sentence with {{link}} where the link goes: "Friends open <link> or scan the code." */
export function withLink(sentence, link) {
  const [before, after = ""] = sentence.split("{{link}}");
  return [before, link, after];
}
