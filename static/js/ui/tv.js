// The table screen, /tv/CODE (issue 33 §1): the room on a television or a laptop everyone can
// see, 16:9. It watches as a spectator (it takes no seat, and its socket says nothing but
// `spectate`, and `ping` / `resync` to keep its view whole), so it can only ever show the
// spectator's view. The shell draws the lobby and the banner; the game's client draws its table
// in play and its end (its `renderTv`, in games/NAME/tv.js), whose "Play again?" is the one a
// watcher's phone shows (ui/end-actions.js): who is ready, who is still deciding.
import { h } from "../dom.js";
import { gameClient, gameTitle } from "../games/index.js";
import { t } from "../i18n.js";
import { catalogGame } from "../store.js";
import { playerRange } from "../text.js";
import { endExtras } from "./fairness.js";
import { icon } from "./icons.js";
import { playersHeading, withLink } from "./lobby.js";
import { renderMoments } from "./moments.js";
import { shownReactions } from "./reactions.js";
import { settingList } from "./settings.js";
import { presence } from "./topbar.js";

export function renderTvScreen(state) {
  const view = state.view;
  if (!view) return tvNote(state, state.conn.closed ? closedWords(state.conn.closed) : null);
  const client = gameClient(view.room.game);
  if (view.room.status === "lobby") return tvLobby(state, client);
  if (!view.game) return tvNote(state, t("shell.setting_up"));
  if (!client?.renderTv) return tvNote(state, t("tv.unknown_game"));
  const over = view.room.status === "finished" || view.game.phase === "over";
  return client.renderTv(state, {
    banner: tvBanner(state),
    end: over ? endExtras(state) : null,
  });
}

/** Over the table screen: the game's moments, and the table's reactions, each by its player's
 *  name. */
export function tvOverlays(state) {
  return [renderMoments(state), shownReactions(state, Date.now())];
}

/** Loading, a closed room, or a game this page can't draw: one line in the middle. */
function tvNote(state, words) {
  return h(
    "main.screen.center.tv.tv-note",
    { "data-key": "tv-note", id: "main", "data-testid": "tv" },
    h("h1.visually-hidden", t("titles.tv")),
    h("p.loading", { role: "status" }, words ?? t("tv.connecting", { code: state.route.code })),
  );
}

function closedWords(reason) {
  if (reason === "room_not_found") return t("shell.no_room");
  return t("shell.room_closed");
}

/** The link is lost for now: said on the screen, since nobody is there to tap anything. */
export function tvBanner(state) {
  if (state.conn.status !== "reconnecting" && !state.conn.closed) return null;
  const words = state.conn.closed ? closedWords(state.conn.closed) : t("tv.reconnecting");
  return h(
    "p.tv-banner",
    { "data-key": "tv-banner", "data-testid": "tv-banner", role: "status" },
    icon("wifi_off"),
    words,
  );
}

/** The lobby across a room: the code and the QR to join by, who has come, the game and its
 *  settings, and the game in a few steps while they wait. */
function tvLobby(state, client) {
  const { room } = state.view;
  const link = `${location.origin}/r/${room.code}`;
  const entry = catalogGame(room.game);
  const title = gameTitle(state.catalog, room.game) || t("lobby.room");
  const max = entry?.max_players;
  const enough = room.players.length >= (entry?.min_players ?? 1);
  const steps = client?.lobbyPrimer?.(entry);
  return h(
    "main.screen.tv.tv-lobby",
    { id: "main", "data-key": "tv-lobby", "data-testid": "tv-lobby" },
    tvBanner(state),
    h(
      "section.tv-join",
      { "aria-labelledby": "tv-join-title" },
      h("h1#tv-join-title", { "data-testid": "tv-title" }, t("tv.join_title", { title })),
      h("p.tv-code-label", t("join.code")),
      h("p.tv-code", { "data-testid": "tv-code" }, room.code),
      h("img.tv-qr", {
        src: `/r/${room.code}/qr.svg`,
        alt: t("lobby.qr_alt", { link }),
        width: "480",
        height: "480",
        "data-testid": "tv-qr",
      }),
      h("p.tv-link", ...withLink(t("tv.scan"), h("strong", link))),
    ),
    h(
      "section.tv-room",
      { "aria-labelledby": "tv-players-title" },
      h("h2#tv-players-title", playersHeading(room, max)),
      h(
        "ul.tv-players",
        { "data-testid": "tv-players" },
        room.players.map((p) =>
          h(
            "li",
            { "data-key": p.player_id, "data-testid": "tv-player" },
            h("span.player-name", p.name),
            p.host ? h("span.badge", icon("crown"), t("lobby.host")) : null,
            presence(p),
          ),
        ),
      ),
      h(
        "p.tv-waiting",
        { role: "status" },
        enough ? t("tv.waiting_host") : t("tv.waiting_players", { range: playerRange(entry) }),
      ),
      h("h2", t("lobby.settings")),
      settingList(entry, room.settings),
      steps ? primer(steps) : null,
    ),
  );
}

function primer(steps) {
  return h(
    "section.tv-primer",
    { "aria-labelledby": "tv-primer-title" },
    h("h2#tv-primer-title", t("tv.primer")),
    h(
      "ol",
      steps.map(([lead, text]) => h("li", h("strong", lead), text)),
    ),
  );
}
