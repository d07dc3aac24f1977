// Provably fair games, the shell's part (pure: no DOM, no storage). The server commits to a
// secret seed before the game (fairness.commitment, its SHA-256); each seated browser adds its
// own random nonce for that commitment; when the game ends the server reveals its seed and
// the nonces, so anyone can check the commitment and recompute the game's seed.
import { t } from "./i18n.js";

/** Bytes as lowercase hex. */
export function hexOf(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A fresh nonce: `size` random bytes (16 or 32) as 32 or 64 lowercase hex characters. */
export function newNonce(size = 32, fill = (buffer) => globalThis.crypto.getRandomValues(buffer)) {
  return hexOf(fill(new Uint8Array(size)));
}

/** What the server accepts as a nonce: 32 to 64 lowercase hex characters. */
export function isNonce(text) {
  return typeof text === "string" && /^[0-9a-f]{32,64}$/.test(text);
}

/** A long hex value, shortened for reading: "3f9a1c0e…b27d". */
export function shortHex(hex, head = 8, tail = 4) {
  if (typeof hex !== "string") return "";
  return hex.length <= head + tail + 1 ? hex : `${hex.slice(0, head)}…${hex.slice(-tail)}`;
}

/**
 * The commitment this browser should add a nonce to now, or null: a seated player, in the
 * lobby or after a game, whose player_id the server does not list as contributed, and not
 * already sent for this commitment (`sentFor`).
 */
export function nonceWanted(room, session, sentFor = null) {
  const fairness = room?.fairness;
  if (!fairness?.commitment || session?.role !== "player" || !session.playerId) return null;
  if (!["lobby", "finished"].includes(room.status)) return null;
  if ((fairness.contributed ?? []).includes(session.playerId)) return null;
  if (sentFor === fairness.commitment) return null;
  return fairness.commitment;
}

/** "3 of 4 players added their randomness" (players who left the room do not count, nor
 * bots: they have no browser, and the seed comes from the server's secret and people's nonces). */
export function contributedText(room) {
  const people = room.players.filter((p) => !p.bot);
  const ids = new Set(people.map((p) => p.player_id));
  const n = (room.fairness?.contributed ?? []).filter((id) => ids.has(id)).length;
  const total = people.length;
  return t("fair.contributed", { n: String(n), count: total });
}

function bytesOf(hex) {
  return Uint8Array.from(hex.match(/../g) ?? [], (b) => parseInt(b, 16));
}

/** The server's own entry among a game's nonces, and what it hashes before its seed's bytes. */
export const SERVER_NONCE = "server";
const SERVER_NONCE_PREFIX = "laundermat server nonce|";
const MEMORY_KEPT = 8; // commitments remembered per room

/**
 * What this browser witnessed of a room's commitments, so that a reveal can be held to it
 * (an outside review: the server could otherwise swap a player's nonce, or reveal a server
 * seed it picked after seeing the nonces, and both checks would still pass). A list, oldest
 * first, of {commitment, nonce?: the one this browser sent for it, game?: the game_number it
 * saw start under it, contributed?: the players whose nonces that game took, server_nonce?}.
 */
export function witnessed(memory, room, sentNonce = null) {
  const fairness = room?.fairness;
  if (!fairness?.commitment) return memory;
  const list = Array.isArray(memory) ? memory.filter((e) => e && typeof e === "object") : [];
  const at = list.findIndex((e) => e.commitment === fairness.commitment);
  const entry = at >= 0 ? { ...list[at] } : { commitment: fairness.commitment };
  if (sentNonce && !entry.nonce) entry.nonce = sentNonce;
  if (room.status === "playing" && entry.game === undefined) {
    // Once a game runs, its commitment's nonces are fixed: the ones it took.
    entry.game = room.game_number;
    entry.contributed = [...(fairness.contributed ?? [])].sort();
    entry.server_nonce = fairness.server_nonce === true;
  }
  const same = at >= 0 && JSON.stringify(entry) === JSON.stringify(list[at]);
  if (same) return memory;
  const rest = list.filter((_, i) => i !== at);
  return [...rest, entry].slice(-MEMORY_KEPT);
}

/** The nonce to send for a commitment: the one already sent for it (a new socket must not
 * give the server a second one to choose from), else a fresh one. */
export function nonceFor(memory, commitment, fresh = newNonce) {
  const known = (memory ?? []).find((e) => e?.commitment === commitment && isNonce(e.nonce));
  return known ? known.nonce : fresh();
}

/** The game_number a room's reveal belongs to: the finished game's, or while a rematch
 * runs (the reveal stays until it is over), the one before. */
export function revealedGame(room) {
  return room?.status === "finished" ? room.game_number : (room?.game_number ?? 0) - 1;
}

async function sha256(subtle, bytes) {
  return new Uint8Array(await subtle.digest("SHA-256", bytes));
}

function joined(a, b) {
  const all = new Uint8Array(a.length + b.length);
  all.set(a);
  all.set(b, a.length);
  return all;
}

/**
 * Check a reveal the way anyone can: the server seed is 32 bytes (64 lowercase hex), SHA-256
 * of its bytes is the commitment, the server's own nonce (if any) is SHA-256("laundermat server
 * nonce|", then the seed's bytes), and the seed is the first 8 bytes of SHA-256(server seed
 * bytes, then "|player_id:nonce" for each entry in player_id order), big-endian, shifted right
 * by 2. With `seen` (what this browser witnessed: `witnessed`, and `game`, the reveal's
 * game_number, and `me`, this browser's player_id) it also holds the reveal to what it saw:
 * the commitment shown while that game ran, the nonces that game took, the server's nonce if
 * it was announced, and its own nonce as sent. Resolves {ok, seed, problem} (seed: the derived
 * seed's exact decimal digits; problem: what disagrees, or null); {ok: null, problem:
 * "insecure"} where the browser has no SubtleCrypto (an insecure origin), so nothing was
 * checked; null for a reveal that has no secret yet.
 *
 * The seed is a 62-bit integer, and JSON.parse rounds a number above 2^53: a seed that came as
 * a number is compared as the nearest double (seedMatches).
 */
export async function checkReveal(revealed, subtle = globalThis.crypto?.subtle, seen = {}) {
  if (!revealed?.server_seed) return null;
  // Browsers give a page SubtleCrypto only in a secure context: over HTTPS, or from this
  // computer. A phone on http://192.168.x.x has none, and is told so (ui/fairness.js).
  if (!subtle) return { ok: null, seed: null, problem: "insecure" };
  const bad = (problem) => ({ ok: false, seed: null, problem });
  const nonces = revealed.nonces ?? {};
  if (!/^[0-9a-f]{64}$/.test(revealed.server_seed)) return bad("server_seed");
  if (!Object.values(nonces).every(isNonce)) return bad("nonce_format");
  const seedBytes = bytesOf(revealed.server_seed);
  if (hexOf(await sha256(subtle, seedBytes)) !== revealed.commitment) return bad("commitment");
  const prefix = new TextEncoder().encode(SERVER_NONCE_PREFIX);
  const ours = hexOf(await sha256(subtle, joined(prefix, seedBytes)));
  if (SERVER_NONCE in nonces && nonces[SERVER_NONCE] !== ours) return bad("server_nonce");
  const memory = Array.isArray(seen.memory) ? seen.memory : [];
  const started = memory.find((e) => e?.game !== undefined && e.game === seen.game);
  if (started) {
    if (started.commitment !== revealed.commitment) return bad("not_shown");
    const players = Object.keys(nonces)
      .filter((id) => id !== SERVER_NONCE)
      .sort();
    if (JSON.stringify(players) !== JSON.stringify(started.contributed ?? []))
      return bad("nonces_changed");
    if (started.server_nonce && !(SERVER_NONCE in nonces)) return bad("server_nonce");
  }
  const mine = memory.find((e) => e?.commitment === revealed.commitment && e.nonce);
  if (mine && seen.me && seen.me in nonces && nonces[seen.me] !== mine.nonce)
    return bad("my_nonce");
  const text = Object.keys(nonces)
    .sort()
    .map((id) => `|${id}:${nonces[id]}`)
    .join("");
  const digest = await sha256(subtle, joined(seedBytes, new TextEncoder().encode(text)));
  const seed = (BigInt(`0x${hexOf(digest.slice(0, 8))}`) >> 2n).toString();
  const ok = seedMatches(seed, revealed.seed);
  return { ok, seed, problem: ok ? null : "seed" };
}

/** The derived seed's digits against the seed as received (a string, or a possibly rounded
 *  number). */
export function seedMatches(digits, received) {
  if (typeof received === "string") return digits === received;
  if (typeof received !== "number") return false;
  return Number.isSafeInteger(received) ? digits === String(received) : Number(digits) === received;
}

/** The seed's digits to show: exact when it came exact, else the derived digits once known. */
export function seedText(received, check) {
  if (typeof received === "string" || Number.isSafeInteger(received)) return String(received);
  return check?.ok && check.seed ? check.seed : String(received);
}
