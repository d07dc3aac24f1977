// Provably fair games on screen (shell, every game): the commitment and the nonce count in
// the lobby and before a rematch, and at the end the revealed seed with the links to the
// replay, the record and the history. The arithmetic and the nonce are ../fair.js's.
import { h } from "../dom.js";
import { contributedText, SERVER_NONCE, seedText, shortHex } from "../fair.js";
import { t } from "../i18n.js";
import { icon } from "./icons.js";

function hexValue(label, hex, testid) {
  return h(
    "details.hex",
    { "data-testid": testid },
    h("summary", `${label}: `, h("code", { title: hex }, shortHex(hex))),
    h("code.hex-full", hex),
  );
}

/** The commitment for the next game, how many players added their nonce, and yours. */
export function commitmentCard(room, session, { title = null, key = "fairness" } = {}) {
  const fairness = room.fairness;
  if (!fairness?.commitment) return null;
  const mine =
    session?.role === "player" ? (fairness.contributed ?? []).includes(session.playerId) : null;
  return h(
    "section.card.fairness",
    { "data-key": key, "data-testid": "fairness", "aria-labelledby": `${key}-title` },
    h(`h2#${key}-title`, icon("shield"), title ?? t("fairness.title")),
    h("p.small", t("fairness.explain")),
    hexValue(t("fairness.commitment"), fairness.commitment, "commitment"),
    h("p", { "data-testid": "nonce-count", role: "status" }, contributedText(room), "."),
    mine === null
      ? null
      : h(
          "p.small.muted",
          { "data-testid": "my-nonce" },
          mine ? t("fairness.mine_added") : t("fairness.mine_adding"),
        ),
  );
}

/**
 * The revealed secret of a finished game, the nonces and the seed, and where to look further.
 * revealed: {game_id, commitment, server_seed, nonces: {player_id: hex}, seed}; names:
 * player_id -> name; links: false on the replay page (it is there already).
 */
export function revealCard(revealed, names, catalog, { links = true, checks = {} } = {}) {
  if (!revealed) return null;
  const id = revealed.game_id;
  const days = catalog?.retention_days;
  return h(
    "section.card.fairness.revealed",
    { "data-key": `reveal-${id}`, "data-testid": "fair-reveal", "aria-labelledby": "reveal-title" },
    h("h2#reveal-title", icon("shield"), t("fairness.check_title")),
    h("p.small", t("fairness.revealed")),
    hexValue(t("fairness.commitment"), revealed.commitment, "revealed-commitment"),
    hexValue(t("fairness.server_secret"), revealed.server_seed, "server-seed"),
    h(
      "details.hex",
      { "data-testid": "nonces" },
      h("summary", t("fairness.nonces", { count: Object.keys(revealed.nonces ?? {}).length })),
      h(
        "ul.nonce-list",
        Object.entries(revealed.nonces ?? {}).map(([pid, nonce]) =>
          h(
            "li",
            { "data-key": pid },
            h(
              "strong",
              names.get(pid) ?? (pid === SERVER_NONCE ? t("fairness.server_nonce") : pid),
            ),
            ": ",
            h("code", nonce),
          ),
        ),
      ),
    ),
    h(
      "p",
      t("fairness.seed"),
      h("code", { "data-testid": "revealed-seed" }, seedText(revealed.seed, checks[id])),
    ),
    checkLine(checks[id]),
    links ? gameLinks(id) : null,
    days
      ? h("p.small.muted", { "data-testid": "retention" }, t("fairness.kept", { count: days }))
      : null,
  );
}

// What disagrees, by fair.js checkReveal's problem code (fairness.problems.<code>).
const CHECK_PROBLEMS = [
  "server_seed",
  "nonce_format",
  "commitment",
  "server_nonce",
  "not_shown",
  "nonces_changed",
  "my_nonce",
  "seed",
];

/** What this browser found when it checked the reveal itself (fair.js checkReveal). */
function checkLine(check) {
  if (check?.ok === true) {
    return h(
      "p.small.check-ok",
      { "data-testid": "reveal-check", role: "status" },
      icon("check"),
      ` ${t("fairness.check_ok")}`,
    );
  }
  if (check?.problem === "insecure") {
    return h(
      "p.small.check-skipped",
      { "data-testid": "reveal-check", role: "status" },
      icon("flag"),
      ` ${t("fairness.check_insecure")}`,
    );
  }
  if (check?.ok === false) {
    return h(
      "p.small.check-bad",
      { "data-testid": "reveal-check", role: "alert" },
      icon("flag"),
      ` ${t("fairness.check_bad", {
        problem: t(
          `fairness.problems.${CHECK_PROBLEMS.includes(check.problem) ? check.problem : "seed"}`,
        ),
      })}`,
    );
  }
  return null;
}

/** The links of a finished game: step through it, download its record, all your games. */
export function gameLinks(id, { history = true } = {}) {
  return h(
    "div.row.game-links",
    h(
      "a.button-link",
      {
        href: `/replay/${id}`,
        "data-action": "open-replay",
        "data-id": id,
        "data-testid": "replay-link",
      },
      icon("list"),
      t("fairness.step_through"),
    ),
    h(
      "a.button-link.ghost",
      {
        href: `/api/games/${id}/replay`,
        download: `laundermat-game-${id}.json`,
        "data-testid": "record-link",
      },
      t("fairness.download"),
    ),
    history
      ? h(
          "a.button-link.ghost",
          { href: "/history", "data-action": "open-history", "data-testid": "history-link" },
          t("home.history"),
        )
      : null,
  );
}

/** The shell's part of a game's end screen: the reveal, then the next game's commitment. */
export function endExtras(state) {
  const room = state.view.room;
  const names = new Map(room.players.map((p) => [p.player_id, p.name]));
  return h(
    "div.fair-end",
    { "data-key": "fair-end" },
    revealCard(room.fairness?.revealed, names, state.catalog, { checks: state.checks }),
    room.status === "finished"
      ? commitmentCard(room, state.session, { title: t("fairness.next"), key: "fairness-next" })
      : null,
  );
}
