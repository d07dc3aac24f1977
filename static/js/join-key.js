// A join's secret key (docs/protocol.md, "Joining"). A join whose answer is lost (a phone
// losing its network mid-request) did take a seat; sent again with the same key it gets that
// seat back with a new token, where a fresh join would meet its own name as name_taken and
// leave a ghost seat at the table.

/** 128 random bits as URL-safe base64 (22 characters), what the server requires. */
export function randomKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** The key for joining `code` as `name`: the one held when it is the same join again. */
export function joinKeyFor(held, code, name, make = randomKey) {
  if (held && held.code === code && held.name === name) return held;
  return { code, name, key: make() };
}

// Answers after which the same request may well succeed: the network or a server that is
// briefly unable to make anything durable. Anything else is the server's final word.
const RETRYABLE = new Set(["network", "unavailable"]);
export const RETRY_DELAYS_MS = [1000, 2000];

/** `request()`, tried again after each delay while it fails in a way a retry may fix. */
export async function withRetries(request, sleep = (ms) => new Promise((r) => setTimeout(r, ms))) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await request();
    } catch (err) {
      if (!RETRYABLE.has(err?.code) || attempt >= RETRY_DELAYS_MS.length) throw err;
      await sleep(RETRY_DELAYS_MS[attempt]);
    }
  }
}
