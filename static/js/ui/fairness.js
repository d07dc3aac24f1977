// Provably fair games on screen (shell, every game): the commitment and the nonce count in
// the lobby and before a rematch, and at the end the revealed seed with the links to the
// replay, the record and the history. The arithmetic and the nonce are ../fair.js's.
import { h } from "../dom.js";
import { contributedText, SERVER_NONCE, seedText, shortHex } from "../fair.js";
import { icon } from "./icons.js";

const EXPLAIN =
  "The server committed to its secret before anyone joined, and every player's browser adds " +
  "randomness of its own. The secret is revealed when the game ends, and your browser checks " +
  "it against " +
  "what it was shown here: a server that steered the shuffle would be caught.";

function hexValue(label, hex, testid) {
  return h(
    "details.hex",
    { "data-testid": testid },
    h("summary", `${label}: `, h("code", { title: hex }, shortHex(hex))),
    h("code.hex-full", hex),
  );
}

/** The commitment for the next game, how many players added their nonce, and yours. */
export function commitmentCard(room, session, { title = "Fair play", key = "fairness" } = {}) {
  const fairness = room.fairness;
  if (!fairness?.commitment) return null;
  const mine =
    session?.role === "player" ? (fairness.contributed ?? []).includes(session.playerId) : null;
  return h(
    "section.card.fairness",
    { "data-key": key, "data-testid": "fairness", "aria-labelledby": `${key}-title` },
    h(`h2#${key}-title`, icon("shield"), title),
    h("p.small", EXPLAIN),
    hexValue("Commitment", fairness.commitment, "commitment"),
    h("p", { "data-testid": "nonce-count", role: "status" }, contributedText(room), "."),
    mine === null
      ? null
      : h(
          "p.small.muted",
          { "data-testid": "my-nonce" },
          mine ? "Your browser has added its randomness." : "Adding your browser's randomness…",
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
    h("h2#reveal-title", icon("shield"), "Check this game"),
    h(
      "p.small",
      "The server's secret is revealed. SHA-256 of it must equal the commitment shown before " +
        "the game; " +
        "with every player's randomness, and the server's own (fixed by its secret), it " +
        "gives the game's seed.",
    ),
    hexValue("Commitment", revealed.commitment, "revealed-commitment"),
    hexValue("Server secret", revealed.server_seed, "server-seed"),
    h(
      "details.hex",
      { "data-testid": "nonces" },
      h("summary", `Randomness added (${Object.keys(revealed.nonces ?? {}).length})`),
      h(
        "ul.nonce-list",
        Object.entries(revealed.nonces ?? {}).map(([pid, nonce]) =>
          h(
            "li",
            { "data-key": pid },
            h(
              "strong",
              names.get(pid) ?? (pid === SERVER_NONCE ? "The server, from its secret" : pid),
            ),
            ": ",
            h("code", nonce),
          ),
        ),
      ),
    ),
    h(
      "p",
      "Game seed: ",
      h("code", { "data-testid": "revealed-seed" }, seedText(revealed.seed, checks[id])),
    ),
    checkLine(checks[id]),
    links ? gameLinks(id) : null,
    days
      ? h(
          "p.small.muted",
          { "data-testid": "retention" },
          `Finished games are kept for ${days} days.`,
        )
      : null,
  );
}

// What disagrees, by fair.js checkReveal's problem code.
const CHECK_PROBLEMS = {
  server_seed: "the revealed secret is not 32 bytes of hex.",
  nonce_format: "a revealed nonce is not hex.",
  commitment: "the secret does not match the commitment.",
  server_nonce: "the server's own randomness is missing or does not follow from its secret.",
  not_shown: "this is not the commitment this browser was shown while the game ran.",
  nonces_changed: "the randomness revealed is not what the lobby showed when the game started.",
  my_nonce: "your randomness is not the one this browser sent.",
  seed: "the seed does not follow from the secret and the randomness.",
};

/** What this browser found when it checked the reveal itself (fair.js checkReveal). */
function checkLine(check) {
  if (check?.ok === true) {
    return h(
      "p.small.check-ok",
      { "data-testid": "reveal-check", role: "status" },
      icon("check"),
      " Checked in your browser: the secret matches the commitment, and the seed follows " +
        "from it and everyone's randomness.",
    );
  }
  if (check?.problem === "insecure") {
    return h(
      "p.small.check-skipped",
      { "data-testid": "reveal-check", role: "status" },
      icon("flag"),
      " This browser could not check the reveal here: browsers allow the check only on pages " +
        "served over HTTPS (or from this computer), and this page came over plain http. The " +
        "record can be checked anywhere with `laundermat verify`, or here once the host serves " +
        "the game over HTTPS.",
    );
  }
  if (check?.ok === false) {
    return h(
      "p.small.check-bad",
      { "data-testid": "reveal-check", role: "alert" },
      icon("flag"),
      " This browser could not confirm the reveal: " +
        `${CHECK_PROBLEMS[check.problem] ?? CHECK_PROBLEMS.seed}`,
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
      "Step through this game",
    ),
    h(
      "a.button-link.ghost",
      {
        href: `/api/games/${id}/replay`,
        download: `laundermat-game-${id}.json`,
        "data-testid": "record-link",
      },
      "Download the record",
    ),
    history
      ? h(
          "a.button-link.ghost",
          { href: "/history", "data-action": "open-history", "data-testid": "history-link" },
          "Your past games",
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
      ? commitmentCard(room, state.session, { title: "The next game", key: "fairness-next" })
      : null,
  );
}
