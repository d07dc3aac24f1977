// The lobby: the code to share, who is here, and (for the host) settings, kick and start.
import { h } from "../dom.js";
import { BRIBE_TIMERS, ROUND_TIMERS, timerLabel } from "../text.js";
import { icon } from "./icons.js";
import { topbar } from "./app.js";

export function presence(player) {
  if (player.away) return h("span.presence.away", icon("clock"), "away");
  if (player.connected) return h("span.presence.online", icon("dot"), "online");
  return h("span.presence.offline", icon("wifi_off"), "offline");
}

export function renderLobby(state, banner) {
  const { room } = state.view;
  const me = room.players.find((p) => p.player_id === state.session.playerId);
  const host = !!me?.host;
  const link = `${location.origin}/r/${room.code}`;
  const enough = room.players.length >= 3;

  const settings = h("section.card", { "aria-labelledby": "settings-title", "data-key": "settings" },
    h("h2#settings-title", "Settings"),
    host
      ? h("div.field-row",
          h("div.field",
            h("label", { for: "lobby-round-timer" }, "Max Round Timer"),
            h("select#lobby-round-timer", { "data-change": "lobby-settings", "data-setting": "round_timer", "data-testid": "lobby-round-timer" },
              ROUND_TIMERS.map(([s, label]) => h("option", { value: String(s), selected: s === room.settings.round_timer }, label)))),
          h("div.field",
            h("label", { for: "lobby-bribe-timer" }, "Bribery timer"),
            h("select#lobby-bribe-timer", { "data-change": "lobby-settings", "data-setting": "bribe_timer", "data-testid": "lobby-bribe-timer" },
              BRIBE_TIMERS.map(([s, label]) => h("option", { value: String(s), selected: s === room.settings.bribe_timer }, label)))))
      : h("dl.settings",
          h("dt", "Max Round Timer"), h("dd", timerLabel(room.settings.round_timer)),
          h("dt", "Bribery timer"), h("dd", timerLabel(room.settings.bribe_timer))),
    h("p.muted.small", "8 rounds. Each draft and each purchase window lasts at most the round timer; each of the 3 bribery stages lasts the bribery timer."));

  const players = h("section.card", { "aria-labelledby": "players-title", "data-key": "players", "data-testid": "lobby-players" },
    h("h2#players-title", `Players (${room.players.length} of 6)`),
    h("ul.player-list",
      room.players.map((p) => h("li", { "data-key": p.player_id, "data-testid": "lobby-player" },
        h("span.player-name", p.name, p.player_id === state.session.playerId ? h("span.you", " (you)") : null),
        p.host ? h("span.badge", icon("crown"), "host") : null,
        presence(p),
        host && !p.host
          ? h("button.small.ghost.danger", { type: "button", "data-action": "kick", "data-player": p.player_id,
              "data-testid": `kick-${p.name}`, "aria-label": `Remove ${p.name} from the room` }, "Remove")
          : null))),
    room.spectators ? h("p.muted.small", `${room.spectators} watching`) : null,
    enough ? null : h("p.muted", `Waiting for ${3 - room.players.length} more ${room.players.length === 2 ? "player" : "players"} (a game needs 3 to 6).`));

  const share = h("section.card.share", { "aria-labelledby": "share-title", "data-key": "share" },
    h("h2#share-title.visually-hidden", "Invite your friends"),
    h("p.muted", "Room code"),
    h("p.big-code", { "data-testid": "room-code" }, room.code),
    h("div.share-row",
      h("img.qr", { src: `/r/${room.code}/qr.svg`, alt: `QR code for the link ${link}`, width: "160", height: "160", "data-testid": "qr" }),
      h("div.share-text",
        h("p", "Friends open ", h("strong.link-text", link), " or scan the code."),
        h("button", { type: "button", "data-action": "copy-link", "data-testid": "copy-link" }, icon("copy"),
          state.copied === true ? "Link copied!" : "Copy the link"),
        state.copied === "manual" ? h("p.small", "Copying is blocked here: select the link above and copy it.") : null)));

  const primer = h("section.card.primer", { "aria-labelledby": "primer-title", "data-key": "primer" },
    h("h2#primer-title", "While you wait: the game in 30 seconds"),
    h("ol",
      h("li", h("strong", "Pick a bill. "), "Everyone secretly picks one bill from the table at the same time. Alone on a bill? It's yours."),
      h("li", h("strong", "Collide and raid. "), "Same bill as someone else? Nobody gets it: you raid the Vault instead, and a bad die roll sounds the Alarm."),
      h("li", h("strong", "Buy. "), "Got a bill? Buy an addition for points (pay the exact price for a bonus) or a Secret Weapon."),
      h("li", h("strong", "Bribe, then the investigation. "), "After 8 rounds, one addition type is investigated. Flagged copies of it score nothing, and their owners are caught unless protected.")),
    h("button.ghost.small", { type: "button", "data-action": "open-rules" }, icon("book"), "Full rules"));

  const actions = h("section.lobby-actions", { "data-key": "actions" },
    host
      ? h("button.primary.big", { type: "button", "data-action": "start-game", disabled: !enough || !!state.pending, "data-testid": "start-game" },
          enough ? "Start the game" : "Start (needs 3 players)")
      : state.session.role === "player"
        ? h("p.waiting", { role: "status" }, "Waiting for the host to start the game…")
        : h("p.waiting", { role: "status" }, "You are watching. The game will appear here when it starts."),
    h("button.ghost", { type: "button", "data-action": "leave-room", "data-testid": "leave-room" },
      state.session.role === "player" ? "Leave the room" : "Stop watching"));

  return h("main.screen.lobby", { id: "main", "data-key": "lobby", "data-testid": "lobby" },
    topbar(state),
    banner,
    h("h1.visually-hidden", "Lobby"),
    h("div.lobby-grid", share, players, settings),
    actions,
    primer);
}
