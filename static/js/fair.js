// Provably fair games, the shell's part (pure: no DOM, no storage). The server commits to a
// secret seed before the game (fairness.commitment, its SHA-256); each seated browser adds its
// own random nonce for that commitment; when the game ends the server reveals its seed and
// the nonces, so anyone can check the commitment and recompute the game's seed.

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
  return `${n} of ${total} ${total === 1 ? "player" : "players"} added their randomness`;
}

function bytesOf(hex) {
  return Uint8Array.from(hex.match(/../g) ?? [], (b) => parseInt(b, 16));
}

/**
 * Check a reveal the way anyone can: SHA-256 of the server seed's bytes is the commitment, and
 * the seed is the first 8 bytes of SHA-256(server seed bytes, then "|player_id:nonce" for each
 * player in player_id order), big-endian, shifted right by 2. Resolves {ok, seed} (seed: the
 * derived seed's exact decimal digits), or null where the browser has no SubtleCrypto (an
 * insecure origin).
 *
 * The seed is a 62-bit integer, and JSON.parse rounds a number above 2^53: a seed that came as
 * a number is compared as the nearest double (seedMatches).
 */
export async function checkReveal(revealed, subtle = globalThis.crypto?.subtle) {
  if (!subtle || !revealed?.server_seed) return null;
  const seedBytes = bytesOf(revealed.server_seed);
  const commitment = hexOf(new Uint8Array(await subtle.digest("SHA-256", seedBytes)));
  if (commitment !== revealed.commitment) return { ok: false, seed: null };
  const text = Object.keys(revealed.nonces ?? {}).sort().map((id) => `|${id}:${revealed.nonces[id]}`).join("");
  const tail = new TextEncoder().encode(text);
  const all = new Uint8Array(seedBytes.length + tail.length);
  all.set(seedBytes);
  all.set(tail, seedBytes.length);
  const digest = new Uint8Array(await subtle.digest("SHA-256", all));
  const seed = (BigInt(`0x${hexOf(digest.slice(0, 8))}`) >> 2n).toString();
  return { ok: seedMatches(seed, revealed.seed), seed };
}

/** The derived seed's digits against the seed as received (a string, or a possibly rounded number). */
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
