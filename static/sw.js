// The service worker: the client's files from this browser's own copy, a page that says it is
// offline when the server can't be reached, and the turn notifications (which Android's Chrome
// shows only from a worker). The server serves this file at /sw.js with the line below
// written for the tree it serves (web/worker.py): its version and every file of the client,
// so that a new client is a new worker, which the browser installs beside the old one.
//
// Never a stale client: the files are kept by version (/static/v/<version>/...: one URL, one
// content), and the page itself always comes from the server while it answers. A new worker
// takes over at once; each page it takes from an older one reloads (static/js/worker.js), so
// it ends on the new client. Until then the old page's files still come from the old copy:
// a file of another version is never taken from the server, which would answer with its own.
// The API, the socket and anything else go to the server as if there were no worker.
const BUILD = { version: "dev", files: [] }; // web/worker.py
const CACHE = `laundermat-${BUILD.version}`;
const OFFLINE = "/offline";

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([OFFLINE, ...BUILD.files]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  const old = (name) => name.startsWith("laundermat-") && name !== CACHE;
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter(old).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (request.mode === "navigate") event.respondWith(page(request));
  else if (url.pathname.startsWith("/static/v/")) event.respondWith(clientFile(request));
});

/** The page from the server, never from a cache; offline, the page that says so. */
function page(request) {
  return fetch(request).catch(() =>
    caches.match(OFFLINE).then((offline) => offline ?? Response.error()),
  );
}

/** A file under a version: this browser's copy, else the server's if it is that version's. */
async function clientFile(request) {
  const kept = await caches.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  // The server keeps a file a year only under its own version; under another it answers with
  // its own version's bytes (web/assets.py), which the page must not mix with its own.
  // Refused, and the newer worker fetched: taking over, it reloads the page.
  if (!response.ok || /\bimmutable\b/.test(response.headers.get("cache-control") ?? "")) {
    return response;
  }
  self.registration.update().catch(() => {});
  return new Response("This page's version of the client is gone: reloading.", {
    status: 410,
    headers: { "content-type": "text/plain" },
  });
}

// A tap on a turn notification (static/js/alerts.js): back to that room's tab, or a new one.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? "/", self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((tabs) => {
      const tab = tabs.find((t) => t.url === url);
      return tab ? tab.focus() : self.clients.openWindow(url);
    }),
  );
});
